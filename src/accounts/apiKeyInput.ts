// What a pasted API key may hold, checked before it is sent anywhere or stored. Kept free of
// `vscode` so the rule is tested in plain Node; both the input box and the command's argument use it.
import { t } from '../l10n';

/**
 * The longest key accepted. Codat's keys are 40 characters; the bound leaves room for other
 * services' longer tokens and refuses a paste of a whole file, which would be sent as a header
 * with every request and sought in every text the redactor reads.
 */
const MAX_API_KEY_LENGTH = 512;

/**
 * Why `key` (already trimmed) cannot be an API key, or undefined. A real key is printable text:
 * a control character (a line break or tab pasted with it, a NUL) means the paste went wrong, and
 * such a key would also be echoed back escaped (`\n`, `\u0000`), a form that is harder to redact.
 */
export function apiKeyProblem(key: string): string | undefined {
  if (key === '') return t('Enter the API key');
  if (/\p{Cc}/u.test(key)) return t('An API key contains no control characters (line breaks, tabs and the like)');
  if (/\s/.test(key)) return t('An API key contains no spaces');
  if (key.length > MAX_API_KEY_LENGTH)
    return t('An API key has at most {0} characters; this text has {1}', MAX_API_KEY_LENGTH, key.length);
  return undefined;
}
