"""Finding the entity a name, an alias, a record id or an IRI stands for (the API's and the CLI's names)."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any

from pyoxigraph import DefaultGraph, Literal, NamedNode, Store

from vocab import namespaces
from vocab.errors import NotFoundError, UserError
from store import index
from store.derived import DerivedValue
from store.select import prefixed_rows

BB = namespaces.BB
RDFS_LABEL = NamedNode(namespaces.RDFS_LABEL)
RDF_TYPE_NODE = NamedNode(namespaces.RDF_TYPE)


class UnknownEntityError(NotFoundError):
    """No entity in the graph has that name, alias or IRI."""


class AmbiguousEntityError(UserError, LookupError):
    """Several entities answer to the same name."""

    def __init__(self, name: str, candidates: list[dict[str, str]]) -> None:
        labels = ", ".join(f"{c['label']} <{c['iri']}>" for c in candidates)
        super().__init__(f"{name!r} names several entities: {labels}; use a fuller name or the IRI")
        self.candidates = candidates


@dataclass
class Entity:
    iri: str
    label: str


# The classes an entity lookup may be narrowed to: a closed list, checked before any query is made.
ENTITY_TYPES = ("Person", "Organization", "Team", "League", "MediaOrganization", "Award")


class UnknownEntityTypeError(UserError, ValueError):
    """The entity type asked for is not one of ENTITY_TYPES."""


def checked_entity_type(entity_type: str | None) -> str | None:
    """`entity_type` once it is one of ENTITY_TYPES (or None); UnknownEntityTypeError otherwise."""
    if entity_type is not None and entity_type not in ENTITY_TYPES:
        raise UnknownEntityTypeError(f"unknown entity type {entity_type!r}; use one of {', '.join(ENTITY_TYPES)}")
    return entity_type


def is_iri_name(name: str) -> bool:
    """Whether a name given for an entity is meant as its IRI."""
    return name.startswith(("http://", "https://"))


# The ways a name finds an entity, each a scan of one kind of name that binds ?e: run one by one, since joined
# in one query the optimizer reads every entity's type first, a scan of the whole graph.
_NAME_MATCHES = (
    "?e rdfs:label ?label FILTER(LCASE(STR(?label)) = ?needle || STRENDS(LCASE(STR(?label)), ?endsWith))",
    "?e bb:alias ?alias FILTER(LCASE(STR(?alias)) = ?needle)",
    "?e skos:altLabel ?written FILTER(LCASE(STR(?written)) = ?needle)",
    "?e bb:databankId ?id FILTER(LCASE(STR(?id)) = ?needle)",  # the record's id (backmwa01)
)


def described_entities(store: Store, iris: set[str], entity_type: str | None = None) -> list[dict[str, str]]:
    """Each entity (iri, label, type: its bbkg class) that has a label and a bbkg class (`entity_type`, one of
    ENTITY_TYPES, if given), by label then IRI; read from the quad index."""
    wanted = checked_entity_type(entity_type)
    found = []
    for iri in iris:
        node = NamedNode(iri)
        classes = sorted(t.value[len(BB):] for t in index.objects(store, node, RDF_TYPE_NODE)
                         if isinstance(t, NamedNode) and t.value.startswith(BB))
        label = index.label(store, node)
        if classes and label and (wanted is None or wanted in classes):
            found.append({"iri": iri, "label": label, "type": wanted or classes[0]})
    return sorted(found, key=lambda e: (e["label"], e["iri"]))


# The names an entity answers to in any case (each compared whole), and the one whose endings count too.
_NAME_PREDICATES = tuple(NamedNode(p) for p in (namespaces.RDFS_LABEL, namespaces.SKOS + "altLabel", BB + "alias",
                                                BB + "databankId"))
# The names suggestions are made from, as a person types: labels and the names articles write.
_TYPED_NAME_PREDICATES = _NAME_PREDICATES[:2]
# Past this many characters of names, endings and words a store's table is not kept in memory (it counts in a
# query process's memory cap, at a few times its characters), and each lookup scans the store instead.
NAME_TABLE_MAX_CHARACTERS = 30_000_000


@dataclass(frozen=True)
class NameTable:
    """Every name of one store, lowercased, to the entities that bear it: a lookup is then a dictionary read,
    where scanning every label of a store read from disk takes a good part of a second."""
    named: dict[str, set[str]]  # a label, alias, written name or record id -> entities
    ending: dict[str, set[str]]  # what follows a space in a label ("backman" of "wally backman") -> entities
    # (a label or written name, or what follows a space in one; entity), sorted: for names as they are typed
    words: list[tuple[str, str]]

    def matching(self, needle: str) -> set[str]:
        """The entities `needle` names whole, or ends a label of."""
        return self.named.get(needle, set()) | self.ending.get(needle, set())

    def starting_with(self, needle: str) -> set[str]:
        """The entities a label or written name of which has a word starting with `needle`."""
        found = set()
        at = bisect.bisect_left(self.words, (needle, ""))
        while at < len(self.words) and self.words[at][0].startswith(needle):
            found.add(self.words[at][1])
            at += 1
        return found


def read_name_table(store: Store, max_characters: int = NAME_TABLE_MAX_CHARACTERS) -> NameTable | None:
    """The store's NameTable, read from the quad index of its default graph; None past `max_characters`.

    A name is a literal's or an IRI's text, as SPARQL's STR gives it; only entities named by an IRI are kept."""
    named: dict[str, set[str]] = {}
    ending: dict[str, set[str]] = {}
    words: set[tuple[str, str]] = set()
    characters = 0
    for predicate in _NAME_PREDICATES:
        for quad in store.quads_for_pattern(None, predicate, None, DefaultGraph()):
            if not isinstance(quad.subject, NamedNode) or not isinstance(quad.object, (Literal, NamedNode)):
                continue
            written, entity = quad.object.value.lower(), quad.subject.value
            split = written.split(" ")
            characters += len(written) * len(split)  # the name and its endings, at most
            if characters > max_characters:
                return None
            named.setdefault(written, set()).add(entity)
            endings = [" ".join(split[start:]) for start in range(1, len(split))]
            if predicate == RDFS_LABEL:
                for end in endings:
                    ending.setdefault(end, set()).add(entity)
            if predicate in _TYPED_NAME_PREDICATES:
                words.update((key, entity) for key in (written, *endings))
    return NameTable(named, ending, sorted(words))


# Saved by the build, so that a process reading from disk has it at its first lookup; a build updated since, or
# saved by no build, is read once the served store has settled: under a stream of new builds no table is read,
# each costing more than the scans it would save, and lookups scan the store as they would without it.
NAME_TABLE = DerivedValue(read_name_table, "name-table", settle_seconds=5.0, saved_as="name-table.pickle")


def read_name_table_now(store: Store) -> NameTable | None:
    """Read the store's name table now, settled or not, for the lookups that follow."""
    return NAME_TABLE.read_now(store)


def name_table(store: Store) -> NameTable | None:
    """The store's name table once it is ready; None until then, or past the bound (the caller scans)."""
    return NAME_TABLE.get(store)


def scanned_names(store: Store, needle: str) -> set[str]:
    """The entities a lowercased `needle` names, found by scanning the store's names with SPARQL."""
    matched: set[str] = set()
    for match in _NAME_MATCHES:
        rows = prefixed_rows(store, f"SELECT DISTINCT ?e ?needle ?endsWith WHERE {{ {match} }}",
                             needle=Literal(needle), endsWith=Literal(" " + needle))
        matched |= {r["e"] for r in rows}
    return matched


def _written_exactly(store: Store, written: str) -> set[str]:
    """The entities that have `written`, exactly, as a name: one index lookup per kind of name."""
    return {e.value for predicate in _NAME_PREDICATES for e in index.subjects(store, predicate, Literal(written))
            if isinstance(e, NamedNode)}


def find_entities(store: Store, name: str, entity_type: str | None = None) -> list[dict[str, Any]]:
    """Entities whose label, alias or any name an article writes for them (skos:altLabel) is `name` (any case),
    whose surname is `name`, whose record id it is, or whose IRI it is.

    Raises ValueError for an IRI that is not one, UnknownEntityTypeError for a type not in ENTITY_TYPES.
    """
    needle = name.strip().lower()
    table = name_table(store)
    # The table may lag the store's last updates (store/derived.py); a name as written is read from the index
    # too, so that a name just added is found at once.
    matched = (table.matching(needle) | _written_exactly(store, name.strip()) if table is not None
               else scanned_names(store, needle))
    if is_iri_name(name):
        matched = matched | {NamedNode(name).value}
    return described_entities(store, matched, entity_type)


def _exactly_named(store: Store, name: str, entity_type: str | None) -> list[dict[str, str]]:
    """Entities whose label is `name` as written, or whose IRI it is: index lookups, no scan of all labels."""
    if is_iri_name(name):
        return described_entities(store, {NamedNode(name).value}, entity_type)
    labelled = index.subjects(store, RDFS_LABEL, Literal(name.strip()))
    return described_entities(store, {e.value for e in labelled if isinstance(e, NamedNode)}, entity_type)


def resolve_entity(store: Store, name: str, entity_type: str | None = None) -> Entity:
    """The one entity `name` stands for; an exact label beats a surname match."""
    exact = _exactly_named(store, name, entity_type)
    if len(exact) == 1:  # the common case, answered without comparing every label in the graph
        return Entity(exact[0]["iri"], exact[0]["label"])
    candidates = find_entities(store, name, entity_type)
    if not candidates:
        raise UnknownEntityError(f"no {entity_type or 'entity'} named {name!r} in the graph; "
                                 "try a full name as the articles write it, or an IRI")
    exact = [c for c in candidates if c["label"].lower() == name.strip().lower() or c["iri"] == name]
    if len(exact) == 1:
        candidates = exact
    if len(candidates) > 1:
        raise AmbiguousEntityError(name, candidates)
    return Entity(candidates[0]["iri"], candidates[0]["label"])
