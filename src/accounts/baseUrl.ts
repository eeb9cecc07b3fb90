// Checks an account's base URL into something a connection can use or a message to show. The
// rules themselves (https unless loopback, no credentials) live in the client's `normalizeBaseUrl`,
// so the extension and the client can never disagree about them.
import { isApiError, normalizeBaseUrl } from '../api';
import { t } from '../l10n';

type BaseUrlCheck = { ok: true; baseUrl: string; origin: string; host: string } | { ok: false; message: string };

export function checkBaseUrl(input: string | undefined): BaseUrlCheck {
  try {
    const baseUrl = normalizeBaseUrl(input);
    const url = new URL(baseUrl);
    return { ok: true, baseUrl, origin: url.origin, host: url.host };
  } catch (e) {
    // normalizeBaseUrl's messages never echo the input (it could hold a password).
    return { ok: false, message: isApiError(e) ? e.message : t('The base URL is not valid') };
  }
}
