"""The mapping stage against plain Python: both map the same extracted records, read from the same
Parquet files, to distinct N-Quads lines; the two outputs must hold the same lines, byte for byte.
The graph stage's results are not part of it: GraphFrames computes them, and its cost is measured apart.

Extraction runs once, untimed, and its records are written to Parquet, so each side is timed from
reading the records to the last line written.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from pyspark.sql import SparkSession
from pyspark.sql.types import StructType

from vocab.config import load_settings
from bbkg.pipeline import Stopwatch, extract_records, spark_for_build
from benchmarks import python_mapping
from spark_etl.lexicon import load_lexicon
from mapping.records import save_record_lines

RECORD_NAMES = ("articles", "mentions", "facts", "organizations")
RECORD_COLUMNS = {"articles": ["doc_id", "file_name", "sha256", "error", "text"]}


def export_records(spark: SparkSession, settings: dict[str, Any], records_dir: Path) -> dict[str, StructType]:
    """Extract the records of settings['input_dir'] and write each kind to Parquet under `records_dir`; returns
    each kind's schema."""
    records, _, _ = extract_records(spark, settings, load_lexicon(settings["ontology_dir"]),
                                    Path(settings["input_dir"]), Stopwatch())
    schemas = {}
    for name in RECORD_NAMES:
        frame = getattr(records, name)
        exported = frame.select(*RECORD_COLUMNS.get(name, frame.columns))
        exported.write.parquet(str(records_dir / name))
        schemas[name] = exported.schema
    records.unpersist()
    return schemas


def spark_mapping(spark: SparkSession, records_dir: Path, schemas: dict[str, StructType], base: str,
                  output: Path) -> list[Path]:
    """The build's mapping stage, from the Parquet records to N-Quads files in the folder `output`. The records
    are read with the schemas they were written with: the build hands its records over in memory, and Spark
    would otherwise run a job per kind to read the schema back from the files."""
    articles, mentions, facts, organizations = (spark.read.schema(schemas[name]).parquet(str(records_dir / name))
                                                for name in RECORD_NAMES)
    return save_record_lines(articles, mentions, facts, organizations, base, output)


def sorted_lines(paths: list[Path]) -> list[bytes]:
    """The files' lines in order, to compare outputs that differ only in line order."""
    return sorted(line for path in paths for line in path.read_bytes().splitlines())


def bench_mapping(input_dir: Path, work: Path) -> dict[str, Any]:
    settings = load_settings({"input_dir": str(input_dir), "store_dir": str(work / "unused-store"),
                              "record_scope": "none"})
    base = settings["base_iri"]
    records_dir = work / "records"
    spark = spark_for_build(settings, work)
    try:
        schemas = export_records(spark, settings, records_dir)
        started = time.perf_counter()
        spark_files = spark_mapping(spark, records_dir, schemas, base, work / "spark-nquads")
        spark_seconds = time.perf_counter() - started
    finally:
        spark.stop()

    started = time.perf_counter()
    python_mapping.save_lines(python_mapping.map_records(records_dir, base), work / "python.nq")
    python_seconds = time.perf_counter() - started

    spark_lines, python_lines = sorted_lines(spark_files), sorted_lines([work / "python.nq"])
    identical = spark_lines == python_lines
    if not identical:
        raise AssertionError(f"the Python baseline and the build map the records to different quads: "
                             f"compare {work / 'spark-nquads'} and {work / 'python.nq'}")
    return {"quads": len(spark_lines), "spark_seconds": round(spark_seconds, 2),
            "python_seconds": round(python_seconds, 2),
            "spark_vs_python": round(python_seconds / spark_seconds, 2), "identical_output": identical}


def bench_mapping_in_subprocess(input_dir: Path, work: Path) -> dict[str, Any]:
    """bench_mapping in a process of its own: PySpark cannot start a second SparkContext cleanly in a process
    that stopped one (its accumulator server is gone), and the build before it stopped one."""
    work.mkdir(parents=True, exist_ok=True)
    output = subprocess.run([sys.executable, "-m", "benchmarks.mapping", str(input_dir), str(work)],
                            capture_output=True, text=True)
    if output.returncode != 0:
        raise RuntimeError(f"the mapping benchmark failed on {input_dir}:\n{output.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(output.stdout.strip().splitlines()[-1])
    return result


if __name__ == "__main__":
    print(json.dumps(bench_mapping(Path(sys.argv[1]), Path(sys.argv[2]))))
