"""Shared fixtures: one SparkSession for the whole run, one seeds build, a fresh app per test."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from collections.abc import Iterator

import pytest
from pyspark.sql import SparkSession

from vocab.config import PROJECT_ROOT, load_settings
from bbkg.pipeline import BuildResult, run_build
from graph.jar import checked_jar, enable_python_package
from spark_etl.lexicon import Lexicon, load_lexicon
from spark_etl.session import create_spark_session
from tests.helpers import SEEDS, build_settings


@pytest.fixture(scope="session")
def spark(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SparkSession]:
    """One SparkSession for the run, with the real GraphFrames JAR (a missing one fails every test using it) and
    the build's JVM options and memory (a build with the whole record needs more than Spark's 1g)."""
    jar = checked_jar()
    enable_python_package(jar)
    settings = load_settings({})
    session = create_spark_session("local[2]", 2, tmp_path_factory.mktemp("checkpoints"), [jar],
                                   driver_memory=settings["spark_driver_memory"],
                                   java_options=settings["spark_driver_java_options"])
    yield session
    session.stop()


@pytest.fixture(scope="session")
def lexicon() -> Lexicon:
    return load_lexicon(PROJECT_ROOT / "ontology")


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
