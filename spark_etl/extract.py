"""Spark transforms from articles to mentions and memberships, each a function DataFrame -> DataFrame."""

from __future__ import annotations

from typing import Iterator

import pandas as pd
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from spark_etl.lexicon import Lexicon
from spark_etl.text import mention_rows, sentence_memberships

MENTION_SCHEMA = (
    "doc_id string, sentence_index int, sentence_start int, sentence_end int, sentence string, "
    "start int, end int, surface string, entity_type string, entity_key string, label string"
)
MEMBERSHIP_SCHEMA = (
    "doc_id string, sentence_index int, sentence_start int, sentence_end int, sentence string, "
    "person_key string, person_label string, org_key string, org_label string, role string, "
    "start int, end int"
)
_MENTION_COLUMNS = [c.split()[0] for c in MENTION_SCHEMA.split(", ")]
_MEMBERSHIP_COLUMNS = [c.split()[0] for c in MEMBERSHIP_SCHEMA.split(", ")]
_YEAR = r"\b(1[89]\d\d|20\d\d)\b"


def extract_mentions(articles: DataFrame, lexicon: Lexicon) -> DataFrame:
    """Readable articles (doc_id, text) -> one row per person or organization mention."""

    def per_partition(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        for batch in batches:
            rows = [row for doc_id, text in zip(batch["doc_id"], batch["text"])
                    for row in mention_rows(doc_id, text, lexicon)]
            yield pd.DataFrame(rows, columns=_MENTION_COLUMNS)

    readable = articles.where(F.col("error").isNull()).select("doc_id", "text")
    return readable.mapInPandas(per_partition, MENTION_SCHEMA)


def _memberships_of_sentence(group: pd.DataFrame) -> pd.DataFrame:
    first = group.iloc[0]
    people = group[group.entity_type == "Person"].to_dict("records")
    organizations = group[group.entity_type == "Team"].to_dict("records")
    found = sentence_memberships(first.sentence, int(first.sentence_start), people, organizations)
    context = {c: first[c] for c in ("doc_id", "sentence_index", "sentence_start", "sentence_end", "sentence")}
    return pd.DataFrame([{**context, **m} for m in found], columns=_MEMBERSHIP_COLUMNS)


def extract_memberships(mentions: DataFrame) -> DataFrame:
    """Mentions -> memberships (person, team, role) stated within one sentence, with the years it names."""
    found = mentions.groupBy("doc_id", "sentence_index").applyInPandas(_memberships_of_sentence, MEMBERSHIP_SCHEMA)
    years = F.array_sort(F.array_distinct(F.regexp_extract_all("sentence", F.lit(_YEAR), 1)))
    return found.withColumn("years", years)
