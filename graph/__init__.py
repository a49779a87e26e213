"""Graph stage: connections between people computed over the extracted graph."""
