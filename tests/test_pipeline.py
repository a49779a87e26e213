"""The whole build on the seeds and on broken input: real Spark, real Oxigraph on disk."""

from __future__ import annotations

import io
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pyoxigraph import NamedNode, Store
from pyspark.sql import SparkSession

from bbkg.pipeline import BuildResult, run_build
from store.builds import build_summary, current_build, load_build, open_current
from store.names import find_entities, resolve_entity
from store.shared import roles_in, shared_among
from store.dumps import dump_store
from store.select import select_rows
from vocab.namespaces import PREFIXES
from store.validate import ShapeViolationError
from tests.helpers import RECORD_SLICE, SEEDS, build_settings

COUNT_ALL = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"


def count_quads(store_dir: Path) -> int:
    store, _ = open_current(store_dir)
    [row] = store.query(COUNT_ALL)
    return int(row["n"].value)


def test_seeds_build_into_several_hundred_quads(seeds_build: tuple[Path, BuildResult]) -> None:
    store_dir, result = seeds_build
    named = count_quads(store_dir)
    assert named == sum(result.statistics["graphs"].values()) >= 500
    # The default graph holds the union of the named graphs, each triple once.
    store, _ = open_current(store_dir)
    [row] = store.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
    assert int(row["n"].value) == result.statistics["triples"] == result.quads - named
    assert result.counts["articles_read"] == 4 and result.counts["articles_skipped"] == 0
    assert build_summary(store_dir)["quads"] == result.quads
    for stage in ("read", "extract", "graph", "map_rdf", "load"):
        assert stage in result.timings


def test_the_builds_jvm_runs_with_the_java_options_setting(spark: SparkSession) -> None:
    # The options reach the JVM only through its launch (spark.driver.extraJavaOptions): read them back from it.
    from vocab.config import load_settings

    management = spark.sparkContext._jvm.java.lang.management.ManagementFactory  # type: ignore[union-attr]
    arguments = list(management.getRuntimeMXBean().getInputArguments())
    options = load_settings({})["spark_driver_java_options"].split()
    assert "-XX:TieredStopAtLevel=1" in options and all(option in arguments for option in options), arguments


def test_one_named_graph_per_article(seeds_build: tuple[Path, BuildResult]) -> None:
    store, _ = open_current(seeds_build[0])
    graphs = {g.value for g in store.named_graphs()}
    articles = {g for g in graphs if "/graph/article/" in g}
    assert {g.rsplit("/", 1)[1] for g in articles} == {p.stem for p in SEEDS.glob("*.txt")}


def test_backman_alderson_collins_share_the_mets(seeds_build: tuple[Path, BuildResult]) -> None:
    store, _ = open_current(seeds_build[0])
    people = [resolve_entity(store, name, "Person") for name in ("Wally Backman", "Sandy Alderson", "Terry Collins")]
    shared = shared_among(store, people)
    assert "New York Mets" in [s.label for s in shared]
    mets = next(s for s in shared if s.label == "New York Mets")
    # All three pairs overlap, each paired by GraphFrames in the build. Alderson's years come from what he did
    # as general manager: he opted for Collins (whose post began in 2011, another article says) and reprimanded
    # Backman in 2015.
    by_pair = {tuple(pair["people"]): pair for pair in mets.pairs}
    assert by_pair[(people[0].iri, people[2].iri)]["overlap"] == {"start": 2011, "end": 2011}
    assert by_pair[(people[0].iri, people[1].iri)]["overlap"] == {"start": 2011, "end": 2015}
    assert by_pair[(people[1].iri, people[2].iri)]["overlap"] == {"start": 2011, "end": 2011}
    assert {pair["computed_by"] for pair in mets.pairs} == {"GraphFrames 0.8.2"}
    assert mets.computed_by == "GraphFrames 0.8.2"
    alderson_roles = {r["role"] for r in mets.roles[people[1].iri]}
    assert "general manager" in alderson_roles
    for roles in mets.roles.values():
        assert roles and all(r["evidence"] and r["evidence"][0]["quote"] for r in roles)


def test_alderson_s_post_is_dated_by_his_acts_and_says_so(seeds_build: tuple[Path, BuildResult]) -> None:
    """Each inferred year names the act it comes from, the sentence, and the activity that inferred it; a
    selection without a year of its own names the membership whose first year it took."""
    store, _ = open_current(seeds_build[0])
    rows = select_rows(store, PREFIXES + """
        SELECT ?year ?relation ?quote ?from ?activity WHERE {
          ?m bb:member/rdfs:label "Sandy Alderson" ; bb:role bb:GeneralManager ; org:memberDuring ?i .
          ?i bb:datedBy ?act ; time:hasBeginning/time:inXSDgYear ?year ; time:hasEnd/time:inXSDgYear ?year ;
             bb:evidence/bb:quote ?quote ; prov:wasGeneratedBy/bb:method ?activity .
          ?act bb:relation ?relation .
          OPTIONAL { ?i bb:yearFrom/bb:member/rdfs:label ?from }
        } ORDER BY ?year""")
    found = [(int(r["year"]), r["relation"], r.get("from"), r["activity"]) for r in rows]
    assert found == [(2011, "chosen", "Terry Collins", "Spark SQL join"), (2015, "reprimanded", None, "Spark SQL join")]
    assert "opted for Terry Collins" in rows[0]["quote"] and "in 2015" in rows[1]["quote"]


def test_backmans_roles_with_the_mets_carry_their_own_years(seeds_build: tuple[Path, BuildResult]) -> None:
    store, _ = open_current(seeds_build[0])
    backman = resolve_entity(store, "Wally Backman", "Person")
    mets = resolve_entity(store, "New York Mets", "Team")
    roles = {(r["role"], r["via"]["label"] if r["via"] else None): (r["start"], r["end"])
             for r in roles_in(store, backman.iri, mets.iri)}
    assert roles[("player", None)] == (1980, 1988)
    assert roles[("manager", None)] == (2012, 2016)
    assert roles[("manager", "Brooklyn Cyclones")] == (2010, 2010)
    assert ("coach", None) not in roles  # the headline "coaching in Mexico after Mets' breakup"


def test_any_name_an_article_writes_finds_the_entity(seeds_build: tuple[Path, BuildResult]) -> None:
    store, _ = open_current(seeds_build[0])
    assert [e["label"] for e in find_entities(store, "Wally", "Person")] == ["Wally Backman"]
    for club in ("new-york-mets", "las-vegas-51s"):
        iri = f"https://bbkg.example.org/id/org/{club}"
        written = {str(q.object.value) for q in store.quads_for_pattern(
            NamedNode(iri), NamedNode("http://www.w3.org/2004/02/skos/core#altLabel"), None)}
        assert written, club  # "Mets", "51s", "Las Vegas"
        for name in written:
            assert iri in [e["iri"] for e in find_entities(store, name)], name


def test_every_membership_traces_to_an_article_and_a_quote_or_to_the_record(
        seeds_build: tuple[Path, BuildResult]) -> None:
    store, _ = open_current(seeds_build[0])
    orphans = list(store.query("""
        PREFIX bb: <https://bbkg.example.org/ontology#>
        PREFIX prov: <http://www.w3.org/ns/prov#>
        SELECT ?m WHERE { ?m a bb:Membership .
          FILTER NOT EXISTS { ?m bb:evidence ?e . ?e bb:quote ?q ; prov:wasDerivedFrom ?a . ?a bb:fileName ?f }
          FILTER NOT EXISTS { ?m org:memberDuring ?season . ?season a bb:RecordSeason ;
                                 prov:wasDerivedFrom <https://bbkg.example.org/id/dataset/baseball-databank> } }
    """.replace("SELECT", "PREFIX org: <http://www.w3.org/ns/org#>\nSELECT", 1)))
    assert orphans == []
    stated = list(store.query("""PREFIX bb: <https://bbkg.example.org/ontology#>
        SELECT ?m WHERE { ?m a bb:Membership ; bb:evidence ?e }"""))
    assert len(stated) > 30


def test_quotes_are_the_text_at_their_offsets(seeds_build: tuple[Path, BuildResult]) -> None:
    store, _ = open_current(seeds_build[0])
    rows = store.query("""
        PREFIX bb: <https://bbkg.example.org/ontology#>
        PREFIX prov: <http://www.w3.org/ns/prov#>
        SELECT ?file ?quote ?start ?end WHERE {
          ?x bb:quote ?quote ; bb:startOffset ?start ; bb:endOffset ?end ; prov:wasDerivedFrom ?a .
          ?a bb:fileName ?file }""")
    texts = {p.name: p.read_text(encoding="utf-8") for p in SEEDS.glob("*.txt")}
    checked = 0
    for row in rows:
        text = texts[row["file"].value]
        assert text[int(row["start"].value):int(row["end"].value)] == row["quote"].value
        checked += 1
    assert checked > 100


def test_same_input_gives_the_same_dump_byte_for_byte(spark: SparkSession, seeds_build: tuple[Path, BuildResult],
                                                      tmp_path: Path) -> None:
    run_build(build_settings(SEEDS, tmp_path), spark=spark)
    dumps = []
    for store_dir in (seeds_build[0], tmp_path):
        store, _ = open_current(store_dir)
        out = io.BytesIO()
        dump_store(store, "nquads", out)
        dumps.append(out.getvalue())
    assert dumps[0] == dumps[1]


def test_the_dump_does_not_depend_on_the_order_the_quads_were_loaded_in(seeds_build: tuple[Path, BuildResult],
                                                                        tmp_path: Path) -> None:
    """The build writes its N-Quads unsorted (partitions finish in any order); the store must not care."""
    store, _ = open_current(seeds_build[0])
    out = io.BytesIO()
    dump_store(store, "nquads", out)
    lines = out.getvalue().splitlines(keepends=True)
    shuffled = tmp_path / "shuffled.nq"
    random.Random(3).shuffle(lines)
    shuffled.write_bytes(b"".join(lines))
    (tmp_path / "build").mkdir()
    load_build(tmp_path / "build", [shuffled])
    again = io.BytesIO()
    dump_store(Store.read_only(str(tmp_path / "build" / "oxigraph")), "nquads", again)
    assert again.getvalue() == out.getvalue()


def test_the_loader_is_not_fooled_by_a_folder_named_store_where_the_build_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The load runs in a fresh Python process; a store folder named `store` in the working directory (as
    `bbkg build --store store` makes) must not shadow the package it imports."""
    (tmp_path / "store" / "builds").mkdir(parents=True)
    (tmp_path / "build").mkdir()
    quads = tmp_path / "one.nq"
    quads.write_text("<https://e.org/s> <https://e.org/p> <https://e.org/o> <https://e.org/g> .\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    load_build(tmp_path / "build", [quads])
    assert len(Store.read_only(str(tmp_path / "build" / "oxigraph"))) == 1


def test_broken_articles_are_reported_and_the_rest_is_built(spark: SparkSession, tmp_path: Path) -> None:
    corpus = tmp_path / "in"
    corpus.mkdir()
    shutil.copy(SEEDS / "002_42a94eca53463acc.txt", corpus)
    (corpus / "empty.txt").write_bytes(b"")
    (corpus / "image.jpg").write_bytes(b"\xff\xd8\xff\x00\x10JFIF")
    (corpus / "latin1.txt").write_bytes("Peña managed the Mets.".encode("latin-1"))
    (corpus / "huge.txt").write_bytes(b"Mets " * 1000)
    result = run_build(build_settings(corpus, tmp_path / "store", max_article_bytes=4000), spark=spark)
    errors = {a["file_name"]: a["error"] for a in result.skipped}
    assert set(errors) == {"empty.txt", "image.jpg", "latin1.txt", "huge.txt"}
    assert result.counts["articles_read"] == 1
    store, _ = open_current(tmp_path / "store")
    assert resolve_entity(store, "Wally Backman", "Person").label == "Wally Backman"
    assert build_summary(tmp_path / "store")["articles"] == result.articles


def test_a_failed_build_leaves_the_served_store_intact(spark: SparkSession, store_copy: Path, tmp_path: Path) -> None:
    before = current_build(store_copy)
    with pytest.raises(FileNotFoundError, match="--input"):
        run_build(build_settings(tmp_path / "missing", store_copy), spark=spark)
    bad_ontology = tmp_path / "ontology"
    shutil.copytree(Path(build_settings(SEEDS, store_copy)["ontology_dir"]), bad_ontology)
    (bad_ontology / "bbkg.ttl").write_text("this is not turtle", encoding="utf-8")
    with pytest.raises(SyntaxError):
        run_build(build_settings(SEEDS, store_copy, ontology_dir=str(bad_ontology)), spark=spark)
    assert current_build(store_copy) == before
    assert count_quads(store_copy) > 500
    assert [p for p in (store_copy / "builds").iterdir()] == [before]


def test_a_shape_violation_is_reported_and_nothing_is_published(spark: SparkSession, store_copy: Path,
                                                                 tmp_path: Path) -> None:
    before = current_build(store_copy)
    strict = tmp_path / "ontology"
    shutil.copytree(Path(build_settings(SEEDS, store_copy)["ontology_dir"]), strict)
    # Demand what no article states: every person's age.
    with open(strict / "shapes.ttl", "a", encoding="utf-8") as shapes:
        shapes.write("\nbb:AgeRequired a sh:NodeShape ; sh:targetClass bb:Person ;\n"
                     "    sh:property [ sh:path bb:age ; sh:minCount 1 ] .\n")
    with pytest.raises(ShapeViolationError, match=r"(?s)violates shapes.ttl in \d+ places.*/id/person/.*ontology#age"):
        run_build(build_settings(SEEDS, store_copy, ontology_dir=str(strict)), spark=spark)
    assert current_build(store_copy) == before
    assert count_quads(store_copy) > 500


def test_updates_are_carried_into_the_next_build_and_left_out_only_when_asked(spark: SparkSession, store_copy: Path,
                                                                             tmp_path: Path) -> None:
    from store.update import UPDATE_LOG, UpdateReplayError, apply_update, logged_updates, updated_quads

    corpus = tmp_path / "in"
    corpus.mkdir()
    shutil.copy(SEEDS / "002_42a94eca53463acc.txt", corpus)
    settings = build_settings(corpus, store_copy, record_scope="none")
    note = "GRAPH <https://example.org/notes> { <https://example.org/a> <https://example.org/b> 1 }"
    apply_update(store_copy, f"INSERT DATA {{ {note} }}", timeout=30)
    log = store_copy / UPDATE_LOG
    logged = log.read_text(encoding="utf-8")

    # An update that no longer applies stops the build in one line; the served build stays, with the note.
    log.write_text(logged + '{"update": "INSERT DATA { nonsense"}\n', encoding="utf-8")
    before = current_build(store_copy)
    with pytest.raises(UpdateReplayError, match="--drop-updates"):
        run_build(settings, spark=spark)
    assert current_build(store_copy) == before and list((store_copy / "builds").iterdir()) == [before]
    log.write_text(logged, encoding="utf-8")

    replayed = run_build(settings, spark=spark)
    store, _ = open_current(store_copy)
    assert current_build(store_copy) != before and replayed.updates_replayed == 1
    assert store.query(f"ASK {{ {note} }}") and updated_quads(store_copy) == len(store)

    dropped = run_build(settings, spark=spark, drop_updates=True)
    store, _ = open_current(store_copy)
    assert not store.query(f"ASK {{ {note} }}") and updated_quads(store_copy) is None
    assert not log.exists() and dropped.updates_set_aside is not None
    assert dropped.updates_set_aside.read_text(encoding="utf-8") == logged and logged_updates(store_copy) == []


@pytest.mark.slow
def test_killing_a_build_halfway_leaves_the_previous_store_answering(store_copy: Path) -> None:
    before = current_build(store_copy)
    quads_before = count_quads(store_copy)
    env = {**os.environ, "BBKG_INPUT_DIR": str(SEEDS), "BBKG_STORE_DIR": str(store_copy),
           "BBKG_RECORD_SCOPE": RECORD_SLICE}
    process = subprocess.Popen([sys.executable, "-m", "bbkg.cli", "build"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        # Wait until the new build has its own folder (the job is under way), then kill it hard.
        while len(list((store_copy / "builds").iterdir())) < 2:
            assert process.poll() is None, "the build ended before it could be killed"
            assert time.monotonic() < deadline, "the build never started"
            time.sleep(0.2)
        time.sleep(3)
        assert process.poll() is None, "the build finished before it could be killed"
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert current_build(store_copy) == before
    assert count_quads(store_copy) == quads_before


@pytest.fixture
def small_disk(tmp_path: Path):
    """A real file system of 64 MB (tmpfs; CI runs as root, as the build's users on their own machines may not)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    assert os.geteuid() == 0, "this test mounts a tmpfs: run it as root (CI does)"
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", str(mount)], check=True)
    try:
        yield mount
    finally:
        for _ in range(20):  # the build's JVM may hold the mount a moment after it exits
            if subprocess.run(["umount", str(mount)], capture_output=True).returncode == 0:
                break
            time.sleep(0.5)


def _cli_build(store: Path) -> subprocess.CompletedProcess[str]:
    """The seeds alone: a slice of the record's store does not fit the test's 64 MB."""
    return subprocess.run([sys.executable, "-m", "bbkg.cli", "build", "--input", str(SEEDS), "--store", str(store)],
                          capture_output=True, text=True, timeout=600, env={**os.environ, "BBKG_RECORD_SCOPE": "none"})


def test_a_full_disk_fails_the_build_in_one_line_and_the_served_store_stays(small_disk: Path) -> None:
    store = small_disk / "store"
    assert _cli_build(store).returncode == 0
    served = current_build(store)
    assert served is not None
    filler = small_disk / "filler"
    # With 2 MB left the Spark job cannot write its N-Quads; with 6 MB left, Oxigraph cannot load them.
    for free_mb, stage in ((2, "the Spark job failed"), (6, "loading the N-Quads")):
        filler.unlink(missing_ok=True)
        free = shutil.disk_usage(small_disk).free
        with open(filler, "wb") as f:
            f.truncate(0)
            f.write(b"\0" * (free - free_mb * 1024 * 1024))
        failed = _cli_build(store)
        said = [line for line in failed.stderr.splitlines() if not line.startswith("stage ")]
        errors = [line for line in said if line.startswith("Error:")]
        assert failed.returncode == 1 and "Traceback" not in failed.stderr + failed.stdout, failed.stderr[-3000:]
        assert len(errors) == 1 and stage in errors[0] and "No space left on device" in errors[0], said
        assert len(said) <= 4, said  # the one line, and Spark's own three at its start
        log = store / "last-build-error.log"
        assert "Traceback" in log.read_text(encoding="utf-8") and str(log) in errors[0]
        # Nothing partial is left, and the store being served is the one built before.
        assert [b for b in (store / "builds").iterdir()] == [served] and current_build(store) == served
        assert len(open_current(store)[0]) > 1000
