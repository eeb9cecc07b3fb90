// Text measured as file systems measure names: in UTF-8 bytes (ext4, APFS, most others allow 255),
// not in UTF-16 units as `length` counts them (an accented letter is 2 bytes, a CJK character 3,
// an emoji 4 in 2 units).

/** The longest start of `text` whose UTF-8 takes at most `maxBytes`, ending on a grapheme
 * boundary: never half of a surrogate pair, an accent without its letter or a split emoji. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    bytes += Buffer.byteLength(segment);
    if (bytes > maxBytes) break;
    end += segment.length;
  }
  return text.slice(0, end);
}
