"""RDF terms and quads as Spark columns (N-Triples terms, the statements about a subject, N-Quads lines), for
the graph stage's results and the record's links; mapping/lines.py and mapping/record_lines.py write the
articles' records' and the record's lines with Arrow's kernels, and `save_arrow_lines` saves them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path

import pyarrow as pa
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from mapping.lines import write_lines_of_partition
from spark_etl.session import on_local_master
from vocab.namespaces import XSD

QUAD_COLUMNS = ("s", "p", "o", "g")


def iri(value: Column | str) -> Column:
    """An IRI term from a column (or a constant IRI)."""
    column = F.lit(value) if isinstance(value, str) else value
    return F.concat(F.lit("<"), column, F.lit(">"))


def literal(value: Column, datatype: str | None = None) -> Column:
    """A literal term, escaped as N-Triples requires; typed when `datatype` is an XSD local name."""
    text = value.cast("string")
    escaped = F.regexp_replace(text, r"\\", r"\\\\")
    for raw, escape in (('"', r'\\"'), ("\n", r"\\n"), ("\r", r"\\r")):
        escaped = F.regexp_replace(escaped, raw, escape)
    # Most values need no escape: one scan finds that, where the four replacements would copy them four times.
    plain = ~text.rlike(r'[\\"\n\r]')
    term = F.concat(F.lit('"'), F.when(plain, text).otherwise(escaped), F.lit('"'))
    return F.concat(term, F.lit(f"^^<{XSD}{datatype}>")) if datatype else term


def quads_about(rows: DataFrame, graph: Column, subject: Column,
           statements: list[tuple[str, Column]]) -> DataFrame:
    """One quad per (predicate, object) statement about `subject`; null objects are left out."""
    pairs = F.array(*[F.struct(F.lit(f"<{p}>").alias("p"), o.alias("o")) for p, o in statements])
    return (
        rows.select(subject.alias("s"), graph.alias("g"), F.explode(pairs).alias("po"))
        .where(F.col("po.o").isNotNull())
        .select("s", F.col("po.p").alias("p"), F.col("po.o").alias("o"), "g")
    )


def nquad_lines(quads: DataFrame) -> DataFrame:
    """Quads -> distinct N-Quads lines (column `line`), each also as a triple of the default graph.

    The default graph is the union of all named graphs as a set: a triple two articles state is there
    once (Oxigraph's query-time union would count it twice). Each quad gives both its lines in one pass
    (a union of the quads with themselves computed every quad twice). The lines are not sorted: a global
    sort is a large part of the stage's cost, and the store orders what it holds by content whatever the load order.
    """
    quad, triple = F.concat_ws(" ", *QUAD_COLUMNS), F.concat_ws(" ", *QUAD_COLUMNS[:3])
    lines = F.array(F.concat(quad, F.lit(" .")), F.concat(triple, F.lit(" .")))
    return quads.select(F.explode(lines).alias("line")).distinct()


def save_lines(lines: DataFrame, folder: Path) -> list[Path]:
    """Write the `line` column as text files in a new `folder`, on the driver's disk; returns them in order.

    On a local master the tasks write their partitions in parallel; on a cluster the executors cannot
    see the driver's disk, so the lines stream to it partition by partition into one file.
    """
    if on_local_master(lines.sparkSession):
        lines.select("line").write.text(str(folder))
        return sorted(folder.glob("part-*"))
    folder.mkdir(parents=True)
    with open(folder / "part-00000", "wb") as out:
        for row in lines.toLocalIterator():
            out.write(row.line.encode("utf-8") + b"\n")
    return [folder / "part-00000"]


def save_arrow_lines(rows: DataFrame, lines_of: Callable[[Iterable[pa.RecordBatch]], Iterator[pa.RecordBatch]],
                     folder: Path) -> list[Path]:
    """The lines `lines_of` makes of each partition of `rows` (Spark's `mapInArrow`), as N-Quads files in a new
    `folder` on the driver's disk; returns them in order.

    On a local master each Python worker writes its partition's lines to a file itself: they would otherwise
    cross into the JVM and out through its text writer, the mapping's largest copy. On a cluster the workers
    cannot see the driver's disk, and the lines stream to it.
    """
    if not on_local_master(rows.sparkSession):
        return save_lines(rows.mapInArrow(lines_of, "line string"), folder)
    folder.mkdir(parents=True)
    written = rows.mapInArrow(partial(write_lines_of_partition, lines_of, str(folder.resolve())), "file string")
    return sorted(Path(row.file) for row in written.collect())
