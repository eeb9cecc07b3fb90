// Report page script. Lays out the report the host sends (src/panels/reportProtocol.ts) with DOM
// APIs only: every server string goes through textContent, never innerHTML, and the chart is SVG
// elements made with createElementNS from the host's geometry. The page never fetches: a change of
// the parameters is checked here, then sent to the host, which checks it again and answers. Each
// answer carries the number of its request: one older than the latest request is dropped.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi();
  const SVG = 'http://www.w3.org/2000/svg';
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const form = /** @type {HTMLFormElement} */ ($('controls'));
  const inputs = {
    periodLength: /** @type {HTMLSelectElement} */ ($('periodLength')),
    periodsToCompare: /** @type {HTMLInputElement} */ ($('periodsToCompare')),
    startMonth: /** @type {HTMLInputElement} */ ($('startMonth')),
    reportDate: /** @type {HTMLInputElement} */ ($('reportDate')),
    numberOfPeriods: /** @type {HTMLInputElement} */ ($('numberOfPeriods')),
    periodLengthDays: /** @type {HTMLInputElement} */ ($('periodLengthDays')),
  };
  const status = $('status');
  const problem = $('problem');
  const problemText = $('problemText');
  const retry = /** @type {HTMLButtonElement} */ ($('retry'));
  const main = $('report');
  const table = /** @type {HTMLTableElement} */ ($('table'));
  const chart = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('chart')));
  const changes = /** @type {HTMLInputElement} */ ($('changes'));
  /** The page's words in the display language (src/panels/reportHtml.ts). */
  const strings = JSON.parse(document.body.dataset.strings || '{}');
  /** Under the test switch only: the page reports what it shows and obeys the tests' drive messages. */
  const testHooks = document.body.dataset.testHooks === 'on';
  const fill = (/** @type {string} */ text, /** @type {unknown} */ value) => text.replace('{0}', String(value));
  /** What the panel shows (kept with setState for the serializer): account, company, kind, params. */
  let state = vscode.getState();
  /** The latest request's number: answers to older ones are stale. */
  let latest = 0;
  let renderMs = 0;
  let lastChart = { series: 0, marks: 0, label: '' };
  const isStatement = () => !!state && ['balanceSheet', 'profitAndLoss', 'cashFlowStatement'].includes(state.kind);

  function el(/** @type {string} */ tag, /** @type {string | undefined} */ text, /** @type {string} */ className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }
  function svg(/** @type {string} */ tag, /** @type {Record<string, string | number>} */ attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  }

  /** The controls from the parameters. */
  function showParams(/** @type {Record<string, unknown>} */ p) {
    document.body.classList.toggle('statement', isStatement());
    document.body.classList.toggle('aged', !isStatement());
    const text = (/** @type {unknown} */ v) => (v === undefined || v === null ? '' : String(v));
    inputs.periodLength.value = text(p.periodLength || 1);
    inputs.periodsToCompare.value = text(p.periodsToCompare || 1);
    inputs.startMonth.value = typeof p.startMonth === 'string' ? p.startMonth.slice(0, 7) : '';
    inputs.reportDate.value = text(p.reportDate);
    inputs.numberOfPeriods.value = text(p.numberOfPeriods);
    inputs.periodLengthDays.value = text(p.periodLengthDays);
  }

  /** An integer within bounds, or undefined when empty; NaN when not one. */
  function intOf(/** @type {HTMLInputElement} */ input, /** @type {number} */ min, /** @type {number} */ max) {
    if (input.value.trim() === '') return undefined;
    const n = Number(input.value);
    return Number.isInteger(n) && n >= min && n <= max ? n : NaN;
  }

  /** The parameters from the controls, checked, or the name of the first wrong one. */
  function readParams() {
    if (isStatement()) {
      const periodsToCompare = intOf(inputs.periodsToCompare, 1, Number(inputs.periodsToCompare.max));
      if (periodsToCompare === undefined || Number.isNaN(periodsToCompare)) return { wrong: inputs.periodsToCompare };
      const month = inputs.startMonth.value;
      if (month !== '' && !/^\d{4}-\d{2}$/.test(month)) return { wrong: inputs.startMonth };
      return {
        params: {
          periodLength: Number(inputs.periodLength.value),
          periodsToCompare,
          ...(month ? { startMonth: month + '-01' } : {}),
        },
      };
    }
    const numberOfPeriods = intOf(inputs.numberOfPeriods, 1, Number(inputs.numberOfPeriods.max));
    if (Number.isNaN(numberOfPeriods)) return { wrong: inputs.numberOfPeriods };
    const periodLengthDays = intOf(inputs.periodLengthDays, 1, Number(inputs.periodLengthDays.max));
    if (Number.isNaN(periodLengthDays)) return { wrong: inputs.periodLengthDays };
    const reportDate = inputs.reportDate.value;
    if (reportDate !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(reportDate)) return { wrong: inputs.reportDate };
    return {
      params: {
        ...(reportDate ? { reportDate } : {}),
        ...(numberOfPeriods !== undefined ? { numberOfPeriods } : {}),
        ...(periodLengthDays !== undefined ? { periodLengthDays } : {}),
      },
    };
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const read = readParams();
    if (!read.params) {
      const label = read.wrong.closest('label');
      status.textContent = fill(strings.invalid, label ? label.firstChild?.textContent?.trim() : read.wrong.name);
      read.wrong.setAttribute('aria-invalid', 'true');
      read.wrong.focus();
      sendSnapshot();
      return;
    }
    for (const input of Object.values(inputs)) input.removeAttribute('aria-invalid');
    vscode.postMessage({ type: 'params', params: read.params });
  });
  $('refresh').addEventListener('click', () => vscode.postMessage({ type: 'refresh' }));
  retry.addEventListener('click', () => vscode.postMessage({ type: 'refresh' }));
  $('export').addEventListener('click', () => vscode.postMessage({ type: 'export' }));
  $('curl').addEventListener('click', () => vscode.postMessage({ type: 'copyCurl' }));
  changes.addEventListener('change', () => {
    table.classList.toggle('show-changes', changes.checked);
    sendSnapshot();
  });

  function showProblem(/** @type {string} */ message, /** @type {boolean} */ canRetry) {
    status.textContent = '';
    main.hidden = true;
    main.removeAttribute('aria-busy');
    problem.hidden = false;
    problemText.textContent = message;
    retry.hidden = !canRetry;
    document.body.classList.remove('loading');
  }

  /** A value's cell: the amount, its change vs the column before (shown by the toggle), and a
   * flag, in words and an icon, where the lines do not add up to it. */
  function cell(row, text, i) {
    const td = el('td', undefined, 'amount');
    if (row.role === 'section' && (row.values[i] === null || row.values[i] === undefined)) return td;
    td.append(el('span', String(text.values[i] ?? ''), 'value'));
    const change = row.changes ? row.changes[i] : null;
    if (typeof change === 'number' && text.changes[i]) {
      const span = el('span', String(text.changes[i]), 'change' + (change < 0 ? ' down' : change > 0 ? ' up' : ''));
      span.title = fill(strings.change, text.changes[i]);
      td.append(span);
    }
    const expected = text.expected[i];
    if (typeof expected === 'string') {
      td.classList.add('flagged');
      const flag = el('span', undefined, 'flag');
      flag.append(el('span', '⚠', 'icon'), el('span', fill(strings.mismatch, expected), 'why'));
      flag.firstElementChild?.setAttribute('aria-hidden', 'true');
      td.append(flag);
    }
    return td;
  }

  function renderTable(t, texts) {
    table.replaceChildren();
    table.append(el('caption', t.title + (t.currency ? ' (' + t.currency + ')' : ''), ''));
    const head = el('tr', undefined, '');
    head.append(el('th', strings.account, 'line'));
    for (const c of t.columns) {
      const th = el('th', c.label, 'amount');
      th.setAttribute('scope', 'col');
      if (c.from && c.to) th.title = c.from + ' – ' + c.to;
      head.append(th);
    }
    const thead = el('thead', undefined, '');
    thead.append(head);
    const tbody = el('tbody', undefined, '');
    t.rows.forEach((row, r) => {
      const tr = el('tr', undefined, 'role-' + row.role);
      tr.dataset.depth = String(row.depth);
      const th = el('th', row.label, 'line');
      th.setAttribute('scope', 'row');
      // CSSOM, not a style attribute: the CSP allows no inline styles.
      th.style.paddingInlineStart = 0.4 + row.depth * 1.2 + 'em';
      tr.append(th);
      for (let i = 0; i < t.columns.length; i++)
        tr.append(cell(row, texts[r] || { values: [], changes: [], expected: {} }, i));
      tbody.append(tr);
    });
    table.append(thead, tbody);
    if (t.rows.length === 0) table.append(el('caption', strings.noRows, 'empty'));
  }

  /** The chart from the host's geometry (src/reports/chartLayout.ts): bars, ticks, labels and
   * legend as SVG elements, coloured by CSS classes that read the theme's chart colours. */
  function renderChart(layout, series) {
    chart.replaceChildren();
    chart.setAttribute('viewBox', '0 0 ' + layout.width + ' ' + layout.height);
    chart.setAttribute('aria-label', layout.summary);
    chart.append(patterns());
    const { plot } = layout;
    for (const tick of layout.ticks) {
      chart.append(svg('line', { x1: plot.x, y1: tick.y, x2: plot.x + plot.width, y2: tick.y, class: 'grid' }));
      const text = svg('text', { x: plot.x - 6, y: tick.y + 4, 'text-anchor': 'end', class: 'tick' });
      text.textContent = tick.label;
      chart.append(text);
    }
    const cls = (/** @type {number} */ i) => 'bar series-' + i + ' role-' + (series[i] ? series[i].role : 'bucket');
    for (const bar of layout.bars) {
      const rect = svg('rect', { x: bar.x, y: bar.y, width: bar.width, height: bar.height, class: cls(bar.series) });
      const title = document.createElementNS(SVG, 'title');
      title.textContent = bar.text;
      rect.append(title);
      chart.append(rect);
    }
    if (!layout.empty)
      chart.append(
        svg('line', { x1: plot.x, y1: layout.zeroY, x2: plot.x + plot.width, y2: layout.zeroY, class: 'zero' }),
      );
    for (const label of layout.labels) {
      const text = svg('text', { x: label.x, y: label.y, 'text-anchor': 'middle', class: 'category' });
      text.textContent = label.text;
      chart.append(text);
    }
    for (const entry of layout.legend) {
      const { swatch } = entry;
      chart.append(
        svg('rect', { x: swatch.x, y: swatch.y, width: swatch.width, height: swatch.height, class: cls(entry.series) }),
      );
      const text = svg('text', { x: entry.textX, y: entry.textY, class: 'legend' });
      text.textContent = entry.name;
      chart.append(text);
    }
    lastChart = { series: series.length, marks: layout.bars.length, label: layout.summary };
  }

  /** Hatchings for high-contrast themes (CSS picks them there), so series differ by more than colour. */
  function patterns() {
    const defs = document.createElementNS(SVG, 'defs');
    ['', 'M0,4 l4,-4', 'M0,0 l4,4', 'M2,0 v4', 'M0,2 h4', 'M0,0 l4,4 M0,4 l4,-4'].forEach((d, i) => {
      const p = svg('pattern', { id: 'hc-' + i, width: 4, height: 4, patternUnits: 'userSpaceOnUse' });
      p.append(svg('rect', { width: 4, height: 4, class: 'hc-ground' }));
      if (d) p.append(svg('path', { d, class: 'hc-hatch' }));
      defs.append(p);
    });
    return defs;
  }

  function render(m) {
    const started = testHooks ? window.performance.now() : 0;
    problem.hidden = true;
    status.textContent = '';
    main.hidden = false;
    main.removeAttribute('aria-busy');
    document.body.classList.remove('loading');
    renderTable(m.table, Array.isArray(m.texts) ? m.texts : []);
    renderChart(m.chart, m.table.chart && Array.isArray(m.table.chart.series) ? m.table.chart.series : []);
    $('notes').textContent = (m.table.notes || []).join(' · ');
    $('request').textContent = fill(strings.sent, m.request);
    if (testHooks) {
      void main.offsetHeight;
      renderMs = window.performance.now() - started;
    }
    sendSnapshot();
  }

  /** What the page shows, for the tests (test switch only). */
  function sendSnapshot() {
    if (!testHooks || !state) return;
    const rows = Array.from(table.querySelectorAll('tbody tr')).map((tr) => ({
      label: tr.querySelector('th')?.textContent ?? '',
      depth: Number(/** @type {HTMLElement} */ (tr).dataset.depth),
      role: tr.className.replace('role-', ''),
      cells: Array.from(tr.querySelectorAll('td .value')).map((v) => v.textContent ?? ''),
      flagged: tr.querySelector('td.flagged') !== null,
    }));
    const scripts = Array.from(document.querySelectorAll('script'));
    vscode.postMessage({
      type: 'rendered',
      kind: state.kind,
      companyId: state.companyId,
      params: state.params,
      columns: Array.from(table.querySelectorAll('thead th.amount')).map((th) => th.textContent ?? ''),
      rows: main.hidden ? [] : rows,
      chart: main.hidden ? { series: 0, marks: 0, label: '' } : lastChart,
      text: document.body.innerText,
      images: document.querySelectorAll('img').length,
      scriptsWithoutNonce: scripts.filter((s) => !s.nonce && s.id !== '_vscodeApiScript').length,
      renderMs,
      // Beyond ReportRenderSnapshot: what the tests of Retry, loading and reloads read.
      retry: !problem.hidden && !retry.hidden,
      problem: problem.hidden ? '' : problemText.textContent,
      loading: document.body.classList.contains('loading'),
      showChanges: changes.checked,
      persisted: vscode.getState(),
    });
  }

  function drive(m) {
    if (m.action === 'setParams' && m.params && typeof m.params === 'object') {
      showParams(Object.assign({}, state ? state.params : {}, m.params));
      form.requestSubmit();
    } else if (m.action === 'click') {
      const target = { retry, refresh: $('refresh'), export: $('export'), curl: $('curl'), changes }[m.button];
      if (target) target.click();
    } else if (m.action === 'report') sendSnapshot();
  }

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'init':
        if (!m.state || typeof m.state !== 'object') break;
        state = m.state;
        vscode.setState(state);
        $('heading').textContent = String(m.title);
        document.title = String(m.title);
        showParams(state.params || {});
        break;
      case 'loading':
        if (typeof m.seq !== 'number' || m.seq < latest) break;
        latest = m.seq;
        // The parameters asked for are what a reload restores, even before the answer.
        state = Object.assign({}, state, { params: m.params });
        vscode.setState(state);
        showParams(m.params || {});
        status.textContent = strings.loading;
        main.setAttribute('aria-busy', 'true');
        document.body.classList.add('loading');
        sendSnapshot();
        break;
      case 'report':
        if (typeof m.seq !== 'number' || m.seq < latest || !m.table || !m.chart) break;
        latest = m.seq;
        render(m);
        break;
      case 'unavailable':
      case 'error':
        if (typeof m.seq !== 'number' || m.seq < latest) break;
        latest = m.seq;
        showProblem(String(m.message), m.type === 'error');
        sendSnapshot();
        break;
      case 'drive':
        if (testHooks) drive(m);
        break;
    }
  });

  if (state) showParams(state.params || {});
  vscode.postMessage({ type: 'ready' });
})();
