// The paths of what the extension follows after the request that started it (a push, a sync, the
// data status it polls): the names its errors, log lines and diagnostics give a poll. Encoded as
// the client sends them, never refused: they label ids the server gave back. The requests
// themselves are built, ids checked, in requests.ts, pushes.ts and syncs.ts.
const segment = encodeURIComponent;

const companyPath = (companyId: string): string => `/companies/${segment(companyId)}`;

/** A company's push history. */
export const pushHistoryPath = (companyId: string): string => `${companyPath(companyId)}/push`;

/** One push operation, as it is polled. */
export const pushOperationPath = (companyId: string, key: string): string =>
  `${pushHistoryPath(companyId)}/${segment(key)}`;

/** The push of a data type through a connection, as it was sent. */
export const pushPath = (companyId: string, connectionId: string, dataType: string): string =>
  `${companyPath(companyId)}/connections/${segment(connectionId)}/push/${segment(dataType)}`;

/** One pull operation (a sync), as it is polled. */
export const pullOperationPath = (companyId: string, datasetId: string): string =>
  `${companyPath(companyId)}/data/history/${segment(datasetId)}`;

export const dataStatusPath = (companyId: string): string => `${companyPath(companyId)}/dataStatus`;
