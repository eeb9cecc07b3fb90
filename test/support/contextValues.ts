// Every contextValue the Companies tree can give a node: each builder of src/tree/contextValues.ts
// over every value of its options. A builder added there fails to compile here until it is listed,
// so the manifest test (test/unit/manifest.test.ts) sees every node a menu may be shown on.
import { DATA_TYPES } from '../../src/dataTypes/catalog';
import * as contexts from '../../src/tree/contextValues';
import { AGED_KINDS, STATEMENT_KINDS } from '../../src/api/reportParams';

type Builders = typeof contexts;
type BuilderName = { [K in keyof Builders]: K extends `${string}Context` ? K : never }[keyof Builders];

/** Every combination of true and false for `keys`. */
function flags<K extends string>(keys: readonly K[]): Record<K, boolean>[] {
  return keys.reduce<Record<K, boolean>[]>(
    (all, key) =>
      all.flatMap((o) => [
        { ...o, [key]: false },
        { ...o, [key]: true },
      ]),
    [{} as Record<K, boolean>],
  );
}

const types = DATA_TYPES.map((spec) => spec.id);

const EVERY: { [K in BuilderName]: () => string[] } = {
  accountContext: () => flags(['ready', 'morePages', 'filtered']).map((o) => contexts.accountContext(o)),
  accountProblemContext: () => flags(['setKey', 'editAccount']).map((o) => contexts.accountProblemContext(o)),
  companyContext: () => [false, true].map((deleted) => contexts.companyContext({ deleted })),
  companyFilterContext: () => [contexts.companyFilterContext()],
  dataFolderContext: () => [contexts.dataFolderContext()],
  listContext: () => types.flatMap((type) => [false, true].map((more) => contexts.listContext(type, more))),
  queryContext: () =>
    types.flatMap((type) =>
      flags(['pinned', 'morePages']).map((o) => contexts.queryContext(type, o.pinned, o.morePages)),
    ),
  recordContext: () => types.map((type) => contexts.recordContext(type)),
  attachmentsContext: () => types.map((type) => contexts.attachmentsContext(type)),
  attachmentContext: () => types.map((type) => contexts.attachmentContext(type)),
  plainContext: () =>
    (['loadMore', 'loadAll', 'message', 'sync', 'apiKey'] as const).map((kind) => contexts.plainContext(kind)),
  errorContext: () =>
    ([undefined, 'queueSync', 'setKey', 'settings'] as const).flatMap((fix) =>
      [false, true].map((curl) => contexts.errorContext({ fix, curl })),
    ),
  pushHistoryContext: () => flags(['filtered', 'morePages']).map((o) => contexts.pushHistoryContext(o)),
  pushOperationContext: () => flags(['failed', 'stalled']).map((o) => contexts.pushOperationContext(o)),
  pushedRecordContext: () => types.map((type) => contexts.pushedRecordContext(type)),
  syncContext: () => flags(['failed']).map((o) => contexts.syncContext(o)),
  syncHistoryContext: () => flags(['morePages']).map((o) => contexts.syncHistoryContext(o)),
  apiKeysContext: () => [contexts.apiKeysContext()],
  reportsContext: () => [contexts.reportsContext()],
  reportContext: () => [...STATEMENT_KINDS, ...AGED_KINDS, 'info'].map((kind) => contexts.reportContext(kind)),
  connectionsContext: () => flags(['morePages']).map((o) => contexts.connectionsContext(o)),
  connectionContext: () =>
    (['Linked', 'PendingAuth', 'Unlinked', 'Deauthorized', 'other'] as const).flatMap((s) => [
      contexts.connectionContext(s),
      contexts.connectionContext(s, true),
    ]),
};

/** Each distinct contextValue once. */
export function everyContextValue(): string[] {
  return [...new Set(Object.values(EVERY).flatMap((values) => values()))];
}
