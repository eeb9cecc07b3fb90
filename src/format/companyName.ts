// The company name as the API will store it. The API strips characters outside letters, digits,
// whitespace and `- ' , & @ . ? !` rather than refusing them (reference behaviour), so the input
// box shows the stored name before the request instead of surprising the user afterwards.
import { t } from '../l10n';

/** Letters, digits, whitespace and `- ' , & @ . ? !` survive; everything else is stripped. */
export function sanitiseCompanyName(name: string): string {
  return name.replace(/[^\p{L}\p{N}\s\-',&@.?!]/gu, '').trim();
}

type NameCheck =
  | { ok: false; message: string }
  /** `stored` differs from the typed name when characters will be stripped. */
  | { ok: true; stored: string; note?: string };

/** What the name input box says as the user types. */
export function checkCompanyNameInput(name: string): NameCheck {
  if (name.trim() === '') return { ok: false, message: t('Enter a company name') };
  const stored = sanitiseCompanyName(name);
  if (stored === '') {
    return { ok: false, message: t("The name needs at least one letter, digit or one of - ' , & @ . ? !") };
  }
  if (stored !== name.trim())
    return { ok: true, stored, note: t('Will be stored as "{0}" (other characters are removed)', stored) };
  return { ok: true, stored };
}
