"""Spark transforms from articles to mentions and facts, each a function DataFrame -> DataFrame."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import pandas as pd
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from spark_etl.lexicon import Lexicon
from spark_etl.facts import article_facts
from spark_etl.mentions import mention_rows

MENTION_SCHEMA = (
    "doc_id string, sentence_index int, sentence_start int, sentence_end int, sentence string, "
    "start int, end int, surface string, entity_type string, entity_key string, label string, kind string, "
    "sentence_parse string, article_date string"
)
FACT_SCHEMA = (
    "doc_id string, sentence_start int, sentence_end int, sentence string, relation string, "
    "person_key string, person_label string, object_key string, object_label string, object_type string, "
    "role string, year int, value string, start int, end int, start_year int, end_year int"
)
_MENTION_COLUMNS = [c.split()[0] for c in MENTION_SCHEMA.split(", ")]
_FACT_COLUMNS = [c.split()[0] for c in FACT_SCHEMA.split(", ")]


def extract_mentions(articles: DataFrame, lexicon: Lexicon, use_model: bool = True,
                     read_parse: bool = True) -> DataFrame:
    """Readable articles (doc_id, text) -> one row per person or organization mention (pronouns resolved);
    with `use_model`, spaCy's English model adds the people and organizations the rules and lexicon miss, and
    with `read_parse` its parse goes to the fact stage (spark_etl/relations.py) and resolves pronouns."""

    def per_partition(batches: Iterable[pd.DataFrame]) -> Iterable[pd.DataFrame]:
        for batch in batches:
            rows = [row for doc_id, text, published in zip(batch["doc_id"], batch["text"], batch["published"],
                                                           strict=True)
                    for row in mention_rows(doc_id, text, lexicon, use_model, read_parse,
                                            published if isinstance(published, str) else None)]  # pandas: NaN
            yield pd.DataFrame(rows, columns=_MENTION_COLUMNS)

    # An article's sidecar date (spark_etl/articles.py) wins over the one its text gives.
    published = F.col("published") if "published" in articles.columns else F.lit(None).cast("string")
    readable = articles.where(F.col("error").isNull()).select("doc_id", "text", published.alias("published"))
    return readable.mapInPandas(per_partition, MENTION_SCHEMA)


def extract_facts(mentions: DataFrame, lexicon: Lexicon) -> DataFrame:
    """Mentions -> facts (memberships with their years, events, awards, records, ages), one article at a time."""
    awards = sorted(lexicon.awards)
    colleges = lexicon.colleges()

    def of_article(group: pd.DataFrame) -> pd.DataFrame:
        doc_id = group["doc_id"].iloc[0]
        sentences = []
        ends: dict[int, tuple[int, str]] = {}
        for _, rows in group.sort_values("start").groupby("sentence_start", sort=True):
            first = rows.iloc[0]
            records = cast(list[dict[str, Any]], rows.to_dict("records"))  # column names are strings
            parses = rows["sentence_parse"].dropna()
            sentences.append((first.sentence, int(first.sentence_start), records,
                              parses.iloc[0] if len(parses) else None))
            ends[int(first.sentence_start)] = (int(first.sentence_end), first.sentence)
        written = group["article_date"].dropna()
        date = tuple(int(part) for part in written.iloc[0].split("-")) if len(written) else None
        facts = [{"doc_id": doc_id, "sentence_end": ends[f["sentence_start"]][0],
                  "sentence": ends[f["sentence_start"]][1], **f}
                 for f in article_facts(sentences, lexicon.parents(date[0] if date else None), awards,
                                        date, colleges)]  # type: ignore[arg-type]
        years = {"year": "Int64", "start_year": "Int64", "end_year": "Int64"}
        return pd.DataFrame(facts, columns=_FACT_COLUMNS).astype(years)

    return mentions.groupBy("doc_id").applyInPandas(of_article, FACT_SCHEMA)


def memberships(facts: DataFrame) -> DataFrame:
    """The membership facts (person, organization, role), with the organization named org_key."""
    return facts.where(F.col("relation") == "member").withColumnRenamed("object_key", "org_key")


def organizations_frame(spark: SparkSession, lexicon: Lexicon) -> DataFrame:
    """The reference organizations as a DataFrame (key, label, type, aliases, parent, years, level, league)."""
    rows = [(o.key, o.label, o.type, list(o.aliases), o.parent, o.parent_from, o.parent_to, o.level, o.league)
            for o in lexicon.organizations]
    return spark.createDataFrame(rows, "key string, label string, type string, aliases array<string>, "
                                       "parent string, parent_from int, parent_to int, level string, league string")
