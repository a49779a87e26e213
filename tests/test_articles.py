"""decode_articles on hand-made files: every kind of broken article is reported, none is lost."""

import hashlib
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

from spark_etl.articles import decode_articles, metadata_report, read_article_files, with_metadata

FILES_SCHEMA = "path string, length long, content binary"


def decoded(spark: SparkSession, rows, max_bytes: int = 100):
    frame = spark.createDataFrame(rows, FILES_SCHEMA)
    return {r.file_name: r for r in decode_articles(frame, max_bytes).collect()}


def test_good_and_bad_files_each_get_one_row(spark: SparkSession) -> None:
    good = b"Wally Backman managed the 51s."
    rows = [
        ("file:/in/good.txt", len(good), good),
        ("file:/in/empty.txt", 0, b""),
        ("file:/in/binary.bin", 4, b"\x89PN\x00"),
        ("file:/in/latin1.txt", 6, "Peña!".encode("latin-1")),
        ("file:/in/big.txt", 500, b"x" * 500),
        ("file:/in/blank.txt", 3, b" \n "),
    ]
    result = decoded(spark, rows)
    assert set(result) == {"good.txt", "empty.txt", "binary.bin", "latin1.txt", "big.txt", "blank.txt"}
    assert result["good.txt"].text == "Wally Backman managed the 51s." and result["good.txt"].error is None
    assert "empty" in result["empty.txt"].error
    assert "binary" in result["binary.bin"].error
    assert "UTF-8" in result["latin1.txt"].error
    assert "over the limit" in result["big.txt"].error
    assert "white space" in result["blank.txt"].error
    for name in ("empty.txt", "binary.bin", "latin1.txt", "big.txt", "blank.txt"):
        assert result[name].text is None


def test_ids_come_from_file_names_and_content_is_hashed(spark: SparkSession) -> None:
    body = b"Mets."
    result = decoded(spark, [("file:/in/My%20Story.TXT", 5, body)])
    row = result["My Story.TXT"]
    assert row.doc_id == "my-story"
    assert row.sha256 == hashlib.sha256(body).hexdigest()


def test_reading_a_missing_folder_names_the_fix(spark: SparkSession, tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="--input"):
        read_article_files(spark, tmp_path / "nope")


def test_hidden_files_are_not_articles(spark: SparkSession, tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("The Mets won.", encoding="utf-8")
    (tmp_path / ".DS_Store").write_bytes(b"\x00\x01")
    names = [r.path.rsplit("/", 1)[1] for r in read_article_files(spark, tmp_path).collect()]
    assert names == ["a.txt"]


def test_a_sidecar_gives_its_article_a_headline_a_date_and_a_web_address(spark: SparkSession) -> None:
    """NAME.meta.json beside NAME.txt: its headline, date and web address go to the article; a broken sidecar is
    reported and its article read without it; an article without one takes its first line as its headline when
    that line reads as a title."""
    def file(name: str, text: str) -> tuple[str, int, bytes]:
        data = text.encode()
        return (f"file:/in/{name}", len(data), data)

    frame = spark.createDataFrame([
        file("a.txt", "Backman resigns\n\nHe left last season."),
        file("a.meta.json", '{"headline": "Backman out", "published": "2016-10-05", "url": "https://x.test/a"}'),
        file("b.txt", "He left last season. More text.\n"),
        file("b.meta.json", '{"published": "October 2016", "url": "javascript:alert(1)"}'),
        file("c.txt", "Mets hire a manager\nThe Mets hired him."),
        file("c.meta.json", "not json"),
    ], FILES_SCHEMA)
    decoded_files = decode_articles(frame, 1000)
    articles = {r.file_name: r for r in with_metadata(decoded_files).collect()}
    assert set(articles) == {"a.txt", "b.txt", "c.txt"}
    assert (articles["a.txt"].headline, articles["a.txt"].published, articles["a.txt"].url) == \
        ("Backman out", "2016-10-05", "https://x.test/a")
    assert (articles["b.txt"].headline, articles["b.txt"].published, articles["b.txt"].url) == (None, None, None)
    assert (articles["c.txt"].headline, articles["c.txt"].published) == ("Mets hire a manager", None)
    report = {r.file_name: r.error for r in metadata_report(decoded_files).collect()}
    assert report["a.meta.json"] is None
    assert "not a date" in report["b.meta.json"] and "not a JSON object" in report["c.meta.json"]


def test_a_sidecar_date_dates_the_articles_relative_years(lexicon) -> None:
    from spark_etl.mentions import mention_rows

    text = "Wally Backman managed the Las Vegas 51s last season."
    assert {r["article_date"] for r in mention_rows("a", text, lexicon, False)} == {None}
    assert {r["article_date"] for r in mention_rows("a", text, lexicon, False, published="2016-10-05")} == {"2016-10"}
