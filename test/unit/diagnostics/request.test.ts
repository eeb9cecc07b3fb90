// A diagnostics entry shows the request that produced it (method and whole URL, never the key) and
// offers "Copy as cURL" when the request can be repeated as it was; the offer is live-only.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { MAX_SENT_REQUEST } from '../../../src/api/sentRequest';
import { persistableState, restoredEntries } from '../../../src/diagnostics/persist';
import { DiagnosticsStore } from '../../../src/diagnostics/store';
import { toViewModel, type DiagnosticView } from '../../../src/diagnostics/viewModel';
import { isWebviewToHost } from '../../../src/diagnostics/protocol';

const BASE = 'https://api.example.com/v2';
const fmt = { formatTime: () => '09:30:05' };

function error(init: Partial<ConstructorParameters<typeof ApiError>[0]> = {}): ApiError {
  return new ApiError({
    kind: 'notFound',
    message: 'Not found',
    method: 'GET',
    path: '/companies/c1?x=%20',
    status: 404,
    ...init,
  });
}

function viewOf(e: ApiError): DiagnosticView {
  const store = new DiagnosticsStore();
  return toViewModel(store.add(e), fmt);
}

const requestField = (v: DiagnosticView) => v.fields.find((f) => f.label === 'Request');

describe('diagnostics: the request of an entry', () => {
  it('shows the method and the whole URL, and offers Copy as cURL', () => {
    const v = viewOf(error({ request: { url: `${BASE}/companies/c1?x=%20` } }));
    assert.deepEqual(requestField(v), { label: 'Request', value: `GET ${BASE}/companies/c1?x=%20`, curl: true });
  });

  it('a request refused before sending, or without a request kept, shows its path and offers nothing', () => {
    const refused = viewOf(error({ kind: 'invalidQuery', attempts: 0, request: { url: `${BASE}/x` } }));
    assert.deepEqual(requestField(refused), { label: 'Request', value: `GET ${BASE}/x` });
    assert.deepEqual(requestField(viewOf(error())), { label: 'Request', value: 'GET /companies/c1?x=%20' });
  });

  it('keeps the request whole past the 2,000 characters of a text, and not at all past its cap', () => {
    const store = new DiagnosticsStore();
    const url = `${BASE}/companies?query=${'a'.repeat(5000)}`;
    assert.equal(store.add(error({ request: { url } })).error.request?.url, url);
    const body = JSON.stringify({ name: 'n'.repeat(MAX_SENT_REQUEST) });
    assert.equal(store.add(error({ method: 'POST', request: { url, body } })).error.request, undefined);
    // Whatever another bundle hands the store, only a request of strings is kept.
    const odd = { kind: 'notFound' as const, toJSON: () => ({ ...error().toJSON(), request: { url: 1 } as never }) };
    assert.equal(store.add(odd).error.request, undefined);
  });

  it('the offer is for live entries: the saved state and a restored entry have none', () => {
    const live = viewOf(error({ request: { url: `${BASE}/companies/c1` } }));
    const state = persistableState([live]);
    assert.ok(!JSON.stringify(state).includes('"curl"'));
    const [restored] = restoredEntries(state);
    assert.equal(requestField(restored)?.value, `GET ${BASE}/companies/c1`);
    assert.equal(requestField(restored)?.curl, undefined);
  });

  it('the page asks by entry id only', () => {
    assert.ok(isWebviewToHost({ type: 'copyCurl', id: 'd1' }));
    assert.ok(!isWebviewToHost({ type: 'copyCurl', id: 1 }));
    assert.ok(!isWebviewToHost({ type: 'copyCurl', text: 'curl …' }));
  });
});
