// The forms of an API key a redactor looks for, each read the way text is read (canonicalText.ts),
// so every escape, case and whitespace variant of each form is found by one search:
// - the key itself, decoded (a key holding `%41` matches where a server decoded it) and as written;
// - its UTF-8 bytes in hex;
// - Base64: of the key and of `key:` (a Basic user name with an empty password), whole and with
//   any padding; and, for a key long enough to be told from chance, the part of the key's Base64
//   that stays the same whatever it is embedded in (`:key`, `Basic key`, a JSON document) at each of
//   the three byte alignments, and the same of the Base64 form itself (the header encoded twice).
import { canonical } from './canonicalText';
import type { Needle } from './needleSearch';

/**
 * Past this length only the key and its Base64 are looked for: the search's table grows with the
 * forms' total length, and keys this long are refused at entry (accounts/apiKeyInput.ts) anyway.
 */
const ALL_FORMS_UP_TO = 1024;

/** The shortest Base64 core worth looking for: shorter ones could match text by chance. */
const MIN_CORE = 16;

const base64 = (bytes: Buffer): string => bytes.toString('base64');
const unpadded = (s: string): string => s.replace(/=+$/, '');

/**
 * The Base64 characters of `s` that do not depend on what comes before or after it, when it is
 * preceded by `shift` bytes (mod 3): the whole groups of three bytes that hold only its bytes.
 */
function base64Core(s: string, shift: number): string {
  const bytes = Buffer.from(s, 'utf8');
  const skip = (3 - shift) % 3;
  const whole = Math.floor((bytes.length - skip) / 3) * 3;
  return whole > 0 ? base64(bytes.subarray(skip, skip + whole)) : '';
}

const cores = (s: string): string[] =>
  [0, 1, 2].map((shift) => base64Core(s, shift)).filter((c) => c.length >= MIN_CORE);

/**
 * What a key that holds a JSON escape reads as once a JSON string holding it is decoded, when that
 * differs: `ab\"cd` echoed as `ab\u0022cd` decodes to `ab"cd`, which is written back out as the
 * key the moment anything serialises it to JSON.
 */
function jsonDecoded(apiKey: string): string[] {
  if (!apiKey.includes('\\')) return [];
  try {
    const decoded: unknown = JSON.parse(`"${apiKey}"`);
    return typeof decoded === 'string' && decoded !== apiKey ? [decoded] : [];
  } catch {
    return [];
  }
}

export function keyForms(apiKey: string): Needle[] {
  const plain = [...jsonDecoded(apiKey), apiKey];
  const keyBase64 = unpadded(base64(Buffer.from(apiKey, 'utf8')));
  const texts: Array<[string, boolean]> = [...plain.map((k): [string, boolean] => [k, false]), [keyBase64, true]];
  if (apiKey.length <= ALL_FORMS_UP_TO) {
    texts.push(
      [Buffer.from(apiKey, 'utf8').toString('hex'), false],
      [unpadded(base64(Buffer.from(`${apiKey}:`, 'utf8'))), true],
      ...[...cores(apiKey), ...cores(keyBase64)].map((c): [string, boolean] => [c, false]),
    );
  }
  const seen = new Set<string>();
  const needles: Needle[] = [];
  for (const [text, padded] of texts) {
    for (const units of [canonical(text), canonical(text, false)]) {
      const id = `${padded}:${units.join(',')}`;
      if (units.length === 0 || seen.has(id)) continue;
      seen.add(id);
      needles.push({ units, padded });
    }
  }
  return needles;
}
