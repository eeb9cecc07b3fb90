// The writes of records (Codat's Accounting API): a create (`POST …/push/{type}`, what it takes at
// `…/options/{type}`), an update (`PUT …/push/{type}/{id}`) and a delete (`DELETE …/push/{type}/{id}`),
// each answered with a push operation and sent once, never retried: a write whose answer was lost
// may still have been taken, so the caller reads the push history before offering to send it again.
// A type whose contract lacks the write is refused before anything is sent (the catalog's `writes`).
import type { DataTypeId } from '../dataTypes/catalog';
import type { PushOperation, PushOption } from './models';
import {
  deleteRecordRequest,
  isPushOperation,
  isPushOption,
  pushOptionsRequest,
  pushRequest,
  updateRecordRequest,
  type PushParams,
  type PushPlace,
  type UpdateParams,
} from './pushes';
import type { PreparedRequest } from './requests';
import type { ApiSession } from './session';
import type { CallOptions } from './transportOptions';

const OPERATION = { accept: isPushOperation, expected: 'a push operation' } as const;

export class PushesApi {
  constructor(private readonly session: ApiSession) {}

  /** The fields a create of `type` through the connection takes. */
  options(place: PushPlace, type: DataTypeId, options?: CallOptions): Promise<PushOption> {
    const request = pushOptionsRequest(place, type);
    return this.session.send({ ...request, accept: isPushOption, expected: 'push options' }, options);
  }

  /** What `create` sends. */
  createRequest(
    place: PushPlace,
    type: DataTypeId,
    body: Record<string, unknown>,
    params?: PushParams,
  ): PreparedRequest {
    return this.session.prepared(pushRequest(place, type, body, params));
  }
  /** Pushes one new record: Pending, Failed with its validation, or already settled. */
  create(
    place: PushPlace,
    type: DataTypeId,
    body: Record<string, unknown>,
    params: PushParams = {},
    options?: CallOptions,
  ): Promise<PushOperation> {
    const request = pushRequest(place, type, body, params);
    // The body is the user's own input: an error keeps it, so its entry can be copied as cURL.
    return this.session.send({ ...request, once: true, shareBody: true, ...OPERATION }, options);
  }

  /** What `update` sends. */
  updateRequest(
    place: PushPlace,
    type: DataTypeId,
    recordId: string,
    body: Record<string, unknown>,
    params?: UpdateParams,
  ): PreparedRequest {
    return this.session.prepared(updateRecordRequest(place, type, recordId, body, params));
  }
  /** Replaces the record with `body`, through a push operation. */
  update(
    place: PushPlace,
    type: DataTypeId,
    recordId: string,
    body: Record<string, unknown>,
    params: UpdateParams = {},
    options?: CallOptions,
  ): Promise<PushOperation> {
    const request = updateRecordRequest(place, type, recordId, body, params);
    return this.session.send({ ...request, once: true, shareBody: true, ...OPERATION }, options);
  }

  /** What `delete` sends. */
  deleteRequest(place: PushPlace, type: DataTypeId, recordId: string): PreparedRequest {
    return this.session.prepared(deleteRecordRequest(place, type, recordId));
  }
  /** Deletes the record from the platform, through a push operation. */
  delete(place: PushPlace, type: DataTypeId, recordId: string, options?: CallOptions): Promise<PushOperation> {
    const request = deleteRecordRequest(place, type, recordId);
    return this.session.send({ ...request, once: true, ...OPERATION }, options);
  }
}
