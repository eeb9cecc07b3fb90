// A connection's `linkUrl` is server text that the extension would hand to the browser: it is
// opened only when it is `https:`, or when it is on the account's own base URL and that is a
// loopback address (the emulator's link page). Anything else (`http:` elsewhere, `javascript:`,
// `file:`, `command:`, a URL carrying a user name) is shown as text, with why.
import { isLoopbackHost } from '../api';
import { t } from '../l10n';

export type LinkCheck = { ok: true; url: string } | { ok: false; reason: string };

function parsed(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Whether the link may be opened in the browser, checked against the account's base URL. */
export function checkLinkUrl(linkUrl: unknown, accountBaseUrl: string): LinkCheck {
  if (typeof linkUrl !== 'string' || linkUrl.trim() === '') return { ok: false, reason: t('the API gave no link') };
  const url = parsed(linkUrl.trim());
  if (!url) return { ok: false, reason: t('it is not a URL') };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: t('it carries a user name or password') };
  if (url.protocol === 'https:') return { ok: true, url: url.href };
  const base = parsed(accountBaseUrl);
  const ownLoopback = base !== undefined && isLoopbackHost(base.hostname) && url.origin === base.origin;
  if (url.protocol === 'http:' && ownLoopback) return { ok: true, url: url.href };
  return {
    ok: false,
    reason:
      url.protocol === 'http:'
        ? t('it is not https: and not on the account’s own local address')
        : t('its scheme {0} is not https:', url.protocol),
  };
}

/** Longest link shown as text. */
const SHOWN_LINK_MAX = 300;

/** A link as plain text in a message: cut, and with the characters of a Markdown link (which a
 * notification would make clickable) percent-encoded, so it can only be read. */
export function shownLink(linkUrl: unknown): string {
  const text = typeof linkUrl === 'string' ? linkUrl : '';
  const cut = text.length > SHOWN_LINK_MAX ? `${text.slice(0, SHOWN_LINK_MAX)}…` : text;
  return cut.replace(/[[\]()<>\s`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
