"""The benchmarks page (docs/benchmarks.md): its generated sections, each between two markers, rewritten from a
benchmark's results so that the page's figures are the last run's and nobody copies them by hand."""

from __future__ import annotations

from vocab.config import PROJECT_ROOT

PAGE = PROJECT_ROOT / "docs" / "benchmarks.md"
RESULTS = PROJECT_ROOT / "benchmarks" / "results"


def markers(section: str) -> tuple[str, str]:
    """The lines that open and close a generated section of the page."""
    return f"<!-- {section} results -->\n", f"<!-- /{section} results -->"


def page_with_section(page: str, section: str, text: str) -> str:
    """`page` with its generated `section` replaced by `text`."""
    start, end = markers(section)
    head, rest = page.split(start, 1)
    return head + start + text + "\n" + end + rest.split(end, 1)[1]
