// The API emulator: a local server of the Data Platform API, held to Codat's published contract
// (README), for running, demonstrating and testing the extension with no account and no network.
// Never bundled into the extension.
export { startEmulator } from './server';
export { isLoopbackHost } from './http';
export { ADMIN_PREFIX, ADMIN_TOKEN_HEADER } from './handler';
export type { EmulatorOptions, RunningEmulator } from './server';
export type { DemoKeys, WellKnownCompanies } from './state';
export { SYNC_DURATION_MS, MAX_API_KEYS } from './state';
export { DATA_TYPES } from './dataTypes';
export { FaultController, FAULT_KINDS } from './faults';
export type { FaultRule, FaultEntry, FaultKind } from './faults';
export { RequestLog } from './requestLog';
export type { RequestLogEntry } from './requestLog';
export { invoicesGenerated } from './invoices';
export { columnsBuilt } from './invoiceColumns';
export { recordsBuilt } from './recordListing';
export { sanitiseCompanyName } from './companyName';
export { PUSH_DATA_TYPES } from './pushOptions';
export { DEFAULT_PUSH_DELAY_MS } from './pushOperations';
export { PushRules, PushRuleError } from './pushRules';
export type { PushRule, PushRuleEntry } from './pushRules';
