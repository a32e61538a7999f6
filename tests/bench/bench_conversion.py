"""Benchmark of the conversion core, in one run and on the same data:

  1. plain NeuroConv: run_conversion with its defaults (gzip level 4 through HDF5's zlib, one thread)
  2. ours at NeuroConv's codec and level on one thread (gzip level 4, zlib, one deflate thread)
  3. ours at the default settings on all cores (COMPRESSION, COMPRESSION_LEVEL, zlib-ng, every core)

on a generated 384-channel SpikeGLX run (--gb) and on the largest real recording in REALDATA_DIR.
Each conversion runs in its own subprocess (its peak RSS is its own; imports are outside the timing,
as a service pays them once). Prints time, data throughput, peak RSS and output size, with speed
ratios beside size ratios; exits 1 when the decoded data of any two outputs differ.

Then, on the generated data: the deflate trade-off (implementation x level: MB/s per core and size),
the compressor's own speed on all cores, and how much of it our writing reaches. Last, detection
time per folder, composed sessions (raw data + sorting + trials) among them (--detection-only: that alone).

    .venv/bin/python tests/bench/bench_conversion.py [--gb 1.0] [--workdir DIR] [--keep] [--detection-only]

Asserts nothing about time; run it on a quiet machine (the load is printed beside each figure).
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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from measure import acquisition_differences, load, machine

ROOT = Path(__file__).resolve().parents[2]
REALDATA = Path(os.environ.get("REALDATA_DIR") or ROOT.parent / "shared" / "realdata")
SESSION_START = "2024-03-05T14:30:00-05:00"
BYTES_PER_SECOND_384 = 385 * 2 * 30000  # 384 channels + sync, int16, 30 kHz
KINDS = {
    "neuroconv": "plain NeuroConv (gzip 4, zlib, 1 thread)",
    "ours_like_neuroconv": "ours at NeuroConv's codec (gzip 4, zlib, 1 thread)",
    "ours_default": "ours at default settings (all cores)",
}
TRADE_OFF = [("zlib", 4), ("zlib-ng", 1), ("zlib-ng", 2), ("zlib-ng", 3), ("zlib-ng", 4), ("zlib-ng", 6)]
SAMPLE_CHUNKS = 12


# ---------------------------------------------------------------------------------------- workers


def _worker(kind: str, case_json: str, output: str) -> None:
    """Runs in a fresh interpreter: one conversion, then its timing and peak RSS as JSON."""
    import warnings

    warnings.filterwarnings("ignore")
    from datetime import datetime

    import neuroconv  # noqa: F401 - imports are paid once per service: outside the timing for both
    import pynwb  # noqa: F401

    from agentic_neurodata.agents.conversion.detection import get_class
    from agentic_neurodata.agents.conversion.writing import runner
    from agentic_neurodata.config import Settings

    case = json.loads(case_json)
    write_phase: dict[str, float] = {}

    def progress(percent: float, message: str, *rest: Any) -> None:
        if percent >= runner.WRITE_START and "start" not in write_phase:
            write_phase["start"] = time.perf_counter()
        if percent >= runner.WRITE_END and "end" not in write_phase:
            write_phase["end"] = time.perf_counter()

    started_cpu, started = time.process_time(), time.perf_counter()
    if kind == "neuroconv":
        instance = get_class(case["interface"])(**case["source_data"])
        metadata = instance.get_metadata()
        metadata["NWBFile"]["session_start_time"] = datetime.fromisoformat(SESSION_START)
        instance.run_conversion(nwbfile_path=output, metadata=metadata, overwrite=True, **case["neuroconv_options"])
    else:
        settings = Settings(_env_file=None)  # type: ignore[call-arg]
        write = runner.WriteSettings.from_settings(settings)
        if kind == "ours_like_neuroconv":
            write = runner.WriteSettings("gzip", 4, 1, write.buffer_bytes, deflate_with="zlib")
        runner.run_conversion(
            case["interface"], case["source_data"], {"session_start_time": SESSION_START}, Path(output), progress, write
        )
    seconds = time.perf_counter() - started
    print(
        json.dumps(
            {
                "seconds": seconds,
                "cpu_seconds": time.process_time() - started_cpu,
                "write_seconds": write_phase.get("end", 0) - write_phase.get("start", 0) if write_phase else None,
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            }
        )
    )


def run_worker(kind: str, case: dict[str, Any], output: Path) -> dict[str, Any]:
    before = load()
    done = subprocess.run(
        [sys.executable, __file__, "--worker", kind, json.dumps(case), str(output)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{kind} conversion failed:\n{done.stderr[-3000:]}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["load"] = f"load {before:.2f}->{load():.2f}"
    figures["size"] = output.stat().st_size
    return figures


# ---------------------------------------------------------------------------------------- cases


def detected_case(folder: Path) -> dict[str, Any]:
    """The reader our detection picks for a folder (its first alternative when a choice is asked)."""
    import warnings

    warnings.filterwarnings("ignore")
    from agentic_neurodata.agents.conversion.detection import (
        complete,
        conversion_options,
        detect,
        get_class,
        instantiate,
        is_converter,
    )

    found = detect(folder, timeout_s=60)
    if found.needs_choice:
        found = complete(found, found.alternatives[0].choice_id, {}, 60)
    interface = found.interface or ""
    instance, _ = instantiate(get_class(interface), found.source_data)
    options = conversion_options(instance)
    return {
        "interface": interface,
        "source_data": found.source_data,
        # What NeuroConv needs to read it at all (e.g. EDF's physical units), nothing more.
        "neuroconv_options": {"conversion_options": options} if is_converter(get_class(interface)) else options,
    }


def real_recordings_by_size() -> list[tuple[Path, int]]:
    """The folders and files of REALDATA_DIR/<format>/ that hold continuous data (not sorting output),
    largest first, with their sizes."""
    if not REALDATA.is_dir():
        return []
    candidates = [p for p in REALDATA.glob("*/*") if "phy" not in p.parts[-2]]

    def size(path: Path) -> int:
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size

    return sorted(((path, size(path)) for path in candidates), key=lambda item: -item[1])


def largest_readable_real_recording() -> tuple[Path, int, dict[str, Any]] | None:
    """The largest real recording detection reads, with its reader; the ones it cannot read are said
    (a file NeuroConv's reader refuses, such as the Intan v2 sample, is not a benchmark case)."""
    from agentic_neurodata.errors import ServiceError

    for path, size in real_recordings_by_size():
        try:
            return path, size, detected_case(path)
        except ServiceError as exc:
            print(f"\n(skipped real {path.relative_to(REALDATA)}: {exc.message[:160]})")
    return None


def _file_name(name: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in name)


def compare(name: str, case: dict[str, Any], size: int, workdir: Path) -> bool:
    print(f"\n== {name}: {case['interface']}, {size / 1e6:.1f} MB")
    results = {}
    for kind, label in KINDS.items():
        output = workdir / f"{_file_name(name)}_{kind}.nwb"
        output.unlink(missing_ok=True)
        results[kind] = r = run_worker(kind, case, output)
        write = f"  writing {r['write_seconds']:6.2f} s" if r.get("write_seconds") else ""
        print(
            f"   {label:<52} {r['seconds']:7.2f} s  {size / 1e6 / r['seconds']:7.1f} MB/s{write}  "
            f"cpu/wall {r['cpu_seconds'] / r['seconds']:.2f}  peak RSS {r['peak_rss_mb']:5.0f} MB  "
            f"output {r['size'] / 1e6:8.2f} MB  ({r['load']})"
        )
    base = results["neuroconv"]
    for kind in ("ours_like_neuroconv", "ours_default"):
        r = results[kind]
        print(
            f"   {KINDS[kind]:<52} speed x{base['seconds'] / r['seconds']:.2f}  "
            f"size x{r['size'] / base['size']:.3f}  peak RSS x{r['peak_rss_mb'] / base['peak_rss_mb']:.2f}  "
            "(against plain NeuroConv)"
        )
    identical = True
    for kind in ("ours_like_neuroconv", "ours_default"):
        stem = _file_name(name)
        differ, compared = acquisition_differences(workdir / f"{stem}_neuroconv.nwb", workdir / f"{stem}_{kind}.nwb")
        for line in compared:
            print(f"   decoded data identical ({kind} vs neuroconv): {line}")
        for line in differ:
            print(f"   DECODED DATA DIFFER ({kind} vs neuroconv): {line}")
        identical = identical and not differ and bool(compared)
    results["identical"] = identical
    compare.last = results  # type: ignore[attr-defined]
    return identical


# ---------------------------------------------------------------------------------------- the compressor


def deflate_trade_off(ap_bin: Path, ours_write_mb_s: float | None) -> None:
    """Chunks of the generated data (NeuroConv's chunk shape for it), compressed in memory."""
    import zlib

    import numpy as np
    from zlib_ng import zlib_ng

    from agentic_neurodata.agents.conversion.writing.codec import make_codec
    from agentic_neurodata.config import Settings

    raw = np.memmap(ap_bin, dtype=np.int16, mode="r").reshape(-1, 385)
    rows, columns = 78125, 64  # NeuroConv's default chunk for this series (about 10 MB)
    chunks = [
        np.ascontiguousarray(raw[r : r + rows, c : c + columns]).tobytes()
        for r in range(0, min(raw.shape[0], rows * 2), rows)
        for c in range(0, 384, columns)
    ][:SAMPLE_CHUNKS]
    total = sum(len(c) for c in chunks)
    implementations = {"zlib": zlib.compress, "zlib-ng": zlib_ng.compress}
    print(f"\n== deflate on this data ({len(chunks)} chunks of {rows}x{columns} int16, {total / 1e6:.0f} MB), one core")
    baseline = None
    for implementation, level in TRADE_OFF:
        compress = implementations[implementation]
        started = time.perf_counter()
        size = sum(len(compress(chunk, level)) for chunk in chunks)
        seconds = time.perf_counter() - started
        baseline = baseline or (seconds, size)
        print(
            f"   {implementation:>7} level {level}: {total / 1e6 / seconds:7.1f} MB/s per core  "
            f"size {size / total:.3f} of raw  (speed x{baseline[0] / seconds:.2f}, "
            f"size x{size / baseline[1]:.3f} against zlib 4; "
            f"load {load():.2f})"
        )
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    codec = make_codec(settings.compression, settings.compression_level)
    threads = settings.conversion_threads or len(os.sched_getaffinity(0))
    assert codec.compress_chunk is not None
    started = time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(lambda chunk: codec.compress_chunk(memoryview(chunk)), chunks * 2))
    own = 2 * total / 1e6 / (time.perf_counter() - started)
    print(
        f"   the compressor alone, default level {codec.level}, {threads} threads: {own:.1f} MB/s  (load {load():.2f})"
    )
    if ours_write_mb_s:
        print(
            f"   our writing phase: {ours_write_mb_s:.1f} MB/s = {ours_write_mb_s / own:.0%} "
            "of the compressor's own speed"
        )


# ---------------------------------------------------------------------------------------- detection


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
    for name, elapsed, outcome, load_average in detection_times(workdir):
        print(f"   {elapsed:6.2f} s  (load {load_average:5.2f})  {name}  {outcome}")


# ---------------------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gb", type=float, default=1.0, help="size of the generated AP file in GB")
    parser.add_argument("--workdir", type=Path, help="where to write (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    parser.add_argument("--detection-only", action="store_true", help="only the detection times (no 1 GB run)")
    parser.add_argument("--worker", nargs=3, metavar=("KIND", "CASE", "OUTPUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(*args.worker)
        return

    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="bench_conversion_"))
    workdir.mkdir(parents=True, exist_ok=True)
    if args.detection_only:
        try:
            print(f"machine: {machine()}")
            print_detection_times(workdir)
        finally:
            if not args.keep:
                shutil.rmtree(workdir, ignore_errors=True)
        return
    identical = True
    try:
        from agentic_neurodata.config import Settings
        from agentic_neurodata.sample_data import write_large_spikeglx

        settings = Settings(_env_file=None)  # type: ignore[call-arg]
        print(
            f"machine: {machine()}; ours by default: COMPRESSION={settings.compression} level "
            f"{settings.compression_level} (zlib-ng), threads {settings.conversion_threads or os.cpu_count()}, "
            f"buffer {settings.conversion_buffer_mb} MB"
        )
        seconds = int(args.gb * 1e9 / BYTES_PER_SECOND_384) + 1
        folder = workdir / f"data_{seconds}s"
        run = folder / "large_run_g0"
        if not run.is_dir():
            write_large_spikeglx(folder, duration_s=seconds)
        ap = next(run.rglob("*.ap.bin"))
        identical = compare("generated", detected_case(run), ap.stat().st_size, workdir) and identical
        generated = compare.last  # type: ignore[attr-defined]
        real = largest_readable_real_recording()
        if real is not None:
            path, size, case = real
            identical = compare(f"real {path.relative_to(REALDATA)}", case, size, workdir) and identical
        else:
            print(f"\n(no real recordings at {REALDATA}: set REALDATA_DIR)")
        ours = generated["ours_default"]
        write_mb_s = ap.stat().st_size / 1e6 / ours["write_seconds"] if ours.get("write_seconds") else None
        deflate_trade_off(ap, write_mb_s)
        print()
        print_detection_times(workdir)
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    if not identical:
        raise SystemExit("DECODED DATA DIFFER: see above")
    print("\ndecoded data identical in every comparison")


if __name__ == "__main__":
    main()
