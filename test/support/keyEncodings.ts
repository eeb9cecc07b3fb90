// The ways text can carry an API key: as a server echoes it (the hostile corpus) and as a secret
// scan looks for it (secretScan.ts). Each takes the plain key and returns it written that way.

export const base64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** The key inside a JSON string literal, as JSON.stringify writes it (without the quotes). */
export const jsonInner = (s: string): string => JSON.stringify(s).slice(1, -1);

/** Every UTF-16 unit as a `\uXXXX` escape, hex in the case asked for. */
export const uEscapes = (s: string, upper: boolean): string =>
  [...Array(s.length).keys()]
    .map((i) => `\\u${s.charCodeAt(i).toString(16).padStart(4, '0')}`)
    .map((e) => (upper ? e.replace(/[a-f]/g, (d) => d.toUpperCase()) : e))
    .join('');

/** Every other character `\u`-escaped, some hex upper case, the rest as JSON writes them: a
 * server that escapes only some characters. */
export const mixedEscapes = (s: string): string =>
  [...s].map((c, i) => (i % 2 ? jsonInner(c) : uEscapes(c, i % 4 === 0))).join('');

const HTML_NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const htmlNamed = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_NAMED[c]);
export const htmlDecimal = (s: string): string => [...s].map((c) => `&#${c.codePointAt(0) ?? 0};`).join('');
/** Hex character references, `x` and the digits in mixed case. */
export const htmlHex = (s: string): string =>
  [...s]
    .map(
      (c, i) =>
        `&#${i % 2 ? 'X' : 'x'}${(c.codePointAt(0) ?? 0).toString(16)[i % 2 ? 'toUpperCase' : 'toLowerCase']()};`,
    )
    .join('');

export const urlEncoded = (s: string): string => encodeURIComponent(s);
export const urlEncodedLower = (s: string): string =>
  encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
/** `application/x-www-form-urlencoded`: `+` for a space. */
export const formEncoded = (s: string): string => new URLSearchParams({ k: s }).toString().slice(2);
