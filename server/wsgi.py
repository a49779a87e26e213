"""What every way into the app does around an answer, with or without Flask: count it, add the CORS headers."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.wrappers import Request, Response

from server.metrics import Metrics

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def count_request(metrics: Metrics, status: int) -> None:
    """Every answer counts as a request, and a 5xx one as a server error too (cache hits count in the cache)."""
    metrics.count("requests")
    if status >= 500:
        metrics.count("server_errors")


class CorsPolicy:
    """CORS for the origins listed in the cors_origins setting ("*" for any); none when it is empty."""

    def __init__(self, origins_setting: str) -> None:
        self.origins = {o.strip() for o in origins_setting.split(",") if o.strip()}

    def headers(self, origin: str | None, vary: str | None = None) -> dict[str, str]:
        """The CORS headers for a request from `origin`, none when it is not allowed (or not sent); with
        Origin added to the answer's `vary` unless every origin gets the same "*"."""
        if not origin or not self.origins or not ("*" in self.origins or origin in self.origins):
            return {}
        cors = {"Access-Control-Allow-Origin": "*" if "*" in self.origins else origin,
                "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
                "Access-Control-Allow-Headers": "Content-Type, Accept, Authorization",
                "Access-Control-Expose-Headers": "X-Result-Truncated, X-Result-Row-Cap"}
        if "*" not in self.origins:
            cors["Vary"] = ", ".join(filter(None, (vary, "Origin")))
        return cors

    def add_headers(self, request: Request, response: Response) -> None:
        response.headers.update(self.headers(request.headers.get("Origin"), response.headers.get("Vary")))
