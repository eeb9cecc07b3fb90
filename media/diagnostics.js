// Diagnostics panel script. Lays out the entries the host sends (see src/diagnostics/protocol.ts)
// with DOM APIs only: every server string goes through textContent, never innerHTML, so a body
// holding markup stays text (restored entries, read back from saved state, take the same path).
// Copy goes through the host (the webview clipboard is unreliable), and so does a raw body, asked
// for when first opened rather than sent with every update. Updates keep the reader's place:
// entries are keyed, a kept section is never rebuilt, and scrolling compensates for what is
// inserted above the entry being read.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi();
  const list = /** @type {HTMLElement} */ (document.getElementById('entries'));
  const empty = /** @type {HTMLElement} */ (document.getElementById('empty'));
  const count = /** @type {HTMLElement} */ (document.getElementById('count'));
  const clear = /** @type {HTMLButtonElement} */ (document.getElementById('clear'));
  const toolbar = /** @type {HTMLElement} */ (document.querySelector('.toolbar'));
  /** The page's words in the display language, from the host (src/diagnostics/html.ts). */
  const strings = JSON.parse(document.body.dataset.strings || '{}');
  /** Set only under the runner's test switch (src/testHooks.ts): the page then reports what it
   * shows after every change and obeys the tests' click and drive messages. A user's page does
   * neither, so it computes and sends nothing for tests. */
  const testHooks = document.body.dataset.testHooks === 'on';
  /** @param {string} text @param {string | number} value */
  const fill = (text, value) => text.replace('{0}', String(value));
  /** @type {string | undefined} */
  let focused;
  let shown = [];
  /** Sections built so far: each gets the next number once, at creation (the tests see rebuilds). */
  let builds = 0;
  /** How long the latest list update took, layout included (measured under the test switch only). */
  let renderMs = 0;

  clear.addEventListener('click', () => vscode.postMessage({ type: 'clear' }));

  /** @param {string} tag @param {string} [text] @param {string} [className] */
  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function renderEntry(v) {
    const section = el('section', undefined, typeof v.marker === 'string' ? 'entry restored' : 'entry');
    section.id = 'entry-' + v.id;
    section.dataset.id = v.id;
    if (testHooks) section.dataset.build = String(++builds);
    if (typeof v.marker === 'string') section.append(el('p', v.marker, 'marker'));
    const h2 = el('h2');
    const time = el('time', v.timeLabel);
    time.setAttribute('datetime', v.time);
    h2.append(time, document.createTextNode(v.heading));
    section.append(h2, el('p', v.message, 'message'));

    const dl = el('dl');
    for (const f of v.fields) {
      const dd = el('dd');
      dd.append(el('span', f.value, 'value'));
      if (f.copy) {
        const b = el('button', strings.copy, 'copy secondary');
        b.setAttribute('type', 'button');
        b.setAttribute('title', fill(strings.copyField, f.label));
        b.dataset.action = 'copy';
        b.addEventListener('click', () => vscode.postMessage({ type: 'copy', id: v.id }));
        dd.append(b);
      }
      if (f.curl === true) {
        // The host builds the command from its own entry: the page names the entry, nothing more.
        const b = el('button', strings.copyCurl, 'copy secondary');
        b.setAttribute('type', 'button');
        b.setAttribute('title', strings.copyCurlTitle);
        b.dataset.action = 'copyCurl';
        b.addEventListener('click', () => vscode.postMessage({ type: 'copyCurl', id: v.id }));
        dd.append(b);
      }
      dl.append(el('dt', f.label), dd);
    }
    section.append(dl);

    if (v.validation.length > 0) {
      const table = el('table', undefined, 'validation');
      table.append(el('caption', strings.validation));
      const head = el('tr');
      // The other three are the API's field names.
      for (const h of [strings.severity, 'itemId', 'validatorName', 'message']) head.append(el('th', h));
      const thead = el('thead');
      thead.append(head);
      const tbody = el('tbody');
      for (const r of v.validation) {
        const tr = el('tr', undefined, r.severity);
        tr.append(el('td', r.severity), el('td', r.itemId), el('td', r.validatorName), el('td', r.message));
        tbody.append(tr);
      }
      table.append(thead, tbody);
      section.append(table);
    }
    // The host sends at most a hundred rows (src/diagnostics/limits.ts) and says what it left out;
    // "Show all" opens the whole body in an editor tab rather than laying out 200,000 rows here.
    if (typeof v.validationNote === 'string') {
      const note = el('p', v.validationNote, 'cut-note');
      if (typeof v.showAll === 'string') note.append(' ', bodyButton(v.id, v.showAll, 'showAll'));
      section.append(note);
    }

    if (typeof v.rawBodyLabel === 'string') {
      // The body is not in the list message (it can be 64 KiB per entry): asked for on first open.
      const details = /** @type {HTMLDetailsElement} */ (el('details', undefined, 'raw'));
      const pre = el('pre');
      details.append(el('summary', v.rawBodyLabel), pre);
      details.addEventListener('toggle', () => {
        if (!details.open || details.dataset.raw) return;
        details.dataset.raw = 'loading';
        pre.textContent = strings.loading;
        vscode.postMessage({ type: 'rawBody', id: v.id });
      });
      section.append(details);
    }
    if (v.openBody === true) {
      const actions = el('p', undefined, 'body-actions');
      actions.append(bodyButton(v.id, strings.openBody, 'openBody'));
      section.append(actions);
    }
    return section;
  }

  /** A button that asks the host to open the entry's whole body in an editor tab. */
  function bodyButton(id, label, action) {
    const b = el('button', label, 'secondary');
    b.setAttribute('type', 'button');
    b.dataset.action = action;
    b.addEventListener('click', () => vscode.postMessage({ type: 'openBody', id }));
    return b;
  }

  /** Fills an entry's raw body with the host's answer, once: later answers for it are ignored. */
  function showRawBody(id, text) {
    const s = sectionOf(id);
    const details = s && s.querySelector('details.raw');
    const pre = details && details.querySelector('pre');
    if (!(details instanceof HTMLElement) || !pre || details.dataset.raw !== 'loading') return;
    pre.textContent = text; // server text: never markup
    details.dataset.raw = 'loaded';
  }

  function applyFocus(scroll) {
    for (const s of list.querySelectorAll('.entry.focused')) s.classList.remove('focused');
    if (!focused) return;
    const s = document.getElementById('entry-' + focused);
    if (!s) return;
    s.classList.add('focused');
    if (scroll) s.scrollIntoView({ block: 'nearest' });
  }

  /** The section by entry id, or null. */
  function sectionOf(id) {
    return document.getElementById('entry-' + id);
  }

  /** The bottom of the sticky toolbar: what lies above it is hidden by it. */
  function visibleTop() {
    return toolbar.getBoundingClientRect().bottom;
  }

  /** The first entry not hidden under the toolbar, and how far its top is below the viewport's. */
  function firstVisible() {
    const top = visibleTop();
    for (const s of list.children) {
      const r = s.getBoundingClientRect();
      if (r.bottom > top) return { section: /** @type {HTMLElement} */ (s), top: r.top };
    }
    return undefined;
  }

  /** What the page shows, for the tests (test switch only).
   * @param {boolean} [withState] the saved state too (only when asked: it can be ~1 MB) */
  function sendSnapshot(withState) {
    if (!testHooks) return;
    const scripts = Array.from(document.querySelectorAll('script'));
    const sections = /** @type {HTMLElement[]} */ (Array.from(list.children));
    const first = firstVisible();
    vscode.postMessage({
      type: 'rendered',
      ids: shown.map((v) => v.id),
      correlationIds: shown.map((v) => v.correlationId).filter((c) => !!c),
      focused: focused && sectionOf(focused) ? focused : undefined,
      text: document.body.innerText,
      domText: document.body.textContent ?? '',
      openRaw: sections.filter((s) => s.querySelector('details.raw[open][data-raw="loaded"]')).map((s) => s.dataset.id),
      builds: Object.fromEntries(sections.map((s) => [s.dataset.id, Number(s.dataset.build)])),
      rows: Object.fromEntries(
        sections.map((s) => [s.dataset.id, s.querySelectorAll('table.validation tbody tr').length]),
      ),
      renderMs,
      selection: String(window.getSelection() ?? ''),
      scrollY: window.scrollY,
      firstVisible: first ? { id: first.section.dataset.id, top: first.top } : undefined,
      images: document.querySelectorAll('img').length,
      // The nonce attribute reads as '' once applied; the nonce property keeps it. VS Code's own
      // API script (`_vscodeApiScript`) is injected by the webview host, not by this page.
      scriptsWithoutNonce: scripts.filter((s) => !s.nonce && s.id !== '_vscodeApiScript').length,
      ...(withState ? { persisted: vscode.getState() } : {}),
    });
  }

  /** An entry's identity. The time too, because restored ids (r1…) are numbered afresh when a
   * panel's restored entries are replaced; store ids are never reused. */
  function keyOf(v) {
    return v.id + '@' + v.time;
  }

  /**
   * Brings the list to `entries` without touching what stays: an entry never changes once sent, so
   * a kept section is neither rebuilt nor (unless the order changed) moved, and what the user did in
   * it (an open raw body, a selection) survives. Returns the ids of the sections built.
   */
  function reconcile(entries) {
    const wanted = new Set(entries.map(keyOf));
    /** Kept sections by key; null once placed. @type {Map<string, HTMLElement | null>} */
    const kept = new Map();
    for (const s of /** @type {HTMLElement[]} */ (Array.from(list.children))) {
      // Removed first, so that kept sections never need to move past them.
      if (wanted.has(String(s.dataset.key))) kept.set(String(s.dataset.key), s);
      else s.remove();
    }
    const built = new Set();
    let cursor = list.firstElementChild;
    for (const v of entries) {
      const key = keyOf(v);
      let s = kept.get(key);
      if (s === null) continue; // a duplicate key: placed already
      if (!s) {
        s = renderEntry(v);
        s.dataset.key = key;
        built.add(v.id);
      }
      kept.set(key, null);
      if (s === cursor) cursor = cursor.nextElementSibling;
      else list.insertBefore(s, cursor);
    }
    return built;
  }

  /**
   * The entries of a list message: the host sends an entry the page already shows as a reference
   * (`known`, its id and time), since entries never change once sent. Undefined when a reference
   * names an entry the page does not have.
   */
  function resolve(entries) {
    const held = new Map(shown.map((v) => [keyOf(v), v]));
    const out = [];
    for (const e of entries) {
      const v = e && e.known === true ? held.get(keyOf(e)) : e;
      if (!v) return undefined;
      out.push(v);
    }
    return out;
  }

  /** @param {unknown[]} entries @param {boolean} focusChanged */
  function render(entries, focusChanged) {
    const started = testHooks ? window.performance.now() : 0;
    shown = entries;
    // Scrolled down, the reader's entry stays where it is on screen whatever is inserted above it;
    // at the top, new entries simply appear there.
    const anchor = window.scrollY > 0 ? firstVisible() : undefined;
    const built = reconcile(entries);
    empty.hidden = entries.length > 0;
    clear.disabled = entries.length === 0;
    count.textContent =
      entries.length === 0 ? '' : entries.length === 1 ? strings.oneError : fill(strings.errors, entries.length);
    if (anchor && anchor.section.isConnected)
      window.scrollBy(0, anchor.section.getBoundingClientRect().top - anchor.top);
    // The focused entry is scrolled to when it is new to the page, not again on every update.
    applyFocus(focusChanged || (focused !== undefined && built.has(focused)));
    if (testHooks) {
      // Reading a layout property lays the page out now, as the next frame would: the time the
      // reader waits, not only the DOM building.
      void list.offsetHeight;
      renderMs = window.performance.now() - started;
    }
    sendSnapshot();
  }

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'entries': {
        const entries = resolve(Array.isArray(m.entries) ? m.entries : []);
        if (!entries) {
          // A reference to an entry this page never got: start over with the whole list.
          vscode.postMessage({ type: 'ready' });
          break;
        }
        const focusChanged = typeof m.focus === 'string' && m.focus !== focused;
        if (typeof m.focus === 'string') focused = m.focus;
        render(entries, focusChanged);
        break;
      }
      case 'rawBody':
        if (typeof m.id === 'string' && typeof m.text === 'string') {
          showRawBody(m.id, m.text);
          sendSnapshot();
        }
        break;
      case 'persist':
        // Kept verbatim for the panel serializer: after a window reload the host gets it back.
        vscode.setState(m.state);
        break;
      case 'focus':
        focused = m.id;
        applyFocus(true);
        sendSnapshot();
        break;
      case 'click': {
        if (!testHooks) break;
        // Lets the integration tests press the real buttons (and the Raw body summary, whose
        // opening then loads the body: the snapshot after the answer shows it).
        const entry = '#entry-' + CSS.escape(String(m.id));
        const inEntry = {
          raw: ' details > summary',
          copy: ' button[data-action="copy"]',
          openBody: ' button[data-action="openBody"]',
          showAll: ' button[data-action="showAll"]',
          copyCurl: ' button[data-action="copyCurl"]',
        };
        const target =
          m.action === 'clear'
            ? clear
            : Object.hasOwn(inEntry, m.action)
              ? document.querySelector(entry + inEntry[m.action])
              : null;
        if (target instanceof HTMLElement) {
          target.click();
          sendSnapshot();
        }
        break;
      }
      case 'drive': {
        if (!testHooks) break;
        if (m.action === 'reportState') {
          sendSnapshot(true);
          break;
        }
        // Lets the integration tests read as a user does: scroll an entry to the top, select text.
        const s = typeof m.id === 'string' ? sectionOf(m.id) : null;
        if (!s) break;
        if (m.action === 'scrollTo') {
          window.scrollBy(0, s.getBoundingClientRect().top - visibleTop());
        } else if (m.action === 'selectMessage') {
          const range = document.createRange();
          range.selectNodeContents(/** @type {Node} */ (s.querySelector('.message')));
          window.getSelection()?.removeAllRanges();
          window.getSelection()?.addRange(range);
        }
        sendSnapshot();
        break;
      }
    }
  });

  vscode.postMessage({ type: 'ready' });
})();
