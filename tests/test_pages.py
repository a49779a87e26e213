"""The pages and the Linked Data descriptions at /id/..., through the Flask app over the seeds' store: what a
browser and a program get for the same IRI, what the pages say and where their links lead, without JavaScript."""

from __future__ import annotations

import json
import re

import pytest
from pyoxigraph import Literal, NamedNode, RdfFormat, parse

from vocab.namespaces import BB, RDFS_LABEL
from server.resources import marked_text
from store.entities import article_page, describe, resource_page, suggest_entities
from store.handle import CurrentStore

pytestmark = pytest.mark.slow

BASE = "https://bbkg.example.org/"
BACKMAN = BASE + "id/person/backmwa01"
ARTICLE = BASE + "id/article/001_137de976c56c31cb"
BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


@pytest.fixture(scope="module")
def store(seeds_build):
    return CurrentStore(str(seeds_build[0])).get()


def test_a_program_gets_the_entitys_triples_as_turtle(client) -> None:
    response = client.get("/id/person/backmwa01", headers={"Accept": "text/turtle"})
    assert response.status_code == 200
    assert response.mimetype == "text/turtle"
    assert "Accept" in response.headers["Vary"]
    triples = list(parse(response.data, format=RdfFormat.TURTLE))
    assert any(t.subject == NamedNode(BACKMAN) and t.predicate == NamedNode(RDFS_LABEL)
               and t.object == Literal("Wally Backman") for t in triples)
    # What others say of him too: the memberships he is the member of.
    assert any(t.object == NamedNode(BACKMAN) and t.predicate == NamedNode(BB + "member") for t in triples)


def test_no_accept_header_and_any_type_get_turtle_and_jsonld_is_offered(client) -> None:
    assert client.get("/id/person/backmwa01").mimetype == "text/turtle"
    assert client.get("/id/person/backmwa01", headers={"Accept": "*/*"}).mimetype == "text/turtle"
    response = client.get("/id/person/backmwa01", headers={"Accept": "application/ld+json"})
    assert response.mimetype == "application/ld+json"
    assert BACKMAN in json.dumps(response.get_json())
    by_parameter = client.get("/id/person/backmwa01?format=ntriples", headers={"Accept": BROWSER})
    assert by_parameter.mimetype == "application/n-triples"


def test_a_browser_gets_his_page_with_roles_years_and_the_sentences_that_say_so(client) -> None:
    response = client.get("/id/person/backmwa01", headers={"Accept": BROWSER})
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert "Accept" in response.headers["Vary"]  # the same URL gives a program RDF
    page = response.get_data(as_text=True)
    assert "<h1>Wally Backman</h1>" in page
    assert "1980–1988" in page  # player with the Mets
    assert "2012–2016" in page  # manager in the Mets' system
    # A quote links to the sentence in its article: the fragment is the evidence IRI's own.
    quote = re.search(r'<a href="(/id/article/[^"#]+#s\d+-\d+)">“([^”]+)”</a>', page)
    assert quote is not None
    assert "The articles disagree" in page  # Diamondbacks: 2004 in two articles, 2005 in a third
    assert 'href="/id/org/new-york-mets"' in page
    assert "GraphFrames 0.8.2" in page  # the shared organization with Terry Collins, and who computed it
    assert 'href="/id/person/collite99"' in page


def test_an_article_page_marks_every_mention_and_the_sentences(client, store) -> None:
    page = client.get("/id/article/001_137de976c56c31cb", headers={"Accept": BROWSER}).get_data(as_text=True)
    data = article_page(store, ARTICLE)
    assert data["text"].startswith("Wally Backman finds himself coaching in Mexico")
    assert page.count('class="mention ') == len(data["mentions"]) + 3  # and the three in the legend
    assert '<a class="mention Person" href="/id/person/backmwa01"' in page
    first = data["sentences"][0]
    assert f'<span class="sentence" id="s{first["start"]}-{first["end"]}">' in page
    # Conflicting claims across articles side by side: his Diamondbacks hiring in 2004 here, 2005 elsewhere.
    hiring = next(f for f in data["facts"] if f["kind"] == "Hiring" and f["year"] == "2004")
    assert [c["year"] for c in hiring["conflicts"]] == ["2005"]
    assert "Contradicted by" in page and "Hiring in 2005" in page


def test_unknown_resources_and_bad_requests(client) -> None:
    assert client.get("/id/person/nobody-at-all", headers={"Accept": BROWSER}).status_code == 404
    missing = client.get("/id/person/nobody-at-all", headers={"Accept": "text/turtle"})
    assert missing.status_code == 404 and "says nothing" in missing.get_data(as_text=True)
    assert client.get("/id/person/backmwa01?format=docx").status_code == 400
    assert client.get("/id/person/backmwa01", headers={"Accept": "image/png"}).status_code == 406
    assert client.get("/id/person/wally%20backman").status_code == 400  # no IRI has a space
    assert client.get("/id/org/new-york-mets", headers={"Accept": BROWSER}).status_code == 200


def test_search_goes_to_the_page_of_an_exact_name_and_lists_others(client) -> None:
    response = client.get("/search?q=Backman")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/id/person/backmwa01")
    listing = client.get("/search?q=Backm").get_data(as_text=True)
    assert 'href="/id/person/backmwa01"' in listing
    assert "Nothing in the graph" in client.get("/search?q=Zzyzx").get_data(as_text=True)


def test_suggestions_from_the_entities_api(client, store) -> None:
    body = client.get("/api/entities?q=backm&match=prefix").get_json()
    assert [e["label"] for e in body["results"]] == ["Wally Backman"]
    assert suggest_entities(store, "new york", 10)[0]["label"].startswith("New York")
    assert all(e["type"] == "Team" for e in suggest_entities(store, "new", 50, "Team"))
    assert client.get("/api/entities?q=backm&match=fuzzy").status_code == 400
    assert client.get("/api/entities?q=b&match=prefix&limit=51").status_code == 400


def test_the_connections_page_works_without_javascript(client) -> None:
    page = client.get("/connections?among=Wally+Backman&among=Sandy+Alderson&among=Terry+Collins")
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    for href in ("/id/person/backmwa01", "/id/person/sandy-alderson", "/id/person/collite99",
                 "/id/org/new-york-mets", "/id/org/las-vegas-51s"):
        assert f'href="{href}"' in text
    assert "GraphFrames 0.8.2" in text
    unknown = client.get("/connections?among=Wally+Backman&among=Nobody+Known")
    assert unknown.status_code == 404 and "Nobody Known" in unknown.get_data(as_text=True)


def test_the_query_page_offers_every_saved_query(client) -> None:
    page = client.get("/").get_data(as_text=True)
    for name in ("backman_career_timeline", "conflicting_claims", "most_central"):
        assert f'data-saved="{name}"' in page
    chosen = client.get("/?saved=conflicting_claims").get_data(as_text=True)
    assert "Claims that contradict each other" in chosen.split('id="plain-query-text"')[1]


def test_marked_text_escapes_the_text_and_nests_spans() -> None:
    text = "<b>Wally</b> & the Mets."
    html = str(marked_text(text, [{"start": 3, "end": 8, "iri": BACKMAN, "label": "Wally Backman", "type": "Person"},
                                  {"start": 4, "end": 6, "iri": "x", "label": "x", "type": "Person"}],
                           [{"iri": "s", "start": 0, "end": len(text)}], lambda iri: "/page/" + iri[-6:]))
    assert html.startswith(f'<span class="sentence" id="s0-{len(text)}">&lt;b&gt;')
    assert '<a class="mention Person" href="/page/kmwa01" title="Wally Backman (Person)">' in html
    assert html.count("<a ") == 1  # the overlapping second mention is left out
    assert "&amp; the Mets.</span>" in html
    assert html.count("<span") == html.count("</span>") and html.count("<a ") == html.count("</a>")


def test_store_values_behind_the_pages(store) -> None:
    page = resource_page(store, BACKMAN)
    mets = next(m for m in page["memberships"]
                if m["organization"]["label"] == "New York Mets" and m["role"] == "player")
    assert [(y["start"], y["end"]) for y in mets["years"]] == [("1980", "1988")]
    assert all(ev["quote"] and ev["article"]["label"].endswith(".txt") for ev in mets["evidence"])
    diamondbacks = next(m for m in page["memberships"] if m["organization"]["label"] == "Arizona Diamondbacks")
    assert diamondbacks["claims_differ"]
    body, count, truncated = describe(store, BACKMAN, "ntriples", 5)
    assert count == 5 and truncated and body.count(b"\n") == 5
