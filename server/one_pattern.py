"""Recognizing the queries a server worker may evaluate itself: a SELECT over one triple pattern.

Any other query runs in a killable query process (executor.py), because pyoxigraph cannot stop a query it
is evaluating. One triple pattern is the exception: Oxigraph answers it by walking one index, a row per
step, lazily, so the worker stops it between rows at its deadline (store/query.py's `deadline`) and no step
is long. The shape is read strictly: a query is admitted only when every character of it belongs to the
grammar below, so whatever is admitted is surely one pattern to Oxigraph's parser too; anything else (a
comment, an unusual name, a second pattern, a FILTER, DISTINCT, ORDER BY, OFFSET, a path) goes to a query
process, which is always safe.

    Prologue ("PREFIX" pname-namespace IRI | "BASE" IRI)*
    "SELECT" ("*" | variable+) ["WHERE"] "{" term term term ["."] "}" ["LIMIT" integer]

A variable appears at most once in the pattern: `?x ?p ?x` makes Oxigraph skip every triple whose subject
and object differ, which may be the whole store between two rows. One pattern holds no SERVICE, so the
worker reaches no other host.
"""

from __future__ import annotations

import re

_IRI = r"<[^<>\"{}|^`\\\x00-\x20]*>"
_PNAME = r"[A-Za-z][A-Za-z0-9_-]*:[A-Za-z0-9_-]*"
_STRING = r"\"(?:[^\"\\\n\r]|\\[tbnrf\"'\\])*\"|'(?:[^'\\\n\r]|\\[tbnrf\"'\\])*'"
_WS = r"[ \t\r\n]*"  # SPARQL's white space, and no other
_VAR = r"[?$][A-Za-z_][A-Za-z0-9_]*"
# Each term is an atomic group: once one of its forms matched, no shorter reading of the same characters is
# tried, so the query splits into terms as a tokenizer (and Oxigraph's parser) splits it.
_TERM = (rf"(?>{_IRI}|(?:{_STRING})(?:@[A-Za-z]+(?:-[A-Za-z0-9]+)*|\^\^(?:{_IRI}|{_PNAME}))?|{_VAR}"
         rf"|[+-]?[0-9]+(?:\.[0-9]+)?|{_PNAME})")


def _keyword(word: str) -> str:
    return rf"(?i:{word})(?![A-Za-z0-9_:])"


_ONE_PATTERN = re.compile(
    rf"{_WS}(?:(?:{_keyword('PREFIX')}{_WS}[A-Za-z][A-Za-z0-9_-]*:{_WS}{_IRI}|{_keyword('BASE')}{_WS}{_IRI}){_WS})*"
    rf"{_keyword('SELECT')}{_WS}(?:\*|(?>{_VAR})(?:{_WS}(?>{_VAR}))*){_WS}(?:{_keyword('WHERE')}{_WS})?"
    rf"\{{{_WS}(?P<subject>{_TERM}){_WS}(?P<predicate>{_TERM}|a(?![A-Za-z0-9_:])){_WS}(?P<object>{_TERM})"
    rf"{_WS}(?:\.{_WS})?\}}{_WS}(?:{_keyword('LIMIT')}{_WS}[0-9]+(?![0-9.]){_WS})?",
    re.ASCII,  # without it, ignoring case would let "ſELECT" (a long s) be SELECT
)


def is_one_triple_pattern(text: str) -> bool:
    """Whether `text` is, by the strict grammar above, a SELECT over one triple pattern."""
    found = _ONE_PATTERN.fullmatch(text)
    if found is None:
        return False
    variables = [term[1:] for term in found.group("subject", "predicate", "object") if term[0] in "?$"]
    return len(set(variables)) == len(variables)
