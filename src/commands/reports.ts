// The report commands: Open Report (a report node's click, or the palette: the company and the
// report picked), Export Report as CSV and Refresh Report (the report panel's title bar and
// buttons, the palette while one is active).
import * as vscode from 'vscode';
import { isAgedKind, isStatementKind, type Company, type DataPlatformClient, type ReportKind } from '../api';
import { AtomicFile } from '../files/atomicFile';
import { safeFileName } from '../files/fileNames';
import { t } from '../l10n';
import type { ReportViews } from '../panels/reportPanel';
import { CompanyInfoDocuments } from '../panels/reportInfoDocument';
import { EXPORT_REPORT_COMMAND, reportPanelTitle } from '../panels/reportView';
import { reportCsv } from '../reports';
import { ReportItemNode, REPORT_ITEMS, reportItemTitle, type ReportItemKind } from '../tree/reportNodes';
import { accountOfNode, type AccountTarget, type ResolveAccount } from './accountTarget';
import { pickCompany } from './companyPicker';
import { withProgress } from './progress';
import { chooseFrom, prompt } from './prompt';
import { createQuickPick } from './quickPicks';
import { registerCommand } from './register';

interface ReportCommandDeps {
  views: ReportViews;
  account: ResolveAccount;
  pageSize: () => number;
  /** The client of an account (a Company info tab restored after a reload reads the info again). */
  client: (accountId: string) => DataPlatformClient | undefined;
}

const OPEN_REPORT_COMMAND = 'dataPlatform.openReport';
const REFRESH_REPORT_COMMAND = 'dataPlatform.refreshReport';

/** `{ accountId?, companyId, kind }`, as tests and other extensions name a report. */
function namedReport(arg: unknown): { companyId: string; kind: ReportItemKind } | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const { companyId, kind } = arg as { companyId?: unknown; kind?: unknown };
  if (typeof companyId !== 'string' || typeof kind !== 'string') return undefined;
  return isStatementKind(kind) || isAgedKind(kind) || kind === 'info' ? { companyId, kind } : undefined;
}

function pickReport(company: Company): Promise<ReportItemKind | undefined> {
  const pick = createQuickPick<vscode.QuickPickItem & { report: ReportItemKind }>();
  pick.title = t('Open Report: {0}', company.name);
  pick.placeholder = t('Choose the report');
  pick.items = REPORT_ITEMS.map((report) => ({ label: reportItemTitle(report), report }));
  return chooseFrom(pick, (item) => item.report);
}

/** The company and report a command is for: the node's, the named ones, or picked. */
async function reportTarget(deps: ReportCommandDeps, arg: unknown) {
  if (arg instanceof ReportItemNode) {
    const target = accountOfNode(arg);
    return target && { target, company: arg.company, kind: arg.kind, node: arg };
  }
  const target = await deps.account(arg, t('Open Report'));
  const client = target?.connection.client;
  if (!target || !client) return undefined;
  const named = namedReport(arg);
  const company = named
    ? (target.root.companyNode(named.companyId)?.company ?? (await client.getCompany(named.companyId)))
    : await pickCompany(
        { client, pageSize: deps.pageSize(), report: (e) => target.report(e), list: target.root.ensureList() },
        t('Open Report: company'),
      );
  if (!company) return undefined;
  const kind = named?.kind ?? (await pickReport(company));
  return kind && { target, company, kind, node: undefined };
}

async function openInfo(
  documents: CompanyInfoDocuments,
  o: { target: AccountTarget; company: Company; node?: ReportItemNode },
): Promise<vscode.Uri | undefined> {
  const client = o.target.connection.client;
  if (!client) return undefined;
  const info = await withProgress(
    { location: vscode.ProgressLocation.Window, title: t('Reading the info of {0}', o.company.name) },
    () => client.reports.companyInfo(o.company.id),
  );
  o.node?.folder.info.remember(info);
  const uri = documents.show(o.target.root.accountId, o.company.id, o.company.name, info);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(doc, 'json');
  await vscode.window.showTextDocument(doc, { preview: true });
  return uri;
}

/** Writes the report shown as CSV where the user says; the file is the table, never a key. */
async function exportReport(views: ReportViews, panel: unknown): Promise<vscode.Uri | undefined> {
  const view = views.viewOf(panel instanceof Object && 'webview' in panel ? (panel as vscode.WebviewPanel) : undefined);
  const table = view?.table;
  if (!view || !table) {
    void vscode.window.showInformationMessage(t('Open a report and wait for it to load before exporting it.'));
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `${safeFileName(reportPanelTitle(view.state), 'report')}.csv`;
  const uri = await prompt().saveDialog({
    title: t('Export {0} as CSV', view.panel.title),
    saveLabel: t('Export'),
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
    filters: { [t('CSV files')]: ['csv'] },
  });
  if (!uri) return undefined;
  const file = await AtomicFile.create(uri.fsPath);
  try {
    await file.write(new TextEncoder().encode(reportCsv(table)));
    await file.commit(0o644);
  } catch (e) {
    await file.abort();
    throw e;
  }
  void vscode.window.setStatusBarMessage(t('Exported {0}', uri.fsPath), 5000);
  return uri;
}

export function registerReportCommands(deps: ReportCommandDeps): vscode.Disposable[] {
  const { documents, disposables } = CompanyInfoDocuments.register(deps.client);
  return [
    ...disposables,
    registerCommand(OPEN_REPORT_COMMAND, async (arg?: unknown) => {
      const found = await reportTarget(deps, arg);
      if (!found) return undefined;
      if (found.kind === 'info') return openInfo(documents, found);
      const kind: ReportKind = found.kind;
      const accountId = found.target.root.accountId;
      const view = await deps.views.open({
        accountId,
        companyId: found.company.id,
        companyName: found.company.name,
        kind,
      });
      return view.panel;
    }),
    registerCommand(EXPORT_REPORT_COMMAND, (panel?: unknown) => exportReport(deps.views, panel)),
    registerCommand(REFRESH_REPORT_COMMAND, async (panel?: unknown) => {
      const view = deps.views.viewOf(
        panel instanceof Object && 'webview' in panel ? (panel as vscode.WebviewPanel) : undefined,
      );
      await view?.load();
    }),
  ];
}
