// View models of the store's entries, computed once per entry. Every store change re-sends the
// whole list (up to 200 entries); entries are frozen, so their views never change, and a new error
// costs one `toViewModel` instead of one per entry. Keyed weakly by the entry object: an entry the
// store has dropped takes its view with it, and there is nothing to prune.
import type { DiagnosticEntry } from './store';
import { toViewModel, unshownView, type DiagnosticView } from './viewModel';

export class ViewModelCache {
  private readonly views = new WeakMap<DiagnosticEntry, DiagnosticView>();

  /** `toView` is injected by tests to count calls. */
  constructor(private readonly toView: (entry: DiagnosticEntry) => DiagnosticView = (e) => toViewModel(e)) {}

  /** The entry's view: the same frozen object every time for the same entry. */
  viewOf(entry: DiagnosticEntry): DiagnosticView {
    let view = this.views.get(entry);
    if (!view) {
      view = freezeView(this.viewOrNote(entry));
      this.views.set(entry, view);
    }
    return view;
  }

  /** One entry that cannot be shown (a body no limit foresaw) is listed as such, once. */
  private viewOrNote(entry: DiagnosticEntry): DiagnosticView {
    try {
      return this.toView(entry);
    } catch (error) {
      return unshownView(entry, error);
    }
  }

  viewsOf(entries: readonly DiagnosticEntry[]): DiagnosticView[] {
    return entries.map((e) => this.viewOf(e));
  }
}

/** A shared view must not be changed by one reader under the others: frozen to the leaves. */
function freezeView(view: DiagnosticView): DiagnosticView {
  for (const row of [...view.fields, ...view.validation]) Object.freeze(row);
  Object.freeze(view.fields);
  Object.freeze(view.validation);
  return Object.freeze(view);
}
