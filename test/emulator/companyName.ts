// The name `POST /companies` stores. The reference: characters outside letters, digits,
// whitespace and `- ' , & @ . ? !` are stripped, not refused. Letters and digits are read as
// Unicode's letter and number categories, so `Zürich`, `名前` and `٣` stay; whitespace as
// JavaScript's. The name is trimmed afterwards, so stripping cannot leave outer spaces.

const PUNCTUATION = new Set(['-', "'", ',', '&', '@', '.', '?', '!']);
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const WHITESPACE = /^\s$/;

function kept(char: string): boolean {
  return PUNCTUATION.has(char) || LETTER_OR_DIGIT.test(char) || WHITESPACE.test(char);
}

export function sanitiseCompanyName(name: string): string {
  // Whole code points, so a character outside the BMP is kept or dropped as one.
  return Array.from(name).filter(kept).join('').trim();
}
