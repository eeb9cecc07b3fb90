// How much of one error the diagnostics panel keeps, shows and saves. A server decides how big an
// error body is: a 400 with 200,000 validation rows (16 MB) once made a 19.6 MB message to the
// webview, 19.6 MB of saved state and a page blocked for 22 s (issue 12, finding 3). Whatever is
// cut says so, and "Open Whole Body" shows the rest in an editor tab (bodyDocument.ts).

/** Validation rows an entry keeps, shows and saves (of each list: errors, warnings). */
export const MAX_ROWS = 100;
/** Characters of one text an entry keeps and shows: a field's value (the body's `error`,
 * `service`, …) or a table cell. A longer one ends with "…". */
export const MAX_TEXT = 2000;
/** Characters of all the rows of an entry's table: 100 rows of 2,000-character cells would be
 * 600,000. Rows past it are left out like rows past MAX_ROWS. */
export const MAX_TABLE_TEXT = 20_000;
/** Characters of a raw body an entry keeps: the client already cuts at 64 KiB (api/redact.ts);
 * this holds for any error handed to the store. */
export const MAX_RAW_BODY = 64 * 1024 + 64;
/** Levels of a JSON body that pretty-printing indents; deeper ones stay on one line. Indenting
 * every level made a 29 KB body of nested arrays 450 million characters (issue 23). */
export const MAX_INDENT_DEPTH = 20;
/** The newest entries whose whole error body is kept for the editor tab when the entry keeps less
 * of it; older ones lose it (the tab then says so). */
export const WHOLE_BODIES_KEPT = 3;
/** Characters of all the whole bodies kept together. One body can reach the client's 64 MB
 * response cap, so at most this much memory is spent on bodies the panel does not show. */
export const WHOLE_BODIES_BUDGET = 64 * 1024 * 1024;

/** `text` within `max` characters: a longer one is cut and ends with "…" (never half a surrogate pair). */
export function cutText(text: string, max = MAX_TEXT): string {
  if (text.length <= max) return text;
  let keep = max - 1;
  const last = text.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep--;
  return `${text.slice(0, keep)}…`;
}
