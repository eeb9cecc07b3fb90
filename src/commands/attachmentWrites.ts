// Upload Attachment… (invoices and bills: a file picked from disk, streamed as multipart) and
// Delete Attachment (a bill's): each asks on a production account and is sent once (writeOnce.ts:
// after a lost answer the record's attachments are listed and the write looked for there before
// anything is offered again). The upload counts its bytes; the delete's push operation is followed
// as every push is. The record's Attachments folder is read again after either.
import * as vscode from 'vscode';
import type { Attachment, DataPlatformClient, PushOperation, RecordPlace, UploadSource } from '../api';
import { typeTitle } from '../dataTypes/words';
import { transferred } from '../format/attachmentLabels';
import { recordLabel } from '../format/recordLabels';
import { t } from '../l10n';
import { LostWrites } from '../links/lostWrites';
import { attachmentGone, findUploaded } from '../push/lostAttachment';
import { AttachmentNode, AttachmentsFolderNode } from '../tree/attachmentNodes';
import { RecordNode } from '../tree/dataNodes';
import type { TreeNode } from '../tree/node';
import { accountOfNode, type AccountTarget } from './accountTarget';
import { fileUploadSource, UploadRefused } from '../files/uploadSource';
import { maxDownloadBytes } from '../settings';
import { prompt } from './prompt';
import { followSettled } from './pushSettled';
import { writeOnce, type OnceWrite, type WriteResult } from './writeOnce';

interface WriteDeps {
  view: vscode.TreeView<TreeNode>;
  lost: LostWrites;
}

interface FolderTarget {
  account: AccountTarget;
  client: DataPlatformClient;
  folder: AttachmentsFolderNode;
  place: RecordPlace;
  /** `Bill BILL-0042`, for questions and messages. */
  record: string;
}

function folderOf(node: unknown): AttachmentsFolderNode | undefined {
  if (node instanceof AttachmentsFolderNode) return node;
  if (node instanceof AttachmentNode) return node.folder;
  return node instanceof RecordNode ? node.attachments : undefined;
}

async function folderTarget(node: unknown): Promise<FolderTarget | undefined> {
  const folder = folderOf(node);
  const account = accountOfNode(folder);
  const client = account?.connection.client;
  if (!folder || !account || !client) return undefined;
  const place = await folder.ensurePlace();
  if (!place) {
    void vscode.window.showWarningMessage(
      t('{0} has no Linked accounting connection: attachments are read and written through one.', folder.company.name),
    );
    return undefined;
  }
  const owner = folder.owner;
  const label = owner instanceof RecordNode ? recordLabel(owner.spec, owner.record) : place.recordId;
  return { account, client, folder, place, record: t('{0} {1}', typeTitle(place.dataType), label) };
}

/** What both writes share: the account, the lost-answer memory, the reporting. */
function write<R>(
  deps: WriteDeps,
  x: FolderTarget,
  key: string[],
  rest: Omit<OnceWrite<R>, 'account' | 'lost' | 'key' | 'report'>,
): Promise<WriteResult<R>> {
  const { account } = x.account.connection;
  const { companyId, connectionId, dataType, recordId } = x.place;
  return writeOnce<R>({
    account,
    lost: deps.lost,
    key: LostWrites.key(...key, account.id, companyId, connectionId, dataType, recordId),
    report: (e) => x.account.report(e),
    ...rest,
  });
}

/** The file picked from disk, as an upload; undefined when none was picked or it is refused (said). */
async function pickFile(x: FolderTarget): Promise<UploadSource | undefined> {
  const files = await prompt().openDialog({
    title: t('Upload Attachment to {0}', x.record),
    canSelectFiles: true,
    canSelectFolders: false,
    canSelectMany: false,
    openLabel: t('Upload'),
  });
  const path = files?.[0]?.fsPath;
  if (!path) return undefined;
  return fileUploadSource(path, maxDownloadBytes()).catch((e: unknown) => {
    if (!(e instanceof UploadRefused)) throw e;
    void vscode.window.showWarningMessage(e.message);
    return undefined;
  });
}

type UploadResult = WriteResult<Attachment | undefined> | { outcome: 'unavailable' };

async function upload(deps: WriteDeps, node: unknown): Promise<UploadResult> {
  const x = await folderTarget(node);
  if (!x) return { outcome: 'unavailable' };
  const file = await pickFile(x);
  if (!file) return { outcome: 'cancelled' };
  const before = x.folder.attachments.map((a) => String(a.id));
  const list = () => x.client.documents.listAttachments(x.place);
  const question = {
    question: t('Upload {0} to {1} in {2}?', file.name, x.record, x.account.connection.account.name),
    detail: t('The file is attached to the record in the accounting platform.'),
    button: t('Upload'),
  };
  const result = await write<Attachment | undefined>(deps, x, ['upload', file.name, String(file.size)], {
    question,
    again: (reason) => ({
      ...question,
      question: t(
        'An earlier upload of {0} to {1} got no usable answer ({2}), and no such attachment is listed. Upload it now?',
        file.name,
        x.record,
        reason,
      ),
    }),
    look: async () => {
      const found = findUploaded(await list(), { name: file.name, size: file.size, before });
      return found && { value: found };
    },
    send: async (progress) => {
      await x.client.documents.uploadAttachment(x.place, file, {
        onProgress: (sent, total) => progress.report({ message: transferred(sent, total) }),
      });
      return findUploaded(await list().catch(() => []), { name: file.name, size: file.size, before });
    },
    progress: t('Uploading {0} to {1}…', file.name, x.record),
    looking: t('No usable answer: looking for {0} among the attachments of {1}…', file.name, x.record),
    failed: (e) => t('Could not upload {0}: {1}', file.name, e.message),
    maybe: (e) =>
      t(
        '{0} may or may not have been uploaded to {1}: {2}. It is not listed yet; Upload Attachment asks before sending it again.',
        file.name,
        x.record,
        e.message,
      ),
  });
  if (result.outcome === 'done') {
    x.folder.refresh();
    void vscode.window.showInformationMessage(t('{0} is attached to {1}.', file.name, x.record));
  }
  return result;
}

type DeleteAttachmentResult = WriteResult<PushOperation | undefined> | { outcome: 'unavailable' };

async function remove(deps: WriteDeps, node: unknown): Promise<DeleteAttachmentResult> {
  if (!(node instanceof AttachmentNode) || node.folder.spec.attachments?.delete !== true)
    return { outcome: 'unavailable' };
  const x = await folderTarget(node);
  if (!x) return { outcome: 'unavailable' };
  const id = String(node.attachment.id);
  const name = node.name;
  const question = {
    question: t('Delete the attachment {0} of {1} in {2}?', name, x.record, x.account.connection.account.name),
    detail: t('The file is removed from the record in the accounting platform.'),
    button: t('Delete Attachment'),
  };
  const result = await write<PushOperation | undefined>(deps, x, ['deleteAttachment', id], {
    question,
    again: (reason) => ({
      ...question,
      question: t(
        'An earlier Delete Attachment of {0} of {1} got no usable answer ({2}), and it is still listed. Delete it now?',
        name,
        x.record,
        reason,
      ),
    }),
    look: async () =>
      attachmentGone(await x.client.documents.listAttachments(x.place), id) ? { value: undefined } : undefined,
    send: () => x.client.documents.deleteAttachment(x.place, id),
    progress: t('Deleting the attachment {0} of {1}…', name, x.record),
    looking: t('No usable answer: reading the attachments of {0}…', x.record),
    failed: (e) => t('Could not delete the attachment {0}: {1}', name, e.message),
    maybe: (e) =>
      t(
        'The attachment {0} of {1} may or may not have been deleted: {2}. It is still listed; Delete Attachment asks before sending it again.',
        name,
        x.record,
        e.message,
      ),
  });
  if (result.outcome !== 'done') return result;
  const op = result.value;
  if (op) {
    const { folder } = x;
    const sub = x.account.root.pushes.onDidSettle((s) => {
      if (s.operation.pushOperationKey !== op.pushOperationKey) return;
      sub.dispose();
      folder.refresh();
    });
    followSettled({ view: deps.view }, x.account, op, x.client, x.place.companyId);
  }
  x.folder.refresh();
  return result;
}

export function attachmentWriteCommands(view: vscode.TreeView<TreeNode>) {
  const deps: WriteDeps = { view, lost: new LostWrites() };
  return {
    'dataPlatform.uploadAttachment': (node?: unknown) => upload(deps, node),
    'dataPlatform.deleteAttachment': (node?: unknown) => remove(deps, node),
  };
}
