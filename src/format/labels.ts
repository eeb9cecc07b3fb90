// Words and icons of the tree, as pure functions so they are unit-tested without an editor.
// A record's own words are in recordLabels.ts, from its type's presentation in the catalog.
import { certificateProblem, type ApiError, type Company, type DataStatus } from '../api';
import { isRecord } from '../util/guards';
import type { DataTypeId } from '../dataTypes/catalog';
import { typeCount, typeEmpty, typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import { formatDuration } from '../util/duration';
import { formatCount } from '../util/amount';
import { formatTags } from './companyEdit';
import { escapeMarkdown } from './markdown';

export { escapeMarkdown } from './markdown';
export { statusIcon, recordStatusText } from './recordStatus';

/** Names of the platforms a company is connected to, in connection order. */
/** The platforms of a company's connections; an entry that is no connection (a server may send
 * `null` in the list) names none. */
export function companyPlatforms(c: Company): string[] {
  const connections: readonly unknown[] = Array.isArray(c.dataConnections) ? c.dataConnections : [];
  return connections.flatMap((d) =>
    isRecord(d) && typeof d.platformName === 'string' && d.platformName !== '' ? [d.platformName] : [],
  );
}

export function companyTooltip(c: Company): string {
  const e = escapeMarkdown;
  const lines = [`**${e(c.name)}**`, ''];
  if (c.description) lines.push(`${e(c.description)}`, '');
  const platforms = companyPlatforms(c);
  if (platforms.length) lines.push(`${t('Platform: {0}', e(platforms.join(', ')))}  `);
  if (c.lastSync) lines.push(`${t('Last sync: {0}', e(c.lastSync))}  `);
  const tags = formatTags(c.tags);
  if (tags) lines.push(`${t('Tags: {0}', e(tags))}  `);
  lines.push(t('Id: {0}', e(c.id)));
  return lines.join('\n');
}

/** A company the API answered 404 for (deleted elsewhere): its row's description. */
export function companyGoneLabel(): string {
  return t('deleted');
}

/** The one child of a company deleted elsewhere. */
export function companyGoneMessage(): string {
  return t('Deleted elsewhere: refresh the companies list');
}

/** The tooltip of a company deleted elsewhere: what happened and what to do. */
export function companyGoneTooltip(c: Company): string {
  const e = escapeMarkdown;
  return [
    `**${e(c.name)}**`,
    '',
    t('The API no longer has this company (404): it was deleted elsewhere. Refresh the companies list.'),
    '',
    t('Id: {0}', e(c.id)),
  ].join('\n');
}

/** `tags: region=uk`: an account's companies list while a tag filter is active. */
export function tagFilterLabel(filter: string): string {
  return t('tags: {0}', filter);
}

/** `Load more (100 of 12,345 loaded)`. */
export function loadMoreLabel(loaded: number, total?: number, locale?: string): string {
  return total !== undefined
    ? t('Load more ({0} of {1} loaded)', formatCount(loaded, locale), formatCount(total, locale))
    : t('Load more ({0} loaded)', formatCount(loaded, locale));
}

/** What a paged node lists: the companies, a company's records of one data type, its pushes or
 * syncs, or an account's API keys. */
export type ListItems = 'companies' | 'pushes' | 'syncs' | 'apiKeys' | 'connections' | 'attachments' | DataTypeId;

function companyCount(n: number, locale?: string): string {
  return n === 1 ? t('{0} company', formatCount(n, locale)) : t('{0} companies', formatCount(n, locale));
}

/** `25,000 invoices`, `1 company`, `12 bills`. */
export function recordCount(items: ListItems, n: number, locale?: string): string {
  if (items === 'pushes')
    return n === 1 ? t('{0} push', formatCount(n, locale)) : t('{0} pushes', formatCount(n, locale));
  if (items === 'syncs')
    return n === 1 ? t('{0} sync', formatCount(n, locale)) : t('{0} syncs', formatCount(n, locale));
  if (items === 'apiKeys')
    return n === 1 ? t('{0} API key', formatCount(n, locale)) : t('{0} API keys', formatCount(n, locale));
  if (items === 'connections')
    return n === 1 ? t('{0} connection', formatCount(n, locale)) : t('{0} connections', formatCount(n, locale));
  if (items === 'attachments')
    return n === 1 ? t('{0} attachment', formatCount(n, locale)) : t('{0} attachments', formatCount(n, locale));
  return items === 'companies' ? companyCount(n, locale) : typeCount(items, n, locale);
}

/** Under a list whose total moved while it was loaded (PagedList.dataChanged). */
export function dataChangedLabel(items: ListItems, missing: number): string {
  return t('The data changed while loading: {0} may be missing. Refresh to load again.', recordCount(items, missing));
}

/** `Companies`, `Invoices`, `Bills`: the name of what a list holds. */
export function listTitle(items: ListItems): string {
  if (items === 'pushes') return t('Push history');
  if (items === 'syncs') return t('Sync history');
  if (items === 'apiKeys') return t('API Keys');
  if (items === 'connections') return t('Connections');
  if (items === 'attachments') return t('Attachments');
  return items === 'companies' ? t('Companies') : typeTitle(items);
}

/** Shown under a loaded, empty list. */
export function emptyListLabel(items: ListItems): string {
  if (items === 'pushes') return t('No pushes');
  if (items === 'syncs') return t('No syncs');
  if (items === 'apiKeys') return t('No API keys');
  if (items === 'connections') return t('No connections: Create Connection… links the company to its platform');
  if (items === 'attachments') return t('No attachments');
  return items === 'companies' ? t('No companies') : typeEmpty(items);
}

/** Title of the progress notification of Load all. */
export function loadingAllTitle(items: ListItems): string {
  return t('{0}: loading every page', listTitle(items));
}

/** Tooltip of the Load all node. */
export function loadAllTooltip(items: ListItems): string {
  return t('{0}: load every remaining page (can be cancelled)', listTitle(items));
}

export interface ErrorPresentation {
  /** Short, for the tree item's label. */
  label: string;
  /** Actions that fit the failure; Retry and Show details always do. */
  queueSync: boolean;
  setKey: boolean;
  /** What to search for in the Settings editor ("Open Network Settings"), when settings can fix it. */
  settingsQuery?: string;
  /** A sync runs: nothing to fix, only to wait for (a warning, not an error). */
  waiting?: boolean;
}

/** The platform named by `Datatype [invoices] not supported by platform(s) [Xero]`, if any. */
export function unsupportedPlatform(message: string): string | undefined {
  const m = /platform\(s\)\s*\[([^\]]+)\]/i.exec(message);
  return m ? m[1].trim() : undefined;
}

/**
 * How a failed load reads in the tree. `now` is injected so the rate-limit countdown is testable;
 * `failedAt` is when the error arrived.
 */
export function presentError(
  error: ApiError,
  failedAt: number,
  now: number,
  items: ListItems = 'invoices',
  dataSet?: DataSetStatus,
): ErrorPresentation {
  const none = { queueSync: false, setKey: false };
  switch (error.kind) {
    case 'rateLimited': {
      const left = error.retryAfterMs !== undefined ? error.retryAfterMs - (now - failedAt) : undefined;
      return {
        label:
          left !== undefined && left > 0
            ? t('Rate limited — retry in {0}', formatDuration(left, 'wait'))
            : t('Rate limited — retry now'),
        ...none,
      };
    }
    case 'dataSetNotRequested':
      // Codat sends this one 409 also while a sync runs: only the data status tells which.
      if (isSyncRunning(dataSet))
        return { label: t('{0}: sync in progress', listTitle(items)), ...none, waiting: true };
      return { label: t('{0}: not synced yet', listTitle(items)), queueSync: items !== 'companies', setKey: false };
    case 'syncInProgress':
      return { label: t('{0}: sync in progress', listTitle(items)), ...none, waiting: true };
    case 'datatypeNotSupported': {
      const platform = unsupportedPlatform(error.message);
      return { label: platform ? t('Not supported by {0}', platform) : t('Not supported by this platform'), ...none };
    }
    case 'unauthorized':
      return { label: t('Key rejected'), queueSync: false, setKey: true };
    case 'forbidden':
      return { label: t('Key outdated or not for this resource'), queueSync: false, setKey: true };
    case 'accountExpired':
      return { label: t('Account expired'), ...none };
    case 'notFound':
      return { label: t('Not found'), ...none };
    case 'proxyAuth':
      return { label: t('Proxy sign-in required (407)'), ...none, settingsQuery: 'http.proxy' };
    case 'tlsTrust':
      // Only an untrusted issuer is fixed on this computer; an expired or misnamed certificate is not.
      return {
        label: t('Certificate not accepted ({0})', error.code ?? 'TLS'),
        ...none,
        ...(certificateProblem(error.code) === 'untrusted' ? { settingsQuery: 'http.systemCertificates' } : {}),
      };
    case 'network':
    case 'timeout':
      return { label: t('Cannot reach the API ({0})', error.code ?? error.kind), ...none };
    case 'server':
    case 'unavailable':
      return {
        label: error.status ? t('Server error {0} — retry later', error.status) : t('Server error — retry later'),
        ...none,
      };
    default:
      return { label: error.message, ...none };
  }
}

/** A data set's status: `undefined` where the map has no entry (never requested), `null` where the
 * entry is null (Codat's contract allows it: the state is not known). */
export type DataSetStatus = DataStatus | null | undefined;

// The states of a sync that has not ended: until it does, the list answers the one 409 Codat
// documents for "not requested or still syncing".
const RUNNING = new Set([
  'Initial',
  'Queued',
  'Fetching',
  'MapQueued',
  'Mapping',
  'ProcessingQueued',
  'Processing',
  'ValidationQueued',
  'Validating',
]);

/** Whether the data set's latest sync is still running. */
export function isSyncRunning(status: DataSetStatus): boolean {
  return typeof status?.currentStatus === 'string' && RUNNING.has(status.currentStatus);
}

/** A data set's status from `GET /dataStatus`, for its type's node: the state (the API's own word,
 * spaced out as `Map Queued` and not translated: it is what the API documents; "Unknown" where it
 * is null), the day of the last successful sync, and an icon. No status means the data set was
 * never requested. */
export function dataSetStatus(status: DataSetStatus): { state: string; lastSync?: string; icon: string } {
  if (status === undefined) return { state: t('Never requested'), icon: 'circle-outline' };
  // Typed as the API's states, but a server may send any text, an empty one included.
  const current: string | null | undefined = status?.currentStatus;
  const state = typeof current === 'string' && current !== '' ? current : undefined;
  const lastSync =
    typeof status?.lastSuccessfulSync === 'string' && status.lastSuccessfulSync !== ''
      ? status.lastSuccessfulSync.slice(0, 10)
      : undefined;
  const icon =
    state === undefined
      ? 'question'
      : state === 'Complete'
        ? 'check'
        : /Error|Cancelled|NotSupported|PrerequisiteNotMet/.test(state)
          ? 'error'
          : 'sync';
  return {
    state: state === undefined ? t('Unknown') : state.replace(/([a-z])([A-Z])/g, '$1 $2'),
    ...(lastSync ? { lastSync } : {}),
    icon,
  };
}

/** `Complete · 2025-12-30`: a type node's description until its list is loaded. */
export function dataSetDescription(status: DataSetStatus): string {
  const s = dataSetStatus(status);
  return s.lastSync ? t('{0} · {1}', s.state, s.lastSync) : s.state;
}

/** The tooltip lines about a data set: its state, last sync and sync ids. */
export function dataSetTooltip(status: DataSetStatus): string[] {
  const s = dataSetStatus(status);
  const lines = [t('Data set: {0}', s.state)];
  if (s.lastSync) lines.push(t('Last successful sync: {0}', s.lastSync));
  if (typeof status?.latestSyncId === 'string' && status.latestSyncId !== '')
    lines.push(t('Latest sync: {0}', status.latestSyncId));
  return lines;
}
