// How far a paged walk believes a server, for Load all and Export alike (paging.ts,
// concurrentPages.ts, src/export/exportList.ts): one bound, counted from the first page to the
// last whichever way the pages came (by number or by next link).

/** Pages a walk still follows past what the server announced, for data that grows meanwhile: at
 * least this many, or a tenth more. */
const PAGE_MARGIN = 3;

/**
 * The most records a walk believes a server announces. Past it a walk stops with what it loaded
 * and says why, instead of running until cancelled: a server announcing 10^12 records with ever
 * new ids would otherwise fill memory (Load all keeps every record, an export every id). A million
 * is a few hundred MB of tree rows and about 100 MB of ids, beyond what an explorer is for; a list
 * that large is narrowed with a query.
 */
export const MAX_WALK_RECORDS = 1_000_000;

interface PageBound {
  /** Pages the walk believes there are: what the server announced, at most MAX_WALK_RECORDS' worth. */
  announced: number;
  /** Pages after which the walk stops. */
  limit: number;
  /** True when the server announced more than the cap: the walk stops there, with no margin. */
  capped: boolean;
}

/** The bound of a walk from a page's `totalResults` and `pageSize`; undefined when they are not
 * counts. `maxRecords` is MAX_WALK_RECORDS but in tests. */
export function pageBound(
  totalResults: number,
  pageSize: number,
  maxRecords = MAX_WALK_RECORDS,
): PageBound | undefined {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) return undefined;
  // A total beyond 2^53 is no exact count, but it is certainly past the cap.
  const capped = totalResults > maxRecords;
  if (!capped && (!Number.isSafeInteger(totalResults) || totalResults < 0)) return undefined;
  const announced = Math.ceil(Math.min(totalResults, maxRecords) / pageSize);
  return {
    announced,
    limit: capped ? announced : announced + Math.max(PAGE_MARGIN, Math.ceil(announced / 10)),
    capped,
  };
}
