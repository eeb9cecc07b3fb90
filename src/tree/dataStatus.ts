// A company's data set statuses (`GET /dataStatus`): one request per company, shared by all its
// data type nodes, each of which shows its own type's status. Loaded in the background when the
// company expands, so expanding never waits for it and never fetches records.
import { isApiError, isCancellation, type Company, type DataStatus, type DataStatusMap } from '../api';
import { dataType, statusKeys, type DataTypeId } from '../dataTypes/catalog';
import type { DataSetStatus } from '../format/labels';
import type { TreeContext } from './context';

/** A type's status in the map: under Codat's key, else under the path segment (our seed spec's
 * server keys the chart of accounts `accounts`); null where the map says null. */
export function statusOfType(map: DataStatusMap, type: DataTypeId): DataSetStatus {
  for (const key of statusKeys(dataType(type))) {
    if (Object.prototype.hasOwnProperty.call(map, key)) return map[key];
  }
  return undefined;
}

type DataStatusState = 'idle' | 'loading' | 'loaded' | 'failed';

export class CompanyDataStatus {
  private current: DataStatusState = 'idle';
  private map?: DataStatusMap;
  private failure?: Error;
  private controller?: AbortController;
  /** Settles when the load in flight does (either way). */
  private loading?: Promise<void>;
  private disposed = false;

  /** `changed` re-renders what shows the statuses (the company's type nodes). */
  constructor(
    private readonly ctx: TreeContext,
    readonly company: Company,
    private readonly changed: () => void,
  ) {}

  get state(): DataStatusState {
    return this.current;
  }

  /** Why the statuses could not be had, once failed. */
  get error(): Error | undefined {
    return this.failure;
  }

  /** The type's status once loaded; undefined also when the API lists none (never requested). */
  of(type: DataTypeId): DataStatus | null | undefined {
    return this.map && statusOfType(this.map, type);
  }

  /** Starts the fetch if need be and waits for it to settle: a 409 reads by the data status. */
  async settled(): Promise<void> {
    this.ensureLoaded();
    await this.loading;
  }

  /** Starts the fetch once; later calls do nothing until refresh. */
  ensureLoaded(): void {
    if (this.current !== 'idle' || this.disposed) return;
    const client = this.ctx.client();
    if (!client) return;
    this.current = 'loading';
    // Only the latest request may settle the statuses: refresh and dispose abort the one in
    // flight, and an answer arriving after that is dropped.
    const controller = new AbortController();
    this.controller = controller;
    this.loading = client.getDataStatus(this.company.id, { signal: controller.signal }).then(
      (map) => {
        if (this.controller !== controller) return;
        this.controller = undefined;
        this.map = map;
        this.current = 'loaded';
        this.changed();
      },
      (e: unknown) => {
        if (this.controller !== controller) return;
        this.controller = undefined;
        if (isCancellation(e)) {
          this.current = 'idle';
        } else {
          this.current = 'failed';
          this.failure = e instanceof Error ? e : new Error(String(e));
          if (isApiError(e)) this.ctx.report(e);
        }
        this.changed();
      },
    );
  }

  refresh(): void {
    this.abort();
    this.current = 'idle';
    this.map = undefined;
    this.failure = undefined;
    this.ensureLoaded();
    this.changed();
  }

  /** The company left the tree: its request is aborted and nothing is reported for it. */
  dispose(): void {
    this.disposed = true;
    this.abort();
  }

  private abort(): void {
    const controller = this.controller;
    this.controller = undefined;
    controller?.abort();
  }
}
