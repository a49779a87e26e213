"""Running store work in a child process that has no network and can be killed at a deadline.

pyoxigraph can neither cancel a query or an update nor switch off SERVICE and LOAD, which make real
HTTP requests: a process of its own, in an empty network namespace, is the one hard limit.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import resource
import signal
from collections.abc import Callable
from typing import Any

from vocab.errors import UnavailableError

_CLONE_NEWNET = 0x40000000
_CLONE_NEWUSER = 0x10000000
# The exit status of a process whose Python code ran out of its memory cap; the engine (Rust, RocksDB) aborts
# instead, with SIGABRT.
OUT_OF_MEMORY_EXIT = 75


class DeadlineExceeded(UnavailableError):
    """The work ran past its deadline; its process was killed."""


def drop_network() -> bool:
    """Move this process into a new, empty network namespace; False where the kernel refuses."""
    libc = ctypes.CDLL(None, use_errno=True)
    for flags in (_CLONE_NEWNET, _CLONE_NEWUSER | _CLONE_NEWNET):
        if libc.unshare(flags) == 0:
            return True
    return False


def data_memory_bytes() -> int:
    """This process's private writable memory (VmData: heap, anonymous mappings, thread stacks), in bytes."""
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmData:"))


def cap_data_memory(extra_bytes: int) -> int:
    """Let this process allocate at most `extra_bytes` more private memory than it holds now (RLIMIT_DATA, soft
    and hard: it cannot be raised again); returns the limit. Past it an allocation fails: MemoryError in Python,
    an abort in the engine, which then leaves without a core file or a backtrace."""
    limit = data_memory_bytes() + extra_bytes
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
    # An abort at the cap is expected: a core file would take the disk, a backtrace the server's log.
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.environ["RUST_BACKTRACE"] = "0"
    return limit


def ran_out_of_memory(exit_code: int | None) -> bool:
    """Whether a capped process that ended with `exit_code` (multiprocessing's: -N for signal N) ran out of its
    cap: its Python code exited with OUT_OF_MEMORY_EXIT, or the engine aborted, which in a capped process is
    taken to be a failed allocation (the engine aborts on nothing else a query can cause)."""
    return exit_code in (OUT_OF_MEMORY_EXIT, -signal.SIGABRT)


def exit_out_of_memory() -> None:
    """Leave at once with OUT_OF_MEMORY_EXIT: after a MemoryError nothing in this process can be trusted."""
    os._exit(OUT_OF_MEMORY_EXIT)


def _child(conn: Any, work: Callable[..., Any], args: tuple[Any, ...], isolate_network: bool) -> None:
    if isolate_network:
        drop_network()
    try:
        conn.send(("ok", work(*args)))
    except Exception as exc:  # sent back and raised again in the parent, which decides what it means
        conn.send(("error", exc))


def run_isolated(work: Callable[..., Any], args: tuple[Any, ...], timeout: float,
                 isolate_network: bool = True) -> Any:
    """`work(*args)` in a fresh process without network: its result, its exception raised here, or
    DeadlineExceeded once `timeout` seconds have passed (the process is killed at once)."""
    # spawn, not fork: the parent may hold threads (server threads, a JVM gateway in tests).
    context = multiprocessing.get_context("spawn")
    parent_end, child_end = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(child_end, work, args, isolate_network), daemon=True)
    process.start()
    child_end.close()
    try:
        if not parent_end.poll(timeout):
            process.kill()
            raise DeadlineExceeded(f"ran longer than {timeout:g} s and was stopped")
        status, value = parent_end.recv()
    except EOFError:
        process.join(5)
        raise RuntimeError(f"the isolated process died (exit code {process.exitcode})") from None
    finally:
        process.join(5)
        parent_end.close()
    if status == "error":
        raise value
    return value


def network_isolation_available() -> bool:
    """Whether this kernel lets a process drop into an empty network namespace (checked in a throwaway one)."""
    return bool(run_isolated(drop_network, (), timeout=30.0, isolate_network=False))
