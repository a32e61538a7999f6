"""What the benchmarks share: the machine's load, whole-process runs with the peak memory of their
process tree, and decoded-data comparison of two NWB files.

Memory is PSS (proportional set size) summed over a process and all its descendants, sampled while
it runs: pages shared after a fork (the worker processes share their parent's libraries) count
once, which RSS summed over the tree would not (and /usr/bin/time sees only the first process).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import psutil

SAMPLE_S = 0.05


def load() -> float:
    """The 1-minute load average: print it beside every figure."""
    return os.getloadavg()[0]


def machine() -> str:
    return f"{os.cpu_count()} cores, load {' '.join(f'{x:.2f}' for x in os.getloadavg())}"


def tree_pss_mb(root: psutil.Process) -> float:
    total = 0
    try:
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    for process in processes:
        try:
            total += process.memory_full_info().pss
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return total / 1e6


@dataclass
class Run:
    seconds: float
    peak_pss_mb: float
    returncode: int
    stdout: str
    stderr: str
    load_before: float
    load_after: float

    @property
    def load(self) -> str:
        return f"load {self.load_before:.2f}->{self.load_after:.2f}"


def settle_writes() -> None:
    """Let the kernel write out what earlier runs left in memory before the next measurement starts:
    gigabytes of earlier outputs still being written slow the next run's own writes and copies (a
    correction round timed right after the 1.39 GB runs took 1.24 s instead of 0.8 s)."""
    os.sync()


def run_tree(command: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> Run:
    """Run a command to its end: whole-process wall time and the peak PSS of its process tree."""
    settle_writes()
    before = load()
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = 0.0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        root = psutil.Process(process.pid)
        while not done.is_set():
            peak = max(peak, tree_pss_mb(root))
            done.wait(SAMPLE_S)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stdout, stderr = process.communicate()
    seconds = time.perf_counter() - started
    done.set()
    sampler.join()
    return Run(seconds, peak, process.returncode, stdout, stderr, before, load())


def median(values: list[float]) -> float:
    return statistics.median(values)


def acquisition_differences(a: Path, b: Path) -> tuple[list[str], list[str]]:
    """Compare every acquisition dataset of two NWB files decoded, block by block (bounded memory).
    Returns (what differs, what was compared)."""
    import h5py
    import numpy as np

    differ, compared = [], []
    with h5py.File(a, "r") as fa, h5py.File(b, "r") as fb:
        names = sorted(set(fa["acquisition"]) | set(fb["acquisition"]))
        for name in names:
            path = f"acquisition/{name}/data"
            if path not in fa or path not in fb:
                differ.append(f"{name}: only in one file")
                continue
            da, db = fa[path], fb[path]
            if da.shape != db.shape or da.dtype != db.dtype:
                differ.append(f"{name}: {da.shape} {da.dtype} vs {db.shape} {db.dtype}")
                continue
            step = max(1, (64 << 20) // max(1, da.dtype.itemsize * int(np.prod(da.shape[1:]))))
            same = all(
                np.array_equal(da[start : start + step], db[start : start + step])
                for start in range(0, da.shape[0], step)
            )
            codecs = f"{da.compression}/{da.compression_opts} vs {db.compression}/{db.compression_opts}"
            line = f"{name} {da.shape} {da.dtype} ({codecs}, chunks {da.chunks} vs {db.chunks})"
            (compared if same else differ).append(line)
    return differ, compared
