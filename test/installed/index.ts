// In-host entry of the installed-package run: the .vsix built by `npm run package`, installed into
// the host's extensions folder, is tested through its public surface in two phases around a real
// window reload. A reload restarts the extension host, which loads this entry again (the tests
// path is part of the workbench URL), so a file in $DP_PHASE_DIR says which phase this is and
// carries the first phase's counts into the one results line. In a run with a display language
// (--locale), the localisation suite runs first, while the extension has no key yet: it then
// proves the package ships its translations.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ENV, resultsLine, type Counts } from '../host/protocol';
import { runInHost } from '../support/inHostMocha';

export async function run(): Promise<void> {
  const dir = process.env[ENV.phaseDir];
  if (!dir) throw new Error(`${ENV.phaseDir} must be set by the runner`);
  const firstPhase = join(dir, 'before-reload.json');
  if (!existsSync(firstPhase)) {
    const counts = await runInHost([
      ...(process.env[ENV.displayLanguage] ? [join(__dirname, '..', 'l10n', 'pseudoLocale.test.js')] : []),
      join(__dirname, 'beforeReload.test.js'),
      join(__dirname, 'queriesBeforeReload.test.js'),
    ]);
    if (counts.failed > 0) {
      console.log(resultsLine(counts));
      throw new Error(`${counts.failed} test(s) of the installed extension failed before the reload`);
    }
    writeFileSync(firstPhase, JSON.stringify(counts));
    console.log(
      'reloading the window: the invoice tab and the query nodes must come back, served by the installed extension',
    );
    await vscode.commands.executeCommand('workbench.action.reloadWindow');
    // This extension host ends with the reload; the next one runs the second phase.
    return new Promise<void>(() => undefined);
  }
  const before = JSON.parse(readFileSync(firstPhase, 'utf8')) as Counts;
  const after = await runInHost([
    join(__dirname, 'afterReload.test.js'),
    join(__dirname, 'queriesAfterReload.test.js'),
  ]);
  console.log(
    resultsLine({
      passed: before.passed + after.passed,
      failed: after.failed,
      skipped: before.skipped + after.skipped,
    }),
  );
  if (after.failed > 0) throw new Error(`${after.failed} test(s) of the installed extension failed after the reload`);
}
