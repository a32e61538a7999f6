"""Benchmark: plain NeuroConv `run_conversion` (defaults) against our conversion, on a generated
SpikeGLX run of at least 1 GB with 384 channels; plus detection time per folder, composed sessions
(raw data + sorting + trials) among them.

Prints figures, asserts nothing about time. Each conversion runs in its own subprocess so its peak
RSS is its own. Run it when the machine is quiet (the load is printed with each figure):

    .venv/bin/python tests/bench/bench_conversion.py [--gb 1.0] [--workdir DIR] [--keep] [--detection-only]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REALDATA = Path(os.environ.get("REALDATA_DIR") or ROOT.parent / "shared" / "realdata")
SESSION_START = "2024-03-05T14:30:00-05:00"
BYTES_PER_SECOND_384 = 385 * 2 * 30000  # 384 channels + sync, int16, 30 kHz


# ---------------------------------------------------------------------------------------- workers


def _worker(kind: str, folder: str, output: str) -> None:
    """Runs in a fresh interpreter: one conversion, then its timing and peak RSS as JSON."""
    import warnings

    warnings.filterwarnings("ignore")
    from datetime import datetime

    # Imports are paid once per service, not per conversion: outside the timing for both.
    from neuroconv.converters import SpikeGLXConverterPipe
    from spikeinterface.extractors import read_spikeglx  # noqa: F401 - NeuroConv imports it lazily

    from agentic_neurodata.agents.conversion.writing import runner
    from agentic_neurodata.config import Settings

    started_cpu, started = time.process_time(), time.perf_counter()
    if kind == "neuroconv":
        converter = SpikeGLXConverterPipe(folder_path=folder)
        metadata = converter.get_metadata()
        metadata["NWBFile"]["session_start_time"] = datetime.fromisoformat(SESSION_START)
        converter.run_conversion(nwbfile_path=output, metadata=metadata, overwrite=True)
    else:
        settings = Settings(_env_file=None)  # type: ignore[call-arg]
        runner.run_conversion(
            "SpikeGLXConverterPipe",
            {"folder_path": folder},
            {"session_start_time": SESSION_START},
            Path(output),
            lambda *a: None,
            runner.WriteSettings.from_settings(settings),
        )
    print(
        json.dumps(
            {
                "seconds": time.perf_counter() - started,
                "cpu_seconds": time.process_time() - started_cpu,
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            }
        )
    )


def run_worker(kind: str, folder: Path, output: Path) -> dict:
    load_before = os.getloadavg()[0]
    done = subprocess.run(
        [sys.executable, __file__, "--worker", kind, str(folder), str(output)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{kind} conversion failed:\n{done.stderr[-3000:]}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["load_before"], figures["load_after"] = load_before, os.getloadavg()[0]
    figures["size"] = output.stat().st_size
    return figures


# ---------------------------------------------------------------------------------------- checks


def identical(a: Path, b: Path) -> tuple[bool, list[str]]:
    """Compare every acquisition dataset of the two files, block by block (bounded memory)."""
    import h5py
    import numpy as np

    compared = []
    with h5py.File(a, "r") as fa, h5py.File(b, "r") as fb:
        for name in fa["acquisition"]:
            da, db = fa[f"acquisition/{name}/data"], fb[f"acquisition/{name}/data"]
            if da.shape != db.shape or da.dtype != db.dtype:
                return False, compared
            step = max(1, (64 << 20) // max(1, da.dtype.itemsize * int(np.prod(da.shape[1:]))))
            for start in range(0, da.shape[0], step):
                if not np.array_equal(da[start : start + step], db[start : start + step]):
                    return False, compared
            compared.append(
                f"{name} {da.shape} {da.dtype} (codec {da.compression}/{da.compression_opts} vs "
                f"{db.compression}/{db.compression_opts}, chunks {da.chunks} vs {db.chunks})"
            )
    return True, compared


def composed_sessions(workdir: Path) -> list[tuple[str, Path]]:
    """Session folders of several streams: the generated session (SpikeGLX, a matching Kilosort/Phy
    folder, trials), and the generated SpikeGLX run and the real Open Ephys recordings each beside
    the real Phy folder (copied into the bench's temporary folder, never into the project)."""
    from agentic_neurodata.sample_data import write_sample_session, write_sample_spikeglx

    sessions = [("session/spikeglx+kilosort+trials (generated)", write_sample_session(workdir / "session_made"))]
    phy = REALDATA / "phy_kilosort" / "bme410"
    if phy.is_dir():
        run = write_sample_spikeglx(workdir / "session_spikeglx_phy")
        shutil.copytree(phy, run / "sorting")
        sessions.append(("session/spikeglx (generated) + real phy", run))
        legacy = workdir / "session_openephys_phy"
        shutil.copytree(REALDATA / "openephys_legacy", legacy)
        shutil.copytree(phy, legacy / "sorting")
        sessions.append(("session/real openephys legacy + real phy", legacy))
    return sessions


def detection_times(workdir: Path) -> list[tuple[str, float, str, float]]:
    """(folder, seconds, outcome, load average) per folder, after import and one warm-up."""
    import warnings

    warnings.filterwarnings("ignore")
    started = time.perf_counter()
    from agentic_neurodata.agents.conversion.detection.detector import detect
    from agentic_neurodata.agents.conversion.detection.registry import registry
    from agentic_neurodata.errors import ServiceError
    from agentic_neurodata.sample_data import write_all_samples

    registry()
    import_s = time.perf_counter() - started
    folders = write_all_samples(workdir / "samples")
    targets = [(f"sample/{name}", workdir / "samples" / name) for name in folders]
    targets += [(f"realdata/{p.relative_to(REALDATA)}", p) for p in sorted(REALDATA.glob("*/*")) if REALDATA.exists()]
    targets += composed_sessions(workdir)
    rows = [("import NeuroConv registry", import_s, "", os.getloadavg()[0])]
    detect(targets[0][1])  # warm-up: readers import their libraries on first use
    detect(targets[-1][1])  # and the sorting readers theirs
    for name, path in targets:
        started = time.perf_counter()
        try:
            found = detect(path)
            included = found.included_streams()
            outcome = (
                f"{len(included)} streams: " + ", ".join(s.interface for s in included)
                if len(included) > 1
                else found.interface or ""
            ) + (" (choice)" if found.needs_choice else "")
        except ServiceError as exc:
            outcome = f"error: {exc.message[:60]}"
        rows.append((name, time.perf_counter() - started, outcome or "", os.getloadavg()[0]))
    return rows


def print_detection_times(workdir: Path) -> None:
    print("detection time per folder (after import and one warm-up; a composed session's target is < 2 s):")
    for name, elapsed, outcome, load in detection_times(workdir):
        print(f"   {elapsed:6.2f} s  (load {load:5.2f})  {name}  {outcome}")


# ---------------------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--gb", type=float, default=1.0, help="size of the generated AP file in GB (>= 1 for the target)"
    )
    parser.add_argument("--workdir", type=Path, help="where to write (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    parser.add_argument("--detection-only", action="store_true", help="only the detection times (no 1 GB run)")
    parser.add_argument("--worker", nargs=3, metavar=("KIND", "FOLDER", "OUTPUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(*args.worker)
        return

    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="bench_conversion_"))
    workdir.mkdir(parents=True, exist_ok=True)
    if args.detection_only:
        try:
            print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()}")
            print_detection_times(workdir)
        finally:
            if not args.keep:
                shutil.rmtree(workdir, ignore_errors=True)
        return
    try:
        from agentic_neurodata.config import Settings
        from agentic_neurodata.sample_data import write_large_spikeglx

        settings = Settings(_env_file=None)  # type: ignore[call-arg]
        print(
            f"machine: {os.cpu_count()} cores, load {os.getloadavg()}; ours: COMPRESSION={settings.compression} "
            f"level {settings.compression_level}, threads {settings.conversion_threads or os.cpu_count()}, "
            f"buffer {settings.conversion_buffer_mb} MB"
        )
        seconds = int(args.gb * 1e9 / BYTES_PER_SECOND_384) + 1
        started = time.perf_counter()
        run = write_large_spikeglx(workdir / "data", duration_s=seconds)
        ap = next(run.rglob("*.ap.bin"))
        size = ap.stat().st_size
        print(
            f"generated {ap.name}: {size / 1e9:.2f} GB, 384 channels + sync, {seconds} s at 30 kHz "
            f"({time.perf_counter() - started:.0f} s)"
        )

        results = {}
        for kind in ("neuroconv", "ours"):
            results[kind] = run_worker(kind, run, workdir / f"{kind}.nwb")
            r = results[kind]
            print(
                f"{kind:>9}: {r['seconds']:7.1f} s  {size / 1e6 / r['seconds']:7.1f} MB/s  "
                f"cpu/wall {r['cpu_seconds'] / r['seconds']:.2f}  peak RSS {r['peak_rss_mb']:6.0f} MB  "
                f"output {r['size'] / 1e6:7.1f} MB  (load {r['load_before']:.2f} -> {r['load_after']:.2f})"
            )
        nc, ours = results["neuroconv"], results["ours"]
        print(f"throughput ratio (ours / NeuroConv): {nc['seconds'] / ours['seconds']:.2f}x   (target >= 2)")
        print(f"output size ratio (ours / NeuroConv): {ours['size'] / nc['size']:.3f}   (target <= 1.05)")
        print(f"peak RSS ours: {ours['peak_rss_mb']:.0f} MB   (target < 600)")
        same, compared = identical(workdir / "neuroconv.nwb", workdir / "ours.nwb")
        print(f"decoded data identical: {same}")
        for line in compared:
            print(f"   {line}")

        print_detection_times(workdir)
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
