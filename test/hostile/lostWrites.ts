// The fault matrix's writes that are looked up when their answer is lost (issue 30, items 2 and 3):
// Create company and Push, each as its command does it (issue 32's in connectionColumns.ts). A
// write is never retried; after an answer lost to a timeout, a dropped connection, an unreadable
// body or a gateway's 5xx, the companies list or the push history is read, and a write found there
// (a push: one whose record holds what was sent) is the command's success, with nothing sent again.
// The user's retry after a lost answer looks again first (the command asks before sending), so a
// write the server did is never made twice: a row whose fault lets the write through (`applied`)
// must end with it made once.
import * as assert from 'node:assert/strict';
import { isApiError, type ApiError } from '../../src/api/errors';
import { answerLost, findLostCompany, findLostPush, type SentPush } from '../../src/push/lostPush';
import type { RunningEmulator } from '../emulator';
import { VALID_BODIES } from '../support/pushBodies';
import type { Column, World } from './matrixColumns';

/** What one write is: its POST, how it is looked up after a lost answer, how many it made. */
interface LostWrite {
  /** The state the user is in before the write (a connection to re-authorize is Deauthorized). */
  before?(w: World): Promise<void>;
  post(w: World, signal?: AbortSignal): Promise<unknown>;
  /** Whether the history holds this write, sent at `sentAt`. */
  find(w: World, sentAt: Date): Promise<boolean>;
  /** How many records (companies, pushes) the writes made; for a change, 1 once it is made. A delete
   * has none: a 2xx to it with a body it never reads is its success, done or not. */
  made?(w: World): Promise<number>;
}

/** A write (a POST, or a PUT, PATCH or DELETE sent once) looked up after a lost answer. */
export function lostWriteColumn(
  name: string,
  path: (emu: RunningEmulator) => string,
  write: LostWrite,
  method: Column['method'] = 'POST',
  noContent = false,
): Column {
  return {
    name,
    method,
    noContent,
    recoversLost: true,
    path,
    async prepare(w) {
      await write.before?.(w);
      let calls = 0;
      /** When the write whose answer was lost was sent, while it is not found. */
      let uncertain: Date | undefined;
      const pattern = new RegExp(path(w.emu));
      const once = async (signal?: AbortSignal): Promise<ApiError | undefined> => {
        // As the command: a write that may have been done is looked for before it is sent again.
        if (uncertain && (await write.find(w, uncertain))) return (uncertain = undefined);
        const sentAt = new Date();
        try {
          await write.post(w, signal);
          uncertain = undefined;
          return undefined;
        } catch (e) {
          if (!isApiError(e)) throw e;
          // As the command: a refusal after an earlier lost try looks for that try once more (a
          // delete settled meanwhile answers this one 404).
          if (!answerLost(e)) return uncertain && (await write.find(w, uncertain)) ? (uncertain = undefined) : e;
          if (await write.find(w, sentAt)) return (uncertain = undefined);
          uncertain = sentAt;
          return e;
        }
      };
      return {
        run: (signal) => {
          calls++;
          return w.progress.run(async () => {
            const error = await once(signal);
            if (error && error.kind !== 'cancelled') w.p.report(error, { prompt: false });
            return error;
          });
        },
        check() {
          // A write is never retried: the emulator saw at most one per command (a slow one is
          // logged only once it is answered).
          const sent = w.emu.requests.entries().filter((r) => r.method === method && pattern.test(r.path)).length;
          assert.ok(sent <= calls, `${name}: ${sent} ${method}s for ${calls} commands`);
        },
        ...(write.made ? { made: () => write.made?.(w) ?? Promise.resolve(0) } : {}),
        idle: () => true,
      };
    },
  };
}

const COMPANY = 'Matrix company';

export const createCompanyColumn = lostWriteColumn('create company', () => '^/companies$', {
  post: (w, signal) => w.client.createCompany({ name: COMPANY }, { signal }),
  find: async (w, sentAt) =>
    (await findLostCompany((p) => w.client.listCompanies(p), { name: COMPANY, sentAt })) !== undefined,
  made: async (w) => (await w.client.listCompanies({ query: `name=${COMPANY}` })).totalResults,
});

const pushed = (w: World, sentAt: Date): SentPush => ({
  companyId: w.emu.companies.empty,
  connectionId: w.emu.connections.empty[0],
  dataType: 'invoices',
  sentAt,
  body: VALID_BODIES.invoices,
});

export const pushColumn = lostWriteColumn(
  'push record',
  (emu) => `^/companies/${emu.companies.empty}/connections/[^/]+/push/invoices$`,
  {
    post: (w, signal) => {
      const { companyId, connectionId, body } = pushed(w, new Date());
      return w.client.pushRecord(companyId, connectionId, 'invoices', body, {}, { signal });
    },
    find: async (w, sentAt) => {
      const sent = pushed(w, sentAt);
      const found = await findLostPush((p) => w.client.listPushOperations(sent.companyId, p), sent, {
        readRecord: (id) => w.client.getRecord('invoices', sent.companyId, id),
      });
      return found.found === 'ours';
    },
    made: async (w) => (await w.client.listPushOperations(w.emu.companies.empty, {})).totalResults,
  },
);
