"""Store builds on disk: each build loads into a new folder, and a `current` link switches to it atomically.

Layout of a store folder:
    builds/<build-id>/            one Oxigraph store per finished or running build
    builds/<build-id>/BUILD.json  written last: a build without it never finished
    current -> builds/<build-id>  what the server reads; replaced with a single rename
A build that fails or is killed never touches `current`, so the store being served stays intact.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any, TypeVar

from pyoxigraph import RdfFormat, Store

from vocab.errors import UnavailableError, UserError
from store.select import select_rows

BUILD_MARKER = "BUILD.json"
# A build's marker once SPARQL Update has changed it: the live quad count, how far into the update log it has
# come, and the database readers open (store/update.py writes it).
UPDATED_MARKER = "UPDATED"
T = TypeVar("T")
DATABASE = "oxigraph"  # the database a build loads; updates write copies of it (store/update.py)
SNAPSHOTS = "snapshots"  # where, in a build
DERIVED = "derived"  # the values a server derives from the build (store/derived.py), as the build saved them


class StoreFolderError(UserError, PermissionError):
    """The store folder cannot be written."""


class LoadError(UserError, RuntimeError):
    """The loader process failed (a full disk, most often): its last line in the message, all it said in
    `details`."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


class StoreUnavailableError(UnavailableError):
    """There is no store a reader can use. `public_message` says so without the server's paths."""

    def __init__(self, message: str, public_message: str) -> None:
        super().__init__(message)
        self.public_message = public_message


class StoreNotBuiltError(StoreUnavailableError, FileNotFoundError):
    """The store folder has no finished build to open."""

    def __init__(self, store_dir: Path | str) -> None:
        super().__init__(f"no built store in {store_dir}; run `bbkg build --store {store_dir}` first",
                         "no store has been built yet; the operator runs `bbkg build`")


class StoreCorruptError(StoreUnavailableError):
    """The current build's database is missing or cannot be read."""


def check_writable(store_dir: Path) -> None:
    """Raise PermissionError now, in one line, if a build could not publish into `store_dir` at its end."""
    try:
        (store_dir / "builds").mkdir(parents=True, exist_ok=True)
        probe = store_dir / f".write-check-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise StoreFolderError(f"cannot write in the store folder {store_dir} ({exc.strerror}); "
                              "choose another with --store, or fix its permissions") from None


def _builder_alive(build: Path) -> bool:
    """Whether the process that started an unfinished build (its pid ends the folder's name) still runs."""
    try:
        pid = int(build.name.rsplit("-", 1)[1])
    except (IndexError, ValueError):
        return time.time() - build.stat().st_mtime < 3600  # not ours: leave it an hour
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def new_build_dir(store_dir: Path) -> Path:
    """A fresh, empty folder for the next build, named so that builds sort by time."""
    builds = store_dir / "builds"
    builds.mkdir(parents=True, exist_ok=True)
    path = builds / f"{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{os.getpid()}"
    path.mkdir()
    return path


class _Concatenation(io.RawIOBase):
    """Several files read as one stream, so that one bulk load takes all the parts Spark wrote."""

    def __init__(self, paths: list[Path]) -> None:
        self._pending = list(paths)
        self._current: io.BufferedReader | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while True:
            if self._current is None:
                if not self._pending:
                    return 0
                self._current = open(self._pending.pop(0), "rb")  # closed when it is read to its end
            count = self._current.readinto(buffer)
            if count:
                return count
            self._current.close()
            self._current = None


def bulk_load(store_dir: Path, nquads_files: list[Path]) -> None:
    """Bulk-load N-Quads files, as one stream, into a new on-disk store, in this process."""
    store = Store(str(store_dir))
    store.bulk_load(io.BufferedReader(_Concatenation(nquads_files), 1 << 20), format=RdfFormat.N_QUADS)
    store.flush()
    del store  # releases the exclusive lock before anyone opens it read-only


def load_build(build_dir: Path, nquads_files: list[Path]) -> None:
    """Bulk-load N-Quads files into a new on-disk store at `build_dir`, in a fresh Python process.

    A fresh process, because in the build's own, which carries the Spark driver, the load takes more CPU.
    """
    # -P: the current folder must not shadow this package (a folder named `store` beside the user would).
    command = [sys.executable, "-P", "-c", "import sys; from pathlib import Path; from store.builds import bulk_load; "
                                     "bulk_load(Path(sys.argv[1]), [Path(p) for p in sys.argv[2:]])",
               str(build_dir / DATABASE), *map(str, nquads_files)]
    loader = subprocess.run(command, capture_output=True, text=True)
    if loader.returncode != 0:
        said = loader.stderr.strip().splitlines()
        raise LoadError(f"loading the N-Quads of {build_dir} into the store failed: "
                        f"{said[-1] if said else f'exit code {loader.returncode}'}", loader.stderr)


_STATISTICS = """
SELECT (COUNT(*) AS ?triples) (COUNT(DISTINCT ?s) AS ?subjects) (COUNT(DISTINCT ?p) AS ?properties)
       (COUNT(DISTINCT ?o) AS ?objects)
WHERE { SELECT DISTINCT ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } } }
"""
_ENTITIES_AND_CLASSES = """
SELECT (COUNT(DISTINCT ?e) AS ?entities) (COUNT(DISTINCT ?c) AS ?classes)
WHERE { GRAPH ?g { ?e a ?c FILTER(isIRI(?e)) } }
"""
_GRAPHS = "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g ORDER BY ?g"


def dataset_statistics(store: Store) -> dict[str, Any]:
    """Counts a VoID description publishes: quads, distinct triples, entities, classes, per-graph sizes."""
    [sizes] = select_rows(store, _STATISTICS)
    [kinds] = select_rows(store, _ENTITIES_AND_CLASSES)
    statistics: dict[str, Any] = {"quads": len(store)}
    statistics.update({name: int(value) for name, value in {**sizes, **kinds}.items()})
    statistics["graphs"] = {row["g"]: int(row["n"]) for row in select_rows(store, _GRAPHS)}
    return statistics


def publish_build(store_dir: Path, build_dir: Path, summary: dict[str, Any], keep: int) -> None:
    """Mark the build finished, point `current` at it in one atomic rename, and prune old builds."""
    (build_dir / BUILD_MARKER).write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    _switch_current(store_dir, build_dir.name)
    prune_builds(store_dir, keep)


def _switch_current(store_dir: Path, build_name: str) -> None:
    """Point `current` at builds/<build_name> in one rename: a reader sees the old build or the new one."""
    link = store_dir / "current"
    tmp_link = store_dir / f".current-{os.getpid()}"
    if tmp_link.is_symlink():
        tmp_link.unlink()
    tmp_link.symlink_to(Path("builds") / build_name)
    os.replace(tmp_link, link)


def replicate_build(source_store: Path, replica_store: Path, keep: int) -> Path:
    """Copy the build `source_store` serves into `replica_store` (a replica's folder; the source may be a mounted
    share) and switch the replica to it, as a build on that machine would: the copy goes to a hidden folder
    first and is renamed into builds/ whole, so a replica never serves half a copy. Returns the replica's build."""
    build = current_build(source_store)
    if build is None:
        raise StoreNotBuiltError(source_store)
    check_writable(replica_store)
    target = replica_store / "builds" / build.name
    if not (target / BUILD_MARKER).is_file():
        incoming = replica_store / f".incoming-{os.getpid()}"
        shutil.rmtree(incoming, ignore_errors=True)
        try:
            # Of the copies updates wrote, only the one served: copied, their hard links would each be whole.
            served = served_database(build)
            shutil.copytree(build, incoming / build.name,
                            ignore=lambda folder, names: [SNAPSHOTS] if Path(folder) == build else [])
            if served.parent.name == SNAPSHOTS:
                shutil.copytree(served, incoming / build.name / SNAPSHOTS / served.name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.rmtree(target, ignore_errors=True)  # an earlier copy that did not finish
            os.replace(incoming / build.name, target)
        finally:
            shutil.rmtree(incoming, ignore_errors=True)
    _switch_current(replica_store, build.name)
    prune_builds(replica_store, keep)
    return target


def prune_builds(store_dir: Path, keep: int) -> None:
    """Remove unfinished builds and all but the newest `keep` finished ones; never the current one."""
    current = current_build(store_dir)
    builds = sorted((store_dir / "builds").iterdir(), reverse=True)
    finished = [b for b in builds if (b / BUILD_MARKER).is_file()]
    # An unfinished build is another process's build in progress while that process lives.
    stale = [b for b in builds if b not in finished and not _builder_alive(b)]
    for build in finished[max(keep, 1):] + stale:
        if current is None or build.resolve() != current.resolve():
            shutil.rmtree(build, ignore_errors=True)


def current_build(store_dir: Path) -> Path | None:
    """The finished build that `current` points at, or None before the first build."""
    link = store_dir / "current"
    if not link.is_symlink() and not link.exists():
        return None
    target = link.resolve()
    return target if (target / BUILD_MARKER).is_file() else None


# How often, and how far apart, a reader tries to open the current build before answering that it is broken.
OPEN_ATTEMPTS = 4
OPEN_RETRY_SECONDS = 0.05


def served_database(build: Path) -> Path:
    """The database of `build` that readers open: the one the build loaded, or the copy its last update wrote."""
    try:
        database = json.loads((build / UPDATED_MARKER).read_text(encoding="utf-8")).get("database", DATABASE)
    except (OSError, ValueError, AttributeError):
        database = DATABASE
    return build / (database if isinstance(database, str) and ".." not in database else DATABASE)


def _open_pyoxigraph(database: Path) -> Store:
    store = Store.read_only(str(database))
    store.query("ASK { ?s ?p ?o }")
    return store


def open_current(store_dir: Path) -> tuple[Store, Path]:
    """Open the current build read-only (many processes may do so at once) and read one quad of it.

    Raises StoreNotBuiltError before the first build, StoreCorruptError when its database is missing or
    damaged (Oxigraph says OSError for a missing file, RuntimeError for a corrupt one).
    """
    return open_current_with(store_dir, _open_pyoxigraph)


def open_current_with(store_dir: Path, open_database: Callable[[Path], T]) -> tuple[T, Path]:
    """open_current() with another reader of the same files: `open_database` opens the served database and
    reads from it, raising OSError or RuntimeError where it cannot."""
    build = current_build(store_dir)
    if build is None:
        raise StoreNotBuiltError(store_dir)
    for attempt in range(OPEN_ATTEMPTS):
        try:
            return open_database(served_database(build)), build
        except (OSError, RuntimeError) as exc:
            # An update writing the build can leave a file it is replacing missing for an instant: try again
            # before calling the build broken.
            if attempt + 1 == OPEN_ATTEMPTS:
                raise StoreCorruptError(f"the current build {build} cannot be opened: {exc}",
                                        f"the current build ({build.name}) cannot be opened; the server log has "
                                        "the details") from None
            time.sleep(OPEN_RETRY_SECONDS)
    raise AssertionError("unreachable")


def build_summary(store_dir: Path) -> dict[str, Any]:
    """What the current build recorded about itself (counts, timings, skipped articles)."""
    build = current_build(store_dir)
    if build is None:
        raise StoreNotBuiltError(store_dir)
    return json.loads((build / BUILD_MARKER).read_text(encoding="utf-8"))
