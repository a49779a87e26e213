"""Running the app under gunicorn: several worker processes, each with its own read-only store handle."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from gunicorn.app.base import BaseApplication

from bbkg.config import load_settings
from server import create_app
from server.metrics import Metrics
from store.builds import StoreNotBuiltError, current_build


class _GunicornApp(BaseApplication):  # type: ignore[misc]
    def __init__(self, settings: Mapping[str, Any]) -> None:
        self.settings = settings
        self.metrics = Metrics()  # created in the master, so every forked worker adds to the same counters
        super().__init__()

    def load_config(self) -> None:
        self.cfg.set("bind", f"{self.settings['host']}:{self.settings['port']}")
        self.cfg.set("workers", self.settings["workers"])
        self.cfg.set("accesslog", "-")
        # Long queries arrive in GET URLs; gunicorn's largest request line (longer ones: use POST).
        self.cfg.set("limit_request_line", 8190)
        # A worker busy with a query waits on its query process; gunicorn must not kill it first.
        self.cfg.set("timeout", int(self.settings["query_timeout"]) + 30)
        # Workers import the app after forking, so that no store handle crosses a fork.
        self.cfg.set("preload_app", False)

    def load(self) -> Any:
        return create_app(self.settings, self.metrics)


def serve(settings: Mapping[str, Any]) -> None:
    """Serve the store named in settings until interrupted."""
    resolved = load_settings(settings)
    if current_build(Path(resolved["store_dir"])) is None:
        raise StoreNotBuiltError(f"no built store in {resolved['store_dir']}; "
                                 f"run `bbkg build --store {resolved['store_dir']}` first")
    _GunicornApp(resolved).run()
