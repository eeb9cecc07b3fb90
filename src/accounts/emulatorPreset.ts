// The local emulator as an account in one click. The emulator ships with the extension's source
// repository (`npm run emulator -- --port 4010`), not with the extension: a user without the
// repository has nothing listening there, and is told so and where it comes from. Its demo key is
// public (a fake key for that emulator alone) and the emulator hands it out at `/_emulator/info`,
// so nothing has to be typed. Asked of loopback addresses only; no key is ever sent there.
import { isLoopbackHost } from '../api';
import { apiKeyProblem } from './apiKeyInput';
import { t } from '../l10n';
import { checkBaseUrl } from './baseUrl';

export const EMULATOR_URL = 'http://127.0.0.1:4010';
export const EMULATOR_ACCOUNT_NAME = 'Local emulator';

/** The part of `fetch` used here, injectable for tests. Redirects are refused (`redirect:
 * 'error'`): whatever answers on the port must not send the look, or take its key, elsewhere. */
export type FetchLike = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string>; redirect: 'error' },
) => Promise<{ ok: boolean; body: ReadableStream<Uint8Array> | null }>;

export type EmulatorProbe = { ok: true; baseUrl: string; key: string } | { ok: false; message: string };

const PROBE_TIMEOUT_MS = 3000;
/** The emulator's answer is a few hundred bytes; whatever answers on the port is read no further
 * than this (an endless body would otherwise be read into memory until the timeout). */
export const PROBE_BODY_LIMIT_BYTES = 8 * 1024;
/** The emulator's demo keys are printable ASCII: nothing invisible (zero-width, bidi controls)
 * or look-alike can be stored as a key through this door. */
const EMULATOR_KEY = /^[\x21-\x7e]{1,512}$/;

function notAnswering(baseUrl: string): EmulatorProbe {
  return {
    ok: false,
    message: t(
      'No emulator answers at {0}. It comes with the extension\'s source repository: run "npm run emulator -- --port 4010" there, then try again.',
      baseUrl,
    ),
  };
}

/** The body as text, or undefined once it passes `limit` bytes (the rest is never read). */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string | undefined> {
  if (!body) return undefined;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) return undefined;
      chunks.push(value);
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The demo key of the emulator's `/_emulator/info` answer, or undefined for any other answer. */
function demoKeyOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const key = (JSON.parse(text) as { keys?: { normal?: unknown } } | null)?.keys?.normal;
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the emulator at `input` for its demo key. */
export async function probeEmulator(
  input: string,
  fetchImpl: FetchLike,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<EmulatorProbe> {
  const check = checkBaseUrl(input);
  if (!check.ok) return { ok: false, message: check.message };
  if (!isLoopbackHost(new URL(check.baseUrl).hostname))
    return {
      ok: false,
      message: t('The emulator runs on this machine: use a loopback address such as {0}.', EMULATOR_URL),
    };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchImpl(`${check.origin}/_emulator/info`, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
      redirect: 'error',
    });
    const key = res.ok ? demoKeyOf(await readCapped(res.body, PROBE_BODY_LIMIT_BYTES)) : undefined;
    if (!res.ok) void res.body?.cancel().catch(() => undefined);
    if (key === undefined || key === '') return notAnswering(check.baseUrl);
    // Whatever listens on the port hands this over: held to the rules of a typed key, and to the
    // emulator's own form of key.
    const problem = apiKeyProblem(key) ?? (EMULATOR_KEY.test(key) ? undefined : t('it is not plain printable text'));
    if (problem !== undefined)
      return {
        ok: false,
        message: t('The service at {0} handed out a key that cannot be used: {1}', check.baseUrl, problem),
      };
    return { ok: true, baseUrl: check.baseUrl, key };
  } catch {
    return notAnswering(check.baseUrl);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** `name`, or `name 2`, `name 3` … the first no account is called (names are unique). */
export function freeName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  for (let i = 2; ; i++) if (!used.has(`${name} ${i}`.toLowerCase())) return `${name} ${i}`;
}
