// A quick pick of the data types of the catalog, in its order, Invoices highlighted: the step of
// Run Query… and Open JSON… that asks which type.
import * as vscode from 'vscode';
import type { DataTypeId, DataTypeSpec } from '../dataTypes/catalog';
import { typesAt } from '../tree/typePlaces';
import { typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import { chooseFrom } from './prompt';
import { createQuickPick } from './quickPicks';

interface TypeItem extends vscode.QuickPickItem {
  type: DataTypeId;
}

/** The picked type of `types` (the company's), or undefined when the pick was dismissed. */
export function pickDataType(
  title: string,
  preselect: DataTypeId = 'invoices',
  types: readonly DataTypeSpec[] = typesAt(),
): Promise<DataTypeId | undefined> {
  const pick = createQuickPick<TypeItem>();
  pick.title = title;
  pick.placeholder = t('Type to filter the data types');
  pick.ignoreFocusOut = true;
  // The segment as a description: the name the API and its documentation use.
  pick.items = types.map((d) => ({ label: typeTitle(d.id), description: d.id, type: d.id }));
  pick.activeItems = pick.items.filter((i) => i.type === preselect);
  return chooseFrom(pick, (item) => item.type);
}
