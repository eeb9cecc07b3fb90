// Table page script: a virtualised ARIA grid over rows the host holds (src/panels/tableProtocol.ts).
// Only the rows in view (plus a small margin) are in the DOM, at a fixed height, over a spacer as
// tall as all of them; scrolling reuses the row elements. The page knows the row count and keeps
// a bounded cache of rows by place in the host's order (its epoch); it asks for the ranges it
// shows, one request at a time, and lays out a row not there yet as an empty busy row. Every cell
// is set with textContent, never markup. Sorting and filtering are the host's. One cell is
// focusable at a time (roving tabindex): arrows, Home/End, PageUp/PageDown, Ctrl+Home/End move;
// Enter opens the record; Ctrl+C copies the cell through the host; Alt+Left/Right moves a column.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi();
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const strings = JSON.parse(document.body.dataset.strings || '{}');
  /** Under the runner's test switch only: reports and drive messages (see diagnostics.js). */
  const testHooks = document.body.dataset.testHooks === 'on';
  const ROW_H = 24;
  const MARGIN = 8;
  /** Rows asked for beyond those in view, each way; rows kept at most (by place in the order). */
  const FETCH_MARGIN = 200;
  const CACHE_MAX = 4000;
  const MAX_ANSWER = 500;
  const grid = $('grid');
  const headRow = $('headRow');
  const viewport = $('viewport');
  const spacer = $('spacer');
  const body = $('body');
  const filter = /** @type {HTMLInputElement} */ ($('filter'));
  const fill = (text, v) => String(text).replace('{0}', String(v));
  /** @type {{id: string, numeric: boolean}[]} */ let columns = [];
  /** @type {string[]} */ let shown = [];
  /** Index of each shown column in a row's cells. @type {number[]} */ let shownAt = [];
  /** Rows by place in the order of `epoch`. @type {Map<number, {id: string, cells: string[]}>} */
  let cache = new Map();
  let epoch = -1;
  let total = 0;
  let loaded = 0;
  /** The request in flight (one at a time), and when it went. */
  /** @type {{epoch: number, start: number, end: number, at: number} | null} */ let asked = null;
  /** A report waits for the rows in view to arrive. @type {{withState: boolean} | null} */
  let pendingReport = null;
  let renderT0 = 0;
  let sort = undefined;
  let list = undefined;
  let status = { count: '', hasMore: false, loading: false };
  /** The focused cell: row in the shown order (-1: the header), column among those shown. */
  let focus = { row: 0, column: 0 };
  let first = 0;
  /** @type {number | undefined} */ let pendingScroll;
  /** The columns shown, as a key: a row laid out for others makes its cells again. */
  let layoutKey = '';
  let renderMs = 0;
  let started = 0;
  /** @type {number[]} */ let longTasks = [];
  if (testHooks && typeof window.PerformanceObserver !== 'undefined') {
    try {
      new window.PerformanceObserver((l) => {
        // Only the page's own ('self', or shared with other frames): a frame also hears the long
        // tasks of the workbench around it, which the table does not cause.
        for (const e of l.getEntries())
          if (e.duration > 50 && (e.name === 'self' || e.name === 'multiple-contexts'))
            longTasks.push(Math.round(e.duration));
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // No long task timing in this engine: the report says none.
    }
  }

  const count = () => total;
  const rowAt = (i) => cache.get(i);
  const el = (tag, cls, text) => {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  };

  function buildHeader() {
    headRow.replaceChildren();
    shown.forEach((id, c) => {
      const col = columns.find((x) => x.id === id);
      const h = el('div', 'cell head-cell' + (col && col.numeric ? ' numeric' : ''));
      h.setAttribute('role', 'columnheader');
      h.setAttribute('aria-colindex', String(c + 1));
      h.dataset.column = id;
      h.tabIndex = -1;
      const name = el('span', 'name', id);
      const sorted = sort && sort.column === id;
      h.setAttribute('aria-sort', sorted ? (sort.descending ? 'descending' : 'ascending') : 'none');
      const arrow = sorted ? el('span', 'codicon', sort.descending ? ' ▼' : ' ▲') : null;
      h.append(moveButton(id, -1), name, ...(arrow ? [arrow] : []), moveButton(id, 1));
      h.addEventListener('click', () => {
        setFocus(-1, c, false);
        sortBy(id);
      });
      headRow.append(h);
    });
  }

  /** A header's ‹ or › button: the column one place left or right (Alt+Left/Right by keyboard). */
  function moveButton(id, delta) {
    const b = el('button', 'move', delta < 0 ? '‹' : '›');
    b.setAttribute('aria-label', fill(delta < 0 ? strings.moveLeft : strings.moveRight, id));
    b.tabIndex = -1;
    b.addEventListener('click', (e) => (e.stopPropagation(), move(id, delta)));
    return b;
  }

  function sortBy(id) {
    started = window.performance.now();
    vscode.postMessage({ type: 'sort', column: id });
  }
  function move(id, delta) {
    vscode.postMessage({ type: 'move', column: id, delta });
  }

  /** Lays out the rows in view: row elements reused, cells set as text. */
  function renderRows() {
    const n = count();
    spacer.style.height = n * ROW_H + 'px';
    const visible = Math.ceil((viewport.clientHeight || 600) / ROW_H);
    first = Math.max(0, Math.min(Math.floor(viewport.scrollTop / ROW_H) - MARGIN, n - 1));
    const last = Math.min(n, first + visible + 2 * MARGIN);
    const want = Math.max(0, last - first);
    while (body.children.length > want) body.lastElementChild?.remove();
    while (body.children.length < want) {
      const r = el('div', 'row');
      r.setAttribute('role', 'row');
      body.append(r);
    }
    body.style.transform = `translateY(${first * ROW_H}px)`;
    for (let k = 0; k < want; k++) fillRow(/** @type {HTMLElement} */ (body.children[k]), first + k);
    grid.setAttribute('aria-rowcount', String(n + 1));
    grid.setAttribute('aria-colcount', String(shown.length));
    $('empty').hidden = n > 0 || loaded === 0;
    $('empty').textContent = strings.noRows;
    applyFocus(false);
    askRows();
  }

  /** Whether every row laid out has its data. */
  function windowReady() {
    for (let k = 0; k < body.children.length; k++) if (!cache.has(first + k)) return false;
    return true;
  }

  /** Asks for the rows in view and a margin around them not held, the newest range only: while a
   * request is out, the next goes when its answer comes (or after a second, if it never does). */
  function askRows() {
    if (epoch < 0 || total === 0) return;
    if (asked && asked.epoch === epoch && window.performance.now() - asked.at < 1000) return;
    asked = null;
    const inView = Math.ceil((viewport.clientHeight || 600) / ROW_H);
    const top = Math.floor(viewport.scrollTop / ROW_H);
    const lo = Math.max(0, top - FETCH_MARGIN);
    const hi = Math.min(total, top + inView + FETCH_MARGIN);
    // The rows in view first: the first one missing there, else the first one in the margin.
    let start = -1;
    for (let i = Math.max(lo, first); i < Math.min(hi, first + body.children.length) && start < 0; i++)
      if (!cache.has(i)) start = i;
    for (let i = lo; i < hi && start < 0; i++) if (!cache.has(i)) start = i;
    if (start < 0) return;
    let end = start;
    while (end < hi && end - start < MAX_ANSWER && !cache.has(end)) end++;
    asked = { epoch, start, end, at: window.performance.now() };
    vscode.postMessage({ type: 'rows', epoch, start, end });
  }

  function validAnswer(m) {
    return (
      m.epoch === epoch &&
      Number.isInteger(m.start) &&
      m.start >= 0 &&
      Array.isArray(m.ids) &&
      Array.isArray(m.cells) &&
      m.ids.length === m.cells.length &&
      m.ids.length <= MAX_ANSWER &&
      m.ids.every((id) => typeof id === 'string') &&
      m.cells.every((r) => Array.isArray(r) && r.every((c) => typeof c === 'string'))
    );
  }

  /** An answer: its rows kept (the farthest from view dropped past CACHE_MAX), laid out. */
  function takeRows(m) {
    if (!validAnswer(m)) return;
    if (asked && asked.start === m.start) asked = null;
    m.ids.forEach((id, k) => cache.set(m.start + k, { id, cells: m.cells[k] }));
    if (cache.size > CACHE_MAX) {
      const keep = CACHE_MAX / 2;
      for (const i of cache.keys()) if (i < first - keep || i > first + keep) cache.delete(i);
    }
    renderRows();
    if (pendingReport) report(pendingReport.withState);
  }

  function fillRow(r, i) {
    const row = rowAt(i);
    const id = row ? row.id : '';
    if (r.dataset.index === String(i) && r.dataset.id === id && r.dataset.layout === layoutKey) return;
    r.dataset.index = String(i);
    r.dataset.id = id;
    r.setAttribute('aria-rowindex', String(i + 2));
    // A row whose data has not arrived is laid out empty, busy, for the few ms until it does.
    if (row) r.removeAttribute('aria-busy');
    else r.setAttribute('aria-busy', 'true');
    // Cells are made again only when the columns shown change; scrolling sets their text alone.
    if (r.dataset.layout !== layoutKey) {
      r.replaceChildren();
      for (let c = 0; c < shown.length; c++) {
        const cell = el('div', columns[shownAt[c]] && columns[shownAt[c]].numeric ? 'cell numeric' : 'cell');
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-colindex', String(c + 1));
        cell.tabIndex = -1;
        r.append(cell);
      }
      r.dataset.layout = layoutKey;
    }
    for (let c = 0; c < shown.length; c++) r.children[c].textContent = row ? (row.cells[shownAt[c]] ?? '') : '';
  }

  /** The element of the focused cell, if laid out. */
  function focusedCell() {
    if (focus.row < 0) return /** @type {HTMLElement | null} */ (headRow.children[focus.column] || null);
    const r = body.children[focus.row - first];
    return r ? /** @type {HTMLElement | null} */ (r.children[focus.column] || null) : null;
  }

  function applyFocus(move) {
    for (const c of grid.querySelectorAll('[tabindex="0"]')) /** @type {HTMLElement} */ (c).tabIndex = -1;
    let cell = focusedCell();
    if (!cell)
      cell = /** @type {HTMLElement | null} */ (headRow.children[Math.min(focus.column, shown.length - 1)] || null);
    if (!cell) return;
    cell.tabIndex = 0;
    // A re-render that replaced the focused cell (columns moved, a header rebuilt) keeps the
    // keyboard in the grid.
    if (!move && gridFocused && !grid.contains(document.activeElement)) cell.focus({ preventScroll: true });
    if (!move) return;
    cell.focus({ preventScroll: true });
    // Rows scroll by themselves (setFocus); a column out of view is brought in here.
    const left = cell.offsetLeft;
    if (left < viewport.scrollLeft) viewport.scrollLeft = left;
    else if (left + cell.offsetWidth > viewport.scrollLeft + viewport.clientWidth)
      viewport.scrollLeft = left + cell.offsetWidth - viewport.clientWidth;
  }

  /** Moves the focus to a cell, scrolling its row into view. */
  function setFocus(row, column, move = true) {
    focus = { row: Math.max(-1, Math.min(row, count() - 1)), column: Math.max(0, Math.min(column, shown.length - 1)) };
    if (focus.row >= 0) {
      const top = focus.row * ROW_H;
      if (top < viewport.scrollTop) viewport.scrollTop = top;
      else if (top + ROW_H > viewport.scrollTop + viewport.clientHeight)
        viewport.scrollTop = top + ROW_H - viewport.clientHeight;
    }
    renderRows();
    applyFocus(move);
    save();
  }

  function onKey(e) {
    const page = Math.max(1, Math.floor(viewport.clientHeight / ROW_H) - 1);
    const ctrl = e.ctrlKey || e.metaKey;
    const { row, column } = focus;
    const id = shown[column];
    if (e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      move(id, e.key === 'ArrowLeft' ? -1 : 1);
      focus.column = Math.max(0, Math.min(shown.length - 1, column + (e.key === 'ArrowLeft' ? -1 : 1)));
    } else if (e.key === 'ArrowDown') setFocus(row + 1, column);
    else if (e.key === 'ArrowUp') setFocus(row - 1, column);
    else if (e.key === 'ArrowRight') setFocus(row, column + 1);
    else if (e.key === 'ArrowLeft') setFocus(row, column - 1);
    else if (e.key === 'Home') setFocus(ctrl ? 0 : row, 0);
    else if (e.key === 'End') setFocus(ctrl ? count() - 1 : row, shown.length - 1);
    else if (e.key === 'PageDown') setFocus(Math.min(count() - 1, row + page), column);
    else if (e.key === 'PageUp') setFocus(Math.max(0, row - page), column);
    else if (e.key === 'Enter' || e.key === ' ') {
      if (row < 0) sortBy(id);
      else if (e.key === 'Enter' && rowAt(row)) vscode.postMessage({ type: 'open', id: rowAt(row).id });
      else return;
    } else if (ctrl && (e.key === 'c' || e.key === 'C') && row >= 0 && rowAt(row)) {
      if (e.shiftKey) vscode.postMessage({ type: 'copyRow', id: rowAt(row).id });
      else vscode.postMessage({ type: 'copyCell', id: rowAt(row).id, column: id });
    } else return;
    e.preventDefault();
    report();
  }

  grid.addEventListener('keydown', onKey);
  let gridFocused = false;
  grid.addEventListener('focusin', () => (gridFocused = true));
  grid.addEventListener('focusout', (e) => {
    // Focus gone to the toolbar (not lost with a removed cell, whose relatedTarget is null).
    if (e.relatedTarget instanceof Node && !grid.contains(e.relatedTarget)) gridFocused = false;
  });
  body.addEventListener('click', (e) => {
    const cell = /** @type {HTMLElement} */ (e.target).closest('.cell');
    const r = cell && /** @type {HTMLElement} */ (cell.parentElement);
    if (!cell || !r) return;
    setFocus(Number(r.dataset.index), Array.prototype.indexOf.call(r.children, cell));
  });
  body.addEventListener('dblclick', (e) => {
    const r = /** @type {HTMLElement} */ (e.target).closest('.row');
    if (r instanceof HTMLElement && r.dataset.id) vscode.postMessage({ type: 'open', id: r.dataset.id });
  });
  let frame = 0;
  viewport.addEventListener('scroll', () => {
    headRow.style.transform = `translateX(${-viewport.scrollLeft}px)`;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      renderRows();
      save();
    });
  });
  let typing = 0;
  filter.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(sendFilter, 150);
  });
  function sendFilter() {
    clearTimeout(typing);
    started = window.performance.now();
    vscode.postMessage({ type: 'filter', text: filter.value.slice(0, 500) });
  }
  for (const id of ['columns', 'loadMore', 'loadAll', 'sortList'])
    $(id).addEventListener('click', () => vscode.postMessage({ type: id }));

  function showStatus() {
    $('count').textContent = status.count;
    $('loadMore').hidden = !status.hasMore;
    $('loadAll').hidden = !status.hasMore;
    /** @type {HTMLButtonElement} */ ($('loadMore')).disabled = status.loading;
    /** @type {HTMLButtonElement} */ ($('loadAll')).disabled = status.loading;
    $('sortNote').hidden = !status.sortNote;
    $('sortNoteText').textContent = status.sortNote || '';
    $('error').hidden = !status.error;
    $('error').textContent = status.error || '';
  }

  /** What the page keeps for a reload: the list and where the reader was. */
  function save() {
    vscode.setState({
      version: 1,
      list,
      scrollRow: first + (first > 0 ? MARGIN : 0),
      focus,
      sort,
      filter: filter.value,
    });
  }

  const whole = (v) => Number.isInteger(v) && v >= 0;

  /** Takes a view message's fields (columns, shown, sort, filter, epoch, counts, status). */
  function takeView(m) {
    if (Array.isArray(m.columns)) columns = m.columns.filter((c) => c && typeof c.id === 'string');
    if (Array.isArray(m.shown)) shown = m.shown.filter((id) => columns.some((c) => c.id === id));
    shownAt = shown.map((id) => columns.findIndex((c) => c.id === id));
    layoutKey = shown.join('\n');
    sort = m.sort && typeof m.sort.column === 'string' ? m.sort : undefined;
    if (m.epoch !== epoch) {
      // Another order: the rows held are at other places (every laid out row is filled again).
      cache = new Map();
      asked = null;
      epoch = m.epoch;
      for (const r of body.children) /** @type {HTMLElement} */ (r).dataset.index = '';
    }
    total = m.rowCount;
    loaded = m.loaded;
    for (const i of cache.keys()) if (i >= total) cache.delete(i);
    if (typeof m.filter === 'string' && document.activeElement !== filter) filter.value = m.filter;
    if (m.status && typeof m.status.count === 'string') status = m.status;
    buildHeader();
    showStatus();
  }

  function render(m) {
    if (!whole(m.epoch) || !whole(m.rowCount) || !whole(m.loaded)) return;
    renderT0 = started || window.performance.now();
    if (m.type === 'init') {
      list = m.list;
      $('title').textContent = typeof m.title === 'string' ? m.title : '';
    }
    takeView(m);
    if (m.type === 'init' && m.restore && Number.isInteger(m.restore.scrollRow)) {
      pendingScroll = m.restore.scrollRow;
      if (m.restore.focus) focus = m.restore.focus;
    }
    // A restored place further down than the rows so far is taken once they have arrived.
    if (pendingScroll !== undefined && count() > pendingScroll) {
      spacer.style.height = count() * ROW_H + 'px';
      viewport.scrollTop = pendingScroll * ROW_H;
      pendingScroll = undefined;
    }
    focus.row = Math.min(focus.row, count() - 1);
    renderRows();
    save();
    report();
  }

  /** Under the test switch: what the page shows, once the rows in view have their data (a report
   * asked for before waits for them); the time since the change that is being drawn. */
  function report(withState = false) {
    if (!testHooks) return;
    if (!windowReady()) {
      pendingReport = { withState: withState || (pendingReport ? pendingReport.withState : false) };
      return;
    }
    withState = withState || (pendingReport ? pendingReport.withState : false);
    pendingReport = null;
    if (renderT0) {
      void body.offsetHeight;
      renderMs = window.performance.now() - renderT0;
      renderT0 = 0;
      started = 0;
    }
    const scripts = Array.from(document.querySelectorAll('script'));
    const visible = Array.from(body.children).map((r) => ({
      id: /** @type {HTMLElement} */ (r).dataset.id || '',
      cells: Array.from(r.children).map((c) => c.textContent || ''),
    }));
    const text = ['.toolbar', '#sortNote', '#error', '#headRow', '#empty']
      .map((s) => /** @type {HTMLElement} */ (document.querySelector(s)))
      .map((n) => (n && !n.hidden ? n.innerText : ''))
      .join('\n');
    const mem = /** @type {any} */ (window.performance).memory;
    vscode.postMessage({
      type: 'rendered',
      columns: shown,
      rowCount: count(),
      loadedCount: loaded,
      visible,
      ...(sort ? { sort } : {}),
      filter: filter.value,
      focus: { ...focus },
      text,
      images: document.querySelectorAll('img').length,
      scriptsWithoutNonce: scripts.filter((s) => !s.nonce && s.id !== '_vscodeApiScript').length,
      renderMs,
      longTasks: longTasks.splice(0),
      ...(mem ? { heapBytes: mem.usedJSHeapSize } : {}),
      firstRow: first,
      domRows: body.children.length,
      count: status.count,
      ...(status.sortNote ? { sortNote: status.sortNote } : {}),
      canLoadMore: !$('loadMore').hidden,
      aria: {
        rowcount: Number(grid.getAttribute('aria-rowcount')),
        colcount: Number(grid.getAttribute('aria-colcount')),
        sort: Array.from(headRow.children).map((h) => h.getAttribute('aria-sort') || 'none'),
      },
      ...(withState ? { persisted: vscode.getState() } : {}),
    });
  }

  /** Test switch only: what a user does, through the page's own handlers. */
  function drive(m) {
    started = window.performance.now();
    const c = typeof m.column === 'string' ? shown.indexOf(m.column) : -1;
    switch (m.action) {
      case 'clickHeader':
        if (c >= 0) /** @type {HTMLElement} */ (headRow.children[c].querySelector('.name')).click();
        return;
      case 'typeFilter':
        filter.value = String(m.text ?? '');
        return sendFilter();
      case 'focusCell':
        setFocus(Number(m.row), Math.max(0, c));
        return report();
      case 'key': {
        const target = focusedCell() || grid;
        target.dispatchEvent(
          new KeyboardEvent('keydown', {
            key: String(m.key),
            ctrlKey: !!m.ctrl,
            shiftKey: !!m.shift,
            altKey: !!m.alt,
            bubbles: true,
          }),
        );
        return report();
      }
      case 'scrollTo':
        renderT0 = started;
        viewport.scrollTop = Number(m.row) * ROW_H;
        renderRows();
        return report();
      case 'click':
        if (['columns', 'loadMore', 'loadAll', 'sortList'].includes(m.column)) $(m.column).click();
        return;
      case 'openRow': {
        const r = body.querySelector(`[data-index="${Number(m.row)}"]`);
        if (r) r.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
        return;
      }
      case 'report':
        return report(true);
    }
  }

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'init' || m.type === 'view') render(m);
    else if (m.type === 'rows') takeRows(m);
    else if (m.type === 'drive' && testHooks) drive(m);
  });
  new ResizeObserver(() => renderRows()).observe(viewport);
  vscode.postMessage({ type: 'ready' });
})();
