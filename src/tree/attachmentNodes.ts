// A record's Attachments folder (types whose catalog entry has `attachments`): listed when
// expanded, through the record's own connection (a connection-scoped type's) or else the
// company's Linked accounting connection (attachments are read per connection), as one page; without such a connection the folder says so. Each attachment shows
// its name made safe, content type, size, date and whether it is sent with the record.
import * as vscode from 'vscode';
import {
  PagedList,
  type Attachment,
  type Company,
  type DataConnection,
  type DataPlatformClient,
  type Page,
  type RecordPlace,
} from '../api';
import type { DataTypeSpec } from '../dataTypes/catalog';
import { attachmentDescription, attachmentIcon, attachmentName, attachmentTooltip } from '../format/attachmentLabels';
import type { ListItems } from '../format/labels';
import { t } from '../l10n';
import { readConnections } from '../links/lostWrites';
import type { TreeContext } from './context';
import { attachmentContext, attachmentsContext } from './contextValues';
import { MessageNode } from './leafNodes';
import { TreeNode } from './node';
import { PagedNode } from './pagedNode';

/** What the folder needs of its record's node. */
interface AttachmentsOwner extends TreeNode {
  readonly company: Company;
  readonly spec: DataTypeSpec;
  readonly record: { id: string };
  /** The connection a connection-scoped record comes from: its attachments are read there. */
  readonly connectionId?: string;
  /** The record's node's stable id, which the folder's extends. */
  readonly itemId: string;
}

/** The connection attachments are read through: the first Linked one that is accounting (or says
 * no source type). */
function linkedAccountingConnection(connections: readonly DataConnection[]): DataConnection | undefined {
  return connections.find(
    (c) =>
      c.status === 'Linked' && (c.sourceType === undefined || c.sourceType === '' || c.sourceType === 'Accounting'),
  );
}

const onePage = <T>(results: T[]): Page<T> => ({
  results,
  pageNumber: 1,
  pageSize: Math.max(1, results.length),
  totalResults: results.length,
  _links: { self: { href: '' }, current: { href: '' } },
});

export class AttachmentsFolderNode extends PagedNode<Attachment> {
  /** The connection the last list was read through; undefined while none is Linked. */
  connection?: DataConnection;
  /** The last load found no Linked accounting connection. */
  private noLink = false;

  constructor(
    readonly owner: AttachmentsOwner,
    ctx: TreeContext,
  ) {
    super(owner, ctx);
  }

  get company(): Company {
    return this.owner.company;
  }
  get spec(): DataTypeSpec {
    return this.owner.spec;
  }
  get key(): string {
    return `${this.owner.itemId}:attachments`;
  }
  get items(): ListItems {
    return 'attachments';
  }

  /** Where the attachments are, once the connection is known. */
  place(): RecordPlace | undefined {
    const connectionId = this.owner.connectionId ?? this.connection?.id;
    return connectionId !== undefined
      ? { companyId: this.company.id, connectionId, dataType: this.spec.id, recordId: this.owner.record.id }
      : undefined;
  }

  getTreeItem(): vscode.TreeItem {
    const item = this.collapsedItem(t('Attachments'));
    item.iconPath = new vscode.ThemeIcon('attach');
    const count = this.pagedList?.totalResults;
    if (count !== undefined && !this.noLink) item.description = String(count);
    item.tooltip = t('The files attached to this record in the accounting platform');
    item.contextValue = attachmentsContext(this.spec.id);
    return item;
  }

  protected createList(client: DataPlatformClient): PagedList<Attachment> {
    return new PagedList<Attachment>(async (_href, { signal }) => {
      // A record of a connection-scoped type has its own connection: no other is looked for.
      const own = this.place();
      if (this.owner.connectionId !== undefined && own)
        return onePage(await client.documents.listAttachments(own, { signal }));
      const pages = client.connections.connectionPages(this.company.id, { pageSize: 100 });
      const connection = linkedAccountingConnection(await readConnections(pages, signal));
      this.connection = connection;
      this.noLink = connection === undefined;
      const place = this.place();
      if (!place) return onePage<Attachment>([]);
      return onePage(await client.documents.listAttachments(place, { signal }));
    });
  }
  protected itemKey(a: Attachment): string {
    return String(a.id);
  }
  protected createItemNode(a: Attachment): TreeNode {
    return new AttachmentNode(this, a);
  }
  protected override emptyNode(): TreeNode | undefined {
    if (!this.noLink) return super.emptyNode();
    const why = t('No Linked accounting connection: attachments are read through one');
    return new MessageNode(this, `${this.key}:empty`, why, 'plug');
  }

  /** Where the attachments are, reading the list first when it was never read; undefined when
   * the company has no Linked accounting connection (or the list failed). */
  async ensurePlace(): Promise<RecordPlace | undefined> {
    if (!this.place()) await this.loadMore();
    return this.place();
  }

  /** The attachments as last listed. */
  get attachments(): readonly Attachment[] {
    return this.pagedList?.items ?? [];
  }
}

/** One file attached to a record. */
export class AttachmentNode extends TreeNode {
  constructor(
    readonly folder: AttachmentsFolderNode,
    readonly attachment: Attachment,
  ) {
    super(folder);
  }

  /** The name shown (safe to show; not yet a safe file name). */
  get name(): string {
    return attachmentName(this.attachment);
  }

  getTreeItem(): vscode.TreeItem {
    const a = this.attachment;
    const item = new vscode.TreeItem(this.name);
    item.id = `${this.folder.key}:${String(a.id)}`;
    item.description = attachmentDescription(a);
    item.iconPath = new vscode.ThemeIcon(attachmentIcon(a));
    item.tooltip = new vscode.MarkdownString(attachmentTooltip(a));
    item.contextValue = attachmentContext(this.folder.spec.id);
    item.command = { command: 'dataPlatform.openAttachment', title: t('Open'), arguments: [this] };
    return item;
  }
}
