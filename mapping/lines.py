"""The records' N-Quads lines, written by Arrow's compute kernels in Spark's Python workers.

mapping/records.py routes every record to the partition of the subject it speaks of (its route), so each line is
made only in one partition, from the records of one route: keeping each line once among a few routes' lines
keeps it once overall. Every function here turns a batch of one kind of record into lines column by column (no
Python loop over rows); `lines_of_partition` is the function Spark's `mapInArrow` runs.

A quad whose subject or object is null is left out, as a null column leaves its line out: Arrow's string joins
give null when any part is null.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeAlias

import pyarrow as pa
import pyarrow.compute as pc
from pyspark import TaskContext

from vocab import iris
from vocab.namespaces import (BB, ORG, PROV_DERIVED, RDF_TYPE, RDFS_LABEL, SCHEMA_ARTICLE_BODY, SCHEMA_DATE_PUBLISHED,
                              SCHEMA_HEADLINE, SCHEMA_URL, SKOS_ALT_LABEL, TIME, XSD)

Term: TypeAlias = "pa.Array | str"  # a column of terms, or one term for every row
NULL = pa.scalar(None, pa.string())
BATCH_LINES = 65536  # lines per batch handed back to Spark
SLICE_RECORDS = 4096  # records mapped at a time (see lines_of_partition)
ESCAPED = r'[\\"\n\r]'  # the characters an N-Triples literal escapes
STRING_COLUMN_BYTES = 2**31 - 1  # at most in one Arrow string column (32-bit offsets)
INTERVAL_COLUMNS = ["interval", "doc_id", "start_year", "end_year"]


def join(*parts: Term) -> pa.Array:
    return pc.binary_join_element_wise(*parts, "")


def iri(*parts: Term) -> pa.Array:
    return join("<", *parts, ">")


def as_text(values: pa.Array) -> pa.Array:
    return pc.cast(values, pa.string())


def literal(values: pa.Array, datatype: str | None = None) -> pa.Array:
    """A literal term, escaped as N-Triples requires (as mapping.terms.literal does in Spark SQL)."""
    text = as_text(values)
    # Most columns hold nothing to escape: one scan finds that, where the four replacements would copy them.
    if pc.any(pc.match_substring_regex(text, ESCAPED)).as_py():
        for raw, escape in (("\\", "\\\\"), ('"', '\\"'), ("\n", "\\n"), ("\r", "\\r")):
            text = pc.replace_substring(text, raw, escape)
    return join('"', text, f'"^^<{XSD}{datatype}>' if datatype else '"')


class Lines:
    """Some routes' lines: each statement as its quad in its named graph and as a default-graph triple.

    `single` says that each line is made by one row only (as the record's are, mapping/record_lines.py): they
    skip the distinct. Were a table to repeat a row, its lines would be written twice, and the store, a set of
    quads, would still hold them once."""

    def __init__(self, single: bool = False) -> None:
        self.chunks: list[pa.Array] = []
        self.single = single

    def about(self, graph: Term, subject: Term, statements: list[tuple[str, Term]]) -> None:
        for predicate, obj in statements:
            self.chunks.append(pc.binary_join_element_wise(subject, f"<{predicate}>", obj, graph, ".", " "))
            self.chunks.append(pc.binary_join_element_wise(subject, f"<{predicate}>", obj, ".", " "))

    def distinct(self) -> Iterator[pa.RecordBatch]:
        """Each line once, in batches."""
        if not self.chunks:
            return
        lines = pa.chunked_array(self.chunks, pa.string())
        if lines.nbytes > STRING_COLUMN_BYTES:  # the lines would not fit one string column
            lines = lines.cast(pa.large_string())
        lines = pc.drop_null(lines.combine_chunks() if self.single else pc.unique(lines))
        for start in range(0, len(lines), BATCH_LINES):
            yield pa.RecordBatch.from_arrays([lines.slice(start, BATCH_LINES).cast(pa.string())], names=["line"])


def _graph(base: str, doc_id: pa.Array) -> pa.Array:
    return iri(base + iris.ARTICLE_GRAPH, doc_id)


def _article(base: str, doc_id: pa.Array) -> pa.Array:
    return join(base + iris.ARTICLE, doc_id)


def _entity(base: str, entity_type: pa.Array, key: pa.Array) -> pa.Array:
    """As vocab.iris.entity_path: a Person under id/person/, any other type (or none) under id/org/."""
    kind = pc.fill_null(pc.if_else(pc.equal(entity_type, "Person"), iris.PERSON, iris.ORG), iris.ORG)
    return iri(base, kind, key)


def _evidence(base: str, rows: pa.RecordBatch) -> pa.Array:
    """The sentence a row was read from, as a fragment of its article (#s<start>-<end>)."""
    return iri(_article(base, rows["doc_id"]), "#s", as_text(rows["sentence_start"]), "-",
                as_text(rows["sentence_end"]))


def _year(base: str, year: pa.Array) -> pa.Array:
    return iri(base + iris.YEAR, as_text(year))


def article_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """Each readable article as a bb:Article in its own named graph, with its text, which the offsets point into."""
    lines.about(_graph(base, rows["doc_id"]), iri(_article(base, rows["doc_id"])), [
        (RDF_TYPE, f"<{BB}Article>"),
        (f"{BB}fileName", literal(rows["file_name"])),
        (f"{BB}sha256", literal(rows["sha256"])),
        (SCHEMA_ARTICLE_BODY, literal(rows["text"])),
        (SCHEMA_HEADLINE, literal(rows["headline"])),
        (SCHEMA_DATE_PUBLISHED, _published(rows["published"])),
        (SCHEMA_URL, literal(rows["url"], "anyURI")),
    ])


def _published(published: pa.Array) -> pa.Array:
    """A sidecar's date as an xsd:date ("2016-10-05") or an xsd:gYearMonth ("2016-10")."""
    text = as_text(published)
    return pc.if_else(pc.equal(pc.utf8_length(text), 7), literal(text, "gYearMonth"), literal(text, "date"))


def span_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """Each mention with its offsets, its quote and the entity it refers to."""
    article = _article(base, rows["doc_id"])
    mention = iri(article, "#m", as_text(rows["start"]), "-", as_text(rows["end"]))
    lines.about(_graph(base, rows["doc_id"]), mention, [
        (RDF_TYPE, f"<{BB}Mention>"),
        (f"{BB}refersTo", _entity(base, rows["entity_type"], rows["entity_key"])),
        (f"{BB}quote", literal(rows["surface"])),
        (f"{BB}startOffset", literal(rows["start"], "integer")),
        (f"{BB}endOffset", literal(rows["end"], "integer")),
        (PROV_DERIVED, iri(article)),
    ])


def evidence_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """The sentence (quote and offsets) a fact was read from, as a bb:Evidence of its article."""
    lines.about(_graph(base, rows["doc_id"]), _evidence(base, rows), [
        (RDF_TYPE, f"<{BB}Evidence>"),
        (f"{BB}quote", literal(rows["sentence"])),
        (f"{BB}startOffset", literal(rows["sentence_start"], "integer")),
        (f"{BB}endOffset", literal(rows["sentence_end"], "integer")),
        (PROV_DERIVED, iri(_article(base, rows["doc_id"]))),
    ])


def entity_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """Entities with their type and label, and every other way an article writes the name ("the Mets",
    "Backman"; not a pronoun, nor "the club")."""
    entity_type, label, surface = rows["entity_type"], rows["label"], rows["surface"]
    other_name = pc.and_(pc.invert(pc.is_in(rows["kind"], pa.array(["pronoun", "description"]))),
                         pc.not_equal(surface, label))
    lines.about(_graph(base, rows["doc_id"]), _entity(base, entity_type, rows["entity_key"]), [
        (RDF_TYPE, iri(BB, entity_type)),
        (RDFS_LABEL, literal(label)),
        (SKOS_ALT_LABEL, pc.if_else(other_name, literal(surface), NULL)),
    ])


def reference_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """The reference organizations, their aliases, affiliations and leagues, in the reference graph."""
    graph = f"<{base}{iris.REFERENCE_GRAPH}>"
    org = iri(base + iris.ORG, rows["entity_key"])
    lines.about(graph, org, [
        (RDF_TYPE, iri(BB, rows["entity_type"])),
        (RDFS_LABEL, literal(rows["label"])),
        (f"{BB}level", literal(rows["level"])),
        (f"{BB}affiliateOf", iri(base + iris.ORG, rows["parent"])),
        (f"{BB}affiliatedFrom", literal(rows["parent_from"], "gYear")),
        (f"{BB}affiliatedUntil", literal(rows["parent_to"], "gYear")),
        (f"{BB}inLeague", iri(base + iris.ORG, rows["league"])),
    ])
    aliases = rows["aliases"]
    if len(pc.list_flatten(aliases)):
        lines.about(graph, pc.take(org, pc.list_parent_indices(aliases)),
                    [(f"{BB}alias", literal(pc.list_flatten(aliases)))])


def award_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    lines.about(_graph(base, rows["doc_id"]), iri(base + iris.AWARD, rows["object_key"]), [
        (RDF_TYPE, f"<{BB}Award>"), (RDFS_LABEL, literal(rows["label"]))])


def membership_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """Memberships (person, organization, role) with the sentence that states each, and, for a row that gives a
    year, the link from the membership to its article's interval and the sentence that gave the year."""
    graph = _graph(base, rows["doc_id"])
    membership = iri(base + iris.MEMBERSHIP, rows["membership"])
    lines.about(graph, membership, [
        (RDF_TYPE, f"<{BB}Membership>"),
        (f"{BB}member", iri(base + iris.PERSON, rows["person_key"])),
        (f"{BB}organization", iri(base + iris.ORG, rows["object_key"])),
        (f"{BB}role", iri(BB, rows["role"])),
        (f"{BB}evidence", _evidence(base, rows)),
    ])
    # Null unless the row gives a year, and so is each line below.
    interval = iri(base + iris.INTERVAL, rows["interval"])
    lines.about(graph, membership, [(f"{ORG}memberDuring", interval)])
    lines.about(graph, interval, [(f"{BB}evidence", _evidence(base, rows))])


def interval_lines(claims: pa.Table, base: str, lines: Lines) -> None:
    """Each article's claim of when a membership held (an OWL-Time interval): the earliest start and the latest
    end its sentences give, each bound absent when none is stated. `claims` holds a membership's dated rows of an
    article together (mapping/records.py routes them to one partition)."""
    bounds = claims.group_by(["interval", "doc_id"]).aggregate([("start_year", "min"), ("end_year", "max")])
    doc_id = bounds["doc_id"].combine_chunks()
    lines.about(_graph(base, doc_id), iri(base + iris.INTERVAL, bounds["interval"].combine_chunks()), [
        (RDF_TYPE, f"<{TIME}Interval>"),
        (f"{TIME}hasBeginning", _year(base, bounds["start_year_min"].combine_chunks())),
        (f"{TIME}hasEnd", _year(base, bounds["end_year_max"].combine_chunks())),
        (PROV_DERIVED, iri(_article(base, doc_id))),
    ])


def year_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """One time:Instant per year, shared by every interval that begins or ends in it."""
    lines.about(_graph(base, rows["doc_id"]), _year(base, rows["instant"]), [
        (RDF_TYPE, f"<{TIME}Instant>"), (f"{TIME}inXSDgYear", literal(rows["instant"], "gYear"))])


def fact_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """Events, awards, records and ages: one node per distinct fact, with its evidence."""
    is_detail = pc.fill_null(pc.equal(rows["relation"], "drafted"), False)
    object_type = rows["object_type"]
    kind = pc.if_else(pc.equal(object_type, "Person"), iris.PERSON,
                      pc.if_else(pc.equal(object_type, "Award"), iris.AWARD, iris.ORG))
    value = literal(rows["value"])
    lines.about(_graph(base, rows["doc_id"]), iri(base + iris.FACT, rows["fact"]), [
        (RDF_TYPE, iri(BB, rows["class"])),
        (f"{BB}relation", literal(rows["relation"])),
        (f"{BB}person", iri(base + iris.PERSON, rows["person_key"])),
        (f"{BB}object", iri(base, pc.fill_null(kind, iris.ORG), rows["object_key"])),
        (f"{BB}value", pc.if_else(is_detail, NULL, value)),
        (f"{BB}detail", pc.if_else(is_detail, value, NULL)),
        (f"{BB}year", literal(rows["year"], "gYear")),
        (f"{BB}evidence", _evidence(base, rows)),
    ])


# Each kind of routed record (mapping/records.py's `record_kind` column) and the lines it gives.
FORMATTERS: dict[str, Callable[[pa.RecordBatch, str, Lines], None]] = {
    "article": article_lines, "span": span_lines, "evidence": evidence_lines, "entity": entity_lines,
    "reference": reference_lines, "award": award_lines, "membership": membership_lines, "year": year_lines,
    "fact": fact_lines,
}


def _lines_of_routes(batches: list[pa.RecordBatch], base: str) -> Iterator[pa.RecordBatch]:
    """Records holding every record of their routes -> their distinct lines."""
    lines = Lines()
    dated: list[pa.RecordBatch] = []
    for batch in batches:
        record_kinds = batch["record_kind"]
        for record_kind in pc.unique(record_kinds).to_pylist():
            rows = batch.filter(pc.equal(record_kinds, record_kind))
            FORMATTERS[record_kind](rows, base, lines)
            if record_kind == "membership":
                dated.append(rows.filter(pc.is_valid(rows["interval"])).select(INTERVAL_COLUMNS))
    if dated:
        interval_lines(pa.Table.from_batches(dated), base, lines)
    yield from lines.distinct()


def _route_slices(records: pa.Table, rows: int) -> Iterator[pa.Table]:
    """Records sorted by route -> slices of about `rows` records (more where a route goes on), each holding all
    of its routes' records."""
    routes = records["route"]
    # Where each route but the first begins: the rows whose route differs from the row's before.
    begins = pc.add(pc.indices_nonzero(pc.not_equal(routes.slice(1), routes.slice(0, len(routes) - 1))), 1).to_pylist()
    start = 0
    while start < records.num_rows:
        next_begin = bisect_left(begins, start + rows)  # the first route that begins at or after a full slice
        end = begins[next_begin] if next_begin < len(begins) else records.num_rows
        yield records.slice(start, end - start)
        start = end


RoutesLines: TypeAlias = Callable[[list[pa.RecordBatch], str], Iterator[pa.RecordBatch]]


def lines_of_partition(base: str, batches: Iterable[pa.RecordBatch], slice_records: int = SLICE_RECORDS,
                       lines_of_routes: RoutesLines = _lines_of_routes) -> Iterator[pa.RecordBatch]:
    """A partition of routed records -> its distinct lines (column `line`), made by `lines_of_routes` (the
    articles' records' by default; mapping/record_lines.py's for the record).

    Lines of different routes never coincide, so the records, sorted here by route, are mapped `slice_records`
    at a time, each slice holding whole routes. A partition's lines are never all held at once: small slices
    reuse the memory of the slices before them, where large ones keep the kernel busy mapping fresh memory. The
    sort is Arrow's, not Spark's: Spark's sort holds back a partition's first batch until it has sorted them all,
    and compares routes in code the JVM has not compiled yet.
    """
    received = [batch for batch in batches if batch.num_rows]
    if not received:
        return
    records = pa.Table.from_batches(received)
    records = records.set_column(records.schema.get_field_index("route"), "route",
                                 pc.fill_null(records["route"], ""))  # a null route sorts beside the empty one
    records = records.take(pc.sort_indices(records["route"])).combine_chunks()
    for routes in _route_slices(records, slice_records):
        yield from lines_of_routes(routes.to_batches(), base)


def write_lines_of_partition(lines_of: Callable[[Iterable[pa.RecordBatch]], Iterator[pa.RecordBatch]], folder: str,
                             batches: Iterable[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """The lines `lines_of` makes of a partition's batches, written by the Python worker to the N-Quads file
    `folder`/part-<partition>.nq (which it yields, as column `file`). A retried task writes the same lines again,
    and only a finished file has the final name."""
    task = TaskContext.get()
    assert task is not None, "runs in a Spark task"
    path = Path(folder) / f"part-{task.partitionId():05d}.nq"
    unfinished = path.with_suffix(".unfinished")
    with open(unfinished, "wb") as out:
        for batch in lines_of(batches):
            lines = batch.column(0)
            # All of a batch's lines joined by one kernel, and written as one buffer.
            joined = pc.binary_join(pa.ListArray.from_arrays(pa.array([0, len(lines)], pa.int32()), lines), "\n")
            out.write(joined[0].as_buffer())
            out.write(b"\n")
    unfinished.rename(path)
    yield pa.RecordBatch.from_arrays([pa.array([str(path)], pa.string())], names=["file"])
