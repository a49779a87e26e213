"""The bbkg command through click's runner: answers and user errors without tracebacks."""

from __future__ import annotations

import json

from click.testing import CliRunner

from bbkg.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_connect_prints_the_mets(seeds_build) -> None:
    result = run("connect", "Wally Backman", "Sandy Alderson", "Terry Collins", "--store", str(seeds_build[0]))
    assert result.exit_code == 0, result.output
    assert "New York Mets" in result.output and "general manager" in result.output
    for pair in ("Wally Backman and Sandy Alderson", "Wally Backman and Terry Collins",
                 "Sandy Alderson and Terry Collins"):
        assert f"{pair}: GraphFrames 0.8.2" in result.output, result.output


def test_query_and_dump(seeds_build) -> None:
    result = run("query", "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", "--format", "csv",
                 "--store", str(seeds_build[0]))
    assert result.exit_code == 0 and int(result.output.splitlines()[1]) > 500
    dump = run("dump", "--format", "trig", "--store", str(seeds_build[0]))
    assert dump.exit_code == 0 and "@prefix bb:" in dump.output
    graph = "https://bbkg.example.org/graph/article/002_42a94eca53463acc"
    one = run("dump", "--format", "ntriples", "--graph", graph, "--store", str(seeds_build[0]))
    assert one.exit_code == 0 and "002_42a94eca53463acc" in one.output and "000_9d29100b6b5e65f2" not in one.output
    missing = run("dump", "--graph", "https://nope/g", "--store", str(seeds_build[0]))
    assert missing.exit_code == 1 and "no graph named" in missing.output


def test_user_errors_are_one_line_and_exit_1(seeds_build, tmp_path) -> None:
    bad_query = run("query", "SELEC nothing", "--store", str(seeds_build[0]))
    assert bad_query.exit_code == 1 and "Error:" in bad_query.output and "Traceback" not in bad_query.output
    unknown = run("connect", "Babe Ruth", "Wally Backman", "--store", str(seeds_build[0]))
    assert unknown.exit_code == 1 and "Babe Ruth" in unknown.output
    no_store = run("dump", "--store", str(tmp_path))
    assert no_store.exit_code == 1 and "bbkg build" in no_store.output
    missing_input = run("build", "--input", str(tmp_path / "nope"), "--store", str(tmp_path))
    assert missing_input.exit_code == 1 and "--input" in missing_input.output


def test_evaluate_scores_the_store_against_the_gold(seeds_build) -> None:
    result = run("evaluate", "--json", "--store", str(seeds_build[0]))
    assert result.exit_code == 0, result.output
    scores = json.loads(result.output)
    assert scores["entities"]["f1"] >= 0.95 and scores["facts"]["all"]["f1"] >= 0.85
    table = run("evaluate", "--store", str(seeds_build[0]))
    assert table.exit_code == 0 and "facts (all)" in table.output


def test_any_setting_can_be_given_on_any_command(seeds_build, tmp_path) -> None:
    from vocab.config import SETTINGS

    ask = run("query", "--setting", "store_dir", str(seeds_build[0]), "--format", "json", "ASK { ?s ?p ?o }")
    assert ask.exit_code == 0 and json.loads(ask.output)["boolean"] is True
    # A command's own flag wins over --setting.
    flag_wins = run("query", "--setting", "store_dir", str(tmp_path), "--store", str(seeds_build[0]),
                    "ASK { ?s ?p ?o }")
    assert flag_wins.exit_code == 0
    unknown = run("dump", "--setting", "no_such_setting", "1")
    assert unknown.exit_code == 1 and "unknown setting 'no_such_setting'" in unknown.output
    wrong_type = run("connect", "--setting", "query_timeout", "soon", "A", "B")
    assert wrong_type.exit_code == 1 and "takes a number" in wrong_type.output
    listed = run("serve", "--help-settings")
    assert listed.exit_code == 0
    assert all(f"BBKG_{s.name.upper()}" in listed.output for s in SETTINGS)


def test_bbkg_query_and_the_endpoint_give_the_same_bytes_with_the_same_row_cap(seeds_build) -> None:
    from server import create_app

    cap = 7
    client = create_app({"store_dir": str(seeds_build[0]), "result_row_cap": cap}).test_client()
    select = "SELECT ?s ?label WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?label } ORDER BY ?s ?label"
    construct = ("CONSTRUCT { ?s ?p ?o } WHERE { ?s a <https://bbkg.example.org/ontology#Person> ; ?p ?o } "
                 "ORDER BY ?s ?p ?o")
    for query, format_name, media_type in ((select, "json", "application/sparql-results+json"),
                                           (select, "xml", "application/sparql-results+xml"),
                                           (select, "csv", "text/csv"), (select, "tsv", "text/tab-separated-values"),
                                           (construct, "ntriples", "application/n-triples"),
                                           (construct, "turtle", "text/turtle")):
        cli = CliRunner().invoke(main, ["query", query, "--format", format_name, "--store", str(seeds_build[0]),
                                        "--setting", "result_row_cap", str(cap)])
        http = client.get("/sparql", query_string={"query": query}, headers={"Accept": media_type})
        assert cli.exit_code == 0 and http.status_code == 200
        assert cli.stdout_bytes == http.data, format_name
        assert http.headers["X-Result-Truncated"] == "true"
        assert f"cut at {cap} rows" in cli.stderr
