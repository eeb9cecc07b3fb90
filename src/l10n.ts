// Every user-facing sentence of the extension goes through `t`. The domain modules (api, query,
// format, diagnostics) are tested in plain Node and must not import `vscode`, so they call this
// module, and extension.ts hands it `vscode.l10n.t` once at activation. Until then (and in unit
// tests) `t` formats the English message itself, the same way VS Code does.
//
// Rules that keep the bundles correct (scripts/l10n.mjs extracts the messages and checks them):
// - the message is a string literal, so it can be extracted: `t('Could not load {0}', id)`;
// - a whole sentence with `{0}` placeholders, never fragments joined in code;
// - called when the text is needed, never at module load: the bundle is in place only once
//   `activate` has run (a module-level `t(...)` would stay English forever).

export type L10nArg = string | number | boolean;
type Translator = (message: string, ...args: L10nArg[]) => string;

let translator: Translator | undefined;

/** Called by extension.ts with `vscode.l10n.t`; `undefined` goes back to English (tests). */
export function setTranslator(fn: Translator | undefined): void {
  translator = fn;
}

/** The message in the display language, `{0}`, `{1}` … replaced by `args`. */
export function t(message: string, ...args: L10nArg[]): string {
  return translator ? translator(message, ...args) : formatMessage(message, args);
}

/**
 * VS Code's own substitution (`format2`), so English text is the same before and after activation:
 * every `{…}` whose content names an argument is replaced, anything else is left as is. A `{` that
 * is not a placeholder would swallow the next one (`"{" at {0}` stays unreplaced), so such text
 * goes in through an argument; scripts/l10n.mjs refuses messages that break this.
 */
export function formatMessage(message: string, args: readonly L10nArg[]): string {
  if (args.length === 0) return message;
  return message.replace(/\{([^}]+)\}/g, (match, name: string) => {
    const value = /^\d+$/.test(name) ? args[Number(name)] : undefined;
    return value === undefined ? match : String(value);
  });
}
