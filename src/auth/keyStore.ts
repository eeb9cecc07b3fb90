// API keys in the editor's SecretStorage, one per base-URL origin: a key stored for the emulator
// is never sent to production and the other way round. Written against the few SecretStorage
// members it uses, so it stays free of `vscode` and testable in plain Node.
import { Emitter, type Disposable, type Event } from '../util/emitter';

/** The part of `vscode.SecretStorage` used here. */
export interface SecretStorageLike {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
  onDidChange(listener: (e: { key: string }) => unknown): Disposable;
}

const PREFIX = 'dataPlatform.apiKey:';

/** The secret's name for an origin such as `https://api.codat.io`. */
export function secretName(origin: string): string {
  return PREFIX + origin.toLowerCase();
}

export class KeyStore implements Disposable {
  private readonly changed = new Emitter<string>();
  private readonly subscription: Disposable;
  /** Fires with the origin whose key changed, in this window or another one. */
  readonly onDidChange: Event<string> = this.changed.event;

  constructor(private readonly secrets: SecretStorageLike) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key.startsWith(PREFIX)) this.changed.fire(e.key.slice(PREFIX.length));
    });
  }

  async get(origin: string): Promise<string | undefined> {
    const key = await this.secrets.get(secretName(origin));
    return key ? key : undefined;
  }

  async set(origin: string, key: string): Promise<void> {
    await this.secrets.store(secretName(origin), key);
  }

  async delete(origin: string): Promise<void> {
    await this.secrets.delete(secretName(origin));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
