"""A real Spark standalone cluster on this machine: a master and workers, each a JVM of its own started from
PySpark's own distribution (`pyspark/bin/spark-class`), talking over RPC on 127.0.0.1. The tests build on it,
and `make cluster` starts one for people who want to try `bbkg build --master` before they have machines.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyspark

from vocab.errors import UserError

SPARK_HOME = Path(pyspark.__file__).parent
MASTER_CLASS = "org.apache.spark.deploy.master.Master"
WORKER_CLASS = "org.apache.spark.deploy.worker.Worker"


class ClusterStartError(UserError, RuntimeError):
    """The cluster's master or a worker did not come up in time; its log says why."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _environment(work_dir: Path) -> dict[str, str]:
    return {**os.environ, "SPARK_HOME": str(SPARK_HOME), "SPARK_LOCAL_IP": "127.0.0.1",
            "SPARK_LOG_DIR": str(work_dir / "logs"), "SPARK_NO_DAEMONIZE": "1",
            # The executors' Python workers run this interpreter, with bbkg and its packages installed.
            "PYSPARK_PYTHON": sys.executable}


@dataclass
class StandaloneCluster:
    """A running master and its workers; `master_url` is what `bbkg build --master` takes."""
    work_dir: Path
    master_port: int
    web_port: int
    master: subprocess.Popen[bytes] | None = None
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def master_url(self) -> str:
        return f"spark://127.0.0.1:{self.master_port}"

    def state(self) -> dict[str, Any]:
        """The master's own account of the cluster (its web UI's /json): workers, their state, applications."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.web_port}/json/", timeout=5) as answer:
            state: dict[str, Any] = json.load(answer)
        return state

    def alive_workers(self) -> int | None:
        """Workers the master counts alive; None while the master does not answer."""
        try:
            workers = self.state().get("workers", [])
        except OSError:
            return None
        return sum(1 for worker in workers if worker.get("state") == "ALIVE")

    def executor_logs(self) -> list[Path]:
        """Every executor's stderr, in the workers' work folders (`<worker>/<app>/<executor>/stderr`)."""
        return sorted(self.work_dir.glob("worker-*/app-*/*/stderr"))

    def _spawn(self, name: str, arguments: list[str]) -> subprocess.Popen[bytes]:
        log = open(self.work_dir / f"{name}.log", "ab")  # noqa: SIM115 - the child keeps it
        return subprocess.Popen([str(SPARK_HOME / "bin" / "spark-class"), *arguments], stdout=log,
                                stderr=subprocess.STDOUT, env=_environment(self.work_dir), start_new_session=True)

    def start_worker(self, cores: int = 1, memory: str = "2g") -> None:
        index = len(self.workers)
        folder = self.work_dir / f"worker-{index}"
        folder.mkdir(parents=True, exist_ok=True)
        self.workers.append(self._spawn(f"worker-{index}", [
            WORKER_CLASS, "--host", "127.0.0.1", "--cores", str(cores), "--memory", memory,
            "--work-dir", str(folder), "--webui-port", str(free_port()), self.master_url]))

    def kill_worker(self, index: int) -> None:
        """Kill a worker and its executors at once, as a machine that dies does (SIGKILL to its process group)."""
        os.killpg(self.workers[index].pid, signal.SIGKILL)
        self.workers[index].wait()

    def wait_for(self, workers: int, timeout: float = 90.0) -> None:
        """Return once the master answers and counts `workers` workers alive."""
        deadline = time.monotonic() + timeout
        while True:
            alive = self.alive_workers()
            if alive is not None and alive >= workers:
                return
            if self.master is None or self.master.poll() is not None:
                raise ClusterStartError(f"the cluster's master exited; see its log in {self.work_dir}")
            if time.monotonic() > deadline:
                raise ClusterStartError(f"{workers} workers did not register with the master within {timeout:.0f} s;"
                                        f" see the logs in {self.work_dir}")
            time.sleep(0.5)

    def stop(self) -> None:
        for process in [*self.workers, self.master]:
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in [*self.workers, self.master]:
            if process is not None:
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


def start_cluster(work_dir: Path, workers: int = 2, cores: int = 1, memory: str = "2g",
                  timeout: float = 90.0) -> StandaloneCluster:
    """Start a master and `workers` workers (each with `cores` cores and `memory` for executors) on 127.0.0.1,
    and return once all have registered; their logs and the executors' work folders are under `work_dir`."""
    work_dir.mkdir(parents=True, exist_ok=True)
    cluster = StandaloneCluster(work_dir, free_port(), free_port())
    cluster.master = cluster._spawn("master", [MASTER_CLASS, "--host", "127.0.0.1", "--port",
                                               str(cluster.master_port), "--webui-port", str(cluster.web_port)])
    try:
        for _ in range(workers):
            cluster.start_worker(cores, memory)
        cluster.wait_for(workers, timeout)
    except BaseException:
        cluster.stop()
        raise
    return cluster


def main() -> None:
    """`make cluster`: a master and two workers until Ctrl-C."""
    work_dir = Path(sys.argv[1] if len(sys.argv) > 1 else "var/cluster").resolve()
    try:
        cluster = start_cluster(work_dir)
    except ClusterStartError as error:
        sys.exit(f"bbkg: {error}")
    print(f"Spark master {cluster.master_url} with 2 workers (1 core, 2 GB each); logs in {work_dir}.\n"
          f"Build on it with: bbkg build --master {cluster.master_url}\nCtrl-C stops it.", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # `kill` stops the cluster too, as Ctrl-C does
    try:
        signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
