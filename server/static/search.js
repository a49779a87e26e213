// Suggestions as a person types in the search box, from /api/entities?match=prefix; choosing one and
// pressing Enter (or Search) goes through /search, which opens the page of an exactly named entity.
(function () {
  const input = document.querySelector('input[data-suggest]');
  if (!input) return;
  const list = document.getElementById(input.getAttribute('list'));
  let asked = '';
  let timer = null;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const q = input.value.trim();
      if (q.length < 2 || q === asked) return;
      asked = q;
      const response = await fetch('/api/entities?' + new URLSearchParams({q: q, match: 'prefix', limit: '10'}));
      if (!response.ok || input.value.trim() !== q) return;
      const body = await response.json();
      list.replaceChildren(...body.results.map((e) => {
        const option = document.createElement('option');
        option.value = e.label;
        option.label = e.label + ' (' + e.type + ')';
        return option;
      }));
    }, 150);
  });
})();
