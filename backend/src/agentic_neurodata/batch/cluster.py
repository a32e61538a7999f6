"""The Dask cluster the sessions run on: an embedded LocalCluster sized to this machine, or an
existing scheduler (DASK_SCHEDULER_ADDRESS / --scheduler), e.g. one started on SLURM with dask-jobqueue.
Queueing, placement and the retry of a task whose worker was lost are Dask's, not ours."""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import uuid
from pathlib import Path
from typing import Any

import psutil

from ..config import Settings
from ..errors import BadInputError, ServiceError

GIB = 1024**3
WORKERS_TIMEOUT_S = 60.0
# Worker processes must be able to start the conversion's own child process (isolation.py), so they
# are not daemonic; a session whose worker is lost is tried once more, then reported as lost.
LOCAL_CONFIG = {"distributed.worker.daemon": False, "distributed.scheduler.allowed-failures": 1}
DAEMON_FIX = (
    "start the workers with the environment variable DASK_DISTRIBUTED__WORKER__DAEMON=False "
    "(or `dask worker --no-nanny`), so a session can start the conversion's own process"
)


def local_size(settings: Settings) -> tuple[int, int]:
    """(workers, memory limit per worker in bytes): one session per worker, as many as cores and memory allow."""
    per_session = int(settings.batch_memory_per_session_gb * GIB)
    if settings.batch_workers:
        return settings.batch_workers, per_session
    cores = os.cpu_count() or 1
    by_memory = max(1, int(psutil.virtual_memory().available // per_session))
    return max(1, min(cores, by_memory)), per_session


def check_worker(folders: list[str], writable: str) -> list[str]:
    """Run on every worker before a batch is submitted: what this worker cannot do."""
    problems = []
    if multiprocessing.current_process().daemon:
        problems.append(f"its process is daemonic: {DAEMON_FIX}")
    problems += [f"it cannot see {folder}" for folder in folders if not os.path.isdir(folder)]
    probe = Path(writable) / f".write-check-{uuid.uuid4().hex}"
    try:
        probe.parent.mkdir(parents=True, exist_ok=True)
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        problems.append(f"it cannot write to {writable} ({exc.strerror})")
    return problems


class Cluster:
    def __init__(self, settings: Settings, address: str | None = None, workers: int | None = None) -> None:
        self.settings = settings
        self.address = address if address is not None else settings.dask_scheduler_address
        self.workers = workers
        self._client: Any = None
        self._cluster: Any = None
        self._lock = threading.Lock()
        # Set while shutting down: sessions cut short then are left to resume, not recorded as failed.
        self.closing = False

    def client(self) -> Any:
        """The Dask client, started on first use (the embedded cluster takes a few seconds)."""
        with self._lock:
            if self._client is None:
                self._client = self._connect()
            return self._client

    def _connect(self) -> Any:
        import dask
        from distributed import Client, LocalCluster

        if self.address:
            try:
                return Client(self.address, timeout="20s")
            except OSError as exc:
                raise ServiceError(
                    f"No Dask scheduler answers at {self.address} ({exc}). Start one (`dask scheduler`), "
                    "or leave DASK_SCHEDULER_ADDRESS empty to use this machine.",
                    error_code="scheduler_unreachable",
                    status_code=503,
                ) from exc
        count, memory = local_size(self.settings)
        if self.workers:
            count = self.workers
        with dask.config.set(LOCAL_CONFIG):
            self._cluster = LocalCluster(
                n_workers=count,
                threads_per_worker=1,
                processes=True,
                memory_limit=memory,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            return Client(self._cluster)

    def describe(self) -> str:
        if self.address:
            return f"Dask scheduler {self.address}"
        count = len(self._cluster.workers) if self._cluster is not None else local_size(self.settings)[0]
        return f"embedded Dask LocalCluster ({count} workers)"

    def preflight(self, folders: list[Path], output_dir: Path) -> None:
        """Refuse, with what to do, when a worker cannot see the sessions or write the outputs."""
        client = self.client()
        try:
            client.wait_for_workers(1, timeout=WORKERS_TIMEOUT_S)
        except TimeoutError as exc:
            raise ServiceError(
                f"The Dask cluster ({self.describe()}) has no workers after {WORKERS_TIMEOUT_S:g} s; start some.",
                error_code="no_workers",
                status_code=503,
            ) from exc
        answers = client.run(check_worker, [str(f) for f in folders], str(output_dir))
        bad = {worker: problems for worker, problems in answers.items() if problems}
        if bad:
            lines = [f"worker {worker}: {'; '.join(problems)}" for worker, problems in sorted(bad.items())]
            raise BadInputError(
                "Nothing was submitted: the Dask workers must see the recordings and the output folder at the "
                "same paths as this service (shared storage). " + " | ".join(lines),
                details={"workers": bad},
            )

    def close(self) -> None:
        self.closing = True
        with self._lock:
            if self._client is not None:
                self._client.close()
            if self._cluster is not None:
                self._cluster.close()
            self._client = self._cluster = None
