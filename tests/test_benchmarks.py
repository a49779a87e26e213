"""The benchmark's own parts: the generated corpus is reproducible, and the plain-Python mapping it
times against the build maps the same records to the same bytes (else the ratio would compare different work)."""

from __future__ import annotations

import filecmp
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from pyspark.sql import SparkSession

from benchmarks import record_mapping
from benchmarks.page import PAGE, RESULTS
from benchmarks.report import SECTIONS, page
from benchmarks.corpus import (CLUB_SEASONS_PER_CAREER, FIRST_SEASONS, PEOPLE_PER_CLUB_SEASON, generate_corpus,
                               make_world, world_size)
from benchmarks.endpoint import cpu_seconds, process_tree
from benchmarks.mapping import export_records, sorted_lines, spark_mapping
from benchmarks.python_mapping import map_records, save_lines
from spark_etl import databank
from spark_etl.lexicon import load_lexicon
from tests.helpers import SEEDS, build_settings
from vocab.config import load_settings


def test_generated_corpus_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    first = generate_corpus(tmp_path / "a", 12)
    second = generate_corpus(tmp_path / "b", 12)
    assert first == second
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert len(names) == 12
    assert all(filecmp.cmp(tmp_path / "a" / n, tmp_path / "b" / n, shallow=False) for n in names)


def test_the_world_grows_with_the_corpus_until_its_clubs_seasons_are_full() -> None:
    """Past the league's capacity more articles are more news about the same people: a club's season keeps
    a roster's worth of people, so the pairs sharing a club at overlapping times stop growing as a square."""
    assert world_size(1000) == 500 and world_size(10000) == 5000
    assert world_size(100000) == world_size(1000000) < 10000
    world = make_world(random.Random(7), world_size(100000))
    seasons: dict[tuple[str, int], int] = {}
    for person in world:
        for team, first, last in person.teams:
            for year in range(first, last + 1):
                seasons[(team, year)] = seasons.get((team, year), 0) + 1
    assert sum(seasons.values()) / len(seasons) <= PEOPLE_PER_CLUB_SEASON
    assert max(seasons.values()) <= 2 * PEOPLE_PER_CLUB_SEASON
    careers = sum(last - first + 1 for person in world for _, first, last in person.teams) / len(world)
    assert abs(careers - CLUB_SEASONS_PER_CAREER) < 1
    assert min(p.teams[0][1] for p in world) == FIRST_SEASONS[0]


def test_plain_python_mapping_writes_the_builds_nquads(spark: SparkSession, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for article in SEEDS.iterdir():
        (corpus / article.name).write_bytes(article.read_bytes())
    generate_corpus(tmp_path / "generated", 20)
    for article in (tmp_path / "generated").iterdir():
        (corpus / article.name).write_bytes(article.read_bytes())
    settings = build_settings(corpus, tmp_path / "store")
    schemas = export_records(spark, settings, tmp_path / "records")
    spark_files = spark_mapping(spark, tmp_path / "records", schemas, settings["base_iri"], tmp_path / "spark")
    save_lines(map_records(tmp_path / "records", settings["base_iri"]), tmp_path / "python.nq")
    spark_lines = sorted_lines(spark_files)
    assert len(spark_lines) > 5000
    assert any(b"ontology#Membership>" in line for line in spark_lines)
    assert len(set(spark_lines)) == len(spark_lines)
    assert sorted_lines([tmp_path / "python.nq"]) == spark_lines


def test_spark_maps_the_whole_record_to_the_lines_plain_python_does(spark: SparkSession, tmp_path: Path) -> None:
    """The record's mapping benchmark times the build's Spark code against plain Python: both must write the
    same lines, each once."""
    settings = load_settings({})
    paths, lexicon = databank.checked_tables(), load_lexicon(settings["ontology_dir"])
    files = record_mapping.spark_lines(spark, paths, lexicon, settings["base_iri"], tmp_path / "spark")
    spark_lines = sorted_lines(files)
    assert len(set(spark_lines)) == len(spark_lines) > 3_000_000
    expected = record_mapping.python_lines(paths, lexicon, settings["base_iri"])
    assert spark_lines == sorted(line.encode("utf-8") for line in expected)


@pytest.mark.parametrize("mode", ["hop", "in_worker"])
def test_the_floor_servers_answer_as_bbkg_does(seeds_build, client, monkeypatch: pytest.MonkeyPatch,
                                               mode: str) -> None:
    """The floor measured in benchmarks/floor.py means something only if it gives bbkg's rows."""
    from werkzeug.test import Client

    from benchmarks.floor import MODE_VARIABLE, STORE_VARIABLE, app_factory
    from vocab.namespaces import BB, RDF_TYPE

    monkeypatch.setenv(STORE_VARIABLE, str((seeds_build[0] / "current").resolve() / "oxigraph"))
    monkeypatch.setenv(MODE_VARIABLE, mode)
    floor = Client(app_factory())
    query = f"SELECT ?p ?o WHERE {{ ?s <{RDF_TYPE}> <{BB}Person> ; ?p ?o }} ORDER BY ?p ?o"

    def rows(response: Any) -> list[dict[str, Any]]:
        assert response.status_code == 200
        return json.loads(response.get_data())["results"]["bindings"]

    expected = rows(client.get("/sparql", query_string={"query": query},
                               headers={"Accept": "application/sparql-results+json"}))
    assert len(expected) > 10  # people with their types, labels, aliases: not a trivial answer
    assert rows(floor.get("/sparql", query_string={"query": query})) == expected


def test_cpu_seconds_count_a_child_process_s_work() -> None:
    """The CPU a request in benchmarks/allocator.py is that of the server's whole tree: a busy child counts."""
    child = subprocess.Popen([sys.executable, "-c", "import time\nend = time.process_time() + 0.6\n"
                              "while time.process_time() < end: pass\ninput()"], stdin=subprocess.PIPE)
    try:
        assert child.pid in process_tree(os.getpid())
        before = cpu_seconds(os.getpid())
        deadline = time.monotonic() + 10
        while cpu_seconds(os.getpid()) - before < 0.4 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert cpu_seconds(os.getpid()) - before >= 0.4
    finally:
        child.communicate(b"\n", timeout=30)


def test_the_benchmarks_page_is_made_of_the_last_results() -> None:
    """Every figure on docs/benchmarks.md is what benchmarks/report.py makes of benchmarks/results/*.json, and every
    results file the page names is there."""
    assert PAGE.read_text(encoding="utf-8") == page(), "docs/benchmarks.md is stale: run python -m benchmarks.report"
    assert all((RESULTS / section.results).is_file() for section in SECTIONS)


def test_the_shapes_of_two_stores_are_kept_side_by_side(tmp_path: Path) -> None:
    """`make bench` measures the query shapes on two stores in two steps: the second keeps the first's figures."""
    from benchmarks.shapes import markdown, save_store_results

    def figures(qps: float) -> dict[str, Any]:
        run = {"qps": qps, "vs_oxigraph": 0.5, "vs_oxigraph_by_round": [0.4, 0.6], "cpu_us_per_request": 100.0,
               "p99_ms": 1.0, "non_2xx": 0, "repeated_texts": 0}
        return {"store_quads": 1234, "shapes": {"ASK | GET @ 8": {"bbkg": run, "oxigraph": {**run, "qps": 2 * qps}}},
                "memory_mib_idle_after": {"bbkg": 300, "oxigraph": 100},
                "start_to_first_answer_s": {"bbkg": 0.5, "oxigraph": 0.1}}

    results = tmp_path / "shapes.json"
    save_store_results("the first store", figures(1000), results)
    save_store_results("the second store", figures(3000), results)
    save_store_results("the first store", figures(2000), results)  # measured again: replaced, not added
    kept = json.loads(results.read_text(encoding="utf-8"))
    assert list(kept["stores"]) == ["the first store", "the second store"]
    assert kept["stores"]["the first store"]["shapes"]["ASK | GET @ 8"]["bbkg"]["qps"] == 2000
    page_text = markdown(kept)
    assert "**the first store** (1,234 quads)" in page_text and "**the second store**" in page_text
    assert "| ASK | GET @ 8 | 2,000 | 4,000 |" in page_text and "| ASK | GET @ 8 | 3,000 | 6,000 |" in page_text
