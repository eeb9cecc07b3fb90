// The folders of src/ from the bottom up (a top-level file counts as a folder of its own): a file
// imports from its own folder or from one below it, never from one above. Read by the
// architecture check (scripts/architecture.mjs) and by the test that CONTRIBUTING names every
// folder. A new folder is placed here before it is used.
export const FOLDER_ORDER = [
  'l10n',
  'util',
  'query',
  'dataTypes',
  'api',
  'log',
  'persistence',
  'accounts',
  'connection',
  'files',
  'export',
  'table',
  'documents',
  'format',
  'push',
  'sync',
  'links',
  'share',
  'reports',
  'diagnostics',
  'settings',
  'statusBar',
  'tree',
  'panels',
  'walkthrough',
  'commands',
  'testApi',
  'extension',
];
