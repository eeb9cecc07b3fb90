// Reading the credential: `Authorization: Basic base64(apiKey)`, the key alone (no `user:`).
// Anything else — missing header, other scheme, bad Base64, control characters — is no key.

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function readApiKey(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Basic[ ]+(\S+)[ ]*$/i.exec(header);
  if (!m || !BASE64.test(m[1]) || m[1].length % 4 === 1) return undefined;
  const key = Buffer.from(m[1], 'base64').toString('utf8');
  // A garbled value decodes to replacement or control characters; no real key holds those.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (key.length === 0 || /[\u0000-\u001f\u007f\ufffd]/.test(key)) return undefined;
  return key;
}
