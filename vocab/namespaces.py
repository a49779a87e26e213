"""The namespaces of the graph, in one place: prefixes for queries and dumps, and the terms code writes."""

from __future__ import annotations

BB = "https://bbkg.example.org/ontology#"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
XSD = "http://www.w3.org/2001/XMLSchema#"
OWL = "http://www.w3.org/2002/07/owl#"
PROV = "http://www.w3.org/ns/prov#"
SCHEMA = "http://schema.org/"
ORG = "http://www.w3.org/ns/org#"
TIME = "http://www.w3.org/2006/time#"
SKOS = "http://www.w3.org/2004/02/skos/core#"
SH = "http://www.w3.org/ns/shacl#"
DCTERMS = "http://purl.org/dc/terms/"
SD = "http://www.w3.org/ns/sparql-service-description#"
VOID = "http://rdfs.org/ns/void#"
FORMATS = "http://www.w3.org/ns/formats/"
SPARQL_RESULTS = "http://www.w3.org/2005/sparql-results#"

# The prefixes of the project's own queries and of Turtle and TriG dumps.
NAMESPACES = {"bb": BB, "rdf": RDF, "rdfs": RDFS, "xsd": XSD, "owl": OWL, "prov": PROV, "schema": SCHEMA,
              "org": ORG, "time": TIME, "skos": SKOS}
PREFIXES = "".join(f"PREFIX {prefix}: <{iri}>\n" for prefix, iri in NAMESPACES.items())

# Terms the code writes often.
RDF_TYPE = RDF + "type"
RDF_LANG_STRING = RDF + "langString"
RDFS_LABEL = RDFS + "label"
RDFS_SUBCLASS_OF = RDFS + "subClassOf"
PROV_DERIVED = PROV + "wasDerivedFrom"
SKOS_ALT_LABEL = SKOS + "altLabel"
SCHEMA_ARTICLE_BODY = SCHEMA + "articleBody"
SCHEMA_HEADLINE = SCHEMA + "headline"
SCHEMA_DATE_PUBLISHED = SCHEMA + "datePublished"
SCHEMA_URL = SCHEMA + "url"
XSD_STRING = XSD + "string"
XSD_INTEGER = XSD + "integer"
