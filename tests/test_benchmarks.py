"""The benchmark's own parts: the generated corpus is reproducible, and the plain-Python mapping it
times against the build maps the same records to the same bytes (else the ratio would compare different work)."""

from __future__ import annotations

import filecmp
from pathlib import Path

from pyspark.sql import SparkSession

from benchmarks.corpus import generate_corpus
from benchmarks.mapping import export_records, sorted_lines, spark_mapping
from benchmarks.python_mapping import map_records, save_lines
from tests.helpers import SEEDS, build_settings


def test_generated_corpus_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    first = generate_corpus(tmp_path / "a", 12)
    second = generate_corpus(tmp_path / "b", 12)
    assert first == second
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert len(names) == 12
    assert all(filecmp.cmp(tmp_path / "a" / n, tmp_path / "b" / n, shallow=False) for n in names)


def test_plain_python_mapping_writes_the_builds_nquads(spark: SparkSession, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for article in SEEDS.iterdir():
        (corpus / article.name).write_bytes(article.read_bytes())
    generate_corpus(tmp_path / "generated", 20)
    for article in (tmp_path / "generated").iterdir():
        (corpus / article.name).write_bytes(article.read_bytes())
    settings = build_settings(corpus, tmp_path / "store")
    export_records(spark, settings, tmp_path / "records")
    spark_files = spark_mapping(spark, tmp_path / "records", settings["base_iri"], tmp_path / "spark")
    save_lines(map_records(tmp_path / "records", settings["base_iri"]), tmp_path / "python.nq")
    spark_lines = sorted_lines(spark_files)
    assert len(spark_lines) > 5000
    assert any(b"ontology#Membership>" in line for line in spark_lines)
    assert len(set(spark_lines)) == len(spark_lines)
    assert sorted_lines([tmp_path / "python.nq"]) == spark_lines
