"""`bbkg serve` on jemalloc against `bbkg serve` on the system allocator, with `oxigraph serve-read-only`
between them, on the same store: the evidence behind the allocator setting's default.

Both bbkg servers run with the response cache off, on the varied lookups and 2-hop joins of
benchmarks/varied.py, A/B alternated (each figure the median of its rounds). Each run also gives the CPU
its server's processes spent a request, which moves less than QPS when the machine's neighbours take a
varying share of the cores.

    python -m benchmarks.allocator STORE_DIR [SECONDS] [ROUNDS]
"""

from __future__ import annotations

import json
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from benchmarks.page import RESULTS
from benchmarks.endpoint import (alternated_runs, bbkg_server, check_same_answers, median_figures,
                                 oxigraph_server, process, rss_mib)
from benchmarks.varied import query_families, round_ratios

FAMILIES = ("lookup", "two_hop")


def bench_allocators(store_dir: Path, seconds: int = 6, rounds: int = 4,
                     connections: tuple[int, ...] = (8, 32)) -> dict[str, Any]:
    families = query_families(store_dir)
    jemalloc, system = bbkg_server(store_dir, 8761, cache=False), bbkg_server(store_dir, 8762, cache=False)
    servers = {"bbkg_jemalloc": jemalloc, "oxigraph": oxigraph_server(store_dir, 8763),
               "bbkg_system": (system[0], system[1], {**system[2], "BBKG_ALLOCATOR": "system"})}
    results: dict[str, Any] = {"seconds": seconds, "rounds": rounds, "families": {}}
    with ExitStack() as running:
        pids = {name: running.enter_context(process(command, url, env)).pid
                for name, (command, url, env) in servers.items()}
        urls = {name: url for name, (_, url, _) in servers.items()}
        check_same_answers(list(urls.values()), {name: families[name][:20] for name in FAMILIES})
        for family in FAMILIES:
            for count in connections:
                runs = alternated_runs(urls, seconds, count, families[family], rounds, pids)
                figures = {name: median_figures(rs) for name, rs in runs.items()}
                for name in ("bbkg_jemalloc", "bbkg_system"):
                    figures[name]["vs_oxigraph_by_round"] = round_ratios(runs, name)
                results["families"][f"{family}@{count}"] = figures
        results["rss_mib_after"] = {name: rss_mib(pid) for name, pid in pids.items()}
    return results


def markdown(results: dict[str, Any]) -> str:
    lines = ["| queries @ connections | QPS jemalloc / system / oxigraph | CPU µs a request, same order | "
             "jemalloc vs oxigraph, by round | system vs oxigraph, by round |", "|---|---:|---:|---|---|"]
    for key, f in results["families"].items():
        je, sy, ox = f["bbkg_jemalloc"], f["bbkg_system"], f["oxigraph"]
        lines.append(f"| {key.replace('@', ' @ ')} | {je['qps']:,.0f} / {sy['qps']:,.0f} / {ox['qps']:,.0f} | "
                     f"{je['cpu_us_per_request']:,.0f} / {sy['cpu_us_per_request']:,.0f} / "
                     f"{ox['cpu_us_per_request']:,.0f} | {', '.join(map(str, je['vs_oxigraph_by_round']))} | "
                     f"{', '.join(map(str, sy['vs_oxigraph_by_round']))} |")
    memory = ", ".join(f"{name} {mib:,.0f} MiB" for name, mib in results["rss_mib_after"].items())
    return "\n".join(lines) + f"\n\nResident memory of each server's processes after its runs: {memory}.\n"


if __name__ == "__main__":
    measured = bench_allocators(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 6,
                                int(sys.argv[3]) if len(sys.argv) > 3 else 4)
    (RESULTS / "allocator.json").write_text(json.dumps(measured, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(measured, indent=2))
    print(markdown(measured))
