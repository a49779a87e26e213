"""The Flask app over a store built from the seeds, through the test client."""

from __future__ import annotations

import io
import json
from urllib.parse import urlencode
from pathlib import Path

from markupsafe import escape
from pyoxigraph import RdfFormat, parse

from server import create_app
from server.sparql import plain_query
from store.builds import open_current
from store.dumps import dump_store
from vocab.config import PROJECT_ROOT
from vocab.namespaces import PREFIXES
from vocab.queries import saved_queries

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"
JSON_RESULTS = "application/sparql-results+json"


def count_from(response) -> int:
    return int(response.get_json(force=True)["results"]["bindings"][0]["n"]["value"])


def test_sparql_by_get_post_form_and_post_direct(client) -> None:
    by_get = client.get("/sparql", query_string={"query": COUNT})
    by_form = client.post("/sparql", data={"query": COUNT})
    by_body = client.post("/sparql", data=COUNT, content_type="application/sparql-query")
    for response in (by_get, by_form, by_body):
        assert response.status_code == 200
        assert response.mimetype == JSON_RESULTS
    assert count_from(by_get) == count_from(by_form) == count_from(by_body) > 500


def test_a_plain_get_is_read_without_werkzeug_only_when_nothing_else_needs_reading() -> None:
    def read(query_string: str, method: str = "GET", max_bytes: int = 1000) -> str | None:
        operation = plain_query({"REQUEST_METHOD": method, "QUERY_STRING": query_string}, max_bytes)
        return None if operation is None else operation.text

    assert read("query=ASK+%7B+%3Fs+%3Fp+%22%C3%A9%22+%7D") == 'ASK { ?s ?p "é" }'
    assert read("query=") == ""  # an empty query: Oxigraph's parser answers it with its syntax error
    # Everything else is read_operation's: other parameters, a parameter twice, a form, an escape that is not
    # UTF-8, bytes that are not ASCII (WSGI hands them over as Latin-1), none, a query over max_request_bytes.
    for query_string in ("update=DROP+ALL", "query=ASK%7B%7D&default-graph-uri=https%3A%2F%2Fe%2Fg",
                         "query=ASK%7B%7D&query=ASK%7B%7D", "default-graph-uri=x&query=ASK%7B%7D",
                         "query=ASK%7B%FF%7D", "query=ASK{\xc3\xa9}", ""):  # é's UTF-8, as WSGI's Latin-1
        assert read(query_string) is None, query_string
    assert read("query=ASK%7B%7D", method="HEAD") is None
    assert read("query=" + "%20" * 1001) is None and read("query=" + "%20" * 1000) == " " * 1000


def test_a_plain_post_is_read_without_werkzeug_and_its_body_kept_for_werkzeug_otherwise() -> None:
    def read(body: bytes, content_type: str, query_string: str = "", max_bytes: int = 1000) -> str | None:
        environ = {"REQUEST_METHOD": "POST", "QUERY_STRING": query_string, "CONTENT_TYPE": content_type,
                   "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body)}
        operation = plain_query(environ, max_bytes)
        if operation is None:
            assert environ["wsgi.input"].read() == body  # werkzeug reads all of it still
            return None
        return operation.text

    form = "application/x-www-form-urlencoded"
    assert read(b"query=ASK+%7B+%22%C3%A9%22+%7D", form) == 'ASK { "é" }'
    assert read(b"query=ASK%7B%7D", "Application/X-WWW-Form-Urlencoded; charset=utf-8") == "ASK{}"
    assert read('ASK { "é" }'.encode(), "application/sparql-query") == 'ASK { "é" }'
    for body, content_type, query_string in (
            (b"update=DROP+ALL", form, ""), (b"query=ASK%7B%7D&named-graph-uri=x", form, ""),
            (b"query=ASK%7B%FF%7D", form, ""), ("query=ASK{é}".encode(), form, ""),
            (b"ASK{}", "application/sparql-query", "default-graph-uri=https%3A%2F%2Fe%2Fg"),
            (b"ASK{\xff}", "application/sparql-query", ""), (b"DROP ALL", "application/sparql-update", ""),
            (b"query=ASK%7B%7D", "text/plain", "")):
        assert read(body, content_type, query_string) is None, body
    assert read(b"ASK{}", "application/sparql-query", max_bytes=4) is None
    # No length (BodyLimit gives a chunked body one before this runs): werkzeug's.
    environ = {"REQUEST_METHOD": "POST", "CONTENT_TYPE": form, "wsgi.input": io.BytesIO(b"query=ASK%7B%7D")}
    assert plain_query(environ, 1000) is None


def test_a_plain_get_or_post_is_answered_as_the_full_protocol_reading_answers_it(client) -> None:
    lookup = "SELECT ?p ?o WHERE { <https://bbkg.example.org/graph/reference> ?p ?o }"
    for query in (COUNT, lookup, 'ASK { ?s ?p "é" }', "SELECT ?x WHERE { ?x ?y }"):
        for accept in ("application/sparql-results+json", "text/csv", "image/png"):
            headers = {"Accept": accept, "Origin": "https://ok.example"}
            # A second parameter the protocol ignores (a cache-buster, as jQuery adds) sends each to werkzeug's
            # Request.
            for plain, full in (
                    (client.get("/sparql", query_string={"query": query}, headers=headers),
                     client.get("/sparql", query_string=[("query", query), ("_", "1")], headers=headers)),
                    (client.post("/sparql", data={"query": query}, headers=headers),
                     client.post("/sparql", data=urlencode({"query": query, "_": "1"}), headers=headers,
                                 content_type="application/x-www-form-urlencoded")),
                    (client.post("/sparql", data=query, content_type="application/sparql-query", headers=headers),
                     client.post("/sparql", data=query, content_type="application/sparql-query",
                                 query_string={"_": "1"}, headers=headers))):
                assert plain.status_code == full.status_code in (200, 400, 406)
                assert plain.data == full.data and plain.headers == full.headers


def test_head_gets_the_headers_of_get(client) -> None:
    head = client.head("/sparql", query_string={"query": COUNT}, headers={"Accept": "text/csv"})
    assert head.status_code == 200 and head.mimetype == "text/csv" and head.headers["Vary"] == "Accept"
    assert head.data == b""


def test_content_negotiation(client) -> None:
    csv = client.get("/sparql", query_string={"query": COUNT}, headers={"Accept": "text/csv"})
    assert csv.mimetype == "text/csv" and csv.data.decode().splitlines()[0] == "n"
    xml = client.get("/sparql", query_string={"query": "ASK { ?s ?p ?o }"},
                     headers={"Accept": "application/sparql-results+xml"})
    assert xml.mimetype == "application/sparql-results+xml" and b"<boolean>true</boolean>" in xml.data
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    construct = "CONSTRUCT { ?s ?p ?o } WHERE { ?s a <https://bbkg.example.org/ontology#Person> ; ?p ?o }"
    turtle = client.get("/sparql", query_string={"query": construct}, headers={"Accept": "text/turtle"})
    assert turtle.mimetype == "text/turtle"
    assert len(list(parse(turtle.data, format=RdfFormat.TURTLE))) > 20
    ntriples = client.get("/sparql", query_string={"query": construct}, headers={"Accept": browser})
    assert ntriples.status_code == 200
    refused = client.get("/sparql", query_string={"query": COUNT}, headers={"Accept": "image/png"})
    assert refused.status_code == 406


def test_protocol_errors_are_400_with_a_readable_message(client) -> None:
    bad = client.get("/sparql", query_string={"query": "SELECT WHERE {"})
    assert bad.status_code == 400 and "syntax error" in bad.data.decode()
    twice = client.get("/sparql?query=ASK%7B%7D&query=ASK%7B%7D")
    assert twice.status_code == 400 and "more than once" in twice.data.decode()
    missing = client.post("/sparql", data={"default-graph-uri": "https://e/g"})
    assert missing.status_code == 400 and "missing 'query'" in missing.data.decode()
    wrong_type = client.post("/sparql", data=COUNT, content_type="text/plain")
    assert wrong_type.status_code == 400 and "media type" in wrong_type.data.decode()
    not_utf8 = client.post("/sparql", data="ASK { ?s ?p 'é' }".encode("latin-1"),
                           content_type="application/sparql-query")
    assert not_utf8.status_code == 400 and "UTF-8" in not_utf8.data.decode()
    assert client.put("/sparql", data=COUNT).status_code == 405


def test_named_graph_protocol_parameters(client) -> None:
    graph = "https://bbkg.example.org/graph/reference"
    query = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    only_reference = client.get("/sparql", query_string={"query": query, "default-graph-uri": graph})
    everything = client.get("/sparql", query_string={"query": query})
    assert 0 < count_from(only_reference) < count_from(everything)


def test_turtle_dump_holds_exactly_the_stores_triples(client, seeds_build) -> None:
    response = client.get("/dump.ttl")
    assert response.status_code == 200 and response.mimetype == "text/turtle"
    served = {q.triple for q in parse(response.data, format=RdfFormat.TURTLE)}
    store, _ = open_current(seeds_build[0])
    expected = {q.triple for q in store.quads_for_pattern(None, None, None, None)}
    assert served == expected
    quads = client.get("/dump.nq")
    out = io.BytesIO()
    dump_store(store, "nquads", out)
    assert quads.data == out.getvalue()
    assert client.get("/dump.xyz").status_code == 404


def test_connections_api_among_three(client) -> None:
    response = client.get("/api/connections", query_string=[
        ("among", "Wally Backman"), ("among", "Sandy Alderson"), ("among", "Terry Collins")])
    assert response.status_code == 200
    body = response.get_json()
    assert [p["label"] for p in body["among"]] == ["Wally Backman", "Sandy Alderson", "Terry Collins"]
    mets = next(o for o in body["shared_organizations"] if o["label"] == "New York Mets")
    # Keyed by IRI: two people of one name would not collide.
    assert set(mets["roles"]) == {p["iri"] for p in body["among"]}
    assert all(set(pair["people"]) <= set(mets["roles"]) for pair in mets["pairs"])
    assert all(role["evidence"] for roles in mets["roles"].values() for role in roles)
    # A chain for each pair, in the order named: Backman and Collins were both with the Mets in 2011 (an article
    # puts Backman in the Mets' system then, the record has Collins managing), and so was Alderson, dated by his
    # choice of Collins.
    chains = {tuple(pair["people"]): pair["chains"] for pair in body["chains_between"]}
    iri = {p["label"]: p["iri"] for p in body["among"]}
    assert list(chains) == [(iri["Wally Backman"], iri["Sandy Alderson"]), (iri["Wally Backman"], iri["Terry Collins"]),
                            (iri["Sandy Alderson"], iri["Terry Collins"])]
    [backman_collins] = chains[(iri["Wally Backman"], iri["Terry Collins"])]
    [link] = backman_collins["links"]
    assert link["club"]["label"] == "New York Mets" and link["sources"] == ["record", "articles"]
    assert {e["source"] for e in link["evidence"]} == {"record", "articles"}
    [alderson_collins] = chains[(iri["Sandy Alderson"], iri["Terry Collins"])]
    [link] = alderson_collins["links"]
    assert link["club"]["label"] == "New York Mets" and link["season"] == 2011
    assert any("opted for Terry Collins" in (e["quote"] or "") for e in link["evidence"] if e["source"] == "articles")


def test_connections_api_pair_and_errors(client) -> None:
    pair = client.get("/api/connections", query_string={"from": "Backman", "to": "Alderson"})
    assert pair.status_code == 200
    body = pair.get_json()
    assert body["from"]["label"] == "Wally Backman"
    mets = next(o for o in body["shared_organizations"] if o["label"] == "New York Mets")
    # The same shape as with `among`: roles by person IRI. Alderson is the Mets' GM; Backman reaches the Mets
    # through the 51s' affiliation.
    backman, alderson = body["from"]["iri"], body["to"]["iri"]
    assert set(mets["roles"]) == {backman, alderson}
    assert "Las Vegas 51s" in [r["via"]["label"] for r in mets["roles"][backman] if r["via"]]
    # His years are those of what he did as general manager (posts dated by acts): no article states them.
    assert [(r["role"], r["start"], r["end"], r["via"]) for r in mets["roles"][alderson]] == [
        ("general manager", 2011, 2015, None)]
    assert all(e["quote"] and e["article"] for roles in mets["roles"].values() for r in roles for e in r["evidence"])
    assert [p["people"] for p in mets["pairs"]] == [[backman, alderson]]
    assert client.get("/api/connections", query_string={"from": "Backman", "to": "Alderson",
                                                         "max_hops": "lots"}).status_code == 400
    unknown = client.get("/api/connections", query_string={"from": "Babe Ruth", "to": "Wally Backman"})
    assert unknown.status_code == 404
    assert set(unknown.get_json()["error"]) == {"status", "message"}
    assert "Babe Ruth" in unknown.get_json()["error"]["message"]
    too_few = client.get("/api/connections", query_string={"from": "Wally Backman"})
    assert too_few.status_code == 400 and too_few.get_json()["error"]["status"] == 400


def test_ambiguous_name_lists_the_candidates(client) -> None:
    response = client.get("/api/connections", query_string={"from": "Wilpon", "to": "Wally Backman"})
    assert response.status_code == 400
    candidates = {c["label"] for c in response.get_json()["error"]["candidates"]}
    assert candidates == {"Fred Wilpon", "Jeff Wilpon"}


def test_entity_lookup(client) -> None:
    response = client.get("/api/entities", query_string={"q": "las vegas", "type": "Team"})
    assert [r["label"] for r in response.get_json()["results"]] == ["Las Vegas 51s"]


def test_the_home_page_shows_the_store_and_its_saved_queries(client, seeds_build) -> None:
    """The page counts the served store's quads and offers every saved query, the chosen one in the editor."""
    page = client.get("/").data.decode()
    store, _ = open_current(seeds_build[0])
    assert f"{len(store):,} quads" in page
    queries = saved_queries(PROJECT_ROOT / "queries")
    assert all(f'data-saved="{q.name}"' in page and escape(q.title) in page for q in queries)
    chosen = client.get("/", query_string={"saved": queries[-1].name}).data.decode()
    editor = chosen.split('<textarea id="plain-query-text"', 1)[1].split(">", 1)[1].split("</textarea>", 1)[0]
    assert editor.strip() == escape(queries[-1].text.strip())


def test_an_unbuilt_store_gets_503_naming_the_fix(tmp_path: Path) -> None:
    client = create_app({"store_dir": str(tmp_path)}).test_client()
    for query in (COUNT, "SELECT * WHERE { ?s ?p ?o }"):  # in a query process, and in the worker (one pattern)
        response = client.get("/sparql", query_string={"query": query})
        assert response.status_code == 503 and "bbkg build" in response.data.decode()
    api = client.get("/api/entities", query_string={"q": "Mets"})
    assert api.status_code == 503 and "bbkg build" in json.loads(api.data)["error"]["message"]
    assert client.get("/health").status_code == 503


def test_ontology_at_its_namespace(client) -> None:
    turtle = client.get("/ontology", headers={"Accept": "text/turtle"})
    triples = list(parse(turtle.data, format=RdfFormat.TURTLE))
    classes = {t.subject.value for t in triples if t.object.value == "http://www.w3.org/2002/07/owl#Class"}
    assert {"https://bbkg.example.org/ontology#Person", "https://bbkg.example.org/ontology#Firing"} <= classes
    page = client.get("/ontology", headers={"Accept": "text/html"})
    assert page.status_code == 200 and b"Resignation" in page.data and b"<dt" in page.data


def test_backman_collins_overlap_and_path(client) -> None:
    body = client.get("/api/connections", query_string={"from": "Wally Backman", "to": "Terry Collins"}).get_json()
    mets = next(o for o in body["shared_organizations"] if o["label"] == "New York Mets")
    assert mets["overlap"] is not None and mets["overlap"]["start"] <= 2011 <= mets["overlap"]["end"]
    path = body["paths"][0]
    assert [step.get("label") or step["predicate"] for step in path] == [
        "Wally Backman", "member of", "New York Mets", "has member", "Terry Collins"]


def test_no_path_within_the_hop_limit(client) -> None:
    """Two people of one component whose shortest path is longer than the limit: no path under it, the same
    paths at their length (the person of Backman's component farthest from him)."""
    people = client.get("/api/central", query_string={"type": "Person", "limit": 100}).get_json()["results"]
    backman = next(p for p in people if p["label"] == "Wally Backman")
    farthest: tuple[int, dict, list] = (0, {}, [])
    for other in (p for p in people if p["component"] == backman["component"] and p["iri"] != backman["iri"]):
        asked = {"from": backman["iri"], "to": other["iri"], "max_hops": 6}
        paths = client.get("/api/connections", query_string=asked).get_json()["paths"]
        farthest = max(farthest, ((len(paths[0]) - 1) // 2, asked, paths), key=lambda found: found[0])
    edges, asked, paths = farthest
    assert edges >= 2
    shorter = client.get("/api/connections", query_string={**asked, "max_hops": edges - 1}).get_json()
    assert shorter["connected"] is True and shorter["paths"] == []
    assert client.get("/api/connections", query_string={**asked, "max_hops": edges}).get_json()["paths"] == paths


def test_every_api_route_is_in_the_openapi_document(app, client) -> None:
    document = client.get("/api/openapi.json").get_json()
    routes = {rule.rule for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/")}
    assert routes == set(document["paths"])


def test_connections_say_graphframes_computed_them(client) -> None:
    body = client.get("/api/connections", query_string={"from": "Wally Backman", "to": "Terry Collins"}).get_json()
    mets = next(o for o in body["shared_organizations"] if o["label"] == "New York Mets")
    assert mets["computed_by"] == "GraphFrames 0.8.2" and mets["overlap"] == {"start": 2011, "end": 2011}
    assert body["connected"] is True and body["from"]["component"] == body["to"]["component"]
    assert body["from"]["pagerank"] > body["to"]["pagerank"] > 0 and body["from"]["degree"] >= 10
    among = client.get("/api/connections", query_string=[
        ("among", "Wally Backman"), ("among", "Sandy Alderson"), ("among", "Terry Collins")]).get_json()
    mets = next(o for o in among["shared_organizations"] if o["label"] == "New York Mets")
    label = {p["iri"]: p["label"] for p in among["among"]}
    pairs = {tuple(label[iri] for iri in p["people"]): p["computed_by"] for p in mets["pairs"]}
    assert pairs[("Wally Backman", "Terry Collins")] == "GraphFrames 0.8.2"
    assert pairs[("Wally Backman", "Sandy Alderson")] == "GraphFrames 0.8.2"  # his years: his acts' years


def test_people_in_different_components_are_not_connected(client) -> None:
    body = client.get("/api/connections", query_string={"from": "Bob Klapisch", "to": "Wally Backman",
                                                        "max_hops": 6}).get_json()
    assert body["connected"] is False and body["paths"] == []
    assert body["from"]["component"] != body["to"]["component"]


def test_the_most_central_people_and_clubs(client) -> None:
    people = client.get("/api/central", query_string={"type": "Person", "limit": 3}).get_json()
    assert people["computed_by"] == "GraphFrames 0.8.2"
    assert [r["label"] for r in people["results"]][0] == "Wally Backman" and len(people["results"]) == 3
    ranks = [r["pagerank"] for r in people["results"]]
    assert ranks == sorted(ranks, reverse=True)
    teams = client.get("/api/central", query_string={"type": "Team", "limit": 1}).get_json()
    assert teams["results"][0]["label"] == "New York Mets"
    for bad in ({"limit": 0}, {"limit": 101}, {"limit": "x"}, {"type": "Thing"}):
        assert client.get("/api/central", query_string=bad).status_code == 400


def test_entities_carry_what_graphframes_computed(client) -> None:
    [backman] = client.get("/api/entities", query_string={"q": "Wally Backman"}).get_json()["results"]
    assert backman["component"].startswith("https://bbkg.example.org/id/component/")
    assert backman["community"].startswith("https://bbkg.example.org/id/community/")
    assert backman["pagerank"] > 1 and backman["degree"] >= 10


def test_health_reports_the_builds_own_count_without_counting(client, seeds_build) -> None:
    body = client.get("/health").get_json()
    assert body["status"] == "ok" and body["quads"] == seeds_build[1].quads
    assert body["build"] == seeds_build[1].build_dir.name


def test_the_two_sided_path_search_finds_shortest_paths_that_exist(seeds_build) -> None:
    """Against networkx's breadth-first search over the same graph read with SPARQL (memberships and
    affiliations): the same length for every pair of people, and every step of every path an edge of it."""
    import networkx as nx

    from store.builds import open_current
    from store.paths import shortest_paths

    store, _ = open_current(seeds_build[0])
    graph = nx.Graph()
    for row in store.query(PREFIXES + "SELECT ?p ?o { ?m bb:member ?p ; bb:organization ?o }"):
        graph.add_edge(row["p"].value, row["o"].value)
    for row in store.query(PREFIXES + "SELECT ?team ?parent { ?team bb:affiliateOf ?parent }"):
        graph.add_edge(row["team"].value, row["parent"].value)
    people = sorted({row["p"].value for row in store.query(
        PREFIXES + "SELECT ?p { ?m bb:member ?p ; bb:evidence ?e }")})[:16]
    for source in people:
        lengths = nx.single_source_shortest_path_length(graph, source, cutoff=6)
        for target in people:
            paths = shortest_paths(store, source, target, max_hops=6)
            assert bool(paths) == (target in lengths), (source, target)
            for path in paths:
                assert (len(path) - 1) // 2 == lengths[target]
                steps = [step["iri"] for step in path[::2]]
                assert all(graph.has_edge(a, b) for a, b in zip(steps[:-1], steps[1:], strict=True)), path


def test_a_resource_asked_in_a_format_it_has_not_gets_406(client) -> None:
    answer = client.get("/id/person/backmwa01", headers={"Accept": "application/json"})
    assert answer.status_code == 406 and "text/turtle" in answer.get_data(as_text=True)
    assert client.get("/id/person/backmwa01", headers={"Accept": "text/turtle"}).status_code == 200


def test_every_answer_forbids_sniffing_and_pages_carry_a_content_security_policy(client) -> None:
    page = client.get("/", headers={"Accept": "text/html"})
    policy = page.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
    query = client.get("/sparql", query_string={"query": "ASK { ?s ?p ?o }"})
    post = client.post("/sparql", data={"query": "ASK { ?s ?p ?o }"})
    api = client.get("/api/entities", query_string={"q": "Backman"})
    for answer in (page, query, post, api):
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" not in api.headers


def test_a_wildcard_origin_may_read_but_not_send_an_update_token(seeds_build) -> None:
    def preflight(origins: str) -> str:
        client = create_app({"store_dir": str(seeds_build[0]), "cors_origins": origins}).test_client()
        answer = client.options("/sparql", headers={"Origin": "https://any.example",
                                                    "Access-Control-Request-Method": "POST",
                                                    "Access-Control-Request-Headers": "Authorization"})
        return answer.headers.get("Access-Control-Allow-Headers", "")

    assert "Authorization" not in preflight("*") and "Content-Type" in preflight("*")
    assert "Authorization" in preflight("https://any.example")


def test_chain_options_are_checked_on_the_page_as_by_the_api(client) -> None:
    """A person has no chain to himself; the form's bad options are answered on the page (400, HTML), and its
    empty years are no years."""
    assert client.get("/api/connections", query_string={"from": "Wally Backman", "to": "backmwa01"}
                      ).get_json()["chains"] == []
    html = {"Accept": "text/html"}
    twice = client.get("/connections", query_string=[("among", "Wally Backman"), ("among", "Wally Backman")],
                       headers=html)
    assert twice.status_code == 200
    pair = [("among", "Wally Backman"), ("among", "Terry Collins")]
    for bad in ({"links": "rumours"}, {"after": "1990", "before": "1980"}, {"after": "3000"}, {"before": "x"}):
        refused = client.get("/connections", query_string=[*pair, *bad.items()], headers=html)
        assert refused.status_code == 400 and refused.mimetype == "text/html", bad
    empty = client.get("/api/connections", query_string={"from": "Wally Backman", "to": "Terry Collins",
                                                         "after": "", "before": ""})
    assert empty.status_code == 200 and empty.get_json()["chains"]


def test_a_repeated_query_is_answered_from_the_cache_by_get_and_post_alike(client) -> None:
    metrics = client.application.extensions["bbkg_metrics"]
    # A form and a body that carry the same query ask the same question: each send its own query here.
    sends = (lambda query: client.get("/sparql", query_string={"query": query}),
             lambda query: client.post("/sparql", data={"query": query}),
             lambda query: client.post("/sparql", data=query, content_type="application/sparql-query"))
    for limit, send in enumerate(sends, start=3):
        query = f"SELECT ?s WHERE {{ ?s a ?type }} ORDER BY ?s LIMIT {limit}"
        hits = metrics.value("cache_hits")
        first, second = send(query), send(query)
        assert first.status_code == second.status_code == 200
        assert first.data == second.data and first.headers == second.headers
        assert metrics.value("cache_hits") == hits + 1


def test_the_cache_never_answers_an_update_nor_a_post_it_cannot_read_plainly(tmp_path: Path) -> None:
    from server.cache import SparqlResponseCache
    from server.metrics import Metrics

    calls: list[bytes] = []

    def app(environ, start_response):  # answers 200 to anything, as a careless update endpoint might
        calls.append(environ["wsgi.input"].read())
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]

    cache = SparqlResponseCache(app, tmp_path, 1_000_000, Metrics())
    for body, content_type, query_string in (
            (b"update=INSERT+DATA+%7B%3Ca%3A1%3E+%3Ca%3A2%3E+%3Ca%3A3%3E%7D", "application/x-www-form-urlencoded", ""),
            (b"INSERT DATA { <a:1> <a:2> <a:3> }", "application/sparql-update", ""),
            (b"ASK {}", "application/sparql-query", "default-graph-uri=a%3Ab"),
            (b"query=ASK+%7B%7D&named-graph-uri=a%3Ab", "application/x-www-form-urlencoded", "")):
        calls.clear()
        for _ in range(2):
            environ = {"PATH_INFO": "/sparql", "REQUEST_METHOD": "POST", "QUERY_STRING": query_string,
                       "CONTENT_TYPE": content_type, "CONTENT_LENGTH": str(len(body)),
                       "wsgi.input": io.BytesIO(body)}
            assert b"".join(cache(environ, lambda status, headers, exc_info=None: None)) == b"done"
        assert calls == [body, body], body  # each reached the app, its body whole
    calls.clear()
    for _ in range(2):  # a plain query is cached, and its body reaches the app whole the first time
        environ = {"PATH_INFO": "/sparql", "REQUEST_METHOD": "POST", "QUERY_STRING": "",
                   "CONTENT_TYPE": "application/sparql-query", "CONTENT_LENGTH": "6",
                   "wsgi.input": io.BytesIO(b"ASK {}")}
        cache(environ, lambda status, headers, exc_info=None: None)
    assert calls == [b"ASK {}"]
