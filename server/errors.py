"""The one JSON error shape of the API, and the handlers that use it."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, Response, jsonify
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from vocab.errors import UserError
from server.evaluation import QueryStopped, QueryTimeout
from store.builds import StoreUnavailableError


def error_document(status: int, message: str, **details: Any) -> dict[str, Any]:
    """The API's one error shape: {"error": {"status": ..., "message": ..., ...details}}."""
    return {"error": {"status": status, "message": message, **details}}


def json_error(status: int, message: str, **details: Any) -> tuple[Response, int]:
    """The error shape as a Flask answer with that HTTP status."""
    return jsonify(error_document(status, message, **details)), status


def json_error_body(status: int, message: str) -> bytes:
    """The error shape as bytes, for the WSGI layers that answer before Flask is reached."""
    return json.dumps(error_document(status, message)).encode("utf-8")


def plain_body(message: str) -> bytes:
    """A text/plain message as the protocol's answers write it: the message, one line end."""
    return (message.rstrip("\n") + "\n").encode("utf-8")


def plain(status: int, message: str, **headers: str) -> Response:
    """A text/plain error, as SPARQL protocol clients expect (the parser's message, line and column)."""
    return Response(plain_body(message), status=status, mimetype="text/plain", headers=headers)


def stopped_headers(exc: QueryStopped) -> dict[str, str]:
    """Retry-After for a request stopped at its deadline (a busy moment may pass); none for one stopped at its
    memory cap, which would end the same way."""
    return {"Retry-After": "0"} if isinstance(exc, QueryTimeout) else {}


def count_stopped(metrics: Any, exc: QueryStopped, timeouts_counter: str) -> None:
    """Count a stopped request: under `timeouts_counter` past its deadline, as a memory stop past its cap."""
    metrics.count(timeouts_counter if isinstance(exc, QueryTimeout) else "query_memory_stops")


def register(app: Flask) -> None:
    @app.errorhandler(QueryStopped)
    def stopped(exc: QueryStopped) -> tuple[Response, int]:
        # The API's and the pages' answer; the resource pages answer in HTML, /sparql in plain text.
        count_stopped(app.extensions["bbkg_metrics"], exc, "api_timeouts")
        response, status = json_error(503, str(exc))
        response.headers.update(stopped_headers(exc))
        return response, status

    @app.errorhandler(StoreUnavailableError)
    def store_unavailable(exc: StoreUnavailableError) -> tuple[Response, int]:
        app.logger.error("store unavailable: %s", exc)  # the full reason, with paths, for the operator only
        return json_error(503, exc.public_message)

    @app.errorhandler(UserError)
    def user_error(exc: UserError) -> tuple[Response, int]:
        return json_error(exc.status, str(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> tuple[Response, int]:
        response, status = json_error(exc.code or 500, exc.description or exc.name)
        if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
            response.headers["Allow"] = ", ".join(exc.valid_methods)
        return response, status

    @app.errorhandler(Exception)
    def server_error(exc: Exception) -> tuple[Response, int]:
        # The traceback goes to the log, never to the client.
        app.logger.exception("unhandled error")
        return json_error(500, "internal server error; the server log has the details")
