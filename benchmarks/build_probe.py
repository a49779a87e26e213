"""`bbkg build` with the load stage's baseline measured inside it: just before the build loads its N-Quads,
raw pyoxigraph `Store.bulk_load` loads the same quads from one file, in a fresh process, on the machine
exactly as the build leaves it (Spark stopped, its output flushed). Measured anywhere else, the baseline
would run on a quieter machine than the load it is compared with.

    python -m benchmarks.build_probe INPUT_DIR STORE_DIR RESULT_JSON
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from vocab.config import load_settings
from bbkg.pipeline import NQUADS_FOLDER, ONTOLOGY_NQUADS, run_build

RAW_LOAD = ("import sys; from pyoxigraph import RdfFormat, Store; s = Store(sys.argv[1]); "
            "s.bulk_load(path=sys.argv[2], format=RdfFormat.N_QUADS); s.flush()")


def raw_bulk_load_seconds(nquads_files: list[Path], scratch: Path, repeats: int = 3) -> float:
    """Median seconds of plain Store.bulk_load of the files, joined into one, each time in a new process."""
    joined = scratch / "raw.nq"
    with open(joined, "wb") as out:
        for path in nquads_files:
            with open(path, "rb") as part:
                shutil.copyfileobj(part, out, 1 << 20)
    os.sync()  # as the build does before its load
    seconds = []
    for attempt in range(repeats):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-P", "-c", RAW_LOAD, str(scratch / f"store-{attempt}"), str(joined)],
                       check=True)
        seconds.append(time.perf_counter() - started)
        shutil.rmtree(scratch / f"store-{attempt}")
    joined.unlink()
    return sorted(seconds)[len(seconds) // 2]


def main(input_dir: Path, store_dir: Path, result_file: Path) -> None:
    result: dict[str, float] = {}

    def on_stage(name: str) -> None:
        if name == "load":
            print("stage raw_bulk_load", file=sys.stderr, flush=True)
            started = time.perf_counter()
            [folder] = sorted((store_dir / "builds").glob(f"*/{NQUADS_FOLDER}"))[-1:]
            files = sorted(folder.glob("*/part-*")) + [folder / ONTOLOGY_NQUADS]  # what the build's load reads
            with tempfile.TemporaryDirectory(dir=store_dir) as scratch:
                result["raw_bulk_load_seconds"] = raw_bulk_load_seconds(files, Path(scratch))
            result["baseline_wall_seconds"] = time.perf_counter() - started
        print(f"stage {name}", file=sys.stderr, flush=True)

    run_build(load_settings({"input_dir": str(input_dir), "store_dir": str(store_dir)}), on_stage=on_stage)
    result_file.write_text(json.dumps(result), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
