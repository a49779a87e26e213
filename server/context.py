"""What a view needs from the app: the current store and the settings."""

from __future__ import annotations

from typing import Any

from flask import current_app
from pyoxigraph import Store


def current_store() -> Store:
    return current_app.extensions["bbkg_store"].get()


def setting(name: str) -> Any:
    return current_app.config["BBKG"][name]
