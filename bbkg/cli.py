"""The `bbkg` command: a thin layer over the plain functions of each stage."""

from __future__ import annotations

import json
import os
import math
import sys
from functools import wraps
from pathlib import Path
from typing import Any
from collections.abc import Callable

import click

from vocab.config import PROJECT_ROOT, SETTINGS, load_settings
from vocab.errors import NotFoundError, SettingError, UserError
from vocab.formats import GRAPH_FORMATS, RESULT_FORMATS, graph_format, result_format

_HELP = {s.name: s.help for s in SETTINGS}
# A user's mistake, or a parser's word on the text the user gave (a query, the shapes file): one line.
# Anything else is a bug and shows its traceback.
_USER_ERRORS = (UserError, SyntaxError)


def _user_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn the errors a user can fix into a one-line message and exit status 1, never a traceback."""
    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except _USER_ERRORS as exc:
            # One line, even where a parser's message spans several (Oxigraph lists expected characters).
            raise click.ClickException(" ".join(str(exc).split())) from None
    return wrapper


def _show_settings(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    for setting in SETTINGS:
        click.echo(f"{setting.name} (default {setting.default!r}; BBKG_{setting.name.upper()}; "
                   f"--setting {setting.name} VALUE)\n    {setting.help}")
    ctx.exit()


def _with_settings(command: Callable[..., Any]) -> Callable[..., Any]:
    """`--setting NAME VALUE` (any setting of the registry, repeatable) and `--help-settings` on a command.

    Precedence, lowest first: defaults, BBKG_* variables, --setting, the command's own flags.
    """
    @wraps(command)
    def wrapper(*args: Any, setting: tuple[tuple[str, str], ...] = (), **kwargs: Any) -> Any:
        click.get_current_context().meta["bbkg.settings"] = dict(setting)
        return command(*args, **kwargs)

    wrapper = click.option("--setting", multiple=True, type=(str, str), metavar="NAME VALUE",
                           help="Set any setting (see --help-settings); repeatable.")(wrapper)
    return click.option("--help-settings", is_flag=True, is_eager=True, expose_value=False, callback=_show_settings,
                        help="List every setting with its default, variable and meaning, and exit.")(wrapper)


def _settings(flags: dict[str, Any]) -> dict[str, Any]:
    """The settings for this command: its --setting pairs, then its own flags (None means not given)."""
    given = dict(click.get_current_context().meta.get("bbkg.settings", {}))
    given.update({name: value for name, value in flags.items() if value is not None})
    return load_settings(given)


def _store_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--store", "store_dir", type=click.Path(file_okay=False), help=_HELP["store_dir"])(command)


@click.group()
def main() -> None:
    """bbkg: baseball news -> knowledge graph -> SPARQL."""


@main.command()
@_with_settings
@click.option("--input", "input_dir", type=click.Path(file_okay=False), help=_HELP["input_dir"])
@_store_option
@click.option("--master", "spark_master", help=_HELP["spark_master"])
@click.option("--model/--no-model", "extraction_model", default=None, help=_HELP["extraction_model"])
@click.option("--drop-updates", is_flag=True,
              help="Leave out the SPARQL updates applied to the store so far (its updates.log, which is renamed "
                   "and kept) instead of applying them to the new build.")
@_user_errors
def build(drop_updates: bool, **options: Any) -> None:
    """Read the articles, extract, compute connections, apply the store's earlier updates, and publish a new
    store."""
    from bbkg.pipeline import run_build
    from graph.algorithms import SOFTWARE

    settings = _settings(options)
    if not 0 <= settings["build_nice"] <= 19:
        raise SettingError(f"setting 'build_nice' takes 0 to 19, not {settings['build_nice']}")
    os.nice(settings["build_nice"])  # every process the build starts inherits it
    result = run_build(settings, on_stage=lambda name: click.echo(f"stage {name}", err=True),
                       drop_updates=drop_updates)
    click.echo(f"built {result.quads} quads into {result.build_dir}; connections, components, centrality and "
               f"communities computed by {SOFTWARE}")
    if result.updates_replayed:
        click.echo(f"applied the {result.updates_replayed} earlier SPARQL updates of the store's updates.log")
    if result.updates_set_aside is not None:
        click.echo(f"left out the earlier SPARQL updates; their log is now {result.updates_set_aside}")
    for name, seconds in result.timings.items():
        click.echo(f"  {name:<12} {seconds:7.2f} s")
    click.echo("  " + ", ".join(f"{k}={v}" for k, v in result.counts.items()))
    for article in result.skipped:
        click.echo(f"skipped {article['file_name']}: {article['error']}", err=True)


@main.command()
@_with_settings
@_store_option
@click.option("--host", help=_HELP["host"])
@click.option("--port", type=int, help=_HELP["port"])
@click.option("--workers", type=int, help=_HELP["workers"])
@_user_errors
def serve(**options: Any) -> None:
    """Serve the store over HTTP: /sparql, /dump.ttl, /api/connections and a page at /."""
    from server.serve import serve as run_server

    run_server(_settings(options), restart_for_allocator=True)


@main.command()
@_with_settings
@click.argument("sparql")
@_store_option
@click.option("--format", "format_name", default="json",
              type=click.Choice([f.name for f in RESULT_FORMATS + GRAPH_FORMATS]),
              help=f"Result format: {'/'.join(f.name for f in RESULT_FORMATS)} for SELECT and ASK, "
                   f"{'/'.join(f.name for f in GRAPH_FORMATS)} for CONSTRUCT and DESCRIBE.")
@_user_errors
def query(sparql: str, store_dir: str | None, format_name: str) -> None:
    """Run a SPARQL query against the current store and print the results (at most result_row_cap rows, as
    /sparql gives them: the same engine, the same bytes for the same format; no deadline)."""
    from store.engine import EngineStore, run_engine_query
    from store.query import NoAcceptableFormat

    settings = _settings({"store_dir": store_dir})
    cap = settings["result_row_cap"]
    media_types = {f.name: f.media_type for f in RESULT_FORMATS + GRAPH_FORMATS}
    is_results = format_name in {f.name for f in RESULT_FORMATS}
    try:
        answer = run_engine_query(EngineStore(settings["store_dir"]), sparql,
                                  media_types[format_name] if is_results else None,
                                  None if is_results else media_types[format_name], cap, [], [], math.inf, 0)
    except NoAcceptableFormat as exc:
        (graph_format if exc.is_graph else result_format)(format_name)  # raises the error naming the mismatch
        raise
    sys.stdout.buffer.write(answer.body)
    if answer.truncated:
        click.echo(f"bbkg: cut at {cap} rows (result_row_cap); raise it with --setting result_row_cap N "
                   "or narrow the query", err=True)


@main.command()
@_with_settings
@_store_option
@click.option("--format", "format_name", default="turtle",
              type=click.Choice([f.name for f in GRAPH_FORMATS]),
              help="Serialization: TriG and N-Quads keep the named graphs, the others give their union.")
@click.option("--graph", "graph_iri", help="Dump only this named graph (an article's graph, for instance).")
@click.option("--output", type=click.Path(dir_okay=False), help="File to write (default: standard output).")
@_user_errors
def dump(store_dir: str | None, format_name: str, graph_iri: str | None, output: str | None) -> None:
    """Write the whole graph, or one named graph, in a stable order."""
    from store.builds import open_current
    from store.dumps import dump_store, graph_exists

    store, _ = open_current(Path(_settings({"store_dir": store_dir})["store_dir"]))
    if graph_iri and not graph_exists(store, graph_iri):
        raise NotFoundError(f"no graph named <{graph_iri}>; "
                            "`bbkg query 'SELECT DISTINCT ?g WHERE { GRAPH ?g {} }'` lists them")
    if output:
        with open(output, "wb") as out:
            dump_store(store, format_name, out, graph_iri)
    else:
        dump_store(store, format_name, sys.stdout.buffer, graph_iri)


@main.command()
@_with_settings
@click.option("--from", "source", required=True, type=click.Path(file_okay=False, exists=True),
              help="The store folder of the machine that built (or a share of it mounted here).")
@_store_option
@_user_errors
def replicate(source: str, store_dir: str | None) -> None:
    """Copy the build another store folder serves into this one and switch to it atomically, for a replica."""
    from store.builds import replicate_build

    settings = _settings({"store_dir": store_dir})
    build = replicate_build(Path(source), Path(settings["store_dir"]), settings["keep_builds"])
    click.echo(f"serving build {build.name} in {settings['store_dir']}; a running `bbkg serve` there switches "
               "to it at its next request")


@main.command()
@_with_settings
@click.argument("names", nargs=-1, required=True)
@_store_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--links", type=click.Choice(["all", "record", "articles"]), default="all", show_default=True,
              help="Chains over the record's team-seasons, the articles' dated memberships and events, or both.")
@click.option("--after", type=int, help="Chains through seasons from this year on.")
@click.option("--before", type=int, help="Chains through seasons up to this year.")
@click.option("--chains", "how_many", type=click.IntRange(1, 10), default=1, show_default=True,
              help="How many shortest chains to print.")
@_user_errors
def connect(names: tuple[str, ...], store_dir: str | None, as_json: bool, links: str, after: int | None,
            before: int | None, how_many: int) -> None:
    """Organizations shared by all the people named, with their roles and evidence; for two people, the
    shortest chains of people who shared a season or an event between them."""
    from store.builds import open_current
    from store.measures import graph_measures
    from store.names import resolve_entity
    from store.paths import shortest_paths
    from store.shared import shared_among
    from store.seasons import chains as find_chains

    if len(names) < 2:
        raise click.UsageError("name at least two people")
    if after is not None and before is not None and after > before:
        raise click.UsageError("--after is later than --before: no season is in between")
    store, _ = open_current(Path(_settings({"store_dir": store_dir})["store_dir"]))
    people = [resolve_entity(store, name, "Person") for name in names]
    labels = {p.iri: p.label for p in people}
    measures = {p.iri: graph_measures(store, p.iri) for p in people}
    components = {m["component"] for m in measures.values()}
    connected = len(components) == 1 and None not in components
    shared = shared_among(store, people)
    paths = shortest_paths(store, people[0].iri, people[1].iri) if len(people) == 2 and connected else []
    chains = find_chains(store, people[0].iri, people[1].iri, links, after, before, how_many) \
        if len(people) == 2 else []
    if as_json:
        click.echo(json.dumps({
            "people": [{"iri": p.iri, "label": p.label, **measures[p.iri]} for p in people], "connected": connected,
            "shared_organizations": [s.as_dict() for s in shared], "paths": paths, "chains": chains}, indent=2))
        return
    who = ", ".join(p.label for p in people)
    if not connected:
        click.echo(f"{who} are not all in one component of the graph of organizations (GraphFrames): "
                   "no path through organizations joins them.")
    click.echo(f"No organization is shared by {who}." if not shared else f"Shared by {who}:")
    for org in shared:
        overlap = f", together {org.overlap['start']}–{org.overlap['end']}" if org.overlap else ""
        click.echo(f"\n{org.label}  <{org.iri}>  (computed by {org.computed_by}{overlap})")
        for person in people:
            roles = org.roles[person.iri]
            summary = ", ".join(_role_text(r) for r in roles)
            click.echo(f"  {person.label:<20} {summary}")
            for role in roles[:3]:
                evidence = role["evidence"][0]
                click.echo(f"      “{_shorten(evidence['quote'])}” ({evidence['article']})")
        if len(org.pairs) > 1:
            for pair in org.pairs:
                a, b = (labels[iri] for iri in pair["people"])
                years = f" {pair['overlap']['start']}–{pair['overlap']['end']}" if pair["overlap"] else ""
                click.echo(f"  {a} and {b}: {pair['computed_by']}{years}")
    if paths:
        click.echo("\nShortest path: " + " ".join(step.get("label") or f"-{step['predicate']}->" for step in paths[0]))
    if len(people) == 2:
        click.echo(f"\nNo chain of people who shared a season or an event joins {who}." if not chains else "")
    for chain in chains:
        click.echo(f"Chain of {len(chain['links'])} links:")
        for link in chain["links"]:
            click.echo("  " + _link_text(link))
            ends = {link[end]["iri"]: link[end]["label"] for end in ("from", "to")}
            for evidence in link["evidence"][:4]:
                click.echo("      " + _evidence_text(evidence, ends))


@main.command()
@_with_settings
@click.option("--gold", "gold_file", type=click.Path(exists=True, dir_okay=False),
              help="Gold file of entities and facts (default, in a checkout: the seeds' gold, tests/gold/seeds.json).")
@_store_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@_user_errors
def evaluate(gold_file: str | None, store_dir: str | None, as_json: bool) -> None:
    """Score the built graph against a gold file: precision, recall and F1 for entities and facts."""
    if gold_file is None:
        # The seeds' gold lives with the tests, which an installed wheel does not carry.
        checkout_gold = PROJECT_ROOT / "tests" / "gold" / "seeds.json"
        if not checkout_gold.is_file():
            raise click.UsageError("name a gold file with --gold (the seeds' gold is tests/gold/seeds.json in a "
                                   "checkout of bbkg)")
        gold_file = str(checkout_gold)
    from bbkg.evaluate import evaluate as run_evaluation
    from store.builds import open_current

    store, _ = open_current(Path(_settings({"store_dir": store_dir})["store_dir"]))
    scores = run_evaluation(store, Path(gold_file))
    if as_json:
        click.echo(json.dumps(scores, indent=2))
        return
    click.echo(f"{'':<14}{'precision':>10}{'recall':>8}{'F1':>7}{'gold':>6}{'found':>7}")
    rows = [("entities", scores["entities"])] + [(f"  {r}", v) for r, v in scores["facts"].items()]
    for name, s in rows + [("role years", scores["role_years"])]:
        label = "facts (all)" if name == "  all" else name
        click.echo(f"{label:<14}{s['precision']:>10.3f}{s['recall']:>8.3f}{s['f1']:>7.3f}{s['gold']:>6}"
                   f"{s['predicted']:>7}")
    if "non_facts" in scores:
        click.echo(f"non-facts stated: {scores['non_facts']['stated']} of {scores['non_facts']['gold']}")


def _role_text(role: dict[str, Any]) -> str:
    years = ""
    if role["start"] is not None or role["end"] is not None:
        # An unstated bound shows as "?": "–2009" would read as a stated end of an unknown role.
        start, end = role["start"] or "?", role["end"] or "?"
        years = f" {start}" if start == end else f" {start}–{end}"
    via = f" via {role['via']['label']}" if role["via"] else ""
    return f"{role['role']}{via}{years}"


def _link_text(link: dict[str, Any]) -> str:
    """One link of a chain: "Wally Backman —1982 New York Mets (record)— George Bamberger"."""
    shared = f"{link['season']} {link['club']['label']}" if "club" in link else \
        f"{link['season']}, {link['event']['label']}"
    return f"{link['from']['label']} —{shared} ({', '.join(link['sources'])})— {link['to']['label']}"


def _evidence_text(evidence: dict[str, Any], labels: dict[str, str]) -> str:
    """Why one of a link's two people (`labels`: their IRIs' labels) was in its season or event."""
    who = labels[evidence["person"]]
    if evidence["source"] == "record":
        games = f", {evidence['games']} games" if evidence["games"] is not None else ""
        return f"record: {who}, {evidence['role']}, {evidence['team_season']['label']}{games}"
    return f"{who}: “{_shorten(evidence['quote'] or '')}” ({evidence['article']})"


def _shorten(text: str, width: int = 100) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


if __name__ == "__main__":
    main()
