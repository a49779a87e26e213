"""What a user of the endpoint meets: varied queries on the largest store, `bbkg serve` with its response
cache off and on against `oxigraph serve-read-only` on the same RocksDB files, same query texts, same rows.

Every family of queries is a list drawn from the store (a lookup per subject, a 2-hop join per person, the
aggregate per role), cycled by wrk from a different start in each of its threads, so that no two requests
in flight are the same (but for the aggregate, whose three texts, one per role, run side by side at 8
connections and more). The servers are measured one after another, A/B alternated over four rounds (each
figure is the median of its rounds), at 8 and at 32 connections. Oxigraph's server sits between the two bbkg
servers, so that in every round each of them runs right before or after it: the ratio of each round is kept
beside the ratio of the medians, because on a shared machine a server's QPS moves by a third between
runs. The same lookup repeated is measured too, labelled as such: it is what a cache is for, and not what
clients mostly do. Each run also gives the CPU each server's processes spent a request (workers and query
processes included), which moves less than QPS when the machine's neighbours take a varying share of the
cores.
"""

from __future__ import annotations

import json
import random
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from pyoxigraph import NamedNode

from vocab.namespaces import BB, PREFIXES, RDF_TYPE
from store.builds import open_current
from store.select import select_rows
from benchmarks.endpoint import (alternated_runs, bbkg_server, check_same_answers, median_figures,
                                 oxigraph_server, process, pss_mib)

def _iris(store: Any, query: str) -> list[str]:
    """The one variable's IRIs, sorted, written as in a query (<...>)."""
    return sorted(str(NamedNode(value)) for row in select_rows(store, query) for value in row.values())


def _sample(store: Any, query: str, count: int, rng: random.Random) -> list[str]:
    values = _iris(store, query)
    return rng.sample(values, min(count, len(values)))


def query_families(store_dir: Path, lookups: int = 20_000, people: int = 2_000, seed: int = 5) -> dict[str, list[str]]:
    """The query texts of each family, drawn from the store with a fixed seed."""
    store, _ = open_current(store_dir)
    rng = random.Random(seed)
    subjects = _sample(store, "SELECT DISTINCT ?s WHERE { ?s a ?c FILTER(isIRI(?s)) }", lookups, rng)
    persons = _sample(store, f"SELECT ?p WHERE {{ ?p <{RDF_TYPE}> <{BB}Person> }}", people, rng)
    roles = _iris(store, f"SELECT DISTINCT ?r WHERE {{ ?m <{BB}role> ?r }}")
    return {
        "lookup": [f"SELECT ?p ?o WHERE {{ {s} ?p ?o }}" for s in subjects],
        "two_hop": [PREFIXES + f"""SELECT DISTINCT ?other WHERE {{ ?m bb:member {p} ; bb:organization ?org .
                    ?n bb:organization ?org ; bb:member ?other FILTER(?other != {p}) }}""" for p in persons],
        "aggregate": [PREFIXES + f"""SELECT ?org (COUNT(?m) AS ?memberships) WHERE {{ ?m bb:organization ?org ;
                      bb:role {r} }} GROUP BY ?org ORDER BY DESC(?memberships) ?org""" for r in roles],
        "lookup_repeated": [f"SELECT ?p ?o WHERE {{ {persons[0]} ?p ?o }}"],
    }


def _samples(families: dict[str, list[str]], per_family: int = 20) -> dict[str, list[str]]:
    """A sample of each family, to check that the servers give the same rows."""
    return {name: queries[:per_family] for name, queries in families.items()}


def round_ratios(runs: dict[str, list[dict[str, float]]], name: str, against: str = "oxigraph") -> list[float]:
    """`name`'s QPS over `against`'s in each round of alternated_runs: the two ran back to back in it, so each
    ratio saw the same machine, and their spread shows how far one round's ratio can be trusted."""
    return [round(ours["qps"] / theirs["qps"], 3) for ours, theirs in zip(runs[name], runs[against], strict=True)]


def bench_varied(store_dir: Path, seconds: int = 6, connections: tuple[int, ...] = (8, 32),
                 rounds: int = 4) -> dict[str, Any]:
    """Each family at each connection count on each server; QPS ratios against Oxigraph's server, as the ratio
    of the medians and as the range of the rounds' own ratios."""
    families = query_families(store_dir)
    servers = {"bbkg_cache_off": bbkg_server(store_dir, 8741, cache=False),
               "oxigraph": oxigraph_server(store_dir, 8743), "bbkg_cache_on": bbkg_server(store_dir, 8742)}
    results: dict[str, Any] = {"seconds": seconds, "rounds": rounds,
                               "distinct_queries": {name: len(q) for name, q in families.items()}, "families": {}}
    with ExitStack() as running:
        pids = {name: running.enter_context(process(command, url, env)).pid
                for name, (command, url, env) in servers.items()}
        check_same_answers([url for _, url, _ in servers.values()], _samples(families))
        for family, queries in families.items():
            for count in connections:
                runs = alternated_runs({name: url for name, (_, url, _) in servers.items()}, seconds, count, queries,
                                       rounds, pids)
                figures = {name: median_figures(rs) for name, rs in runs.items()}
                for name in ("bbkg_cache_off", "bbkg_cache_on"):
                    figures[name]["vs_oxigraph"] = round(figures[name]["qps"] / figures["oxigraph"]["qps"], 3)
                    figures[name]["vs_oxigraph_by_round"] = round_ratios(runs, name)
                    figures[name]["cpu_vs_oxigraph"] = round(
                        figures["oxigraph"]["cpu_us_per_request"] / figures[name]["cpu_us_per_request"], 3)
                results["families"][f"{family}@{count}"] = figures
        results["memory_mib_after"] = {name: pss_mib(pid) for name, pid in pids.items()}
    return results


def _ratio(figures: dict[str, Any]) -> str:
    """The ratio of the medians, with the range of the rounds' ratios when there is one."""
    by_round = figures.get("vs_oxigraph_by_round")
    spread = f" ({min(by_round)}–{max(by_round)})" if by_round else ""
    return f"{figures['vs_oxigraph']}×{spread}"


def markdown(results: dict[str, Any]) -> str:
    lines = ["| queries @ connections | distinct texts | bbkg cache off QPS | bbkg cache on QPS | oxigraph QPS | "
             "cache off vs oxigraph | cache on vs oxigraph | CPU µs a request (off / on / oxigraph) | "
             "oxigraph's CPU over cache off's | p99 ms (off / on / oxigraph) | non-2xx |",
             "|---|" + "---:|" * 10]
    for key, f in results["families"].items():
        family = key.split("@")[0]
        off, on, ox = f["bbkg_cache_off"], f["bbkg_cache_on"], f["oxigraph"]
        cpu = " / ".join(f"{server['cpu_us_per_request']:,.0f}" for server in (off, on, ox))
        lines.append(f"| {key.replace('@', ' @ ')} | {results['distinct_queries'][family]:,} | {off['qps']:,.0f} | "
                     f"{on['qps']:,.0f} | {ox['qps']:,.0f} | {_ratio(off)} | {_ratio(on)} | "
                     f"{cpu} | {off['cpu_vs_oxigraph']}× | {off['p99_ms']} / {on['p99_ms']} / {ox['p99_ms']} | "
                     f"{off['non_2xx'] + on['non_2xx'] + ox['non_2xx']} |")
    memory = ", ".join(f"{name} {mib:,.0f} MiB" for name, mib in results.get("memory_mib_after", {}).items())
    return "\n".join(lines) + (f"\n\nMemory after the runs (PSS of each server's processes): {memory}.\n"
                               if memory else "\n")


if __name__ == "__main__":
    measured = bench_varied(Path(sys.argv[1]), seconds=int(sys.argv[2]) if len(sys.argv) > 2 else 8)
    print(json.dumps(measured, indent=2))
    print(markdown(measured))
