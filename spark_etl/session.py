"""Building the SparkSession the whole job uses: local by default, any master for a cluster."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from pyspark.sql import SparkSession

def create_spark_session(master: str, shuffle_partitions: int, checkpoint_dir: Path,
                         jars: list[Path] | None = None, app_name: str = "bbkg",
                         driver_memory: str = "1g", java_options: str = "") -> SparkSession:
    """A SparkSession for the build; `jars` are local JAR files for the JVM (spark.jars also ships them to a
    cluster's executors, and puts them on its Python workers' path); `java_options` are the driver JVM's (in
    local mode, the JVM that runs the tasks), and take effect only when this starts the JVM."""
    # Workers must run this interpreter, or they start the system python3 and miss pandas and spaCy.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    builder = (
        SparkSession.builder.master(master)
        .appName(app_name)
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", str(shuffle_partitions))
        .config("spark.driver.memory", driver_memory)
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        # Articles are small files; at the 4 MB default cost of opening one, the reader made a task per 32
        # articles (313 tasks, 33 s for 10,000 articles; with 64 KB: 5 tasks, 1.6 s).
        .config("spark.sql.files.openCostInBytes", str(64 * 1024))
        # Python workers allocate with jemalloc, keeping freed pages: Arrow's default (mimalloc) maps fresh
        # transparent huge pages, and a worker's first mapping of 10,000 articles' records spent 1.6-1.8 s in
        # the kernel (0.3 s with this), against 0.4 s of work.
        .config("spark.executorEnv.ARROW_DEFAULT_MEMORY_POOL", "jemalloc")
        .config("spark.executorEnv.JE_ARROW_MALLOC_CONF", "dirty_decay_ms:-1,muzzy_decay_ms:-1")
    )
    if master.startswith("local"):
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        builder = builder.config("spark.driver.host", "127.0.0.1")
    if java_options:
        builder = builder.config("spark.driver.extraJavaOptions", java_options)
    if jars:
        builder = builder.config("spark.jars", ",".join(str(j) for j in jars))
        builder = builder.config("spark.submit.pyFiles", ",".join(str(j) for j in jars))
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    checkpoint_dir.mkdir(parents=True, exist_ok=True)
    spark.sparkContext.setCheckpointDir(str(checkpoint_dir))
    return spark
