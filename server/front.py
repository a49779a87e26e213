"""The front door of `bbkg serve`: one process that holds the server's listening socket, answers SPARQL
operations itself and hands every other connection to granian's workers, on a Unix socket.

granian's WSGI bridge costs a small query more than its evaluation (the request crosses two threads and becomes
a dict before the endpoint sees it), and one process's GIL cannot answer many queries at once. So the front is in
the engine (bbkg_engine.serve_front, Rust), one thread per connection. A query, with its dataset if it has one, is
answered by the engine's endpoint (engine/src/endpoint.rs) by the rules of server/sparql.py and server/cache.py,
without Python; any other SPARQL operation goes to `respond` below, with the GIL, which runs the very WSGI app the
workers run. A page, the API, HEAD, a chunked body or any request the front does not take turns the connection
into a byte-for-byte tunnel to granian for the rest of its life.

The process supervises: it runs the front in a child of its own and starts another whenever that one ends.
"""

from __future__ import annotations

import ctypes
import io
import os
import resource
import signal
import socket
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import bbkg_engine

from vocab.config import load_settings
from vocab.errors import UserError
from server import create_app
from server.executor import SLOTS_BUSY, QueryRequest, over_memory, timed_out
from server.media import GRAPH_TYPES, RESULT_TYPES
from server.metrics import COUNTERS, LATENCY_BUCKETS, METRICS_FILE_VARIABLE, Metrics
from server.sparql import SparqlEndpoint, answer_types
from server.wsgi import CorsPolicy, WsgiApp

Respond = Callable[[str, str, list[tuple[str, str]], bytes, str], tuple[str, list[tuple[str, str]], bytes]]

# What the front process is handed by `bbkg serve`: the listening socket's descriptor, granian's socket, and the
# pid of the server it must not outlive.
LISTENER_FD_VARIABLE = "BBKG_FRONT_LISTENER_FD"
UPSTREAM_VARIABLE = "BBKG_FRONT_UPSTREAM"
PARENT_VARIABLE = "BBKG_FRONT_PARENT"
_PR_SET_PDEATHSIG = 1
# A front that ends is started again after this pause; one that ends this many times in a row within this many
# seconds of its start cannot start, and the front process ends.
RESTART_PAUSE_SECONDS = 0.2
QUICK_ENDS = 5
QUICK_END_SECONDS = 5.0


class CannotListenError(UserError, OSError):
    """The server's address cannot be listened on (taken, or not this host's)."""


def listen(host: str, port: int, backlog: int = 1024) -> socket.socket:
    """A socket listening on host:port, for the front process to accept on; CannotListenError in one line."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        listener = socket.socket(family, kind, protocol)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(backlog)
    except OSError as exc:
        raise CannotListenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return listener


def start_front(listener: socket.socket, upstream: Path) -> subprocess.Popen[bytes]:
    """The front process, accepting on `listener` (this process's copy may be closed once it has started) and
    tunnelling to granian at `upstream`; its settings come from the BBKG_* variables, as the workers' do."""
    env = {**os.environ, LISTENER_FD_VARIABLE: str(listener.fileno()), UPSTREAM_VARIABLE: str(upstream),
           PARENT_VARIABLE: str(os.getpid())}
    return subprocess.Popen([sys.executable, "-m", "server.front"], env=env, pass_fds=[listener.fileno()])


def stop_front(front: subprocess.Popen[bytes], seconds: float = 10) -> None:
    front.terminate()
    try:
        front.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        front.kill()
        front.wait()


def wsgi_responder(app: WsgiApp, settings: Mapping[str, Any]) -> Respond:
    """The `respond` the engine's front calls: one request through the WSGI app `app`, its answer whole."""
    server_name, server_port = str(settings["host"]), str(settings["port"])

    def respond(method: str, query_string: str, headers: list[tuple[str, str]], body: bytes,
                peer: str) -> tuple[str, list[tuple[str, str]], bytes]:
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method, "SCRIPT_NAME": "", "PATH_INFO": "/sparql", "QUERY_STRING": query_string,
            "SERVER_NAME": server_name, "SERVER_PORT": server_port, "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": peer, "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr, "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False}
        for name, value in headers:
            key = {"content-type": "CONTENT_TYPE", "content-length": "CONTENT_LENGTH"}.get(
                name, "HTTP_" + name.upper().replace("-", "_"))
            environ[key] = f"{environ[key]}, {value}" if key in environ else value
        status_and_headers: list[Any] = []

        def start_response(status: str, response_headers: list[tuple[str, str]], exc_info: Any = None) -> None:
            status_and_headers[:] = [status, response_headers]

        chunks = app(environ, start_response)
        try:
            answer = b"".join(chunks)
        finally:
            if hasattr(chunks, "close"):
                chunks.close()
        status, response_headers = status_and_headers
        return status, list(response_headers), answer

    return respond


def _die_with(parent: int) -> None:
    """Be killed when `parent` ends, however it ends; exit now if it has already."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(0)


def main() -> None:
    """The front process: `bbkg serve` starts it (start_front) and stops it with SIGTERM. It holds the listening
    socket and runs the front in a child of its own, started again whenever it ends: a query that crashes the
    engine costs the connections in flight, never the server's address."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a Ctrl-C reaches the server too, which stops this process
    _die_with(int(os.environ[PARENT_VARIABLE]))
    _allow_all_descriptors()
    supervisor, quick_ends = os.getpid(), 0
    while True:
        started = time.monotonic()
        child = os.fork()
        if child == 0:
            _die_with(supervisor)
            try:
                serve_front()
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(1)
        _, status = os.waitpid(child, 0)
        quick_ends = quick_ends + 1 if time.monotonic() - started < QUICK_END_SECONDS else 0
        if quick_ends >= QUICK_ENDS:
            # It cannot start: say so and end, and `bbkg serve` stops with it, rather than serve nothing.
            print(f"bbkg serve: the front's process ended {quick_ends} times in a row within "
                  f"{QUICK_END_SECONDS:g} s of its start ({_ended(status)}); stopping", file=sys.stderr, flush=True)
            sys.exit(1)
        print(f"bbkg serve: the front's process {child} ended ({_ended(status)}); starting it again",
              file=sys.stderr, flush=True)
        time.sleep(RESTART_PAUSE_SECONDS)


def _allow_all_descriptors() -> None:
    """Raise the soft limit on open files to the hard one: each connection holds one, each tunnel four."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _ended(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"


def serve_front() -> None:
    """Answer on the listening socket until this process is killed."""
    settings = load_settings()
    os.environ.pop("BBKG_UPDATE_TOKEN", None)  # the query processes this process may start must not inherit it
    metrics_file = Path(os.environ[METRICS_FILE_VARIABLE])
    metrics = Metrics(metrics_file)
    metrics.count("requests", 0)  # claims this process's region before the engine claims one of its own
    # The engine caches what it answers; the few operations left to Python here are not worth a second cache.
    app = create_app({**settings, "query_cache_bytes": 0}, metrics)
    endpoint: SparqlEndpoint = app.extensions["bbkg_sparql"]
    bbkg_engine.serve_front(int(os.environ[LISTENER_FD_VARIABLE]), os.environ[UPSTREAM_VARIABLE],
                            wsgi_responder(app.wsgi_app, settings), endpoint.engine, answer_types,
                            engine_settings(settings, metrics_file), access_log=bool(settings["access_log"]))


def engine_settings(settings: Mapping[str, Any], metrics_file: Path) -> dict[str, Any]:
    """What the engine's endpoint needs to answer as SparqlEndpoint does (engine/src/endpoint.rs's
    EndpointSettings, field by field)."""
    memory_cap = settings["query_memory_mb"] * 2**20
    return {
        "store_dir": str(settings["store_dir"]), "max_query_bytes": settings["max_request_bytes"],
        "timeout": float(settings["query_timeout"]), "row_cap": settings["result_row_cap"],
        "memory_cap": memory_cap,
        # The front evaluates the queries every worker used to: it has all their slots.
        "query_slots": settings["query_slots"] * settings["workers"],
        "cache_bytes": settings["query_cache_bytes"], "cors": bool(CorsPolicy(settings["cors_origins"]).origins),
        "results_offers": ", ".join(RESULT_TYPES), "graph_offers": ", ".join(GRAPH_TYPES),
        "timeout_message": str(timed_out(QueryRequest(""), settings["query_timeout"])),
        "memory_message": str(over_memory(QueryRequest(""), memory_cap)),
        "busy_message": SLOTS_BUSY,
        "metrics_file": str(metrics_file), "counters": list(COUNTERS), "buckets": list(LATENCY_BUCKETS)}


if __name__ == "__main__":
    main()
