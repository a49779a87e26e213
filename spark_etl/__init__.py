"""Spark stage: read articles, extract mentions and memberships, map them to RDF quads."""
