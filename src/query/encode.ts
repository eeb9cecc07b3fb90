// Percent-encoding of query-string values. encodeURIComponent leaves `! ' ( ) *` alone; RFC 3986
// reserves them, and some servers treat them specially, so they are encoded too. Everything a
// query may contain (`&`, `=`, `+`, `#`, `%`, spaces, `{ }`, `|`) comes back intact from both
// decodeURIComponent and URLSearchParams.

// Lone UTF-16 surrogates cannot be encoded (encodeURIComponent throws); they become U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
