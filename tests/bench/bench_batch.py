"""Benchmark: 8 sessions converted one after the other (the single-session pipeline in this process,
as `convert` runs them) against the same 8 as a batch on the embedded Dask LocalCluster.

Prints wall time, speed-up and peak memory (this process and all its children, sampled), with the
machine's load beside each figure; asserts nothing about time. Run it on a quiet machine:

    .venv/bin/python tests/bench/bench_batch.py [--sessions 8] [--channels 64] [--seconds 10] [--workers 0]
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

import psutil

from agentic_neurodata.batch import BatchService
from agentic_neurodata.batch.task import SessionJob, job_settings, run_session
from agentic_neurodata.batch.values import session_metadata
from agentic_neurodata.config import Settings
from agentic_neurodata.sample_data import SampleSpec, write_sample_spikeglx

MB = 1024**2
SHARED = {
    "species": "Mus musculus",
    "session_description": "Benchmark session",
    "timezone": "UTC",
    "sex": "F",
    "age": "P90D",
}


class PeakMemory:
    """The largest RSS of this process plus its children (Dask workers, conversion processes), sampled."""

    def __init__(self) -> None:
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        me = psutil.Process()
        while not self._stop.is_set():
            total = 0
            for process in [me, *me.children(recursive=True)]:
                try:
                    total += process.memory_info().rss
                except psutil.Error:
                    continue
            self.peak = max(self.peak, total)
            time.sleep(0.1)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def load() -> str:
    return "load average " + ", ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--channels", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=0, help="0: sized to the machine")
    parser.add_argument("--workdir", help="default: a temporary folder, removed after")
    args = parser.parse_args()
    work = Path(args.workdir or tempfile.mkdtemp(prefix="bench-batch-"))
    parent = work / "experiment"
    for n in range(args.sessions):
        write_sample_spikeglx(
            parent / f"m{n // 2}" / f"day{n % 2 + 1}", SampleSpec(n_channels=args.channels, duration_s=args.seconds)
        )
    size = sum(p.stat().st_size for p in parent.rglob("*") if p.is_file())
    print(f"machine: {os.cpu_count()} cores, {psutil.virtual_memory().total / 1024**3:.0f} GiB; {load()}")
    shape = f"{args.channels} channels x {args.seconds:g} s"
    print(f"{args.sessions} generated SpikeGLX sessions, {shape}, {size / MB:.0f} MB")

    settings = Settings(
        _env_file=None,
        output_dir=work / "outputs",
        state_dir=work / "state",
        log_dir=work / "logs",
        upload_dir=work / "uploads",
        llm_provider="offline",
    )
    service = BatchService(settings, workers=args.workers or None)
    try:
        state = service.create(parent, output_dir=work / "sequential", shared=SHARED, background=False)
        # Sequential: the very task a worker runs, one session after the other in this process.
        with PeakMemory() as memory:
            started = time.perf_counter()
            for session in state.sessions:
                job = SessionJob(
                    batch_id=state.batch_id,
                    key=session.key,
                    folder=str(parent / session.folder),
                    output_dir=state.output_dir,
                    metadata=session_metadata(state.shared, session),
                    accept_warnings=True,
                    settings=job_settings(settings),
                )
                outcome = run_session(job.model_dump(mode="json"))
                assert outcome["status"] == "passed", outcome["message"]
            sequential = time.perf_counter() - started
        print(f"[sequential] {sequential:.1f} s, peak memory {memory.peak / MB:.0f} MB; {load()}")

        batch = service.create(parent, output_dir=work / "batch", shared=SHARED, background=False)
        service.set_shared(batch.batch_id, {}, accept_warnings=True)
        with PeakMemory() as memory:
            started = time.perf_counter()
            service.start(batch.batch_id, background=False)
            parallel = time.perf_counter() - started
        done = service.get(batch.batch_id).snapshot()
        assert all(s.status.value == "passed" for s in done.sessions), [s.outcome for s in done.sessions]
        workers = sorted({s.outcome.worker for s in done.sessions if s.outcome})
        print(
            f"[local cluster] {parallel:.1f} s on {done.scheduler} (workers used: {', '.join(workers)}; "
            f"includes starting the cluster), peak memory {memory.peak / MB:.0f} MB; {load()}"
        )
        print(f"speed-up: {sequential / parallel:.2f}x")
    finally:
        service.close()
        if not args.workdir:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
