// The connection picture: people, the organizations they share and the affiliates between them, drawn with
// cytoscape from the same answer as the table (/api/connections). Edges carry role and years; every node
// links to its page (click, or the list under the picture for keyboards and screen readers).
(async function () {
  const box = document.getElementById('picture');
  if (!box || typeof cytoscape === 'undefined') return;
  const base = box.dataset.base;
  const local = (iri) => (iri.startsWith(base + 'id/') ? '/' + iri.slice(base.length) : iri);
  const years = (start, end) => (start || end ? ' ' + (start || '?') + (end !== start ? '–' + (end || '?') : '') : '');
  const response = await fetch(box.dataset.api);
  if (!response.ok) return;
  const answer = await response.json();
  const nodes = new Map();
  const edges = new Map();
  const node = (iri, label, kind) => { if (!nodes.has(iri)) nodes.set(iri, {id: iri, label: label, kind: kind, href: local(iri)}); };
  const edge = (source, target, label, kind) => {
    const id = kind + ' ' + source + ' ' + target;
    const found = edges.get(id);
    if (found) { if (!found.label.split('; ').includes(label)) found.label += '; ' + label; return; }
    edges.set(id, {id: id, source: source, target: target, label: label, kind: kind});
  };
  const people = answer.among || [answer.from, answer.to];
  for (const person of people) node(person.iri, person.label, 'person');
  for (const org of answer.shared_organizations) {
    node(org.iri, org.label, 'organization');
    for (const [person, roles] of Object.entries(org.roles || {})) {
      for (const role of roles) {
        const target = role.via ? role.via.iri : org.iri;
        if (role.via) {
          node(role.via.iri, role.via.label, 'affiliate');
          edge(role.via.iri, org.iri, 'affiliate of', 'affiliation');
        }
        edge(person, target, role.role + years(role.start, role.end), 'role');
      }
    }
    for (const pair of org.pairs || []) {
      if (pair.overlap) {
        edge(pair.people[0], pair.people[1], org.label + years(pair.overlap.start, pair.overlap.end) +
             ' (' + pair.computed_by + ')', 'together');
      }
    }
  }
  const cy = cytoscape({
    container: box,
    elements: [...[...nodes.values()].map((data) => ({data: data})), ...[...edges.values()].map((data) => ({data: data}))],
    style: [
      {selector: 'node', style: {'label': 'data(label)', 'text-valign': 'bottom', 'text-margin-y': 4, 'font-size': 12,
                                 'color': '#1a1a1a', 'text-wrap': 'wrap', 'text-max-width': 140}},
      {selector: 'node[kind="person"]', style: {'background-color': '#0b57d0', 'width': 34, 'height': 34}},
      {selector: 'node[kind="organization"]', style: {'background-color': '#137333', 'shape': 'round-rectangle', 'width': 44, 'height': 30}},
      {selector: 'node[kind="affiliate"]', style: {'background-color': '#81c995', 'shape': 'round-rectangle', 'width': 30, 'height': 22}},
      {selector: 'edge', style: {'label': 'data(label)', 'font-size': 10, 'color': '#333', 'curve-style': 'bezier',
                                 'text-background-color': '#fff', 'text-background-opacity': 0.85, 'text-wrap': 'wrap',
                                 'text-max-width': 180, 'width': 2, 'line-color': '#888', 'target-arrow-shape': 'triangle',
                                 'target-arrow-color': '#888'}},
      {selector: 'edge[kind="affiliation"]', style: {'line-color': '#137333', 'target-arrow-color': '#137333'}},
      {selector: 'edge[kind="together"]', style: {'line-style': 'dashed', 'line-color': '#b3261e', 'target-arrow-shape': 'none',
                                                  'color': '#b3261e', 'curve-style': 'unbundled-bezier',
                                                  'control-point-distances': [-150], 'control-point-weights': [0.5]}},
    ],
    // Three columns, read left to right: the people, the affiliates they served in, the organizations shared.
    layout: {name: 'preset', fit: true, padding: 30, positions: (n) => {
      const column = {person: 0, affiliate: 1, organization: 2}[n.data('kind')];
      const same = [...nodes.values()].filter((d) => d.kind === n.data('kind'));
      const rows = Math.max(...['person', 'affiliate', 'organization'].map((k) => [...nodes.values()].filter((d) => d.kind === k).length));
      const step = 110;
      const offset = (rows - same.length) * step / 2;
      return {x: column * 380, y: offset + same.findIndex((d) => d.id === n.id()) * step};
    }},
  });
  cy.on('tap', 'node', (event) => { window.location.href = event.target.data('href'); });
  window.bbkgPicture = cy;
  const list = document.getElementById('picture-nodes');
  list.replaceChildren(...cy.nodes().map((n) => {
    const item = document.createElement('li');
    const a = document.createElement('a');
    a.href = n.data('href');
    a.textContent = n.data('label');
    item.append(a, ' (' + n.data('kind') + ')');
    return item;
  }));
  list.hidden = false;
  box.dataset.drawn = String(cy.nodes().length);
})();
