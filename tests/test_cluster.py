"""The build on a real Spark standalone cluster: a master and two workers, each a JVM of its own on 127.0.0.1,
their executors in processes of their own. Its builds run as `bbkg build --master` in a process of their own
(one process holds one SparkContext; this one's is local) and must write the local builds' dump, byte for byte."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from pyspark.sql import SparkSession

from bbkg.cluster import StandaloneCluster, start_cluster
from bbkg.pipeline import BuildResult, run_build
from benchmarks.corpus import generate_corpus
from spark_etl.session import SparkMasterError, check_master
from store.builds import current_build, open_current
from store.dumps import dump_store
from tests.helpers import RECORD_SLICE, SEEDS, build_settings, free_port, running_server

BUILD_SECONDS = 900


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StandaloneCluster]:
    running = start_cluster(tmp_path_factory.mktemp("cluster"), workers=2, cores=1, memory="2g")
    yield running
    running.stop()


def cluster_build(master: str, input_dir: Path, store_dir: Path, *settings: str) -> subprocess.Popen[str]:
    """`bbkg build --master` as a user runs it, with the tests' slice of the record; `settings` are NAME VALUE
    pairs for --setting."""
    pairs = [arg for name, value in zip(settings[::2], settings[1::2], strict=True)
             for arg in ("--setting", name, value)]
    command = [sys.executable, "-m", "bbkg.cli", "build", "--input", str(input_dir), "--store", str(store_dir),
               "--master", master, *pairs]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "BBKG_RECORD_SCOPE": RECORD_SLICE})


def finished(build: subprocess.Popen[str]) -> tuple[int, str]:
    """The build's exit status and what it wrote on standard error."""
    _, errors = build.communicate(timeout=BUILD_SECONDS)
    return build.returncode, errors


def nquads(store_dir: Path) -> bytes:
    store, _ = open_current(store_dir)
    out = io.BytesIO()
    dump_store(store, "nquads", out)
    return out.getvalue()


def tasks_by_worker(cluster: StandaloneCluster, logs_before: set[Path]) -> dict[str, int]:
    """Tasks each worker's executors ran since `logs_before`, counted in the executors' own logs."""
    counts: dict[str, int] = {}
    for log in set(cluster.executor_logs()) - logs_before:
        worker = log.relative_to(cluster.work_dir).parts[0]
        ran = log.read_text(errors="replace").count("Executor: Running task")
        counts[worker] = counts.get(worker, 0) + ran
    return counts


def test_the_seeds_built_on_the_cluster_are_the_local_build(cluster: StandaloneCluster,
                                                            seeds_build: tuple[Path, BuildResult],
                                                            tmp_path: Path) -> None:
    logs_before = set(cluster.executor_logs())
    status, errors = finished(cluster_build(cluster.master_url, SEEDS, tmp_path / "store"))
    assert status == 0, errors
    assert nquads(tmp_path / "store") == nquads(seeds_build[0])
    # Both workers' executors ran tasks; a standalone driver runs none.
    ran = tasks_by_worker(cluster, logs_before)
    assert set(ran) == {"worker-0", "worker-1"} and min(ran.values()) > 10, ran


def test_five_hundred_generated_articles_built_on_the_cluster_are_the_local_build(
        cluster: StandaloneCluster, spark: SparkSession, tmp_path: Path) -> None:
    corpus = tmp_path / "articles"
    generate_corpus(corpus, 500)
    on_cluster = cluster_build(cluster.master_url, corpus, tmp_path / "cluster")
    status, errors = finished(on_cluster)
    assert status == 0, errors
    run_build(build_settings(corpus, tmp_path / "local"), spark=spark)
    local = nquads(tmp_path / "local")
    assert local.count(b"\n") > 100_000
    assert nquads(tmp_path / "cluster") == local


def test_a_worker_lost_mid_build_has_its_tasks_run_again(cluster: StandaloneCluster,
                                                         seeds_build: tuple[Path, BuildResult],
                                                         tmp_path: Path) -> None:
    """A worker (and its executor) killed in the graph stage: Spark runs its tasks, and the stages whose
    output it held, again on the other worker, and the build ends as it would have."""
    build = cluster_build(cluster.master_url, SEEDS, tmp_path / "store")
    assert build.stderr is not None
    seen = []
    for line in build.stderr:
        seen.append(line)
        if line.strip() == "stage graph":
            cluster.kill_worker(0)
            break
    status, errors = finished(build)
    assert status == 0, "".join(seen) + errors
    assert cluster.alive_workers() == 1
    assert nquads(tmp_path / "store") == nquads(seeds_build[0])
    cluster.start_worker()  # for the tests after this one
    cluster.wait_for(2)


def test_an_unreachable_or_malformed_master_fails_in_one_line(store_copy: Path) -> None:
    served = current_build(store_copy)
    for master, says in ((f"spark://127.0.0.1:{free_port()}", "cannot be reached"),
                         ("sparkk://127.0.0.1:7077", "unknown Spark master")):
        status, errors = finished(cluster_build(master, SEEDS, store_copy))
        assert status == 1
        assert errors.strip().count("\n") == 0 and says in errors, errors
        assert current_build(store_copy) == served


def test_the_masters_spark_knows_are_taken_and_others_refused() -> None:
    for master in ("local", "local[2]", "local[*]", "local[2,3]", "local-cluster[2,1,1024]", "yarn",
                   "k8s://https://10.0.0.1:443"):
        check_master(master)  # none of these is a standalone master to reach
    for master in ("x", "sparkk://a:1", "spark://", "local[two]", "local-cluster[2]"):
        with pytest.raises(SparkMasterError, match="unknown Spark master"):
            check_master(master)


def test_a_missing_jar_fails_before_the_cluster_is_asked(cluster: StandaloneCluster, store_copy: Path) -> None:
    served = current_build(store_copy)
    status, errors = finished(cluster_build(cluster.master_url, SEEDS, store_copy,
                                            "graphframes_jar", str(store_copy / "graphframes.jar")))
    assert status == 1 and errors.strip().count("\n") == 0 and "make install" in errors, errors
    assert current_build(store_copy) == served


def test_a_cluster_without_workers_fails_in_one_line(tmp_path: Path, store_copy: Path) -> None:
    """Spark waits for ever for an executor no worker can give; the build gives up after spark_executor_wait."""
    empty = start_cluster(tmp_path / "cluster", workers=0)
    try:
        served = current_build(store_copy)
        status, errors = finished(cluster_build(empty.master_url, SEEDS, store_copy, "spark_executor_wait", "5"))
        assert status == 1 and "no executor joined the build" in errors.strip().splitlines()[-1], errors
        assert current_build(store_copy) == served
    finally:
        empty.stop()


def test_a_replica_serves_the_same_answers(seeds_build: tuple[Path, BuildResult], tmp_path: Path) -> None:
    """A build copied to another store folder (another machine's) with `bbkg replicate`, and two `bbkg serve`
    processes over the two folders: the same build, the same answers."""
    replica = tmp_path / "replica"
    copied = subprocess.run([sys.executable, "-m", "bbkg.cli", "replicate", "--from", str(seeds_build[0]),
                             "--store", str(replica)], capture_output=True, text=True, timeout=120)
    assert copied.returncode == 0, copied.stderr
    build = current_build(seeds_build[0])
    assert build is not None and current_build(replica) == replica / "builds" / build.name
    requests_to_compare = [
        ("/sparql", {"query": "SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?p ORDER BY ?p"}),
        ("/api/connections", {"from": "Wally Backman", "to": "Sandy Alderson"}),
        ("/dump.nq", {}),
    ]
    with running_server(seeds_build[0]) as origin, running_server(replica) as copy:
        health = [requests.get(url + "/health", timeout=30).json() for url in (origin, copy)]
        assert health[0]["build"] == health[1]["build"] == build.name
        for path, params in requests_to_compare:
            answers = [requests.get(url + path, params=params, timeout=60) for url in (origin, copy)]
            assert answers[0].status_code == 200, (path, answers[0].text[:300])
            assert answers[0].content == answers[1].content, path
