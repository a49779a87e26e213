"""What a view needs from the app: the current store, the settings, the metrics, a lookup in a query
process, and the check every name a client sends passes before any lookup."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import current_app
from pyoxigraph import NamedNode, Store

from vocab.errors import UserError
from server.executor import ApiAnswer, ApiRequest, QueryExecutor
from server.metrics import Metrics
from server.openapi import MAX_NAME_CHARS
from store.names import is_iri_name


class InputError(UserError, ValueError):
    """A parameter a view cannot accept; answered 400 with the message."""


def current_store() -> Store:
    return current_app.extensions["bbkg_store"].get()


def store_dir() -> Path:
    """The folder of the store's builds (the `current` link the server follows)."""
    return Path(current_app.extensions["bbkg_store"].store_dir)


def executor() -> QueryExecutor:
    return current_app.extensions["bbkg_executor"]


def setting(name: str) -> Any:
    return current_app.config["BBKG"][name]


def metrics() -> Metrics:
    return current_app.extensions["bbkg_metrics"]


def lookup(call: str, **args: Any) -> ApiAnswer:
    """One of the executor's API_CALLS in a killable query process without network, under api_timeout."""
    return executor().run(ApiRequest(call, args), timeout=setting("api_timeout"))


def checked_name(name: str, parameter: str) -> str:
    """A name or IRI as sent, once it is one the lookups can take; InputError otherwise."""
    if not name.strip():
        raise InputError(f"'{parameter}' is empty; send a name, an alias or an IRI")
    if len(name) > MAX_NAME_CHARS:
        raise InputError(f"'{parameter}' is longer than {MAX_NAME_CHARS} characters")
    if is_iri_name(name):
        try:
            NamedNode(name)
        except ValueError as exc:
            raise InputError(f"'{parameter}' is not a valid IRI: {exc}") from None
    return name
