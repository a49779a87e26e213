"""Building the SparkSession the whole job uses: local by default, any master for a cluster."""

from __future__ import annotations

import os
import re
import socket
import sys
import time
from pathlib import Path

from pyspark.sql import DataFrame, SparkSession

from vocab.errors import UserError

# The masters Spark knows: local[N], a standalone cluster (several for high availability), YARN, Kubernetes,
# and local-cluster[workers,cores,MB] (executors in processes of their own, as on a cluster).
MASTER_FORMS = re.compile(r"local(\[(\d+|\*)(,\d+)?\])?|local-cluster\[\d+,\d+,\d+\]|spark://[^/\s]+|yarn|"
                          r"k8s://\S+|mesos://\S+")
LOCAL_MASTER = re.compile(r"local(\[.*\])?")
# What an executor's Python workers run when spark_python_archive is set: the archive unpacked as this folder.
ARCHIVE_FOLDER = "bbkg_environment"


class SparkMasterError(UserError, RuntimeError):
    """The Spark master is malformed or cannot be reached, or gives the build no executor in time."""


def check_master(master: str, timeout: float = 5.0) -> None:
    """A malformed master, or a standalone master no TCP connection reaches, fails here in one line: Spark
    itself prints a Java trace for the first and retries the second for a minute before giving up."""
    if not MASTER_FORMS.fullmatch(master):
        raise SparkMasterError(f"unknown Spark master {master!r}: use local[N], spark://HOST:PORT, yarn or "
                               "k8s://https://HOST:PORT")
    if not master.startswith("spark://"):
        return
    problems = []
    for address in master.removeprefix("spark://").split(","):
        host, _, port = address.rpartition(":")
        try:
            socket.create_connection((host, int(port)), timeout=timeout).close()
            return
        except (OSError, ValueError) as error:
            problems.append(f"{address}: {getattr(error, 'strerror', None) or error}")
    raise SparkMasterError(f"the Spark master {master} cannot be reached ({'; '.join(problems)}); is it running, "
                           "and is --master its URL?")


def wait_for_executors(spark: SparkSession, seconds: float) -> None:
    """On a cluster, return once an executor has registered; fail in one line after `seconds` without one,
    where Spark would wait for ever ("Initial job has not accepted any resources")."""
    if on_local_master(spark):
        return
    deadline = time.monotonic() + seconds
    # The block managers of the driver and of each executor.
    while spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size() < 2:  # type: ignore[union-attr]
        if time.monotonic() > deadline:
            master = spark.sparkContext.master
            spark.stop()
            raise SparkMasterError(
                f"no executor joined the build on {master} within {seconds:.0f} s: are the cluster's workers up, "
                "with the cores and the spark_executor_memory it asks for free?")
        time.sleep(0.2)


def on_local_master(spark: SparkSession) -> bool:
    """Whether Spark's tasks run on this machine, in the driver's JVM, and so can write to the driver's disk."""
    return LOCAL_MASTER.fullmatch(spark.sparkContext.master or "") is not None


def kept(frame: DataFrame) -> DataFrame:
    """`frame` computed now and kept with its lineage cut, so that later plans start from it. Locally, in the
    executors' memory (a local checkpoint); on a cluster, in the checkpoint folder, since a local checkpoint
    dies with the executor that holds it and Spark could then not rerun a lost executor's tasks."""
    if on_local_master(frame.sparkSession):
        return frame.localCheckpoint()
    return frame.checkpoint()


def without_estimates(frame: DataFrame) -> DataFrame:
    """`frame` as a DataFrame over its rows alone, its plan's size estimate dropped. A checkpoint keeps the
    estimate, and Spark estimates a join as the product of its sides: a loop that joins its last result again
    (label propagation) raises the estimate to a power each round, and the planner's multiplying took seconds
    by the tenth round."""
    session = frame.sparkSession
    return DataFrame(session._jsparkSession.createDataFrame(frame._jdf.rdd(), frame._jdf.schema()), session)


def create_spark_session(master: str, shuffle_partitions: int, checkpoint_dir: Path | str,
                         jars: list[Path] | None = None, app_name: str = "bbkg",
                         driver_memory: str = "1g", java_options: str = "",
                         executor_memory: str = "1g", python_archive: str = "") -> SparkSession:
    """A SparkSession for the build; `jars` are local JAR files for the JVM (spark.jars also ships them to a
    cluster's executors, and puts them on its Python workers' path); `java_options` are the driver JVM's (in
    local mode, the JVM that runs the tasks), and take effect only when this starts the JVM.

    Executors' Python workers run this interpreter (at the same path on every machine: the workers share this
    one, or an image); or, with `python_archive` (a virtual environment packed by venv-pack, on a path or URL
    the cluster reads), the interpreter of that environment, which Spark ships to each executor and unpacks.
    """
    # Workers must run this interpreter, or they start the system python3 and miss pandas and spaCy.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    check_master(master)
    builder = (
        SparkSession.builder.master(master)
        .appName(app_name)
        .config("spark.ui.enabled", "false")
        # The status store keeps every finished job, stage and SQL plan with its metrics even without the UI:
        # one session running build after build (the tests, a notebook) filled its heap with them.
        .config("spark.sql.ui.retainedExecutions", "20")
        .config("spark.ui.retainedJobs", "50")
        .config("spark.ui.retainedStages", "50")
        .config("spark.ui.retainedTasks", "1000")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", str(shuffle_partitions))
        .config("spark.driver.memory", driver_memory)
        .config("spark.executor.memory", executor_memory)
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        # Articles are small files; at the 4 MB default cost of opening one, the reader makes a task for every
        # few dozen articles, and scheduling the tasks costs more than reading them.
        .config("spark.sql.files.openCostInBytes", str(64 * 1024))
        # Python workers allocate with jemalloc, keeping freed pages: Arrow's default (mimalloc) maps fresh
        # transparent huge pages, and a worker's first mapping then spends longer in the kernel than at work.
        .config("spark.executorEnv.ARROW_DEFAULT_MEMORY_POOL", "jemalloc")
        .config("spark.executorEnv.JE_ARROW_MALLOC_CONF", "dirty_decay_ms:-1,muzzy_decay_ms:-1")
    )
    if master.startswith("local"):
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        builder = builder.config("spark.driver.host", "127.0.0.1")
    if java_options:
        builder = builder.config("spark.driver.extraJavaOptions", java_options)
    if python_archive:
        builder = (builder.config("spark.archives", f"{python_archive}#{ARCHIVE_FOLDER}")
                   .config("spark.pyspark.python", f"./{ARCHIVE_FOLDER}/bin/python")
                   .config("spark.pyspark.driver.python", sys.executable))
    if jars:
        builder = builder.config("spark.jars", ",".join(str(j) for j in jars))
        builder = builder.config("spark.submit.pyFiles", ",".join(str(j) for j in jars))
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    if "://" not in str(checkpoint_dir):
        Path(checkpoint_dir).mkdir(parents=True, exist_ok=True)
    spark.sparkContext.setCheckpointDir(str(checkpoint_dir))
    return spark
