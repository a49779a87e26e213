"""Reading a folder of articles into a DataFrame, and telling the readable ones from the broken ones."""

from __future__ import annotations

from pathlib import Path

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import StringType, StructField, StructType

from vocab.errors import InputFolderError

_DECODED = StructType([StructField("text", StringType()), StructField("error", StringType())])


def read_article_files(spark: SparkSession, input_dir: Path) -> DataFrame:
    """Every visible regular file of `input_dir` as raw bytes: path, length, content."""
    if not input_dir.is_dir():
        raise InputFolderError(f"input folder {input_dir} does not exist; pass --input DIR with the articles")
    return (
        spark.read.format("binaryFile")
        .option("pathGlobFilter", "[!.]*")
        .load(str(input_dir.resolve()))
        .select("path", "length", "content")
    )


def article_files(input_dir: Path) -> list[Path]:
    """The visible regular files of `input_dir`, sorted: what the reader will try to read."""
    return sorted(path for path in input_dir.iterdir() if path.is_file() and not path.name.startswith("."))


def unread_files(files: list[Path], read_names: set[str]) -> list[dict[str, str | None]]:
    """Those of `files` that Spark did not read, with why: Spark skips empty files silently."""
    unread = []
    for path in files:
        if path.name in read_names:
            continue
        reason = "empty file" if path.stat().st_size == 0 else "not read by Spark"
        unread.append({"file_name": path.name, "doc_id": None, "error": reason})
    return unread


@F.udf(returnType=_DECODED)
def _decode(content, length, max_bytes):  # type: ignore[no-untyped-def]  # hints would make Spark guess a pandas UDF
    """(text, error) for one file's bytes."""
    if length == 0:
        return None, "empty file"
    if length > max_bytes:
        return None, f"file is {length} bytes, over the limit of {max_bytes} (setting max_article_bytes)"
    assert content is not None
    if b"\x00" in content:
        return None, "binary file (contains NUL bytes), not an article"
    try:
        text = bytes(content).decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, f"not UTF-8 text: byte {exc.start} cannot be decoded; re-save the file as UTF-8"
    if not text.strip():
        return None, "file holds only white space"
    return text.lstrip("\ufeff"), None


def decode_articles(files: DataFrame, max_bytes: int) -> DataFrame:
    """Raw files -> doc_id, file_name, sha256, length, text, error (text is null exactly when error is set)."""
    file_name = F.url_decode(F.regexp_extract("path", r"([^/]+)$", 1))
    stem = F.regexp_replace(file_name, r"\.[^.]*$", "")
    # Large files never reach Python: the size check needs only the length column.
    content = F.when(F.col("length") <= max_bytes, F.col("content"))
    decoded = _decode(content, F.col("length"), F.lit(max_bytes))
    return files.select(
        F.regexp_replace(F.lower(stem), r"[^a-z0-9_-]+", "-").alias("doc_id"),
        file_name.alias("file_name"),
        F.sha2("content", 256).alias("sha256"),
        "length",
        decoded.text.alias("text"),
        decoded.error.alias("error"),
    )
