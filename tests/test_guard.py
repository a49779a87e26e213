"""The lexical guard against SERVICE and LOAD."""

import pytest

from server.guard import RemoteAccessRefused, refuse_remote_access


@pytest.mark.parametrize("query", [
    "SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }",
    "select * where { service silent <http://x/> { ?s ?p ?o } }",
    "SELECT * WHERE { ?s ?p ?o . SERVICE\n?endpoint { ?a ?b ?c } }",
    "LOAD <http://example.org/data.ttl>",
    "load silent <http://example.org/data.ttl> INTO GRAPH <http://g>",
    "PREFIX s: <http://e/> SELECT * { # comment\n SERVICE <http://x/> {} }",
    # SPARQL ends a comment at a carriage return too: the keyword after it is code.
    "SELECT * { # c\rSERVICE <http://x/> { ?s ?p ?o } }",
    "# c\rLOAD <http://127.0.0.1:9/data.ttl>",
    "SELECT * { ?s ?p 'a' # \"\r SERVICE <http://x/> {} }",
])
def test_remote_access_is_refused(query: str) -> None:
    with pytest.raises(RemoteAccessRefused, match="disabled"):
        refuse_remote_access(query)


@pytest.mark.parametrize("query", [
    'SELECT * WHERE { ?s ?p "SERVICE <http://x/>" }',
    "SELECT * WHERE { ?s <http://example.org/SERVICE> ?o }",
    "SELECT ?service WHERE { ?service a ?t }",
    "PREFIX load: <http://e/> SELECT * WHERE { ?s load:x ?o }",
    "SELECT * WHERE { ?s ?p ?o } # SERVICE in a comment",
    "SELECT * WHERE { ?s ?p '''multi\nline LOAD <x>''' }",
    "SELECT * FROM <http://example.org/remote.ttl> WHERE { ?s ?p ?o }",
])
def test_ordinary_queries_pass(query: str) -> None:
    refuse_remote_access(query)


def test_deep_nesting_is_refused_before_the_parser_sees_it() -> None:
    from server.guard import MAX_NESTING, TooDeeplyNested

    deep = "SELECT * WHERE { FILTER(" + "(" * 5000 + "1" + ")" * 5000 + ") }"
    with pytest.raises(TooDeeplyNested, match="levels deep"):
        refuse_remote_access(deep)
    refuse_remote_access("SELECT * WHERE { FILTER(" + "(" * (MAX_NESTING - 3) + "1" + ")" * (MAX_NESTING - 3) + ") }")
    refuse_remote_access("SELECT * WHERE { ?s ?p '" + "(" * 5000 + "' }")  # in a string, not nesting
    # More brackets than the limit, each closed at once: shallow, so it passes the character-by-character check.
    refuse_remote_access("SELECT * WHERE { " + "FILTER((1)) " * MAX_NESTING + "}")
