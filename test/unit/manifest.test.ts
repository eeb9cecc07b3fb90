// The manifest's menus, palette and keys, held to rules (not to a list of today's commands), so a
// command added later is checked too. The nodes a menu may show on are every contextValue the tree
// can produce (test/support/contextValues.ts); what a command needs of a node is NODE_COMMANDS.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  attachmentContext,
  attachmentsContext,
  companyContext,
  listContext,
  NODE_COMMANDS,
  recordContext,
  SELECTION_KEY,
} from '../../src/tree/contextValues';
import { DATA_TYPE_IDS, DATA_TYPES, type DataTypeId } from '../../src/dataTypes/catalog';
import { everyContextValue } from '../support/contextValues';
import { evaluateWhen, regexesOf } from '../support/whenClause';

interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}
interface Manifest {
  contributes: {
    commands: { command: string; icon?: string }[];
    menus: Record<string, MenuEntry[]>;
    keybindings?: { command: string; key: string; mac?: string; when?: string; args?: unknown }[];
  };
}

const VIEW = 'dataPlatform.companies';
const MAX_INLINE = 3;
/** Icons that say "this destroys": inline, one click would, so only a command that asks first may
 * wear one there. */
const DESTROYING_ICONS = ['$(trash)', '$(close)'];
/** Commands that destroy something (whatever their icon)… */
const DESTRUCTIVE = ['dataPlatform.removeQuery', 'dataPlatform.removeAccount', 'dataPlatform.deleteApiKey'];
/** …and those of them that always ask first (a modal question). */
const ALWAYS_ASK = ['dataPlatform.removeAccount', 'dataPlatform.deleteApiKey'];

function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(resolve(__dirname, '..', '..', '..'), 'package.json'), 'utf8')) as Manifest;
}

const contexts = everyContextValue();
const onNode = (viewItem: string) => ({ view: VIEW, viewItem });
const isInline = (m: MenuEntry) => (m.group ?? '').split('@')[0] === 'inline';
/** The contextValues a regex accepts, to compare two regexes by what they select. */
const accepted = (re: RegExp) => contexts.filter((c) => re.test(c));
/** Findings once each, a data type's nodes as one (`type=…` dropped). */
const distinct = (found: string[]) => [...new Set(found.map((f) => f.replace(/ type=\w+/g, '')))];

describe('manifest: menus, palette and keys', () => {
  const manifest = readManifest();
  const { menus, commands } = manifest.contributes;
  const itemMenu = menus['view/item/context'];
  const palette = menus.commandPalette;
  const iconOf = (command: string) => commands.find((c) => c.command === command)?.icon;

  it('reads when clauses as VS Code does, a key it does not know as possibly true', () => {
    const ctx = { view: VIEW, viewItem: 'query rerun pin' };
    assert.equal(evaluateWhen(`view == ${VIEW} && viewItem =~ /^query\\b/ && viewItem =~ /\\bpin\\b/`, ctx), true);
    assert.equal(evaluateWhen('viewItem =~ /^(list|account)\\b/ || viewItem =~ /\\bunpin\\b/', ctx), false);
    assert.equal(evaluateWhen('view != x && !other && other == y', ctx), true);
    assert.equal(evaluateWhen('false', ctx), false);
    assert.deepEqual(regexesOf('a && k.x =~ /\\bc\\b/ && viewItem =~ /d/', 'k.x'), [/\bc\b/]);
  });

  it('lists a contextValue of every kind of node', () => {
    const kinds = new Set(contexts.map((c) => c.split(' ')[0]));
    assert.ok(kinds.size >= 18, [...kinds].join(' '));
  });

  it('says, for every command of a node menu, what it needs of a node (NODE_COMMANDS), for a contributed command', () => {
    const missing = [...new Set(itemMenu.map((m) => m.command))].filter((c) => !(c in NODE_COMMANDS));
    assert.deepEqual(
      missing,
      [],
      'commands of view/item/context missing from NODE_COMMANDS (src/tree/contextValues.ts)',
    );
    const unknown = Object.keys(NODE_COMMANDS).filter((c) => !commands.some((k) => k.command === c));
    assert.deepEqual(unknown, [], 'NODE_COMMANDS names commands package.json does not contribute');
  });

  it('offers a node command only on nodes it acts on (its menus select no node outside NODE_COMMANDS)', () => {
    const wrong = itemMenu.flatMap((m) => {
      const command = NODE_COMMANDS[m.command];
      const several = command?.several && /\blistMultiSelection\b/.test(m.when ?? '') ? `|${command.several}` : '';
      const need = new RegExp(`${command?.node ?? '(?!)'}${several}`);
      return contexts
        .filter((c) => evaluateWhen(m.when, onNode(c)) && !need.test(c))
        .map((c) => `${m.command} on ${c}`);
    });
    assert.deepEqual(distinct(wrong), []);
  });

  it('hides from the palette a command that needs a node, unless a node it fits is selected', () => {
    const problems: string[] = [];
    for (const [command, need] of Object.entries(NODE_COMMANDS)) {
      if (need.palette === 'always') continue;
      const entries = palette.filter((m) => m.command === command);
      if (entries.length !== 1) {
        problems.push(`${command}: ${entries.length} commandPalette entries (one with a when is needed)`);
        continue;
      }
      const when = entries[0].when;
      if (need.palette === 'never') {
        if (when !== 'false') problems.push(`${command}: when "${when}", not "false" (only a tree node has it)`);
        continue;
      }
      if (evaluateWhen(when, { [SELECTION_KEY]: '' })) problems.push(`${command}: shown with nothing selected`);
      const [selection, ...more] = regexesOf(when, SELECTION_KEY);
      if (!selection || more.length > 0) {
        problems.push(`${command}: when "${when}" has not one ${SELECTION_KEY} =~ /…/`);
        continue;
      }
      const want = accepted(new RegExp(need.node));
      const got = accepted(selection);
      if (want.join('\n') !== got.join('\n'))
        problems.push(`${command}: ${SELECTION_KEY} =~ ${selection} does not select the nodes /${need.node}/ does`);
    }
    assert.deepEqual(problems, []);
  });

  it('puts every inline button in the node context menu too, on the same nodes or more', () => {
    const missing = itemMenu.filter(isInline).flatMap((inline) => {
      const menu = itemMenu.filter((m) => m.command === inline.command && !isInline(m));
      return contexts
        .filter((c) => evaluateWhen(inline.when, onNode(c)) && !menu.some((m) => evaluateWhen(m.when, onNode(c))))
        .map((c) => `${inline.command} on ${c}`);
    });
    assert.deepEqual(distinct(missing), []);
  });

  it(`shows at most ${MAX_INLINE} inline buttons on any node`, () => {
    const crowded = contexts.flatMap((c) => {
      const shown = itemMenu.filter((m) => isInline(m) && evaluateWhen(m.when, onNode(c))).map((m) => m.command);
      return shown.length > MAX_INLINE ? [`${c}: ${shown.join(', ')}`] : [];
    });
    assert.deepEqual(distinct(crowded), []);
  });

  it('has no inline button that destroys without asking first', () => {
    const risky = itemMenu
      .filter((m) => isInline(m))
      .filter((m) => DESTRUCTIVE.includes(m.command) || DESTROYING_ICONS.includes(iconOf(m.command) ?? ''))
      .filter((m) => !ALWAYS_ASK.includes(m.command))
      .map((m) => `${m.command} (${iconOf(m.command)})`);
    assert.deepEqual(risky, []);
  });

  it('lists the navigation group first in the view title', () => {
    const groups = menus['view/title'].map((m) => (m.group ?? '').split('@')[0]);
    const firstOther = groups.findIndex((g) => g !== 'navigation');
    const late = groups.slice(firstOther < 0 ? groups.length : firstOther).filter((g) => g === 'navigation');
    assert.deepEqual(late, [], `view/title groups in order: ${groups.join(', ')}`);
  });

  it('gives an icon to every command shown as a button (inline or in a navigation group)', () => {
    const buttons = Object.values(menus)
      .flat()
      .filter((m) => /^(inline|navigation)$/.test((m.group ?? '').split('@')[0]));
    const bare = [...new Set(buttons.filter((m) => !iconOf(m.command)).map((m) => m.command))];
    assert.deepEqual(bare, []);
  });

  it('gives the view its container\'s title: VS Code then shows that alone, not "Data Platform: C…" cut at the default width', () => {
    const root = resolve(__dirname, '..', '..', '..');
    const raw = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      contributes: {
        viewsContainers: { activitybar: { id: string; title: string }[] };
        views: Record<string, { name: string }[]>;
      };
    };
    const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const text = (s: string) => s.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? s);
    const [container] = raw.contributes.viewsContainers.activitybar;
    const [view] = raw.contributes.views[container.id];
    assert.equal(text(view.name), text(container.title));
  });

  it("offers on a company the sync of every type, and on a type's node the sync of that type, each titled so", () => {
    const root = resolve(__dirname, '..', '..', '..');
    const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const offers = (command: string, viewItem: string) =>
      itemMenu.some((m) => m.command === command && evaluateWhen(m.when ?? '', onNode(viewItem)));
    assert.ok(offers('dataPlatform.refreshAllData', companyContext()));
    assert.ok(!offers('dataPlatform.queueSync', companyContext()), 'Queue Sync (of one type) not on a company');
    assert.ok(offers('dataPlatform.queueSync', listContext('invoices')));
    assert.match(nls['command.queueSync.title'], /This Data Type/);
    assert.match(nls['command.refreshAllData.title'], /Every Data Type/);
  });

  it('offers the documents by the catalog: a PDF on invoices, uploads on invoices and bills, deletes on bills’ attachments', () => {
    const offers = (command: string, viewItem: string) =>
      itemMenu.some((m) => m.command === command && evaluateWhen(m.when ?? '', onNode(viewItem)));
    const types = ['invoices', 'bills', 'customers', 'suppliers', 'payments'] as const;
    const where = (command: string, context: (type: (typeof types)[number]) => string) =>
      types.filter((type) => offers(command, context(type)));
    assert.deepEqual(where('dataPlatform.openInvoicePdf', recordContext), ['invoices']);
    assert.deepEqual(where('dataPlatform.saveInvoicePdf', recordContext), ['invoices']);
    assert.deepEqual(where('dataPlatform.uploadAttachment', recordContext), ['invoices', 'bills']);
    assert.deepEqual(where('dataPlatform.uploadAttachment', attachmentsContext), ['invoices', 'bills']);
    assert.deepEqual(where('dataPlatform.deleteAttachment', attachmentContext), ['bills']);
    for (const command of ['dataPlatform.openAttachment', 'dataPlatform.saveAttachment'])
      assert.deepEqual(where(command, attachmentContext), [...types], command);
    assert.ok(!offers('dataPlatform.openRecord', attachmentContext('bills')), 'an attachment is not a record');
    const title = menus['editor/title'].filter((m) => /InvoicePdf$/.test(m.command));
    const tab = (type: string) => ({ resourceScheme: 'dataplatform', resourcePath: `/Acme Ltd/${type}/INV-1.json` });
    assert.deepEqual(
      title.map((m) => [m.command, evaluateWhen(m.when, tab('invoices')), evaluateWhen(m.when, tab('bills'))]),
      [
        ['dataPlatform.openInvoicePdf', true, false],
        ['dataPlatform.saveInvoicePdf', true, false],
      ],
    );
  });

  it('offers the record writes by the catalog: Create on every type it creates, Edit and Delete Record where the contract has them', () => {
    const offers = (command: string, viewItem: string) =>
      itemMenu.some((m) => m.command === command && evaluateWhen(m.when ?? '', onNode(viewItem)));
    const creates = (type: DataTypeId) =>
      itemMenu.some((m) => /create/.test(m.command) && offers(m.command, listContext(type)));
    const with_ = (kind: 'create' | 'update' | 'delete') => DATA_TYPES.filter((s) => s.writes?.[kind]).map((s) => s.id);
    assert.deepEqual(DATA_TYPE_IDS.filter(creates), with_('create'));
    // One Create on a type's node: its named one (Create Invoice…) or Create Record….
    for (const type of with_('create')) {
      const shown = itemMenu.filter(
        (m) => /create(?!Company|Connection|ApiKey)/.test(m.command) && offers(m.command, listContext(type)),
      );
      assert.equal(shown.length, 1, `${type}: ${shown.map((m) => m.command).join(', ')}`);
    }
    const on = (command: string) => DATA_TYPE_IDS.filter((type) => offers(command, recordContext(type)));
    assert.deepEqual(on('dataPlatform.editRecord'), with_('update'));
    assert.deepEqual(on('dataPlatform.deleteRecord'), with_('delete'));
    // A record's JSON tab: Edit Record on the types one can update; a draft of an edit: Push Update alone.
    const tab = (type: string) => ({ resourceScheme: 'dataplatform', resourcePath: `/Acme Ltd/${type}/X-1.json` });
    const title = (command: string, ctx: Record<string, string>) =>
      menus['editor/title'].some((m) => m.command === command && evaluateWhen(m.when, ctx));
    assert.deepEqual(
      DATA_TYPE_IDS.filter((type) => title('dataPlatform.editRecord', tab(type))),
      with_('update'),
    );
    const edit = { resourceScheme: 'dataplatform-edit', resourcePath: '/Acme Ltd/INV-1 (edit).json' };
    assert.ok(title('dataPlatform.pushUpdate', edit) && !title('dataPlatform.pushDraft', edit));
  });

  it('binds keys only while the Companies view has focus, each to a command for the selected node', () => {
    const keys = manifest.contributes.keybindings ?? [];
    assert.ok(keys.length > 0, 'the view has keys');
    const problems = keys.flatMap((k) => {
      const out: string[] = [];
      if (!(k.when ?? '').includes(`focusedView == ${VIEW}`)) out.push(`${k.key}: when "${k.when}" is not the view's`);
      if (!commands.some((c) => c.command === k.command)) out.push(`${k.key}: ${k.command} is not contributed`);
      const need = NODE_COMMANDS[k.command];
      if (need?.palette === 'selected') {
        const [selection] = regexesOf(k.when, SELECTION_KEY);
        const same = selection && accepted(selection).join('\n') === accepted(new RegExp(need.node)).join('\n');
        if (!same) out.push(`${k.key}: ${k.command} without a ${SELECTION_KEY} that fits it`);
      }
      return out;
    });
    assert.deepEqual(problems, []);
  });
});
