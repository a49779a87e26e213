"""Every setting of bbkg, with its default and what it is for, in one registry.

Values come, from lowest to highest priority, from the defaults below, from
environment variables named ``BBKG_<NAME>`` (upper case), and from explicit
overrides (CLI flags, or the mapping a test passes to ``create_app``).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from collections.abc import Mapping

from vocab.errors import SettingError, UnknownSettingError

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def resource_dir(name: str) -> Path:
    """A folder of the project's resources (`ontology`, `queries`), found the same way however bbkg runs: in
    a checkout, beside the code; installed from a wheel, under `<prefix>/share/bbkg/`, where the wheel puts it."""
    checkout = PROJECT_ROOT / name
    return checkout if checkout.is_dir() else Path(sys.prefix) / "share" / "bbkg" / name


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()  # the closed list of values, for a setting that takes one of a few names


SETTINGS: tuple[Setting, ...] = (
    Setting("input_dir", "seeds",
            "Folder of articles that `bbkg build` reads (every visible regular file in it; hidden ones are skipped)."),
    Setting("store_dir", "var/store",
            "Folder holding the Oxigraph store builds and the `current` link the server follows."),
    Setting("base_iri", "https://bbkg.example.org/", "Base of every IRI the build mints; must end with '/'."),
    Setting("ontology_dir", str(resource_dir("ontology")), "Folder with the ontology and the reference data."),
    Setting("queries_dir", str(resource_dir("queries")),
            "Folder of saved SPARQL queries (`*.rq`, a leading comment says what each answers); the query editor "
            "offers each as a tab."),
    Setting("spark_master", "local[2]",
            "Spark master URL; `spark://host:7077` or `yarn` runs the same job on a cluster."),
    Setting("spark_shuffle_partitions", 0,
            "Partitions of the articles and spark.sql.shuffle.partitions; 0 sizes them from the corpus (one per "
            "500 articles, at least 2): few keep small builds fast, and every task then has work enough."),
    Setting("build_nice", 10,
            "How much `bbkg build` lowers its CPU priority (a nice increment, for Spark, its Python workers and "
            "the loader): a build is batch work, and a server on the same machine keeps the cores for its requests "
            "while one runs. 0 builds at the priority the command was started with."),
    Setting("spark_driver_memory", "4g",
            "spark.driver.memory; in local mode the driver also runs the tasks, "
            "and Spark's 1g is tight at 10k articles."),
    Setting("spark_executor_memory", "2g",
            "spark.executor.memory, on a cluster: the heap of each executor, which a worker must have to offer "
            "(a standalone worker's --memory); Spark's 1g runs out in the mapping of the whole record."),
    Setting("spark_python_archive", "",
            "On a cluster whose machines lack bbkg's Python environment: a virtual environment packed with "
            "venv-pack (`venv-pack -p .venv -o bbkg-env.tar.gz`), as a path or URL every node reads, which Spark "
            "ships to each executor (spark.archives) for its Python workers. Empty: they run the driver's "
            "interpreter, at the same path, as on one machine or nodes built from one image."),
    Setting("spark_checkpoint_dir", "",
            "Where a build on a cluster keeps the frames it computes once (reliable checkpoints), as a folder or a "
            "Hadoop file-system URL (hdfs://, s3a://) that every executor writes and reads. Empty: the build's own "
            "folder, which serves when the workers share this machine or its disk."),
    Setting("spark_executor_wait", 120.0,
            "Seconds a build on a cluster waits for its first executor before it fails (Spark would wait for "
            "ever when no worker has the cores or the memory it asks for)."),
    Setting("graphframes_jar", "",
            "The GraphFrames 0.8.2 JAR the build hands to Spark (checked against its SHA-256 first); Spark ships it "
            "to a cluster's executors. Empty: the one `make install` puts in the virtual environment."),
    Setting("spark_driver_java_options", "-XX:TieredStopAtLevel=1 -XX:ReservedCodeCacheSize=240m",
            "spark.driver.extraJavaOptions. A build is short and meets much code once, so the JIT's second tier "
            "(C2) spends more CPU compiling than it saves; the first tier alone (C1) needs the code cache Java "
            "gives C2 (its default for C1 alone fills up). Empty for the JVM's defaults."),
    Setting("record_scope", "all",
            "How much of the Baseball Databank a build sets beside the articles: `all`, `none`, or a comma-separated "
            "list of its franchise ids (`NYM,HOU`: those franchises' seasons and the people in them; the tests "
            "build with such a slice)."),
    Setting("landmarks", "ruthba01",
            "Record ids (comma-separated) of the people whose distance in links every person of the chain network "
            "gets from the graph stage, beside the two of the highest PageRank (a \"Ruth number\")."),
    Setting("validate_shapes", True,
            "Whether `bbkg build` checks the built graph against ontology/shapes.ttl "
            "and refuses to publish on a violation."),
    Setting("extraction_model", True,
            "Whether extraction runs spaCy's English model (en_core_web_sm 3.8.0) beside the rules, for people "
            "the name rules miss (initials, names in lists) and organizations the lexicon lacks; off is faster."),
    Setting("max_article_bytes", 2_000_000, "Articles larger than this are reported and skipped."),
    Setting("keep_builds", 2, "How many finished store builds to keep on disk (the current one included)."),
    Setting("host", "127.0.0.1", "Address `bbkg serve` listens on."),
    Setting("port", 8000, "Port `bbkg serve` listens on."),
    Setting("workers", 2, "Worker processes of `bbkg serve`; each holds up to 64 requests at once."),
    Setting("query_slots", 4,
            "SPARQL queries one worker evaluates at once (in the query engine; `bbkg serve`'s front process, which "
            "evaluates the queries sent with no other field but the dataset's, has workers × query_slots slots for "
            "them), and likewise API lookups (as threads of its shared process over the in-memory copy, "
            "memory_store_quads, or each in a query process of its own from disk); more wait for a slot within "
            "their deadline, while /health and the pages that need no query answer at once."),
    Setting("quick_query_seconds", 0.2,
            "How long a query runs alone among its worker's queries before the next one may start beside it: "
            "shorter queries run one after another, each with the CPU's caches to itself (more at once only "
            "share the cores and thrash the caches); a longer one steps aside. Lower it so that short queries "
            "wait less behind longer ones; 0 runs up to query_slots queries at once from the start."),
    Setting("memory_store_quads", 5_000_000,
            "Largest store (in quads, as its build counted them) whose API lookups and pages each server worker "
            "evaluates from an in-memory copy, with threads of one process: an aggregate over the whole graph "
            "takes a fraction of the CPU it takes from disk. Each worker holds the store twice over (the copy its "
            "lookup process forks from, and that process's; plan on about 330 bytes a quad for each), and the "
            "copies load in the background after the server starts, when lookups are read from disk until they "
            "have, and after each build, when the replaced build's copy answers until the new one has loaded "
            "(what it lacks, a name or an entity the new build adds, is read from the new build on disk). "
            "Updates do not reload them: each copy applies the logged updates before it is next "
            "read. A lookup past its deadline stops that process and the lookups beside it, which are retried "
            "alone from disk. 0 always reads from disk, each lookup in a process of its own. SPARQL queries are "
            "always read from disk, by the query engine."),
    Setting("allocator", "jemalloc",
            "Memory allocator of `bbkg serve`'s processes: `jemalloc` (Debian's libjemalloc2, which `make install` "
            "installs where it may) or `system` (glibc's). A lookup allocates and frees many small blocks in "
            "many threads, where jemalloc spends less CPU; without the library the server says so in one line "
            "and uses the system's.", choices=("jemalloc", "system")),
    Setting("access_log", False, "Whether `bbkg serve` writes one line per request to standard output."),
    Setting("query_timeout", 30.0,
            "Seconds a SPARQL query may run before the query engine stops it and the client gets 503."),
    Setting("query_memory_mb", 768,
            "Memory (MiB) a SPARQL query may allocate in the query engine while it is evaluated and its answer "
            "written, and each API query process beyond the Python interpreter (the store's caches, the chain "
            "network it reads for connection lookups, and the lookup it evaluates: its heap and anonymous "
            "mappings, RLIMIT_DATA); a query or lookup that needs more gets 503 and the server goes on. A worker's "
            "shared process (memory_store_quads) may allocate query_slots times this beyond its copy, and the "
            "lookups it was evaluating when it ran out are retried alone, each in a capped process; so the "
            "server's queries and lookups hold at most workers × (3 × query_slots + 2) × this beyond the fixed "
            "part (the 2: each worker's name-lookup processes). 0: no cap."),
    Setting("api_timeout", 10.0,
            "Seconds an /api lookup may run before its process is killed and the client gets 503."),
    Setting("result_row_cap", 100_000,
            "Most rows (or triples) a query returns; more are cut and the response says so."),
    Setting("max_request_bytes", 1_000_000, "Largest request body or query accepted; larger ones get 413."),
    Setting("cors_origins", "",
            "Origins allowed to call the endpoint from a browser: empty (no CORS), '*', or a comma-separated list."),
    Setting("query_cache_bytes", 64_000_000,
            "Memory per worker (and for `bbkg serve`'s front process) for cached /sparql answers to queries by GET "
            "and by POST (a form whose only field is `query`, or a query body without parameters; exact: a build "
            "never changes, and an update moves every answer out); never an update's; 0 turns the cache off."),
    Setting("update_token", "", "Bearer token that enables SPARQL Update; empty (the default) turns updates off."),
    Setting("isolate_query_network", True,
            "Run queries in a process with no network access (a Linux network namespace), "
            "so SERVICE can never reach out."),
)

_BY_NAME = {s.name: s for s in SETTINGS}


def settings_table() -> str:
    """The table of settings in docs/operations.md, made from the registry (a test checks it holds exactly this)."""
    def shown(value: Any) -> str:
        if value == "":
            return "(empty)"
        if isinstance(value, str) and value.startswith(str(PROJECT_ROOT)):
            return f"`{Path(value).relative_to(PROJECT_ROOT)}/`"
        return f"`{value}`"
    lines = ["| setting | default | what it is for |", "|---|---|---|"]
    lines += [f"| `{s.name}` | {shown(s.default)} | {s.help} |" for s in SETTINGS]
    return "\n".join(lines) + "\n"


def _coerce(setting: Setting, value: Any) -> Any:
    """Convert a value from the environment or a flag to the type of the setting's default."""
    if isinstance(value, str) and not isinstance(setting.default, str):
        if isinstance(setting.default, bool):
            if value.lower() in ("1", "true", "yes", "on"):
                return True
            if value.lower() in ("0", "false", "no", "off"):
                return False
            raise SettingError(f"setting {setting.name!r} takes true or false, not {value!r}")
        if isinstance(setting.default, float):
            try:
                return float(value)
            except ValueError:
                raise SettingError(f"setting {setting.name!r} takes a number, not {value!r}") from None
        if isinstance(setting.default, int):
            try:
                return int(value)
            except ValueError:
                raise SettingError(f"setting {setting.name!r} takes a whole number, not {value!r}") from None
    return value


def load_settings(overrides: Mapping[str, Any] | None = None,
                  environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Return every setting's value: defaults, then BBKG_* environment variables, then overrides."""
    environ = os.environ if environ is None else environ
    values = {s.name: s.default for s in SETTINGS}
    for s in SETTINGS:
        env_value = environ.get(f"BBKG_{s.name.upper()}")
        if env_value is not None:
            values[s.name] = _coerce(s, env_value)
    for name, value in (overrides or {}).items():
        if name not in _BY_NAME:
            raise UnknownSettingError(f"unknown setting {name!r}; known settings: {', '.join(sorted(_BY_NAME))}")
        if value is not None:
            values[name] = _coerce(_BY_NAME[name], value)
    for s in SETTINGS:
        if s.choices and values[s.name] not in s.choices:
            raise SettingError(f"{s.name} takes {' or '.join(s.choices)}, not {values[s.name]!r}")
    if not str(values["base_iri"]).endswith("/"):
        raise SettingError(f"base_iri must end with '/', got {values['base_iri']!r}")
    return values
