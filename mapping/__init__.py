"""Mapping to RDF: the extraction's records (records.py) and the graph stage's results (graph.py) as quads,
with the terms and IRIs of terms.py; the stage between graph/ and store/."""
