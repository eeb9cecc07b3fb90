// Bundles the extension into one CommonJS file. `vscode` is provided by the host at run time.
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
// `--outfile <path>`: the bundle elsewhere than dist/ (the bundle-size benchmark builds one aside).
const outfileAt = process.argv.indexOf('--outfile');
const outfile = outfileAt >= 0 ? process.argv[outfileAt + 1] : 'dist/extension.js';
const production = process.argv.includes('--production') || process.env.NODE_ENV === 'production';

const options = {
  entryPoints: ['src/extension.ts'],
  bundle: true,
  outfile,
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'info',
  // axios and debug probe `navigator` to detect a browser; in the Node extension host that global
  // exists only to raise VS Code's "navigator is now a global in nodejs" deprecation warning on
  // activation. This is never a browser bundle, so the probe is answered at build time.
  define: { navigator: 'undefined' },
  plugins: [platformFormData(), noRedirects()],
};

/**
 * axios's Node build imports the `form-data` package (with `mime-db`, about 160 KB minified, 44%
 * of the bundle) only to build multipart bodies, which this extension never sends. Node 18+, and so
 * every VS Code extension host, has a spec-compliant global FormData that axios accepts in its
 * place (`new (FormData$1 || FormData)()`), so the import resolves to that global instead.
 */
function platformFormData() {
  return {
    name: 'platform-form-data',
    setup(build) {
      build.onResolve({ filter: /^form-data$/ }, () => ({ path: 'form-data', namespace: 'platform-form-data' }));
      build.onLoad({ filter: /.*/, namespace: 'platform-form-data' }, () => ({
        contents: 'module.exports = globalThis.FormData;',
        loader: 'js',
      }));
    },
  };
}

/**
 * axios's Node adapter takes `follow-redirects` (with `debug`, `ms` and `supports-color`, about
 * 18 KB minified) for requests that may follow redirects. The client sets `maxRedirects: 0`, a
 * redirect to another host would carry the key there, so axios always takes Node's own `http` and
 * `https`; the import resolves to those, which never follow a redirect whatever a caller asks.
 */
function noRedirects() {
  return {
    name: 'no-redirects',
    setup(build) {
      build.onResolve({ filter: /^follow-redirects$/ }, () => ({
        path: 'follow-redirects',
        namespace: 'no-redirects',
      }));
      build.onLoad({ filter: /.*/, namespace: 'no-redirects' }, () => ({
        contents: "module.exports = { http: require('node:http'), https: require('node:https') };",
        loader: 'js',
      }));
    },
  };
}

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  await esbuild.build(options);
}
