"""The documentation: a README that fits on a few screens, and pages that build without a broken link."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bbkg.docs import DOCS, EXAMPLE_REQUESTS, example_file, pages, record_example
from vocab.config import PROJECT_ROOT


def test_the_readme_fits_on_a_few_screens() -> None:
    assert len((PROJECT_ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300


def test_the_docs_build_strictly(tmp_path: Path) -> None:
    """mkdocs --strict fails on a page missing from the nav, a broken link or a missing file."""
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
                           cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "record" / "index.html").is_file()


@pytest.mark.parametrize("route", sorted(EXAMPLE_REQUESTS))
def test_the_api_pages_examples_are_the_servers_answers(client: Any, route: str) -> None:
    """The example under each route of docs/api.md is what the server answers on the seeds (BBKG_RECORD_EXAMPLES=1
    records them again, after a change of the answer)."""
    answer = client.get(route, query_string=EXAMPLE_REQUESTS[route]).get_json()
    if os.environ.get("BBKG_RECORD_EXAMPLES"):
        record_example(route, answer)
    assert json.loads(example_file(route).read_text(encoding="utf-8")) == answer


def test_the_generated_pages_are_the_codes() -> None:
    for name, text in pages().items():
        assert (DOCS / name).read_text(encoding="utf-8") == text, f"docs/{name} is stale: run `make docs`"
