"""What a view needs from the app: the current store, the settings, the metrics."""

from __future__ import annotations

from typing import Any

from flask import current_app
from pyoxigraph import Store

from server.metrics import Metrics


def current_store() -> Store:
    return current_app.extensions["bbkg_store"].get()


def setting(name: str) -> Any:
    return current_app.config["BBKG"][name]


def metrics() -> Metrics:
    return current_app.extensions["bbkg_metrics"]
