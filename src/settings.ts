// The extension's settings (package.json's `dataPlatform.*`), read where they are used so a change
// applies to the next request without a reload.
import * as vscode from 'vscode';
import { confirmWritesOf, type ConfirmWrites } from './accounts/environment';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './api';
import { CSV_DELIMITERS, EXPORT_FORMATS, type CsvDelimiter, type ExportFormat } from './export';

/** Pages Load all asks for at once: 1 walks the next links one by one. */
const DEFAULT_LOAD_ALL_CONCURRENCY = 4;
const MAX_LOAD_ALL_CONCURRENCY = 8;

/** A whole-number setting clamped to 1–`max`; anything else (a hand-edited 2.5, "x") is the default. */
function wholeSetting(name: string, fallback: number, max: number): number {
  const n = Number(vscode.workspace.getConfiguration('dataPlatform').get<number>(name) ?? fallback);
  return Number.isInteger(n) ? Math.min(max, Math.max(1, n)) : fallback;
}

export function pageSize(): number {
  return wholeSetting('pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
}

/** Seconds a request may take before it fails as timed out (each attempt of it). */
const DEFAULT_REQUEST_TIMEOUT_S = 30;
const MAX_REQUEST_TIMEOUT_S = 600;

export function requestTimeoutMs(): number {
  return wholeSetting('requestTimeout', DEFAULT_REQUEST_TIMEOUT_S, MAX_REQUEST_TIMEOUT_S) * 1000;
}

export function loadAllConcurrency(): number {
  return wholeSetting('loadAllConcurrency', DEFAULT_LOAD_ALL_CONCURRENCY, MAX_LOAD_ALL_CONCURRENCY);
}

/** Records a list shows in the tree at most (Load all may hold more): VS Code's tree takes seconds
 * to show tens of thousands of rows (docs/performance.md, "Big lists in the tree"). */
const DEFAULT_MAX_TREE_ROWS = 5_000;
const MAX_MAX_TREE_ROWS = 1_000_000;

export function maxTreeRows(): number {
  return wholeSetting('maxTreeRows', DEFAULT_MAX_TREE_ROWS, MAX_MAX_TREE_ROWS);
}

/** The CSV delimiter (dataPlatform.export.csvDelimiter): `,`, `;` or a tab; anything else is `,`. */
export function csvDelimiter(): CsvDelimiter {
  const value = vscode.workspace.getConfiguration('dataPlatform').get<string>('export.csvDelimiter');
  return CSV_DELIMITERS.find((d) => d === value) ?? ',';
}

/** The format Export writes without asking (dataPlatform.export.defaultFormat); undefined for `ask`
 * (the default) or anything that is not a format. */
export function defaultExportFormat(): ExportFormat | undefined {
  const value = vscode.workspace.getConfiguration('dataPlatform').get<string>('export.defaultFormat');
  return EXPORT_FORMATS.find((f) => f === value);
}

/** Which accounts ask before a write (`dataPlatform.confirmWrites`); application-wide. */
export function confirmWrites(): ConfirmWrites {
  return confirmWritesOf(vscode.workspace.getConfiguration('dataPlatform').get<unknown>('confirmWrites'));
}

/** A download stops at this size (dataPlatform.downloads.maxSizeMB), so no answer can fill the disk
 * or a viewer: 50 MB by default. */
const DEFAULT_DOWNLOAD_MAX_MB = 50;
const MAX_DOWNLOAD_MAX_MB = 10_240;

export function maxDownloadBytes(): number {
  return wholeSetting('downloads.maxSizeMB', DEFAULT_DOWNLOAD_MAX_MB, MAX_DOWNLOAD_MAX_MB) * 1024 * 1024;
}
