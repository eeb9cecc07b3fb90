// A file's name from a server's text (Content-Disposition, an attachment's `name`), made safe to
// write on any system and to show: it names one file inside the folder chosen (no separators, no
// `..`), is not hidden (no leading dot), reads as what it is (no bidirectional override showing
// `fdp.exe` as `exe.pdf`, nothing invisible), and Windows can create it (no reserved characters or
// device names, no trailing dot or space, at most 255 bytes).
import { t } from '../l10n';
import { cutToBytes } from '../util/utf8';

/** The longest file name (UTF-8 bytes) of ext4, APFS and most others; NTFS counts UTF-16 units,
 * never more than the bytes. */
export const MAX_FILE_NAME_BYTES = 255;

/** Separators (both systems'), the characters Windows refuses, halves of surrogate pairs. */
const UNSAFE = /[/\\<>:"|?*\p{Cs}]/gu;
/** Controls and format characters (bidi controls, zero-width characters, the BOM, tags): removed,
 * so `a\u202Etxt.exe` becomes `atxt.exe`, which says what it is. The joiners inside emoji and
 * between letters are kept below. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** Line and paragraph separators and spaces other than U+0020 (no-break, ideographic…). */
const SPACES = /[\p{Zl}\p{Zp}\p{Zs}]/gu;
/** What a zero-width joiner may sit between (an emoji sequence: 👩‍💻), and a non-joiner (letters:
 * Persian spelling needs it). */
const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;
const LETTER_BEFORE = /\p{L}\p{M}*$/u;
const LETTER_AFTER = /^\p{L}/u;
/** Device names Windows reserves in any folder, whatever the extension or case (`con.txt`, `COM¹`). */
const RESERVED = /^(CON|PRN|AUX|NUL|CONIN\$|CONOUT\$|COM[0-9¹²³]|LPT[0-9¹²³])(?=[ .]|$)/iu;
/** An extension worth keeping when the name is cut: a dot and a few letters or digits. */
const EXTENSION = /\.[\p{L}\p{N}_-]{1,16}$/u;

/** `raw` without invisible characters: a joiner stays only where it joins. */
function withoutInvisible(raw: string): string {
  return raw.replace(INVISIBLE, (c, at: number) => {
    const before = raw.slice(Math.max(0, at - 8), at);
    const after = raw.slice(at + 1, at + 3);
    const joins =
      (c === '\u200D' && EMOJI_BEFORE.test(before) && EMOJI_AFTER.test(after)) ||
      (c === '\u200C' && LETTER_BEFORE.test(before) && LETTER_AFTER.test(after));
    return joins ? c : '';
  });
}

/** Without what hides a file (leading dots, spaces) or what Windows drops (trailing ones). */
const trimmed = (name: string): string => name.replace(/^[.\s]+|[.\s]+$/gu, '');

/** Cut to MAX_FILE_NAME_BYTES on a grapheme boundary, the stem only, so `.pdf` stays. */
function fitted(name: string): string {
  if (Buffer.byteLength(name) <= MAX_FILE_NAME_BYTES) return name;
  const ext = EXTENSION.exec(name)?.[0] ?? '';
  const stem = trimmed(
    cutToBytes(name.slice(0, name.length - ext.length), MAX_FILE_NAME_BYTES - Buffer.byteLength(ext)),
  );
  return stem ? `${stem}${ext}` : '';
}

function sanitised(raw: string): string {
  const visible = withoutInvisible(raw.normalize('NFC')).replace(SPACES, ' ').replace(UNSAFE, '_');
  const name = trimmed(visible.replace(/ {2,}/g, ' '));
  // A separator is gone already, so `..` can only be a whole name, and trimming removed it.
  const device = RESERVED.test(name) ? `_${name}` : name;
  return trimmed(fitted(device).normalize('NFC'));
}

/** `raw` (a server's text) as a safe file name, or `fallback` (made safe the same way) when
 * nothing of it is left. */
export function safeFileName(raw: string | undefined, fallback: string): string {
  return sanitised(raw ?? '') || sanitised(fallback) || 'download';
}

/** `Invoice INV-001.pdf`: the invoice number (server text) or, without one, its id. */
export function defaultPdfName(invoiceNumber: string | undefined, invoiceId: string): string {
  const label = invoiceNumber?.trim() || invoiceId;
  return safeFileName(t('Invoice {0}.pdf', label), t('Invoice.pdf'));
}

/** Whether `name` matches a `filenamePattern` of a contributed editor (`*.pdf`, `*.{png,jpg}`,
 * `**` and `?` too), as VS Code compares them: case-insensitively, on the name alone. */
export function matchesFilenamePattern(pattern: string, name: string): boolean {
  let source = '';
  let inBraces = false;
  for (const ch of pattern.replace(/^(\*\*\/)+/, '')) {
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else if (ch === '{' && !inBraces) [source, inBraces] = [source + '(?:', true];
    else if (ch === '}' && inBraces) [source, inBraces] = [source + ')', false];
    else if (ch === ',' && inBraces) source += '|';
    else source += ch.replace(/[.+^$()|[\]\\/]/g, '\\$&');
  }
  if (inBraces) return false;
  return new RegExp(`^${source}$`, 'i').test(name);
}
