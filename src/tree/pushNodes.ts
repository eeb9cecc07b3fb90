// A company's Push history folder: its push operations, newest first, paged like every list, with
// the pushes of this window followed live (their node re-renders as the tracker hears news), a
// status filter, and under a push that made a record, that record, openable.
import * as vscode from 'vscode';
import type { Company, DataPlatformClient, DataRecord, PagedList, PushOperation } from '../api';
import { dataType, isDataTypeId, type DataTypeId } from '../dataTypes/catalog';
import { typeTitle } from '../dataTypes/words';
import type { ListItems } from '../format/labels';
import { recordLabel } from '../format/recordLabels';
import { t } from '../l10n';
import { pushDescription, pushedRecordId, pushIcon, pushLabel, pushStatusText, pushTooltip } from '../push/labels';
import type { TreeContext } from './context';
import { pushedRecordContext, pushHistoryContext, pushOperationContext } from './contextValues';
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';

/** The statuses the history can be filtered by. */
export const PUSH_STATUSES = ['Pending', 'Success', 'Failed', 'TimedOut'] as const;
type PushStatus = (typeof PUSH_STATUSES)[number];

type CompanyOwner = TreeNode & { readonly company: Company };

export class PushHistoryNode extends PagedNode<PushOperation> {
  /** Only operations of this status, when set (Filter Push History…). */
  private filter?: PushStatus;
  /** Pushed in this window and not yet in a loaded page: shown first. */
  private readonly extras = new Map<string, PushOperation>();
  private readonly onPushes?: { dispose(): void };
  /** The last render showed pushes of this window above the loaded pages. */
  private extrasShown = false;
  /** The view has asked for this node's item: only then may a change name it (the view refuses
   * an element it has never been given). */
  private shown = false;

  constructor(
    readonly owner: CompanyOwner,
    ctx: TreeContext,
  ) {
    super(owner, ctx);
    // News of a followed push re-renders this folder (its count of pending) and so its node.
    this.onPushes = ctx.pushes.onDidChange((op) => {
      if (op.companyId === this.company.id) this.rerender();
    });
  }

  get company(): Company {
    return this.owner.company;
  }
  get key(): string {
    return `push:${this.company.id}`;
  }
  get items(): ListItems {
    return 'pushes';
  }
  get statusFilter(): PushStatus | undefined {
    return this.filter;
  }

  /** Shows only operations of `status` (undefined: all), loaded again from the first page (a new
   * list: the filter is a parameter of its requests). */
  setStatusFilter(status: PushStatus | undefined): void {
    this.filter = status;
    this.extras.clear();
    this.dropList();
    this.rerender();
  }

  getTreeItem(): vscode.TreeItem {
    this.shown = true;
    const item = this.collapsedItem(t('Push history'));
    item.iconPath = new vscode.ThemeIcon('history');
    const pending = this.live().filter((op) => op.status === 'Pending').length;
    const parts = [
      ...(this.filter ? [t('only {0}', pushStatusText({ status: this.filter } as PushOperation))] : []),
      ...(pending > 0 ? [t('{0} pending', String(pending))] : []),
    ];
    item.description = parts.join(' · ') || undefined;
    item.tooltip = t('The pushes of {0}, newest first', this.company.name);
    item.contextValue = pushHistoryContext({ filtered: !!this.filter, morePages: this.morePages });
    return item;
  }

  /** A push of this window: shown at the top at once, followed by the tracker. */
  showOperation(op: PushOperation): PushOperationNode | undefined {
    if (this.pagedList?.items.some((o) => o.pushOperationKey === op.pushOperationKey) !== true)
      this.extras.set(op.pushOperationKey, op);
    this.rerender();
    return this.operationNode(op.pushOperationKey);
  }

  /** The node of an operation shown in this folder, by key. */
  operationNode(key: string): PushOperationNode | undefined {
    const op = this.extras.get(key) ?? this.pagedList?.items.find((o) => o.pushOperationKey === key);
    return op ? (this.itemNode(op) as PushOperationNode) : undefined;
  }

  protected createList(client: DataPlatformClient): PagedList<PushOperation> {
    const params = {
      pageSize: this.ctx.pageSize(),
      orderBy: '-requestedOnUtc',
      ...(this.filter ? { query: `status=${this.filter}` } : {}),
    };
    return client.pushOperationList(this.company.id, params);
  }
  protected itemKey(op: PushOperation): string {
    return op.pushOperationKey;
  }
  protected createItemNode(op: PushOperation): TreeNode {
    return new PushOperationNode(this, this.ctx, op);
  }

  protected override render(list: PagedList<PushOperation>): TreeNode[] {
    for (const op of list.items) this.extras.delete(op.pushOperationKey);
    // Newest first, as the history lists them: the push made last is on top.
    const shown = [...this.extras.values()]
      .reverse()
      .filter((op) => !this.filter || this.latest(op).status === this.filter);
    this.extrasShown = shown.length > 0;
    return [...shown.map((op) => this.itemNode(op)), ...super.render(list)];
  }

  /** "No pushes" is no word for a folder that shows the pushes of this window. */
  protected override emptyNode(): TreeNode | undefined {
    return this.extrasShown ? undefined : super.emptyNode();
  }

  override refresh(): void {
    // A push whose follow ran out of time is asked for again (its node says Refresh does).
    for (const op of this.live()) this.ctx.pushes.checkAgain(op.pushOperationKey);
    this.extras.clear();
    super.refresh();
  }

  override dispose(): void {
    this.onPushes?.dispose();
    super.dispose();
  }

  private rerender(): void {
    if (this.shown) this.ctx.changed(this);
  }

  private latest(op: PushOperation): PushOperation {
    return this.ctx.pushes.get(op.pushOperationKey) ?? op;
  }

  private live(): PushOperation[] {
    const loaded = this.pagedList?.items ?? [];
    return [...this.extras.values(), ...loaded].map((op) => this.latest(op));
  }
}

/** One push: its latest state (the tracker's, while this window follows it), its record below. */
export class PushOperationNode extends TreeNode {
  constructor(
    readonly history: PushHistoryNode,
    private readonly ctx: TreeContext,
    private readonly initial: PushOperation,
  ) {
    super(history);
  }

  get operation(): PushOperation {
    return this.ctx.pushes.get(this.initial.pushOperationKey) ?? this.initial;
  }

  getTreeItem(): vscode.TreeItem {
    const op = this.operation;
    const record = pushedRecordId(op);
    const item = new vscode.TreeItem(
      pushLabel(op),
      record ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `pushOperation:${this.history.key}:${op.pushOperationKey}`;
    const stalled = this.stalled;
    item.description = pushDescription(op, stalled);
    const icon = pushIcon(op, stalled);
    item.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    item.tooltip = new vscode.MarkdownString(pushTooltip(op));
    item.contextValue = pushOperationContext({ failed: op.status === 'Failed' || op.status === 'TimedOut', stalled });
    item.command = { command: 'dataPlatform.openPushOperation', title: t('Open JSON'), arguments: [this] };
    return item;
  }

  /** Followed until the follow's deadline and still pending: Refresh asks again. */
  get stalled(): boolean {
    return this.ctx.pushes.isStalled(this.initial.pushOperationKey);
  }

  override refresh(): void {
    if (this.ctx.pushes.checkAgain(this.initial.pushOperationKey)) this.ctx.changed(this);
  }

  override getChildren(): TreeNode[] {
    const op = this.operation;
    const record = pushedRecordId(op);
    // The record as the platform took it comes with the push's answer only (a poll or the history
    // has none): it names the record where it is known.
    const data = op.data ?? this.initial.data;
    return record && isDataTypeId(op.dataType) ? [new PushedRecordNode(this, op.dataType, record, data)] : [];
  }
}

/** The record a push made: a click opens it as JSON (fetched, like any record). */
class PushedRecordNode extends TreeNode {
  constructor(
    readonly operation: PushOperationNode,
    readonly dataType: DataTypeId,
    readonly recordId: string,
    private readonly data?: Record<string, unknown>,
  ) {
    super(operation);
  }

  getTreeItem(): vscode.TreeItem {
    // Its number, else whose, when and how much (format/recordLabels.ts), else its id.
    const record = { ...this.data, id: this.recordId } as DataRecord;
    const item = new vscode.TreeItem(this.data ? recordLabel(dataType(this.dataType), record) : this.recordId);
    item.tooltip = t('Id: {0}', this.recordId);
    item.id = `pushedRecord:${this.operation.history.key}:${this.operation.operation.pushOperationKey}`;
    item.description = typeTitle(this.dataType);
    item.iconPath = new vscode.ThemeIcon('file-code');
    item.contextValue = pushedRecordContext(this.dataType);
    item.command = {
      command: 'dataPlatform.openRecord',
      title: t('Open JSON'),
      arguments: [this.openArgument()],
    };
    return item;
  }

  /** The record by ids: a connection-scoped one through the connection pushed to; one under a
   * parent record by the parent the pushed data names (its `idName`, a bank transaction's `accountId`). */
  private openArgument(): Record<string, string> {
    const spec = dataType(this.dataType);
    const op = this.operation.operation;
    const parentId = spec.parent ? this.data?.[spec.parent.idName] : undefined;
    return {
      companyId: this.operation.history.company.id,
      dataType: this.dataType,
      recordId: this.recordId,
      ...(spec.scope === 'connection' ? { connectionId: op.dataConnectionKey } : {}),
      ...(typeof parentId === 'string' ? { parentId } : {}),
    };
  }
}
