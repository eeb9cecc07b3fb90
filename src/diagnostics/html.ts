// The panel's HTML: a static template from `media/` with the CSP, nonce, resource URIs and the
// page's own words (in the display language) filled in. No data ever goes into the HTML; entries
// arrive by message and are laid out with DOM APIs.
import { randomBytes } from 'node:crypto';
import { t } from '../l10n';

/** What every webview page's template is filled with besides its words. */
export interface PageResources {
  /** `webview.cspSource`. */
  cspSource: string;
  styleUri: string;
  scriptUri: string;
  nonce: string;
  /** The display language, for `<html lang>`; English by default. */
  lang?: string;
  /** Under the test switch only (src/testApi.ts): the page reports its renders and obeys the
   * tests' click and drive messages. */
  testHooks?: boolean;
}

/** The words the page script uses, handed to it as JSON in `data-strings` (no script of ours
 * can call the host's l10n). `{0}` placeholders are filled in by the script. */
interface ScriptStrings {
  copy: string;
  copyField: string;
  validation: string;
  severity: string;
  loading: string;
  oneError: string;
  errors: string;
  openBody: string;
  copyCurl: string;
  copyCurlTitle: string;
}

function scriptStrings(): ScriptStrings {
  return {
    copy: t('Copy'),
    copyField: t('Copy {0}'),
    validation: t('Validation'),
    severity: t('Severity'),
    loading: t('Loading…'),
    oneError: t('1 error'),
    errors: t('{0} errors'),
    openBody: t('Open Whole Body'),
    copyCurl: t('Copy as cURL'),
    copyCurlTitle: t('Copy this request as a curl command that reads the API key from an environment variable'),
  };
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

/** Fills a webview page's template: `{{csp}}`, `{{nonce}}`, `{{styleUri}}`, `{{scriptUri}}`,
 * `{{lang}}`, `{{testHooks}}` and the page's `words`, each escaped; an unknown placeholder is an
 * error, and so is a template without its CSP meta tag, so a typo cannot ship a page without it. */
export function fillPage(page: string, template: string, res: PageResources, words: Record<string, string>): string {
  const values: Record<string, string> = {
    csp: contentSecurityPolicy(res.cspSource, res.nonce),
    nonce: res.nonce,
    styleUri: res.styleUri,
    scriptUri: res.scriptUri,
    lang: res.lang ?? 'en',
    testHooks: res.testHooks ? 'on' : 'off',
    ...words,
  };
  const html = template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`unknown placeholder {{${name}}} in the ${page} template`);
    return escapeAttribute(v);
  });
  if (!html.includes('http-equiv="Content-Security-Policy"'))
    throw new Error(`the ${page} template has no CSP meta tag`);
  return html;
}

/** The diagnostics page: the shared placeholders and its own words. */
export function renderPage(template: string, res: PageResources): string {
  return fillPage('diagnostics', template, res, {
    title: t('Data Platform Diagnostics'),
    heading: t('API errors'),
    clear: t('Clear'),
    clearTitle: t('Remove every entry'),
    empty: t('No API errors yet. Failed requests of the Data Platform explorer appear here, newest first.'),
    strings: JSON.stringify(scriptStrings()),
  });
}
