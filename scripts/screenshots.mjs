// `npm run screenshots`: runs the integration tests in the offline host (the only one that can
// take screenshots), then copies the PNGs they asked for into docs/images/ for the README.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shots = join(root, '.test-results', 'screenshots');
const target = join(root, 'docs', 'images');

rmSync(shots, { recursive: true, force: true });
const r = spawnSync(process.execPath, [join(root, 'scripts', 'test.mjs'), '--integration'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DP_TEST_HOST: 'offline', DP_SCREENSHOT_DIR: shots },
});
if (r.status !== 0) {
  console.error('[screenshots] the integration tests failed: docs/images/ left as it was');
  process.exit(r.status ?? 1);
}
// Only the images the READMEs show: other screenshots (the smoke test's) are for debugging.
// The repository README links docs/images/x.png, the packaged one (docs/marketplace.md) images/x.png.
const readmes = [join(root, 'README.md'), join(root, 'docs', 'marketplace.md')]
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
const used = new Set([...readmes.matchAll(/images\/([\w-]+\.png)/g)].map((m) => m[1]));
const pngs = existsSync(shots) ? readdirSync(shots).filter((f) => used.has(f)) : [];
if (pngs.length === 0) {
  console.error('[screenshots] no screenshot was taken');
  process.exit(1);
}
mkdirSync(target, { recursive: true });
for (const f of pngs) {
  copyFileSync(join(shots, f), join(target, f));
  console.log(`[screenshots] docs/images/${f}`);
}
