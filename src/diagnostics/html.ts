// The panel's HTML: a static template from `media/` with the CSP, nonce and resource URIs filled
// in. No data ever goes into the HTML; entries arrive by message and are laid out with DOM APIs.
import { randomBytes } from 'node:crypto';

export interface PageResources {
  /** `webview.cspSource`. */
  cspSource: string;
  styleUri: string;
  scriptUri: string;
  nonce: string;
}

/** A fresh nonce per render: 128 random bits, base64 (valid in a CSP nonce source). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${cspSource}`,
    `font-src ${cspSource}`,
  ].join('; ');
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ATTR_ESCAPES[c]);
}

/** Fills `{{csp}}`, `{{nonce}}`, `{{styleUri}}`, `{{scriptUri}}`; an unknown placeholder is an error
 * so a typo in the template cannot ship a page without its CSP. */
export function renderPage(template: string, res: PageResources): string {
  const values: Record<string, string> = {
    csp: contentSecurityPolicy(res.cspSource, res.nonce),
    nonce: res.nonce,
    styleUri: res.styleUri,
    scriptUri: res.scriptUri,
  };
  const html = template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`unknown placeholder {{${name}}} in the diagnostics template`);
    return escapeAttribute(v);
  });
  if (!html.includes('http-equiv="Content-Security-Policy"')) throw new Error('the diagnostics template has no CSP meta tag');
  return html;
}
