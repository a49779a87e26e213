// The query editor: YASGUI (served from /static/vendor/, installed from npm) against this server's /sparql,
// with the project's prefixes, the saved queries of queries/ as tabs, result tables, and a bar chart for
// results that suit one (a label column and a number column).
(function () {
  const root = document.getElementById('yasgui');
  if (!root || typeof Yasgui === 'undefined') return;
  const saved = JSON.parse(document.getElementById('saved-queries').textContent);
  const prefixes = JSON.parse(document.getElementById('prefixes').textContent);
  const prologue = Object.entries(prefixes).map(([p, iri]) => 'PREFIX ' + p + ': <' + iri + '>').join('\n');

  // A bar chart drawn as SVG, no library: the first column whose every value is a number against the first
  // other column, for at most 60 rows.
  class BarChart {
    constructor(yasr) { this.yasr = yasr; this.priority = 1; this.label = 'Chart'; }
    columns() {
      const results = this.yasr.results;
      if (!results || !results.getVariables) return null;
      const vars = results.getVariables();
      const rows = results.getBindings() || [];
      if (!rows.length || rows.length > 60) return null;
      const isNumber = (v) => rows.every((r) => r[v] && r[v].value !== '' && !isNaN(Number(r[v].value)));
      const value = vars.find(isNumber);
      const label = vars.find((v) => v !== value);
      return value && label ? {value: value, label: label, rows: rows} : null;
    }
    canHandleResults() { return this.columns() !== null; }
    getIcon() { const span = document.createElement('span'); span.textContent = '▮'; return span; }
    draw() {
      const {value, label, rows} = this.columns();
      const max = Math.max(...rows.map((r) => Number(r[value].value)), 1);
      const svgNS = 'http://www.w3.org/2000/svg';
      const rowHeight = 22, left = 260, width = 760;
      const svg = document.createElementNS(svgNS, 'svg');
      svg.setAttribute('width', String(width));
      svg.setAttribute('height', String(rows.length * rowHeight + 10));
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', value + ' by ' + label);
      rows.forEach((r, i) => {
        const cell = r[label];
        const name = !cell ? '' : cell.type === 'uri' ? cell.value.replace(/^.*[#/]/, '') : cell.value;
        const n = Number(r[value].value);
        const text = document.createElementNS(svgNS, 'text');
        text.setAttribute('x', String(left - 8)); text.setAttribute('y', String(i * rowHeight + 16));
        text.setAttribute('text-anchor', 'end'); text.textContent = name.length > 38 ? name.slice(0, 37) + '…' : name;
        const bar = document.createElementNS(svgNS, 'rect');
        bar.setAttribute('x', String(left)); bar.setAttribute('y', String(i * rowHeight + 4));
        bar.setAttribute('height', String(rowHeight - 6));
        bar.setAttribute('width', String(Math.max(1, (width - left - 60) * n / max)));
        bar.setAttribute('fill', '#0b57d0');
        const count = document.createElementNS(svgNS, 'text');
        count.setAttribute('x', String(left + (width - left - 60) * n / max + 6)); count.setAttribute('y', String(i * rowHeight + 16));
        count.textContent = String(n);
        svg.append(text, bar, count);
      });
      const box = document.createElement('div');
      box.className = 'chart';
      const caption = document.createElement('p');
      caption.textContent = value + ' by ' + label;
      box.append(caption, svg);
      this.yasr.resultsEl.appendChild(box);
    }
  }
  Yasgui.Yasr.registerPlugin('chart', BarChart);
  // The property and class autocompleters ask lov.linkeddata.es; this page loads nothing from elsewhere.
  Yasgui.Yasqe.defaults.autocompleters = ['prefixes', 'variables'];

  const endpoint = window.location.origin + '/sparql';
  const yasgui = new Yasgui(root, {
    requestConfig: {endpoint: endpoint, method: 'POST'},
    copyEndpointOnNewTab: true,
    endpointCatalogueOptions: {getData: () => [{endpoint: endpoint}]},
    autofocus: false,  // the page starts at its top, where the keyboard's Tab finds the skip link
    persistenceId: 'bbkg-editor',
    populateFromUrl: false,
    yasqe: {value: prologue + '\n\nSELECT ?person ?role ?team WHERE {\n  ?m bb:member/rdfs:label ?person ; bb:role/rdfs:label ?role ;\n     bb:organization/rdfs:label ?team .\n} ORDER BY ?person LIMIT 50\n'},
    yasr: {pluginOrder: ['table', 'chart', 'response'], prefixes: prefixes},
  });
  // Each saved query is a tab (once: tabs persist in the browser, edits included).
  const tabOf = {};
  for (const q of saved) {
    const found = Object.values(yasgui._tabs).find((tab) => tab.getName() === q.title);
    tabOf[q.name] = found || yasgui.addTab(false, {name: q.title, yasqe: {value: q.text},
                                                  requestConfig: {endpoint: endpoint, method: 'POST'}});
  }
  const open = (name) => { if (tabOf[name]) { yasgui.selectTabId(tabOf[name].getId()); } };
  if (root.dataset.chosen && new URLSearchParams(window.location.search).has('saved')) open(root.dataset.chosen);
  for (const link of document.querySelectorAll('a[data-saved]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      open(link.dataset.saved);
      root.scrollIntoView();
    });
  }
  // YASGUI leaves its controls without names for screen readers; name them (tabs add controls as they open).
  const nameControls = () => {
    for (const control of root.querySelectorAll('input, select, textarea')) {
      if (control.labels.length || control.getAttribute('aria-label')) continue;
      const name = control.classList.contains('autocomplete') ? 'SPARQL endpoint'
        : control.tagName === 'TEXTAREA' ? 'SPARQL query'
        : control.tagName === 'SELECT' ? 'Result format to ask for'
        : 'Tab name';
      control.setAttribute('aria-label', name);
    }
  };
  nameControls();
  new MutationObserver(nameControls).observe(root, {childList: true, subtree: true});
  document.getElementById('plain-query').hidden = true;
  window.bbkgYasgui = yasgui;
})();
