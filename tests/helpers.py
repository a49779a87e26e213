"""Helpers the tests share: paths, build settings, a real `bbkg serve` process, a counting TCP listener.

Plain functions and classes, imported by the tests that use them (fixtures stay in conftest.py).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


from vocab.config import PROJECT_ROOT, load_settings
from spark_etl.facts import article_facts
from spark_etl.lexicon import Lexicon
from spark_etl.mentions import read_article
from bbkg.cluster import free_port
from benchmarks.endpoint import process

SEEDS = PROJECT_ROOT / "seeds"


def metric_totals(text: str) -> dict[str, float]:
    """The counters of a /metrics answer, by their full name (bbkg_requests_total, ...)."""
    return {line.split()[0]: float(line.split()[1]) for line in text.splitlines()
            if line.startswith("bbkg_") and line.split()[0].endswith("_total")}


# The part of the record the tests' builds set beside the articles (tests/test_record.py builds all of it).
RECORD_SLICE = "NYM,HOU"


def build_settings(input_dir: Path, store_dir: Path, **overrides: Any) -> dict[str, Any]:
    return load_settings({"input_dir": str(input_dir), "store_dir": str(store_dir), "record_scope": RECORD_SLICE,
                          **overrides})


@contextmanager
def serving_process(store_dir: Path, **settings: Any) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`bbkg serve` as a real process over `store_dir`, with settings as BBKG_* variables; yields its URL and
    the process."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "bbkg.cli", "serve", "--store", str(store_dir), "--port", str(port)]
    with process(command, url + "/health", {f"BBKG_{k.upper()}": str(v) for k, v in settings.items()}) as server:
        yield url, server


@contextmanager
def running_server(store_dir: Path, **settings: Any) -> Iterator[str]:
    """serving_process's URL alone."""
    with serving_process(store_dir, **settings) as (url, _):
        yield url


CROSS_PRODUCT = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n1 ?o }"


class CountingListener:
    """A local TCP listener that counts the connections it accepts."""

    def __init__(self) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(16)
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.socket.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.socket.close()


def until_read_from(executor: Any, where: str, seconds: float = 60) -> Any:
    """The QueryExecutor `executor`, once its queries are read from `where` (memory, loading or disk)."""
    deadline = time.monotonic() + seconds
    while executor.query_store() != where:
        assert time.monotonic() < deadline, f"still {executor.query_store()} after {seconds} s"
        time.sleep(0.05)
    return executor


def facts_of(text: str, lexicon: Lexicon, date: tuple[int, int] | None = None) -> list[dict]:
    """The facts the extraction reads in `text`, sentence by sentence, with the model's parse, as the pipeline
    does (affiliates' parents, and the clubs of cities and names, of the article's year); relative years counted
    from `date` (year, month) where given."""
    mentions, parses = read_article(text, lexicon, use_model=True, year=date[0] if date else None)
    sentences: dict[int, tuple] = {}
    for m in mentions:
        row = m.__dict__
        sentence = text[m.sentence_start:m.sentence_end]
        sentences.setdefault(m.sentence_start, (sentence, m.sentence_start, [], parses.get(m.sentence_start)))[2] \
            .append(row)
    return article_facts(list(sentences.values()), lexicon.parents(date[0] if date else None), date=date,
                         colleges=lexicon.colleges())


def memberships(facts: list[dict]) -> set[tuple[str, str, str]]:
    """(person, club, role) of each membership among `facts`, by their labels."""
    return {(f["person_label"], f["object_label"], f["role"]) for f in facts if f["relation"] == "member"}
