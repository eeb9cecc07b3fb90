// The extension in a host whose display language is the pseudo-locale: VS Code itself reports the
// language, takes the manifest's strings from package.nls.qps-ploc.json and the runtime messages
// from l10n/bundle.l10n.qps-ploc.json. Expected texts are read from the files the extension ships,
// and must differ from the English, so the suite cannot pass on English text.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ApiError } from '../../src/api/errors';
import { formatCount } from '../../src/util/amount';
import { formatMessage } from '../../src/l10n';
import { ENV } from '../host/protocol';
import {
  activateExtension,
  admin,
  canScreenshot,
  emulator,
  EXTENSION_ID,
  labelOf,
  screenshot,
  waitFor,
} from '../integration/helpers';

const language = process.env[ENV.displayLanguage] ?? 'qps-ploc';

/** A manifest string as the host hands it out: localised ones come as `{ value, original }`. */
type Localised = string | { value: string; original: string };
const shown = (s: Localised) => (typeof s === 'string' ? s : s.value);

interface Manifest {
  contributes: {
    commands: { command: string; title: Localised }[];
    views: Record<string, { id: string; name: Localised }[]>;
    configuration: { properties: Record<string, { markdownDescription: string }> };
  };
}

describe(`the extension in the display language ${language}`, () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not loaded in this host`);
  const read = (file: string) =>
    JSON.parse(readFileSync(join(ext.extensionPath, file), 'utf8')) as Record<string, string>;
  const nls = read(`package.nls.${language}.json`);
  const englishNls = read('package.nls.json');
  const bundle = read(join('l10n', `bundle.l10n.${language}.json`));
  /** The message in this language, with its arguments, as the extension must show it. */
  const tr = (message: string, ...args: (string | number)[]) => {
    const translated = bundle[message];
    assert.ok(translated && translated !== message, `the ${language} bundle translates ${JSON.stringify(message)}`);
    return formatMessage(translated, args);
  };

  it('runs in that language: VS Code reports it to the extension host', () => {
    assert.equal(vscode.env.language, language);
  });

  it('shows command titles, the view name and setting descriptions from package.nls.' + language + '.json', () => {
    const manifest = ext.packageJSON as Manifest;
    const setKey = manifest.contributes.commands.find((c) => c.command === 'dataPlatform.setApiKey');
    assert.ok(setKey);
    assert.equal(shown(setKey.title), nls['command.setApiKey.title']);
    assert.notEqual(shown(setKey.title), englishNls['command.setApiKey.title']);
    const view = manifest.contributes.views.dataPlatform.find((v) => v.id === 'dataPlatform.companies');
    assert.ok(view);
    assert.equal(shown(view.name), nls['view.companies.name']);
    assert.equal(
      manifest.contributes.configuration.properties['dataPlatform.pageSize'].markdownDescription,
      nls['config.pageSize.markdownDescription'],
    );
  });

  it(
    'takes runtime messages from l10n/bundle.l10n.' + language + '.json: status bar, tree, command results',
    async () => {
      const api = await activateExtension();
      const state = await waitFor('no key', () =>
        api.connection.state.kind === 'noKey' ? api.connection.state : undefined,
      );
      assert.equal(api.statusBar.text, tr('$(key) {0}: no API key', state.host));
      // For a person: the welcome content (package.nls) with its buttons, and the status bar.
      await vscode.commands.executeCommand('workbench.view.extension.dataPlatform');
      if (canScreenshot()) await screenshot(`l10n-${language}-welcome`);

      const { key } = await emulator();
      api.prompts.answers.push(key);
      const stored = await vscode.commands.executeCommand<{ outcome: string }>('dataPlatform.setApiKey');
      assert.equal(stored.outcome, 'stored');
      // Messages of the plain-Node modules (src/format, src/query) go through the same bundle.
      // Refused by the input box as it is typed: the question's own message.
      api.prompts.answers.push('***');
      await vscode.commands.executeCommand('dataPlatform.createCompany');
      assert.equal(
        api.prompts.asked.at(-1)?.validationMessage,
        tr("The name needs at least one letter, digit or one of - ' , & @ . ? !"),
      );
      const { companies } = await admin.info();
      api.prompts.answers.push(tr('Invoices'), { value: 'status =' });
      await vscode.commands.executeCommand('dataPlatform.runQuery', { companyId: companies.many });
      api.prompts.answers.length = 0;
      assert.equal(
        api.prompts.asked.at(-1)?.validationMessage,
        tr('Col {0}: {1}', 8, tr('Expected a value after {0}', '"="')),
      );

      const top = await api.tree.getChildren();
      const list = api.tree.root?.pagedList;
      assert.ok(list?.hasMore, 'the account has more than a page of companies');
      assert.equal(
        labelOf(top[top.length - 2]),
        tr('Load more ({0} of {1} loaded)', formatCount(list.items.length), formatCount(list.totalResults ?? 0)),
      );
      assert.equal(labelOf(top[top.length - 1]), tr('Load all'));
      if (canScreenshot()) await screenshot(`l10n-${language}`);
    },
  );

  it("gives the diagnostics panel its words from the bundle: title, page, field labels and the page script's words", async () => {
    const api = await activateExtension();
    api.diagnostics.clear();
    const body = {
      statusCode: 400,
      service: 'PublicApi',
      error: 'Validation failed',
      correlationId: 'cid-l10n',
      validation: {
        errors: [{ itemId: 'name', validatorName: 'NameValidator', message: 'The name is too long' }],
        warnings: [],
      },
    };
    api.diagnostics.add(
      new ApiError({
        kind: 'badRequest',
        message: 'Validation failed (400)',
        method: 'POST',
        path: '/companies',
        status: 400,
        body,
        correlationId: 'cid-l10n',
      }),
    );
    const panel = await api.diagnosticsPanel.show();
    assert.equal(panel.title, tr('Data Platform Diagnostics'));
    const page = await waitFor(
      'the panel to show the error',
      () => {
        const r = api.diagnosticsPanel.lastRender();
        return r && r.ids.length === 1 ? r : undefined;
      },
      20_000,
    );
    // The template's words, a field label of the host's view model, and the script's own words.
    for (const words of [
      tr('API errors'),
      tr('Clear'),
      tr('Correlation ID'),
      tr('1 error'),
      tr('Copy'),
      tr('Validation'),
      tr('Severity'),
    ]) {
      assert.ok(page.text.includes(words), `${JSON.stringify(words)} in:\n${page.text}`);
    }
    assert.match(api.diagnosticsPanel.html ?? '', new RegExp(`<html lang="${language}">`));
    if (canScreenshot()) await screenshot(`l10n-${language}-diagnostics`);
    api.diagnostics.clear();
    panel.dispose();
  });
});
