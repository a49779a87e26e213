"""Where the benchmarks write their results, and the page made of them (benchmarks/report.py writes it)."""

from __future__ import annotations

from vocab.config import PROJECT_ROOT

RESULTS = PROJECT_ROOT / "benchmarks" / "results"
DOCS = PROJECT_ROOT / "docs"
PAGE = DOCS / "benchmarks.md"
