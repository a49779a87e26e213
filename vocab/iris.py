"""How bbkg mints IRIs, in one place: every IRI is `<base_iri>` + one of the paths below.

Each path is derived from the content (keys, offsets, hashes), so the same input gives the same IRIs. Where a
path ends in a digest, the rule is written twice side by side, for Python (`digest`) and for Spark SQL
(`digest_sql`), and tests/test_rdf.py checks that both give the same IRI.
"""

from __future__ import annotations

import hashlib

# Resources, each under id/ (the server dereferences <base_iri>id/X at /id/X).
ID = "id/"
PERSON = "id/person/"  # + the person's key: the record's id (backmwa01), or a slug of the name if unlinked
ORG = "id/org/"  # + the organization's key (a slug, from the reference data or the name)
AWARD = "id/award/"
ARTICLE = "id/article/"  # + the article's doc_id; its mentions and sentences are fragments (#m1-5, #s10-90)
MEMBERSHIP = "id/membership/"  # + digest(person key, organization key, role)
FACT = "id/fact/"  # + digest(relation, person key, object key, year, value)
INTERVAL = "id/interval/"  # + digest(membership parts, doc_id): one per membership and article; or
# + digest(membership IRI, act's digest): a post's year inferred from an act its holder did in it
YEAR = "id/year/"  # + the year
CONNECTION = "id/connection/"  # + digest of a shared organization's people and organization
CENTRALITY = "id/centrality/"  # + digest(vertex key)
COMPONENT = "id/component/"  # + the component's id in hex
COMMUNITY = "id/community/"  # + the community's label in hex
CHAIN_MEASURES = "id/chain-measures/"  # + digest(vertex key): a person's measures in the chain network
DISTANCE = "id/distance/"  # + digest(vertex key, landmark's vertex key)
ACTIVITY = "id/activity/"  # + the activity's key
SOFTWARE = "id/software/"
TEAM_SEASON = "id/team-season/"  # + the record's team id and the year: NYN-1986
LINK = "id/link/"  # + digest(doc_id, the person's key): one link to the record per person an article names
CHECK = "id/check/"  # + the checked interval's digest: the record's verdict on one article's claim
RECORD_DATASET = "id/dataset/baseball-databank"
# Named graphs.
ARTICLE_GRAPH = "graph/article/"  # + doc_id: what one article states
REFERENCE_GRAPH = "graph/reference"  # the reference organizations
CONNECTIONS_GRAPH = "graph/connections"  # the graph stage's results
ONTOLOGY_GRAPH = "graph/ontology"
RECORD_GRAPH = "graph/record"  # the Baseball Databank
RECORD_LINKS_GRAPH = "graph/record-links"  # the articles' people linked to the record, their claims checked

DIGEST_CHARS = 16  # hex characters of SHA-256 kept


def digest(*parts: str | None) -> str:
    """The first DIGEST_CHARS hex characters of SHA-256 over the parts joined by '|' (None parts left out,
    as Spark's concat_ws does)."""
    return hashlib.sha256("|".join(p for p in parts if p is not None).encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def digest_sql(*columns: str) -> str:
    """`digest` as a Spark SQL expression over the named columns."""
    return f"substring(sha2(concat_ws('|', {', '.join(columns)}), 256), 1, {DIGEST_CHARS})"


def membership_digest_sql(org_column: str) -> str:
    """`membership_path`'s digest in Spark SQL, over person_key, `org_column` and role (graph/ names the
    organization org_key, the extraction's facts object_key; both mint the same IRIs)."""
    return digest_sql("person_key", org_column, "role")


# A fact other than a membership (an event, an award, an age): its relation, person, object, year and value.
FACT_DIGEST_SQL = digest_sql("relation", "person_key", "coalesce(object_key, '')",
                             "coalesce(CAST(year AS STRING), '')", "coalesce(value, '')")

# An article's interval of a membership, over `memberships` (the memberships' base IRI), `membership` (its digest)
# and doc_id: the mapping mints it, the checks against the record name it.
INTERVAL_DIGEST_SQL = digest_sql("concat(memberships, membership)", "doc_id")


def membership_path(person_key: str, org_key: str, role: str | None) -> str:
    return MEMBERSHIP + digest(person_key, org_key, role)


# A shared organization, over the graph stage's vertex keys ("person:<key>", "org:<key>"; person_a < person_b).
CONNECTION_DIGEST_SQL = digest_sql("person_a", "person_b", "org")


def vertex_key(path: str) -> str:
    """The graph stage's key of an entity's path: id/person/x -> person:x, id/org/y -> org:y."""
    return path.removeprefix(ID).replace("/", ":", 1)


def connection_path(person: str, other: str, org: str) -> str:
    """The path of the graph stage's bb:SharedOrganization of two people (paths, in either order) at an
    organization's path."""
    a, b = sorted((vertex_key(person), vertex_key(other)))
    return CONNECTION + digest(a, b, vertex_key(org))


def entity_path(entity_type: str, key: str) -> str:
    """A person's or an organization's path: `Person` -> id/person/<key>, any other type -> id/org/<key>."""
    return (PERSON if entity_type == "Person" else ORG) + key


def local_part(iri: str, base: str) -> str | None:
    """The path of one of the build's resources under `base` (`id/person/x`), or None for any other IRI."""
    return iri[len(base):] if iri.startswith(base + ID) else None
