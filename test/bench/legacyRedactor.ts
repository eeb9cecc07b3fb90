// The regular expression the linear redactor replaced (src/api/redact.ts before 47fb456), kept
// only as the benchmark's reference for the redactor's cost per character: it covered fewer forms
// (no hex, no Base64 at other alignments, no invisible characters, no other case) and was
// quadratic on runs of backslashes, so it is a yardstick of speed, not of coverage.
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

const hexPattern = (hex: string): string =>
  [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

const JSON_SHORT: Record<string, string> = {
  '"': '"',
  '\\': '\\\\',
  '/': '/',
  '\n': 'n',
  '\r': 'r',
  '\t': 't',
  '\b': 'b',
  '\f': 'f',
};
const HTML_NAMED: Record<string, string> = { '"': 'quot', '&': 'amp', '<': 'lt', '>': 'gt', "'": 'apos', ' ': 'nbsp' };

function charPattern(ch: string): string {
  const alternatives = [escapeRegExp(ch)];
  const units = [...Array(ch.length).keys()].map((i) => `\\\\+u${hexPattern(hex(ch.charCodeAt(i), 4))}`);
  alternatives.push(units.join(''));
  if (ch in JSON_SHORT) alternatives.push(`\\\\+${JSON_SHORT[ch]}`);
  const cp = ch.codePointAt(0) ?? 0;
  if (ch in HTML_NAMED) alternatives.push(`&(?:${HTML_NAMED[ch]}|${HTML_NAMED[ch].toUpperCase()});`);
  alternatives.push(`&#0*${cp};`, `&#[xX]0*${hexPattern(hex(cp, 1))};`);
  alternatives.push([...Buffer.from(ch, 'utf8')].map((b) => `%${hexPattern(hex(b, 2))}`).join(''));
  if (ch === ' ') alternatives.push('\\+');
  if (/\s/.test(ch)) alternatives.push('\\s+');
  return `(?:${alternatives.join('|')})`;
}

const secretPattern = (secret: string): string => [...secret].map(charPattern).join('');
const base64Unpadded = (s: string): string => Buffer.from(s, 'utf8').toString('base64').replace(/=+$/, '');

/** The old redactor for a key of 4 characters or more (the benchmark's keys are). */
export function legacyRedactor(apiKey: string): (text: string) => string {
  const base64Forms = [base64Unpadded(`${apiKey}:`), base64Unpadded(apiKey)].map(
    (b) => secretPattern(b) + `${charPattern('=')}*`,
  );
  const pattern = new RegExp([secretPattern(apiKey), ...base64Forms].join('|'), 'g');
  return (text) => text.replace(pattern, '***');
}
