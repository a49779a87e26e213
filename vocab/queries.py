"""The saved queries of `queries/`: each a SPARQL file whose leading comment says what it answers."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SavedQuery:
    name: str  # the file's stem, e.g. backman_career_timeline
    title: str  # the name in words, e.g. "Backman career timeline"
    description: str  # the leading comment lines, joined
    text: str  # the whole file, comment included

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "title": self.title, "description": self.description, "text": self.text}


def read_saved_query(path: Path) -> SavedQuery:
    text = path.read_text(encoding="utf-8")
    comment = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        comment.append(line.lstrip("#").strip())
    title = path.stem.replace("_", " ")
    return SavedQuery(path.stem, title[:1].upper() + title[1:], " ".join(comment), text)


def saved_queries(queries_dir: Path) -> list[SavedQuery]:
    """Every `*.rq` file of the folder, by name; none when the folder is missing."""
    return [read_saved_query(p) for p in sorted(Path(queries_dir).glob("*.rq"))]
