// A small, valid PDF 1.4 built by hand: a catalog, one A4 page, Helvetica text in an uncompressed
// content stream (so a test finds the text in the bytes), an xref table whose offsets are exact,
// the trailer and `%%EOF`. The same text always gives the same bytes (no dates, no ids).

/** A PDF literal string's content: `\`, `(` and `)` escaped; what WinAnsi cannot show in Helvetica
 * without a font of its own (controls, C1, beyond Latin-1) becomes `?`. */
function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === '\\' || ch === '(' || ch === ')') out += `\\${ch}`;
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else out += '?';
  }
  return out;
}

/** The page's content stream: the first line large, the others below it. */
function contentStream(lines: readonly string[]): Buffer {
  const ops = lines.map((line, i) => {
    const size = i === 0 ? 20 : 11;
    const y = i === 0 ? 780 : 740 - (i - 1) * 18;
    return `BT /F1 ${size} Tf 56 ${y} Td (${pdfText(line)}) Tj ET`;
  });
  return Buffer.from(ops.join('\n'), 'latin1');
}

/**
 * A one-page PDF showing `lines` (the first as a heading), `title` in its document information.
 * Text is Latin-1 in the file (WinAnsiEncoding), so ASCII text is found as is in the bytes.
 */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  const stream = contentStream(lines);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`), stream, Buffer.from('\nendstream')]),
    Buffer.from(`<< /Title (${pdfText(title)}) /Producer (Data Platform API emulator) >>`, 'latin1'),
  ];
  // The second line's high bytes tell tools the file is binary, as PDF writers do.
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, n/f, space, LF.
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  const size = objects.length + 1;
  parts.push(
    Buffer.from(
      `xref\n0 ${size}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${size} /Root 1 0 R /Info ${size - 1} 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
