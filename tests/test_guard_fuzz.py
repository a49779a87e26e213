"""The SERVICE/LOAD guard against generated queries, with Oxigraph itself as the judge.

Hypothesis (fixed seed, bounded examples) hides `SERVICE <...> {}` behind comments, strings, IRIs and every
kind of SPARQL white space (CR, LF, tab, form feed). Oxigraph evaluates each query in a process without
network: where it tried to reach the service, the keyword was code, and the guard must have refused it.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from server.guard import RemoteAccessRefused, refuse_remote_access
from store.sandbox import run_isolated

SPACE = st.sampled_from([" ", "\n", "\r", "\t", "\r\n", "\f", ""])
HIDING = st.sampled_from([
    "# a comment", "# c\r", "# c\n", '"a string"', "'x'", '"""long\nstring"""', "<http://example.org/x>",
    '"unterminated', "#", "'''a\r'''", "\"esc\\\"aped\"", "?service", "ex:", "SERVICE", "service", "LOAD",
])
SERVICE = "SERVICE <http://127.0.0.1:9/sparql> { ?a ?b ?c }"


@st.composite
def queries(draw: st.DrawFn) -> str:
    parts = [draw(HIDING) + draw(SPACE) for _ in range(draw(st.integers(0, 4)))]
    prefix = "".join(parts)
    # One row before the service, so that Oxigraph evaluates it (on an empty pattern it would skip it).
    return f"PREFIX ex: <http://example.org/> SELECT * WHERE {{ BIND(1 AS ?one) {prefix}{draw(SPACE)}{SERVICE} }}"


def _reaches_out(texts: list[str]) -> list[bool]:
    """For each query: whether Oxigraph, evaluating it with no network, tried to call the service."""
    from pyoxigraph import Store

    store = Store()
    verdicts = []
    for text in texts:
        try:
            list(store.query(text))
            verdicts.append(False)
        except SyntaxError:
            verdicts.append(False)
        except OSError:
            verdicts.append(True)  # the HTTP call of SERVICE failed: the keyword was live
    return verdicts


COLLECTED: list[str] = []


@given(queries())
@settings(max_examples=300, derandomize=True, database=None)
def _collect(text: str) -> None:
    COLLECTED.append(text)


def test_every_query_that_would_reach_out_is_refused() -> None:
    _collect()
    texts = sorted(set(COLLECTED))
    verdicts = run_isolated(_reaches_out, (texts,), timeout=120.0)
    live = [t for t, reaches in zip(texts, verdicts, strict=True) if reaches]
    assert live, "the generator never produced a live SERVICE: the test could not fail"
    for text in live:
        try:
            refuse_remote_access(text)
        except RemoteAccessRefused:
            continue
        raise AssertionError(f"the guard let through a query that calls SERVICE: {text!r}")


def test_the_judge_tells_live_from_hidden() -> None:
    verdicts = run_isolated(_reaches_out, ([
        f"SELECT * WHERE {{ BIND(1 AS ?one) # c\r{SERVICE} }}",
        f"SELECT * WHERE {{ BIND(1 AS ?one) # c {SERVICE} \n}}",
    ],), timeout=60.0)
    assert verdicts == [True, False]
