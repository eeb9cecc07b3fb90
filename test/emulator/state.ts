// The emulator's mutable world: accounts and their keys, companies, data sets (one per data type)
// and syncs. Seeded at construction and on reset(); what depends on time reads the injected clock.
import type {
  ApiKeyDetails,
  Company,
  CompanySyncSettings,
  CreateCompanyRequest,
  DataStatusMap,
  PullOperation,
} from './wire';
import {
  FREE_TRIAL_COMPANY_LIMIT,
  type AccountName,
  type SeededCompany,
  type WellKnownName,
  invoicesAfterFirstSync,
  redirectUrl,
  seedCompanies,
} from './companies';
import { AttachmentStore } from './attachments';
import { type Dataset, statusKey, statusOf, supports } from './dataSets';
import { type Books, DATA_TYPES } from './dataTypes';
import type { InvoiceSource } from './invoices';
import { PullStore, seededPulls, seededSyncId } from './pullOperations';
import { PushStore } from './pushOperations';
import { Random } from './random';
import { RecordCache } from './recordListing';
import { syncCompleted } from './webhooks/hub';

export type { AccountName } from './companies';

// A type alias, not an interface: its implicit index signature makes Object.values() string[].
export type DemoKeys = { normal: string; freeTrial: string; expired: string; outdated: string };

export type WellKnownCompanies = Record<WellKnownName, string>;

export const MAX_API_KEYS = 10;
/** How long a queued sync takes on the injected clock, unless the emulator's options say otherwise. */
export const SYNC_DURATION_MS = 3000;
export { DATA_TYPES } from './dataTypes';

export interface CompanyEntry {
  company: Company;
  account: AccountName;
  currency: string;
  platform: string;
  /** One data set per data type, keyed by its name; made on first use (datasetOf). */
  datasets: Map<string, Dataset>;
  /** What a seeded company's data sets start from; created companies start not requested. */
  seeded?: SeededCompany;
  /** Invoices it has, or will have once its first sync completes: what sizes its other types. */
  bookSize: number;
  wellKnown?: WellKnownName;
  /** Its sync settings once read or set (syncSettings.ts makes the defaults). */
  syncSettings?: CompanySyncSettings;
}

interface KeyEntry extends ApiKeyDetails {
  account: AccountName;
}

export type Authentication = { kind: 'ok'; account: AccountName } | { kind: 'outdated' } | { kind: 'unknown' };

export interface StateOptions {
  seed: number;
  invoices: number;
  companies: number;
  now: () => Date;
  /** Served as the `few` company's invoices instead of its generated ones. */
  fewInvoices?: readonly object[];
  /** How long a push takes by default, on the clock (pushOperations.ts). */
  pushDelayMs?: number;
  /** How long a queued sync runs, on the clock (default SYNC_DURATION_MS). */
  syncDurationMs?: number;
}

export class EmulatorState {
  readonly keys: DemoKeys;
  readonly wellKnown: WellKnownCompanies;
  private readonly seeded: SeededCompany[];
  private companies = new Map<string, CompanyEntry>();
  private order = new Map<AccountName, string[]>();
  private apiKeys: KeyEntry[] = [];
  /** Every company's pull operations: its sync history. */
  private readonly pulls = new PullStore((id) => {
    const seeded = this.companies.get(id)?.seeded;
    return seeded ? seededPulls(this.options.seed, seeded) : [];
  });
  private counter = 0;
  private generation = 0; // resets so far (nextRandom)
  /** Whole record lists of the other data types, for filters and sorts (pure, so never reset). */
  readonly records = new RecordCache();
  /** Push operations, the records they created and the rules that decide the next pushes. */
  readonly pushes: PushStore;
  /** Files added to records and deleted by this run (attachments.ts). */
  readonly attachments = new AttachmentStore();

  constructor(private readonly options: StateOptions) {
    const r = Random.of(options.seed, 'demo-keys');
    // Public fake keys; the prefix makes their role obvious in a demo.
    this.keys = {
      normal: `emu-normal-${r.alphanumeric(29)}`,
      freeTrial: `emu-trial-${r.alphanumeric(30)}`,
      expired: `emu-expired-${r.alphanumeric(28)}`,
      outdated: `emu-outdated-${r.alphanumeric(27)}`,
    };
    this.seeded = seedCompanies(options);
    const wellKnown: Partial<WellKnownCompanies> = {};
    for (const s of this.seeded) if (s.wellKnown) wellKnown[s.wellKnown] = s.company.id;
    this.wellKnown = wellKnown as WellKnownCompanies;
    this.pushes = new PushStore(options.seed, options.now, options.pushDelayMs);
    this.reset();
  }

  get seed(): number {
    return this.options.seed;
  }

  private nowMs(): number {
    return this.options.now().getTime();
  }

  /** The clock's time (or `ms`) as an ISO instant. */
  iso(ms = this.nowMs()): string {
    return new Date(ms).toISOString();
  }

  /** Deterministic ids for things created at run time: same seed, same calls → same ids; never one
   * twice in a run, resets included, as a real server (a client remembering ids would mix them up). */
  nextRandom(label: string): Random {
    return Random.of(this.options.seed, 'runtime', this.generation, label, this.counter++);
  }

  reset(): void {
    this.counter = 0;
    this.generation++;
    this.companies.clear();
    this.pulls.reset();
    this.pushes.reset();
    this.attachments.reset();
    this.order = new Map([
      ['normal', []],
      ['freeTrial', []],
      ['expired', []],
    ]);
    for (const s of this.seeded) {
      const company = structuredClone(s.company);
      const kind = s.dataset.kind;
      const bookSize =
        kind === 'complete'
          ? s.dataset.count
          : kind === 'notRequested'
            ? invoicesAfterFirstSync(this.options.seed, company.id)
            : 0;
      this.add({
        company,
        account: s.account,
        currency: s.currency,
        platform: s.platform,
        datasets: new Map(),
        seeded: s,
        bookSize,
        wellKnown: s.wellKnown,
      });
    }
    this.apiKeys = (['normal', 'freeTrial', 'expired'] as const).map((account) => ({
      account,
      id: Random.of(this.options.seed, 'demo-key-id', account).uuid(),
      name: 'Emulator demo key',
      apiKey: this.keys[account],
      createdDate: '2021-03-01T09:00:00Z',
    }));
  }

  /** A seeded company's data set of a type starts as its invoices do, unless its platform lacks the type. */
  private seededDataset(s: SeededCompany, type: string): Dataset {
    const dataset: Dataset = { state: 'notRequested', count: 0 };
    const syncId = seededSyncId(this.options.seed, s.company.id, type);
    if (s.dataset.kind === 'unsupported' || !supports(s.platform, type, s.wellKnown)) {
      dataset.state = 'unsupported';
    } else if (s.dataset.kind === 'complete') {
      const count = type === 'invoices' ? s.dataset.count : 0;
      Object.assign(dataset, {
        state: 'ready',
        count,
        lastSuccessfulSync: s.company.lastSync,
        latestSuccessfulSyncId: syncId,
      });
    } else if (s.dataset.kind === 'syncing') {
      const op = this.operation(s.company.id, type, Date.UTC(2025, 11, 31, 5, 0, 0), syncId);
      op.status = 'Fetching';
      op.progress = 40;
      dataset.running = { op, countAfter: 0 };
    }
    return dataset;
  }

  private add(entry: CompanyEntry): void {
    this.companies.set(entry.company.id, entry);
    this.order.get(entry.account)?.push(entry.company.id);
  }

  // ---- keys ---------------------------------------------------------------------------------

  authenticate(key: string): Authentication {
    if (key === this.keys.outdated) return { kind: 'outdated' };
    const entry = this.apiKeys.find((k) => k.apiKey === key);
    return entry ? { kind: 'ok', account: entry.account } : { kind: 'unknown' };
  }

  isExpired(account: AccountName): boolean {
    return account === 'expired';
  }

  listApiKeys(account: AccountName): ApiKeyDetails[] {
    return this.apiKeys.filter((k) => k.account === account).map(({ account: _account, ...details }) => details);
  }

  createApiKey(account: AccountName, name: string | undefined): ApiKeyDetails | 'limit' {
    if (this.apiKeys.filter((k) => k.account === account).length >= MAX_API_KEYS) return 'limit';
    const r = this.nextRandom('api-key');
    const entry: KeyEntry = { account, id: r.uuid(), apiKey: r.alphanumeric(40), createdDate: this.iso() };
    if (name !== undefined) entry.name = name;
    this.apiKeys.push(entry);
    const { account: _account, ...details } = entry;
    return details;
  }

  deleteApiKey(account: AccountName, id: string): boolean {
    const i = this.apiKeys.findIndex((k) => k.account === account && k.id === id);
    if (i < 0) return false;
    this.apiKeys.splice(i, 1);
    return true;
  }

  // ---- companies ----------------------------------------------------------------------------

  companiesOf(account: AccountName): Company[] {
    return (this.order.get(account) ?? []).map((id) => (this.companies.get(id) as CompanyEntry).company);
  }

  find(companyId: string): CompanyEntry | undefined {
    return this.companies.get(companyId);
  }

  createCompany(account: AccountName, request: CreateCompanyRequest): Company | 'limit' {
    if (account === 'freeTrial' && this.companiesOf(account).length >= FREE_TRIAL_COMPANY_LIMIT) return 'limit';
    const r = this.nextRandom('company');
    const id = r.uuid();
    const company: Company = { id, name: request.name, redirect: redirectUrl(id) };
    if (request.description !== undefined) company.description = request.description;
    company.created = this.iso();
    if (request.tags !== undefined) company.tags = { ...request.tags };
    company.products = [];
    company.dataConnections = [];
    this.add({
      company,
      account,
      currency: r.pick(['GBP', 'USD', 'EUR']),
      platform: 'Sandbox',
      datasets: new Map(),
      bookSize: invoicesAfterFirstSync(this.options.seed, id),
    });
    return company;
  }

  /** The company and everything under it go: its data sets, syncs, pushes and connections. */
  deleteCompany(entry: CompanyEntry): void {
    const id = entry.company.id;
    this.companies.delete(id);
    this.order.set(entry.account, this.order.get(entry.account)?.filter((c) => c !== id) ?? []);
    this.pulls.forget(id);
    this.pushes.forget(id);
    this.attachments.forget(id);
  }

  invoiceSource(entry: CompanyEntry): InvoiceSource {
    const source = {
      seed: this.options.seed,
      companyId: entry.company.id,
      count: this.settle(entry).count,
      currency: entry.currency,
    };
    const records = entry.wellKnown === 'few' ? this.options.fewInvoices : undefined;
    return records ? { ...source, count: records.length, records } : source;
  }

  /** What the company's records of every type are generated from: its invoices as a sync brings them. */
  books(entry: CompanyEntry): Books {
    const invoices: InvoiceSource = {
      seed: this.options.seed,
      companyId: entry.company.id,
      count: entry.bookSize,
      currency: entry.currency,
    };
    const records = entry.wellKnown === 'few' ? this.options.fewInvoices : undefined;
    return {
      seed: this.options.seed,
      companyId: entry.company.id,
      currency: entry.currency,
      invoices: records ? { ...invoices, count: records.length, records } : invoices,
    };
  }

  // ---- data sets and syncs ------------------------------------------------------------------

  /** Completes the company's running syncs whose time has come, then returns the type's data set. */
  settle(entry: CompanyEntry, type = 'invoices'): Readonly<Dataset> {
    for (const d of DATA_TYPES.map((t) => this.datasetOf(entry, t))) {
      const run = d.running;
      if (run && run.completesAt !== undefined && this.nowMs() >= run.completesAt) {
        const completed = this.iso(run.completesAt);
        Object.assign(run.op, { status: 'Complete', completed, progress: 100, isCompleted: true });
        syncCompleted(this, entry, run, d);
        Object.assign(d, {
          state: 'ready',
          count: run.countAfter,
          lastSuccessfulSync: completed,
          latestSuccessfulSyncId: run.op.id,
          running: undefined,
        });
        if (!entry.company.lastSync || entry.company.lastSync < completed) entry.company.lastSync = completed;
        const connection = entry.company.dataConnections?.find((c) => c.id === run.op.connectionId);
        if (connection && (!connection.lastSync || connection.lastSync < completed)) connection.lastSync = completed;
      }
    }
    return this.datasetOf(entry, type);
  }

  /** The company's data set of a type, made from its seeded state on first use so a reset stays cheap. */
  private datasetOf(entry: CompanyEntry, type: string): Dataset {
    let d = entry.datasets.get(type);
    if (!d) {
      if (!DATA_TYPES.includes(type)) throw new Error(`no data type ${type}`);
      d = entry.seeded ? this.seededDataset(entry.seeded, type) : { state: 'notRequested', count: 0 };
      entry.datasets.set(type, d);
    }
    return d;
  }

  private operation(companyId: string, dataType: string, requestedMs: number, id: string): PullOperation {
    const op: PullOperation = {
      id,
      companyId,
      dataType,
      status: 'Queued',
      requested: this.iso(requestedMs),
      progress: 0,
      isCompleted: false,
      isErrored: false,
    };
    this.pulls.add(op);
    return op;
  }

  /**
   * Queues a sync of one data type through a connection (the company's first unless named). A sync
   * already running is returned as is; a ready data set keeps serving its data until the new sync completes.
   */
  queueSync(
    entry: CompanyEntry,
    type = 'invoices',
    connectionId = entry.company.dataConnections?.[0]?.id,
  ): PullOperation {
    this.settle(entry);
    const d = this.datasetOf(entry, type);
    if (d.running) return { ...d.running.op };
    const op = this.operation(entry.company.id, statusKey(type), this.nowMs(), this.nextRandom('sync').uuid());
    if (connectionId) op.connectionId = connectionId;
    const countAfter = d.state === 'ready' || type !== 'invoices' ? d.count : entry.bookSize;
    d.running = { op, completesAt: this.nowMs() + (this.options.syncDurationMs ?? SYNC_DURATION_MS), countAfter };
    const answer = { ...op };
    // Reported as fetching from now on, so dataStatus and history show progress.
    Object.assign(op, { status: 'Fetching', progress: 50 });
    return answer;
  }

  operationOf(entry: CompanyEntry, id: string): PullOperation | undefined {
    this.settle(entry);
    return this.pulls.find(entry.company.id, id);
  }

  /** The company's pull operations, the most recently requested first, its due syncs settled. */
  pullHistory(entry: CompanyEntry): readonly PullOperation[] {
    this.settle(entry);
    return this.pulls.history(entry.company.id);
  }

  /** Every data type that was ever requested (or is not supported), in the type table's order. */
  dataStatus(entry: CompanyEntry): DataStatusMap {
    this.settle(entry);
    const map: DataStatusMap = {};
    for (const type of DATA_TYPES) {
      const status = statusOf(type, this.datasetOf(entry, type));
      if (status) map[status.dataType] = status;
    }
    return map;
  }
}
