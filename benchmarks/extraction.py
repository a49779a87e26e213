"""Extraction throughput with and without spaCy's model, and with the model's names only (its parse unread),
on the same generated corpora in one SparkSession.

Each run reads the articles, finds mentions and facts, and counts them (Spark evaluates everything); the
model's runs pay its load once per Python worker. Reported per corpus: seconds and articles per second for
each, and the model's cost as a ratio. `python -m benchmarks.extraction 1000 10000`.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.page import RESULTS
from vocab.config import load_settings
from benchmarks.corpus import generate_corpus
from spark_etl.articles import decode_articles, read_article_files
from spark_etl.extract import extract_facts, extract_mentions
from spark_etl.lexicon import load_lexicon
from spark_etl.session import create_spark_session



def measure_extraction(sizes: list[int], work: Path) -> dict[str, Any]:
    settings = load_settings({})
    spark = create_spark_session(settings["spark_master"], 4, work / "checkpoints",
                                 driver_memory=settings["spark_driver_memory"],
                                 java_options=settings["spark_driver_java_options"])
    lexicon = load_lexicon(settings["ontology_dir"])
    results: dict[str, Any] = {}
    try:
        for size in sizes:
            corpus = work / f"corpus-{size}"
            generate_corpus(corpus, size)
            articles = decode_articles(read_article_files(spark, corpus), settings["max_article_bytes"]).cache()
            articles.count()
            row: dict[str, Any] = {"articles": size}
            runs = (("rules", False, False), ("model_names_only", True, False), ("rules_and_model", True, True),
                    ("rules_again", False, False))
            for label, use_model, read_parse in runs:
                started = time.perf_counter()
                mentions = extract_mentions(articles, lexicon, use_model, read_parse).cache()
                facts = extract_facts(mentions, lexicon)
                counts = (mentions.count(), facts.count())
                seconds = time.perf_counter() - started
                mentions.unpersist()
                row[label] = {"seconds": round(seconds, 1), "articles_per_second": round(size / seconds, 1),
                              "mentions": counts[0], "facts": counts[1]}
            rules = min(row["rules"]["seconds"], row["rules_again"]["seconds"])
            row["model_cost"] = round(row["rules_and_model"]["seconds"] / rules, 2)
            # What reading the parse costs beside the model's names alone (issue #39's bar: at most 2x).
            row["parse_cost"] = round(row["rules_and_model"]["seconds"] / row["model_names_only"]["seconds"], 2)
            results[str(size)] = row
            articles.unpersist()
    finally:
        spark.stop()
    return results


def markdown(results: dict[str, Any]) -> str:
    lines = ["| articles | rules only: s (articles/s) | model's names only: s (articles/s) | "
             "rules + model + parse: s (articles/s) | model's cost | parse's cost |",
             "|---:|---:|---:|---:|---:|---:|"]
    for row in results.values():
        rules = min((row["rules"], row["rules_again"]), key=lambda r: r["seconds"])
        names, model = row["model_names_only"], row["rules_and_model"]
        lines.append(f"| {row['articles']:,} | {rules['seconds']} ({rules['articles_per_second']}) | "
                     f"{names['seconds']} ({names['articles_per_second']}) | "
                     f"{model['seconds']} ({model['articles_per_second']}) | {row['model_cost']}× | "
                     f"{row['parse_cost']}× |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="bbkg-extraction-") as scratch:
        found = measure_extraction([int(a) for a in sys.argv[1:]] or [1000, 10000], Path(scratch))
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "extraction.json").write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
    print(markdown(found))
