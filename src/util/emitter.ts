// A minimal event emitter for the vscode-free core, shaped like vscode.Event so the UI layer can
// subscribe to core objects the same way it subscribes to the editor's own events.

export interface Disposable {
  dispose(): void;
}

type Listener<T> = (value: T) => void;
export type Event<T> = (listener: Listener<T>) => Disposable;

export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(value);
      } catch {
        // One failing listener must not keep the others from hearing the event.
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
