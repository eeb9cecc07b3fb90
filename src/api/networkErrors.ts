// Proxy sign-in and certificate failures, told apart from other network errors: a retry cannot
// cure either, and each has its own fix in VS Code's network settings or the OS trust store.
//
// Inside VS Code the extension host's own proxy support (@vscode/proxy-agent) carries our
// requests. When a proxy refuses a CONNECT tunnel with 407 it replays the proxy's answer as the
// response (https-proxy-agent 7; see test/unit/api/networkErrors.test.ts), so that case arrives as an
// HTTP 407 like a plain proxied request. Other agents fail the request instead, so their errors
// are recognised too: Node's own proxy support (`ERR_PROXY_TUNNEL` with `statusCode` 407), the
// `tunnel` package (`ECONNRESET` with "statusCode=407" in the message) and undici's ProxyAgent
// ("Proxy response (407) !== 200 when HTTP Tunneling").
//
// Messages name the host and the certificate problem, never a URL or the agent's own text: those
// may hold the proxy's user name and password.
import { t } from '../l10n';

/** What to do about a certificate depends on what is wrong with it. */
type CertificateProblem = 'untrusted' | 'dates' | 'wrongHost' | 'invalid';

// `words` is a clause that completes "was not accepted: …"; a function, so it is translated when used.
const CERTIFICATE_CODES: Record<string, { problem: CertificateProblem; words: () => string }> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: { problem: 'untrusted', words: () => t('it is self-signed') },
  SELF_SIGNED_CERT_IN_CHAIN: {
    problem: 'untrusted',
    words: () => t('its chain ends in a root certificate this computer does not trust'),
  },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: {
    problem: 'untrusted',
    words: () => t('its issuer is not among the certificates this computer trusts'),
  },
  UNABLE_TO_GET_ISSUER_CERT: {
    problem: 'untrusted',
    words: () => t('the certificate of its issuer could not be found'),
  },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: {
    problem: 'untrusted',
    words: () =>
      t('its issuer could not be verified (an authority this computer does not trust, or an incomplete chain)'),
  },
  CERT_UNTRUSTED: { problem: 'untrusted', words: () => t('it is not trusted') },
  CERT_HAS_EXPIRED: { problem: 'dates', words: () => t('it has expired') },
  CERT_NOT_YET_VALID: { problem: 'dates', words: () => t('it is not valid yet') },
  ERR_TLS_CERT_ALTNAME_INVALID: { problem: 'wrongHost', words: () => t('it was issued for another host name') },
  HOSTNAME_MISMATCH: { problem: 'wrongHost', words: () => t('it was issued for another host name') },
  CERT_REVOKED: { problem: 'invalid', words: () => t('it has been revoked') },
  CERT_REJECTED: { problem: 'invalid', words: () => t('it was rejected') },
  CERT_SIGNATURE_FAILURE: { problem: 'invalid', words: () => t('its signature is invalid') },
  INVALID_CA: {
    problem: 'invalid',
    words: () => t('its chain contains a certificate that may not act as an authority'),
  },
  INVALID_PURPOSE: { problem: 'invalid', words: () => t('it may not be used for a server') },
  CERT_CHAIN_TOO_LONG: { problem: 'invalid', words: () => t('its chain is too long') },
  PATH_LENGTH_EXCEEDED: { problem: 'invalid', words: () => t('its chain is longer than its authority allows') },
  UNABLE_TO_DECRYPT_CERT_SIGNATURE: { problem: 'invalid', words: () => t('its signature could not be read') },
  UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY: { problem: 'invalid', words: () => t('the key of its issuer could not be read') },
  ERROR_IN_CERT_NOT_BEFORE_FIELD: { problem: 'invalid', words: () => t('its validity dates are malformed') },
  ERROR_IN_CERT_NOT_AFTER_FIELD: { problem: 'invalid', words: () => t('its validity dates are malformed') },
};

/** The problem a certificate verification code stands for; undefined for any other code. */
export function certificateProblem(code: string | undefined): CertificateProblem | undefined {
  return code !== undefined && Object.prototype.hasOwnProperty.call(CERTIFICATE_CODES, code)
    ? CERTIFICATE_CODES[code].problem
    : undefined;
}

export type ConnectionFailure =
  { kind: 'proxyAuth'; code?: string } | { kind: 'tlsTrust'; code: string } | { kind: 'proxyUnreachable' };

/** What a failed request without a response was, when it is one of the cases above. */
export function classifyConnectionFailure(failure: unknown): ConnectionFailure | undefined {
  const links = causeChain(failure);
  for (const link of links) {
    if (isProxyAuthLink(link))
      return { kind: 'proxyAuth', ...(link.code === 'ERR_PROXY_TUNNEL' ? { code: link.code } : {}) };
  }
  for (const link of links) {
    if (certificateProblem(link.code)) return { kind: 'tlsTrust', code: link.code as string };
  }
  // @vscode/proxy-agent's PacProxyAgent, when it cannot reach the proxy at all.
  if (links.some((l) => /Failed to establish a socket connection to proxies/i.test(l.message)))
    return { kind: 'proxyUnreachable' };
  return undefined;
}

interface Link {
  code?: string;
  message: string;
  statusCode?: unknown;
}

/** The error and its causes: axios wraps the socket's error, and agents wrap theirs. */
function causeChain(failure: unknown): Link[] {
  const links: Link[] = [];
  let current: unknown = failure;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const e = current as { code?: unknown; message?: unknown; statusCode?: unknown; cause?: unknown };
    links.push({
      code: typeof e.code === 'string' ? e.code : undefined,
      message: typeof e.message === 'string' ? e.message : '',
      statusCode: e.statusCode,
    });
    current = e.cause;
  }
  return links;
}

function isProxyAuthLink(link: Link): boolean {
  // Node's ERR_PROXY_TUNNEL: `statusCode` is a number on newer releases, a string on some older,
  // absent on the first ones (then the message carries the proxy's status line).
  if (link.code === 'ERR_PROXY_TUNNEL' && link.statusCode !== undefined) return Number(link.statusCode) === 407;
  if (/proxy authentication required/i.test(link.message)) return true;
  // Every agent's wording names the proxy or the tunnel and the status.
  return /\b(proxy|tunnel(ing)?)\b/i.test(link.message) && /(^|[^\d:])407([^\d]|$)/.test(link.message);
}

/** Authentication schemes a proxy offers (`Basic`, `Negotiate`, …), from `Proxy-Authenticate`. */
export function proxySchemes(header: string | undefined): string[] {
  if (!header) return [];
  const schemes: string[] = [];
  // A scheme is a token followed by a space or the end; `realm="…"` and other parameters are not.
  for (const part of header.split(',')) {
    const m = /^\s*([A-Za-z][A-Za-z0-9-]{0,19})(\s|$)/.exec(part);
    if (m && !schemes.includes(m[1])) schemes.push(m[1]);
  }
  return schemes.slice(0, 4);
}

/** A proxy refused to carry the request until it gets credentials. */
export function proxyAuthMessage(host: string, proxyAuthenticate?: string): string {
  const schemes = proxySchemes(proxyAuthenticate);
  const what = schemes.length
    ? t(
        'A proxy between this computer and {0} requires authentication (407 Proxy Authentication Required, asks for {1}).',
        host,
        schemes.reduce((a, b) => t('{0} or {1}', a, b)),
      )
    : t('A proxy between this computer and {0} requires authentication (407 Proxy Authentication Required).', host);
  // http.proxyAuthorization is left out: the extension host's proxy support does not send it.
  const fix = t(
    "Put the proxy user name and password in VS Code's setting http.proxy (http://user:password@proxy:port), or sign in when VS Code asks for them.",
  );
  return `${what} ${fix}`;
}

/** The server's (or an inspecting proxy's) certificate failed verification. */
export function tlsTrustMessage(host: string, code: string): string {
  const entry = Object.prototype.hasOwnProperty.call(CERTIFICATE_CODES, code) ? CERTIFICATE_CODES[code] : undefined;
  const what = t(
    'The TLS certificate of {0} was not accepted: {1} ({2}).',
    host,
    entry ? entry.words() : t('it failed verification'),
    code,
  );
  return `${what} ${certificateAdvice(entry?.problem ?? 'invalid', host)}`;
}

function certificateAdvice(problem: CertificateProblem, host: string): string {
  switch (problem) {
    case 'untrusted':
      // Trusting the right root is the fix; turning verification off is never offered.
      // http.proxyStrictSSL is named because it is the usual advice, yet VS Code applies it only
      // to its own downloads, not to the requests of extensions.
      return t(
        "If your network inspects HTTPS (a company proxy or security software), add its root certificate to the operating system's trust store and keep VS Code's setting http.systemCertificates on; http.proxyStrictSSL does not apply to this extension.",
      );
    case 'dates':
      return t(
        "Check this computer's date and time; if they are right, tell the administrator of {0} (or of the proxy that inspects HTTPS on your network).",
        host,
      );
    case 'wrongHost':
      return t(
        'Check the account’s base URL (Edit Account…); if it is right, a proxy or a captive portal on your network is answering in its place.',
      );
    case 'invalid':
      return t(
        'The connection cannot be trusted; tell the administrator of {0} (or of the proxy that inspects HTTPS on your network).',
        host,
      );
  }
}

export function proxyUnreachableMessage(host: string): string {
  return t(
    "Could not connect to the proxy that VS Code uses for {0}; check VS Code's setting http.proxy and the system's proxy settings.",
    host,
  );
}
