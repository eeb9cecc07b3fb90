// One check both data type suites make of every type: Export… on a list node writes, as CSV, every
// record the API has at the list's place, each field as the export writes it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DataRecord, PlaceArg } from '../../src/api';
import type { DataPlatformClient } from '../../src/api/client';
import type { ExportResult } from '../../src/commands/export';
import type { DataTypeSpec } from '../../src/dataTypes/catalog';
import type { DataPlatformApi } from '../../src/testApi';
import type { TreeNode } from '../../src/tree/node';
import { asExported, dataTypeColumnTypes, readExport } from '../support/csv';
import { answering } from './helpers';

export async function exportsEveryRecord(
  api: DataPlatformApi,
  emu: DataPlatformClient,
  node: TreeNode,
  spec: DataTypeSpec,
  place: PlaceArg,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dp-types-export-'));
  try {
    const uri = vscode.Uri.file(join(dir, `${spec.id}.csv`));
    const result = await answering(api, [uri], () =>
      vscode.commands.executeCommand<ExportResult>('dataPlatform.exportRecords', node),
    );
    const want: DataRecord[] = [];
    for await (const r of emu.allRecords(spec.id, place, { pageSize: 5000 })) want.push(r);
    assert.ok(want.length > 0, `the company has ${spec.id}`);
    assert.deepEqual(result, { outcome: 'written', uri, written: want.length });
    assert.deepEqual(
      readExport(readFileSync(uri.fsPath, 'utf8'), 'csv', dataTypeColumnTypes(spec)),
      asExported(want, 'csv', dataTypeColumnTypes(spec)),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
