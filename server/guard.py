"""Refusing queries that would make the server reach out to other hosts.

pyoxigraph evaluates SERVICE and LOAD by making real HTTP requests and has no switch
to turn that off. The endpoint refuses them before evaluation (this module), and runs
queries in a process without network access as a second line (see executor.py).
"""

from __future__ import annotations

import re

# Strings (long and short), IRIs and comments: the places where a keyword is not a keyword. As in the SPARQL
# grammar (COMMENT, STRING_LITERAL1/2), a comment ends at CR as well as LF, and a short string spans neither:
# a comment ended by a lone CR must not hide the code after it.
_NOT_CODE = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""'
    r"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    r'|"(?:[^"\\\n\r]|\\.)*"'
    r"|'(?:[^'\\\n\r]|\\.)*'"
    r"|<[^<>\"{}|^`\\\s]*>"
    r"|#[^\n\r]*",
    re.S,
)
_REMOTE_KEYWORDS = re.compile(r"(?<![\w:?$])(SERVICE|LOAD)(?![\w:])", re.I)


# Oxigraph's parser recurses once per nesting level and overflows its stack (the query process dies) a
# few thousand levels down; real queries nest a handful of levels.
MAX_NESTING = 256


class RemoteAccessRefused(ValueError):
    """The query names SERVICE or LOAD, which this endpoint never evaluates."""


class TooDeeplyNested(ValueError):
    """The query nests brackets deeper than MAX_NESTING."""


def _too_deep(code: str) -> bool:
    """Whether the brackets of `code` nest deeper than MAX_NESTING."""
    # No query nests deeper than it has opening brackets, and counting them is C work: the character loop
    # below (Python work on every query) runs only for the rare query that could be too deep.
    if code.count("(") + code.count("{") + code.count("[") <= MAX_NESTING:
        return False
    depth = deepest = 0
    for char in code:
        if char in "({[":
            depth += 1
            deepest = max(deepest, depth)
        elif char in ")}]":
            depth -= 1
    return deepest > MAX_NESTING


def refuse_remote_access(query: str) -> None:
    """Raise RemoteAccessRefused if `query` uses SERVICE or LOAD outside strings, IRIs and comments, and
    TooDeeplyNested if its brackets nest deeper than MAX_NESTING (checked before the parser sees it)."""
    code = _NOT_CODE.sub(" ", query)
    if _too_deep(code):
        raise TooDeeplyNested(f"the query nests brackets more than {MAX_NESTING} levels deep; simplify it")
    found = _REMOTE_KEYWORDS.search(code)
    if found:
        keyword = found.group(1).upper()
        raise RemoteAccessRefused(
            f"{keyword} is disabled on this endpoint: it would make the server fetch data from another host. "
            "Query the data loaded here, or fetch the remote data yourself.")
