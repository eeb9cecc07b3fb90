// What a user downloads and waits for when the extension starts: the production bundle's size
// (held to the budget the installed-package test enforces, test/support/bundleBudget.ts), the .vsix when one was built,
// and the time activate() takes in a real extension host (median of 3 fresh hosts; not with
// --quick, which has no host to start).
import { BUNDLE_BUDGET_KB } from '../support/bundleBudget';
import { activationTime, newestVsix, productionBuild } from './activation';
import { summarize, type Figure, type Suite } from './harness';

const HOST_RUNS = 3;

function figures(quick: boolean): Figure[] {
  const build = productionBuild();
  try {
    const out: Figure[] = [
      {
        name: 'dist/extension.js, production build',
        value: build.bundleBytes / 1024,
        unit: 'KB',
        goal: { comparison: '≤', target: BUNDLE_BUDGET_KB },
        detail: 'esbuild --production, minified',
      },
    ];
    const vsix = newestVsix();
    out.push(
      vsix
        ? {
            name: '.vsix',
            value: vsix.bytes / 1024,
            unit: 'KB',
            detail: `${vsix.path}, built ${vsix.modified.toISOString()}`,
          }
        : { name: '.vsix', unit: 'KB', skipped: 'none built (npm test or npm run package makes one)' },
    );
    if (quick) {
      out.push({ name: 'activate() in an extension host', unit: 'ms', skipped: '--quick starts no VS Code host' });
    } else {
      const times: number[] = [];
      for (let i = 0; i < HOST_RUNS; i++) times.push(activationTime(build.dir));
      out.push({
        name: 'activate() in an extension host',
        value: summarize(times).median,
        unit: 'ms',
        detail: `median of ${HOST_RUNS} fresh hosts: ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
      });
    }
    return out;
  } finally {
    build.dispose();
  }
}

export const packageSuite: Suite = {
  name: 'bundle and activation',
  prepare: ({ quick }) => ({ cases: [], measure: () => Promise.resolve(figures(quick)) }),
};
