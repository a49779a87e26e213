"""bbkg: a baseball knowledge graph."""
