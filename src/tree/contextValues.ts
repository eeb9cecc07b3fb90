// A node's contextValue: its kind, then the words of what can be done with it, space-separated
// (`record open copy curl type=bills`). package.json's menus match one word each, the same way
// everywhere: `viewItem =~ /\bexport\b/`; tests read the kind from the first word.
import type { DataTypeId } from '../dataTypes/catalog';
import { isPushType } from '../push/types';

type NodeKind =
  | 'account'
  | 'accountProblem'
  | 'company'
  | 'dataFolder'
  | 'list'
  | 'query'
  | 'record'
  | 'loadMore'
  | 'loadAll'
  | 'error'
  | 'message'
  | 'pushHistory'
  | 'pushOperation'
  | 'pushedRecord'
  | 'syncHistory'
  | 'sync'
  | 'apiKeys'
  | 'apiKey';

/** What a node offers; each word is the `when` of one or a few menu entries. */
type Capability =
  | 'refresh'
  | 'rerun'
  | 'retry'
  | 'details'
  | 'query'
  | 'filter'
  | 'rename'
  | 'pin'
  | 'unpin'
  | 'remove'
  | 'open'
  | 'copy'
  | 'curl'
  | 'export'
  | 'queueSync'
  | 'setKey'
  | 'signOut'
  | 'settings'
  | 'editAccount'
  | 'createCompany'
  | 'exportCompanies'
  | 'createRecord'
  | 'filterPushes'
  | 'clearPushFilter'
  | 'pushDetails'
  | 'syncSchedule'
  | 'syncSettings'
  | 'refreshAllData'
  | 'createApiKey'
  | 'deleteApiKey';

export function contextValue(
  kind: NodeKind,
  can: readonly (Capability | false | undefined)[] = [],
  type?: DataTypeId,
): string {
  return [kind, ...can.filter((c): c is Capability => !!c), ...(type ? [`type=${type}`] : [])].join(' ');
}

/** A type's node under the Data folder. */
export function listContext(type: DataTypeId): string {
  return contextValue(
    'list',
    ['refresh', 'queueSync', 'syncSchedule', 'filter', 'curl', 'export', isPushType(type) && 'createRecord'],
    type,
  );
}

/** A query node (Run Query…) of the type; a pinned one offers Unpin instead of Pin. */
export function queryContext(type: DataTypeId, pinned = false): string {
  return contextValue(
    'query',
    ['rerun', 'filter', 'rename', pinned ? 'unpin' : 'pin', 'remove', 'curl', 'export'],
    type,
  );
}

/** A record of the type. */
export function recordContext(type: DataTypeId): string {
  return contextValue('record', ['open', 'copy', 'curl'], type);
}
