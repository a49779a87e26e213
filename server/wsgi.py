"""What every way into the app does around an answer, with or without Flask: count it, add the CORS headers,
refuse a body over the size limit."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.wrappers import Request, Response

from server.errors import json_error_body, plain_body
from server.metrics import Metrics

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


# Every answer: a browser must not guess another type than the one sent (a Turtle literal read as HTML).
SAFE_CONTENT = {"X-Content-Type-Options": "nosniff"}
# Pages: scripts and styles from this server only (YASGUI sets inline styles), no framing, no plugins.
PAGE_POLICY = {"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                          "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                                          "frame-ancestors 'none'; form-action 'self'"}


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
        # Any origin may read; only the origins named one by one may send an update token from their pages.
        allowed_headers = "Content-Type, Accept" if "*" in self.origins else "Content-Type, Accept, Authorization"
        cors = {"Access-Control-Allow-Origin": "*" if "*" in self.origins else origin,
                "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
                "Access-Control-Allow-Headers": allowed_headers,
                "Access-Control-Expose-Headers": "X-Result-Truncated, X-Result-Row-Cap"}
        if "*" not in self.origins:
            cors["Vary"] = ", ".join(filter(None, (vary, "Origin")))
        return cors

    def add_headers(self, request: Request, response: Response) -> None:
        response.headers.update(self.headers(request.headers.get("Origin"), response.headers.get("Vary")))


# Methods whose requests carry a body; a GET's or HEAD's is never read, so it is not counted either.
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class BodyLimit:
    """WSGI middleware that refuses with 413 any request whose body is over `max_bytes`, counting the bytes
    actually read: a chunked (or HTTP/2) body has no Content-Length for werkzeug to check, and werkzeug's
    reader then stops at the limit without saying so, which ran the first megabyte of a longer update.

    A body without a length is read here, up to one byte past the limit, and handed on with its length; a
    body with a Content-Length over the limit is refused here as well, before anything of it is read.
    """

    def __init__(self, app: WsgiApp, max_bytes: int, metrics: Metrics, cors: CorsPolicy) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.metrics = metrics
        self.cors = cors

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        declared = environ.get("CONTENT_LENGTH") or ""
        if declared.strip():
            if declared.strip().isdigit() and int(declared) > self.max_bytes:
                return self._too_large(environ, start_response)
            return self.app(environ, start_response)
        if environ.get("REQUEST_METHOD") not in _BODY_METHODS and not environ.get("HTTP_TRANSFER_ENCODING"):
            return self.app(environ, start_response)
        body = _read_at_most(environ["wsgi.input"], self.max_bytes + 1)
        if len(body) > self.max_bytes:
            return self._too_large(environ, start_response)
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        return self.app(environ, start_response)

    def _too_large(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        message = f"the request body is longer than {self.max_bytes} bytes (setting max_request_bytes)"
        if environ.get("PATH_INFO") == "/sparql":  # the protocol's errors are text, the API's JSON
            body, media_type = plain_body(message), "text/plain; charset=utf-8"
        else:
            body, media_type = json_error_body(413, message), "application/json"
        count_request(self.metrics, 413)
        headers = {"Content-Type": media_type, "Content-Length": str(len(body)), **SAFE_CONTENT,
                   **self.cors.headers(environ.get("HTTP_ORIGIN"))}
        start_response("413 Request Entity Too Large", list(headers.items()))
        return [body]


def _read_at_most(stream: Any, limit: int) -> bytes:
    """Up to `limit` bytes of a WSGI input stream, fewer where it ends first."""
    chunks: list[bytes] = []
    remaining = limit
    while remaining > 0:
        chunk = stream.read(min(remaining, 65536))
        if not chunk:
            break
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)
