// Every suite `npm run bench` runs, in order: the goals of issue 11 first (Load all, of invoices and
// of a list served per connection (issue 34), deep pages
// and memory, the emulator, bundle and activation), big lists in the workbench (issue 21), a big
// list as a table and a report's page (issue 35), then
// the hot paths of the extension, and a 200 MB download against curl (issue 33).
import { bigTreeSuite } from './bigTree.bench';
import { diagnosticsSuite } from './diagnostics.bench';
import { downloadSuite } from './download.bench';
import { emulatorPageSuite } from './emulatorPage.bench';
import { errorsSuite } from './errors.bench';
import { formatSuite } from './format.bench';
import type { Suite } from './harness';
import { hugeErrorSuite } from './hugeError.bench';
import { loadAllSuite } from './loadAll.bench';
import { loadAllConnectionSuite } from './loadAllConnection.bench';
import { packageSuite } from './package.bench';
import { pagesSuite } from './pages.bench';
import { pagingSuite } from './paging.bench';
import { querySuite } from './query.bench';
import { redactSuite } from './redact.bench';
import { tableViewSuite } from './tableView.bench';

export const SUITES: readonly Suite[] = [
  loadAllSuite(100),
  loadAllSuite(0),
  loadAllConnectionSuite(100),
  loadAllConnectionSuite(0),
  pagesSuite,
  redactSuite,
  emulatorPageSuite,
  packageSuite,
  bigTreeSuite,
  tableViewSuite,
  querySuite,
  pagingSuite,
  errorsSuite,
  formatSuite,
  diagnosticsSuite,
  hugeErrorSuite,
  downloadSuite,
];
