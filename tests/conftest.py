"""Shared fixtures: one SparkSession for the whole run, one seeds build, a fresh app per test."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from collections.abc import Iterator

import requests

import pytest
from pyspark.sql import SparkSession

from bbkg.config import PROJECT_ROOT, load_settings
from bbkg.pipeline import BuildResult, run_build
from graph.jar import checked_jar, enable_python_package
from spark_etl.lexicon import Lexicon, load_lexicon
from spark_etl.session import create_spark_session

SEEDS = PROJECT_ROOT / "seeds"


@pytest.fixture(scope="session")
def spark(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SparkSession]:
    """One SparkSession for the run, with the real GraphFrames JAR (a missing one fails every test using it)."""
    jar = checked_jar()
    enable_python_package(jar)
    session = create_spark_session("local[2]", 2, tmp_path_factory.mktemp("checkpoints"), [jar])
    yield session
    session.stop()


@pytest.fixture(scope="session")
def lexicon() -> Lexicon:
    return load_lexicon(PROJECT_ROOT / "ontology")


def build_settings(input_dir: Path, store_dir: Path, **overrides: Any) -> dict[str, Any]:
    return load_settings({"input_dir": str(input_dir), "store_dir": str(store_dir), **overrides})


@pytest.fixture(scope="session")
def seeds_build(spark: SparkSession, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    """The seeds built once into a store on disk; tests must only read it."""
    store_dir = tmp_path_factory.mktemp("seeds-store")
    return store_dir, run_build(build_settings(SEEDS, store_dir), spark=spark)


@pytest.fixture
def store_copy(seeds_build: tuple[Path, BuildResult], tmp_path: Path) -> Path:
    """A private copy of the seeds store folder, for tests that build over it or break it."""
    copy = tmp_path / "store"
    shutil.copytree(seeds_build[0], copy, symlinks=True)
    return copy


@pytest.fixture
def app(seeds_build: tuple[Path, BuildResult]) -> Any:
    from server import create_app

    return create_app({"store_dir": str(seeds_build[0])})


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_server(store_dir: Path, **settings: Any) -> Iterator[str]:
    """`bbkg serve` as a real process over `store_dir`, with settings as BBKG_* variables; yields its URL."""
    port = free_port()
    env = {**os.environ, **{f"BBKG_{k.upper()}": str(v) for k, v in settings.items()}}
    process = subprocess.Popen(
        [sys.executable, "-m", "bbkg.cli", "serve", "--store", str(store_dir), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                requests.get(url + "/health", timeout=2)
                break
            except requests.ConnectionError:
                assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
                assert time.monotonic() < deadline, "bbkg serve did not start listening"
                time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
