// The error path: every failed request scrubs the key out of the body, parses it (JSON, HTML, JSON
// cut short) and builds one ApiError. Bodies here are 64 KiB, the most an error keeps.
import { createRedactor } from '../../src/api/redact';
import { errorFromResponse, type ResponseInfo } from '../../src/api/failures';
import { RAW_BODY_LIMIT, scrubBody } from '../../src/api/redact';
import { parseErrorBody } from '../../src/api/errorBody';
import { largeErrorBody, largeHtmlBody } from './fixtures';
import type { BenchCase, Suite } from './harness';

const API_KEY = 'bench-api-key-0123456789abcdefghijklmnopqrstuvwxyz';

export const errorsSuite: Suite = {
  name: 'error path (64 KiB bodies)',
  prepare() {
    const redact = createRedactor(API_KEY);
    const json = largeErrorBody(RAW_BODY_LIMIT, API_KEY);
    const html = largeHtmlBody(RAW_BODY_LIMIT);
    // A proxy cut the answer off half way: no JSON parse succeeds, the message is salvaged.
    const truncated = json.slice(0, RAW_BODY_LIMIT / 2);
    const info = (status: number, text: string, contentType: string): ResponseInfo => ({
      method: 'POST',
      path: '/companies',
      status,
      text,
      contentType,
      attempts: 1,
      redact,
    });
    const bytes = (text: string) => ({ amount: Buffer.byteLength(text), unit: 'bytes' }) as const;
    const cases: BenchCase[] = [
      { name: 'scrub (redact key + apiKey fields), JSON', fn: () => scrubBody(json, redact), throughput: bytes(json) },
      { name: 'parseErrorBody, JSON', fn: () => parseErrorBody(json, 'application/json'), throughput: bytes(json) },
      {
        name: 'errorFromResponse, JSON error body',
        fn: () => errorFromResponse(info(400, json, 'application/json; charset=utf-8')),
        throughput: bytes(json),
      },
      {
        name: 'errorFromResponse, HTML gateway page',
        fn: () => errorFromResponse(info(502, html, 'text/html')),
        throughput: bytes(html),
      },
      {
        name: 'errorFromResponse, JSON cut at 32 KiB',
        fn: () => errorFromResponse(info(500, truncated, 'application/json')),
        throughput: bytes(truncated),
      },
    ];
    return { cases };
  },
};
