"""The documentation: a README that fits on a few screens, and pages that build without a broken link."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from vocab.config import PROJECT_ROOT


def test_the_readme_fits_on_a_few_screens() -> None:
    assert len((PROJECT_ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300


def test_the_docs_build_strictly(tmp_path: Path) -> None:
    """mkdocs --strict fails on a page missing from the nav, a broken link or a missing file."""
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
                           cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "record" / "index.html").is_file()
