// One Connection per account, in the account list's order, kept in step with the list: an added
// account gets a connection, a removed one's is disposed, a renamed or moved one is updated and
// re-read. A key changed in this window or another reloads the connections, and only those whose
// state changed say so. Free of `vscode`.
import type { Account, AccountList } from '../accounts/accountList';
import { Emitter, type Disposable, type Event } from '../util/emitter';
import type { Connection, ConnectionState } from './connection';

interface ConnectionChange {
  connection: Connection;
  state: ConnectionState;
}

export class Connections implements Disposable {
  private readonly byId = new Map<string, Connection>();
  private readonly subscriptions = new Map<string, Disposable>();
  private readonly listener: Disposable;
  private readonly stateChanged = new Emitter<ConnectionChange>();
  private readonly listChanged = new Emitter<void>();
  /** A connection's base URL or key changed (its state is new). */
  readonly onDidChange: Event<ConnectionChange> = this.stateChanged.event;
  /** Accounts were added, removed, renamed or reordered. */
  readonly onDidChangeList: Event<void> = this.listChanged.event;

  constructor(
    private readonly accounts: AccountList,
    private readonly create: (account: Account) => Connection,
  ) {
    this.listener = accounts.onDidChange(() => void this.sync());
  }

  /** The connections, in the accounts' order. */
  list(): Connection[] {
    return this.accounts.list().flatMap((a) => this.byId.get(a.id) ?? []);
  }

  get(accountId: string): Connection | undefined {
    return this.byId.get(accountId);
  }

  /** Brings the connections in line with the list at once, then re-reads every key (each
   * connection's reads are serialised by the connection). A name, base URL or environment never
   * waits behind a slow key read: a write asked right after "production" must see it. */
  sync(): Promise<void> {
    const accounts = this.follow();
    // Every key is re-read: the list's event does not say whose key changed.
    return Promise.all(accounts.flatMap((a) => this.byId.get(a.id)?.reload() ?? [])).then(() => undefined);
  }

  dispose(): void {
    this.listener.dispose();
    for (const id of [...this.byId.keys()]) this.drop(id);
    this.stateChanged.dispose();
    this.listChanged.dispose();
  }

  private follow(): Account[] {
    const accounts = this.accounts.list();
    let listChanged = false;
    for (const id of [...this.byId.keys()]) {
      if (!accounts.some((a) => a.id === id)) {
        this.drop(id);
        listChanged = true;
      }
    }
    for (const account of accounts) {
      const known = this.byId.get(account.id);
      if (known) {
        listChanged = known.update(account) || listChanged;
        continue;
      }
      const connection = this.create(account);
      this.byId.set(account.id, connection);
      this.subscriptions.set(
        account.id,
        connection.onDidChange((state) => this.stateChanged.fire({ connection, state })),
      );
      listChanged = true;
    }
    if (listChanged) this.listChanged.fire();
    return accounts;
  }

  private drop(id: string): void {
    this.subscriptions.get(id)?.dispose();
    this.subscriptions.delete(id);
    this.byId.get(id)?.dispose();
    this.byId.delete(id);
  }
}
