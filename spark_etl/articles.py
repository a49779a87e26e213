"""Reading a folder of articles into a DataFrame, and telling the readable ones from the broken ones.

Beside an article `NAME.txt` (any extension) may stand `NAME.meta.json`, a JSON object with any of "headline"
(the article's title on its page), "published" (its date, "2016-10-05" or "2016-10") and "url" (where it was
published); other keys are ignored. Its date wins over one the text gives. A sidecar that is not such an
object is reported, and its article read without it."""

from __future__ import annotations

from pathlib import Path

from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import StringType, StructField, StructType

from vocab.errors import InputFolderError

_DECODED = StructType([StructField("text", StringType()), StructField("error", StringType())])
METADATA_SUFFIX = ".meta.json"
_METADATA = "headline string, published string, url string"
_PUBLISHED = r"^(?:18[6-9]|19\d|20\d)\d-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?$"
# The first of an article's first lines that reads as a title: a capital first, three words or more, at most 200
# characters, one sentence without its closing punctuation (a page's "clock menu more-arrow", "Filed under:" and a
# photo's caption are not).
_HEADLINE = ("element_at(filter(slice(split(text, '\\n'), 1, 12), line -> trim(line) rlike '^[A-Z].{2,199}$' "
             "AND NOT trim(line) rlike '[.!?:\"”’)…]$' AND NOT line rlike '[.!?] [A-Z]' "
             "AND size(split(trim(line), ' ')) >= 3), 1)")


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


def _is_metadata() -> Column:
    return F.col("file_name").endswith(METADATA_SUFFIX)


def with_metadata(decoded: DataFrame) -> DataFrame:
    """Decoded files (decode_articles) -> the articles only, each with its `headline` (the sidecar's, else the
    text's first line when it reads as a title), `published` (the sidecar's date, if well formed) and `url`."""
    stem = F.regexp_replace("file_name", r"\.[^.]*$", "")
    articles = decoded.where(~_is_metadata()).withColumn("stem", stem)
    sidecars = decoded.where(_is_metadata() & F.col("error").isNull()).select(
        F.expr(f"substring(file_name, 1, length(file_name) - {len(METADATA_SUFFIX)})").alias("stem"),
        F.from_json("text", _METADATA).alias("meta"))
    titled = F.trim(F.expr(_HEADLINE))
    published = F.col("meta.published")
    return articles.join(sidecars, "stem", "left").select(
        *[c for c in decoded.columns],
        F.coalesce(F.col("meta.headline"), titled).alias("headline"),
        F.when(published.rlike(_PUBLISHED), published).alias("published"),
        # Only a web address: a page links it, and no other scheme ("javascript:") may reach a link.
        F.when(F.col("meta.url").rlike(r"^https?://[^\s<>\"]+$"), F.col("meta.url")).alias("url"))


def metadata_report(decoded: DataFrame) -> DataFrame:
    """The sidecars (file_name, doc_id: null, error): null where the sidecar was read, else why it was not."""
    meta = F.from_json("text", _METADATA)
    published = meta["published"]
    error = (F.when(F.col("error").isNotNull(), F.col("error"))
             .when(meta.isNull() | ~F.trim("text").startswith("{"),
                   F.lit("metadata is not a JSON object; its article is read without it"))
             .when(published.isNotNull() & ~published.rlike(_PUBLISHED),
                   F.lit("metadata's published is not a date like 2016-10-05; its article is read without it")))
    return decoded.where(_is_metadata()).select("file_name", F.lit(None).cast("string").alias("doc_id"),
                                                error.alias("error"))
