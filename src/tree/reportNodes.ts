// A company's Reports folder: its three financial statements, its two aged reports (each opens
// the report view on click) and its info (a read-only JSON document). The info is also what the
// company's tooltip says of it (legal name, base currency, financial year start): read once per
// company, when the folder first expands or the info is opened, never on a render.
import * as vscode from 'vscode';
import { isApiError, isCancellation, reportTitle, type Company, type CompanyInfo, type ReportKind } from '../api';
import { escapeMarkdown } from '../format/labels';
import { t } from '../l10n';
import type { TreeContext } from './context';
import { reportContext, reportsContext } from './contextValues';
import { TreeNode } from './node';

/** What a node of the folder opens: a report, or the company's info. */
export type ReportItemKind = ReportKind | 'info';

export const REPORT_ITEMS: readonly ReportItemKind[] = [
  'balanceSheet',
  'profitAndLoss',
  'cashFlowStatement',
  'agedDebtor',
  'agedCreditor',
  'info',
];

/** "Balance sheet", "Aged debtors", "Company info". */
export function reportItemTitle(kind: ReportItemKind): string {
  return kind === 'info' ? t('Company info') : reportTitle(kind);
}

const ICONS: Record<ReportItemKind, string> = {
  balanceSheet: 'law',
  profitAndLoss: 'graph',
  cashFlowStatement: 'arrow-swap',
  agedDebtor: 'history',
  agedCreditor: 'history',
  info: 'info',
};

/** What the folder needs of its company's node. */
interface ReportsOwner extends TreeNode {
  readonly company: Company;
}

/** The company's info, read at most once until a refresh; who shows it hears when it arrives. */
class CompanyInfoCache {
  private value?: CompanyInfo;
  private loading?: Promise<void>;
  private controller?: AbortController;

  constructor(
    private readonly ctx: TreeContext,
    private readonly companyId: () => string,
    private readonly arrived: () => void,
  ) {}

  /** The info once read; undefined before, or when it could not be read. */
  get info(): CompanyInfo | undefined {
    return this.value;
  }

  /** Starts the read once. A failure goes to the log only: the tooltip is a nicety, and opening
   * Company info reads it again and reports a failure as every error. */
  ensureLoaded(): Promise<void> {
    if (this.value || this.loading) return this.loading ?? Promise.resolve();
    const client = this.ctx.client();
    if (!client) return Promise.resolve();
    const controller = (this.controller = new AbortController());
    this.loading = client.reports
      .companyInfo(this.companyId(), { signal: controller.signal })
      .then((info) => {
        if (controller.signal.aborted) return;
        this.value = info;
        this.arrived();
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted || isCancellation(e)) return;
        if (isApiError(e)) this.ctx.report(e, { expected: true });
        // Another expand may try again.
        this.loading = undefined;
      });
    return this.loading;
  }

  /** Info read elsewhere (Company info opened) is the tooltip's too. */
  remember(info: CompanyInfo): void {
    this.value = info;
    this.arrived();
  }

  refresh(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.loading = undefined;
    this.value = undefined;
  }
}

/** The tooltip's lines about the company's info (Markdown), none before it is read. */
export function companyInfoTooltip(info: CompanyInfo | undefined): string {
  if (!info) return '';
  const e = escapeMarkdown;
  const lines: string[] = [];
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  const legal = text(info.companyLegalName);
  const currency = text(info.baseCurrency);
  const yearStart = text(info.financialYearStartDate);
  if (legal) lines.push(`${t('Legal name: {0}', e(legal))}  `);
  if (currency) lines.push(`${t('Base currency: {0}', e(currency))}  `);
  if (yearStart) lines.push(`${t('Financial year start: {0}', e(yearStart.slice(0, 10)))}  `);
  return lines.length ? `\n\n${lines.join('\n')}` : '';
}

export class ReportsFolderNode extends TreeNode {
  readonly info: CompanyInfoCache;
  private readonly nodes: ReportItemNode[];

  constructor(
    readonly owner: ReportsOwner,
    ctx: TreeContext,
  ) {
    super(owner);
    this.info = new CompanyInfoCache(
      ctx,
      () => owner.company.id,
      () => ctx.changed(owner),
    );
    this.nodes = REPORT_ITEMS.map((kind) => new ReportItemNode(this, kind));
  }

  get company(): Company {
    return this.owner.company;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(t('Reports'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `reports:${this.company.id}`;
    item.iconPath = new vscode.ThemeIcon('graph-line');
    item.tooltip = t('The financial statements, aged reports and info of {0}', this.company.name);
    item.contextValue = reportsContext();
    return item;
  }

  override getChildren(): TreeNode[] {
    void this.info.ensureLoaded();
    return this.nodes;
  }

  /** The node of a report (or of the info). */
  node(kind: ReportItemKind): ReportItemNode {
    return this.nodes.find((n) => n.kind === kind) as ReportItemNode;
  }

  override refresh(): void {
    this.info.refresh();
  }

  override dispose(): void {
    this.info.refresh();
  }
}

export class ReportItemNode extends TreeNode {
  constructor(
    readonly folder: ReportsFolderNode,
    readonly kind: ReportItemKind,
  ) {
    super(folder);
  }

  get company(): Company {
    return this.folder.company;
  }

  getTreeItem(): vscode.TreeItem {
    const title = reportItemTitle(this.kind);
    const item = new vscode.TreeItem(title);
    item.id = `report:${this.company.id}:${this.kind}`;
    item.iconPath = new vscode.ThemeIcon(ICONS[this.kind]);
    item.contextValue = reportContext(this.kind);
    item.tooltip = t('{0} of {1}', title, this.company.name);
    item.command = { command: 'dataPlatform.openReport', title: t('Open Report'), arguments: [this] };
    return item;
  }
}
