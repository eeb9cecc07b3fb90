// Export as plain TypeScript (no vscode): what the Export commands and the benchmarks use.
//   exportList(source, recordFormat(format, items), sink, { signal, onProgress, redact })
//   writeFileAtomically(path, (sink) => exportList(…)) for a file that appears only when complete.
export { exportList } from './exportList';
export type { ExportOptions, ExportProgress, ExportSink } from './exportList';
export { tempNameFor, tempPathFor, writeFileAtomically } from './fileSink';
export { EXPORT_FORMATS, formatOfFileName, FORMAT_EXTENSIONS, recordFormat } from './formats';
export type { ExportFormat, ExportItems, RecordFormat } from './formats';
export { CSV_DELIMITERS } from './csv';
export type { CsvDelimiter } from './csv';
export { freeFileName, selectedRecordPages } from './selection';
