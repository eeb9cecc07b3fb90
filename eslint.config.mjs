// `npm run lint` (after tsc): ESLint's recommended rules everywhere, and typescript-eslint's
// type-checked recommended rules (no-floating-promises, no-misused-promises, await-thenable, the
// no-unsafe-* family, …) on the TypeScript. Zero findings are allowed (`--max-warnings 0`).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// Globals of the two JavaScript environments, listed by hand rather than through the `globals`
// package: the plain JS files use only a few.
const readonly = (names) => Object.fromEntries(names.map((n) => [n, 'readonly']));
const nodeGlobals = readonly([
  'process',
  'console',
  'Buffer',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
  'structuredClone',
  'TextEncoder',
  'TextDecoder',
  'fetch',
  'performance',
]);
const browserGlobals = readonly([
  'window',
  'document',
  'console',
  'navigator',
  'location',
  'CSS',
  'getComputedStyle',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLButtonElement',
  'HTMLInputElement',
  'HTMLDetailsElement',
  'Event',
  'MouseEvent',
  'KeyboardEvent',
  'MessageEvent',
  'MutationObserver',
  'ResizeObserver',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'setTimeout',
  'clearTimeout',
  // Injected by VS Code into every webview.
  'acquireVsCodeApi',
]);

export default defineConfig(
  { ignores: ['dist/', 'out/', 'node_modules/', '.vscode-test/', '.test-results/', 'screenshots/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    // tsconfig.test.json covers src/ and test/; tsconfig.json covers only src/, so the project
    // service would not find the tests.
    languageOptions: {
      parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // As tsc's noUnusedLocals has it: `const { id: _id, ...rest } = v` is how a property is left
      // out of a copy, so the named sibling of a rest element is not "unused".
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // The same allowance only-throw-error has by default: passing on a reason received from
      // elsewhere (a caught rejection, an AbortSignal's reason) is right whatever its type.
      // Rejecting with a string or another known non-Error is still an error.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    // The plain JS (build and test scripts, the webview script) is in no tsconfig, so it gets the
    // JavaScript rules and typescript-eslint's syntax-only ones: the type-checked rules need type
    // information it does not have.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['esbuild.mjs', 'scripts/**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: nodeGlobals },
  },
  {
    // The webview script runs in the browser as a classic <script>, not a module.
    files: ['media/**/*.js'],
    languageOptions: { sourceType: 'script', globals: browserGlobals },
  },
);
