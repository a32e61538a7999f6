"""Benchmark: what a user waits for. The whole `agentic-neurodata convert` command (start-up,
detection, conversion, NWB Inspector, PDF report) against a plain NeuroConv script writing the same
file (plain_neuroconv.py), on generated 384-channel SpikeGLX AP recordings; and a metadata-only
correction round through the web service against the first conversion.

    .venv/bin/python tests/bench/bench_pipeline.py [--sizes 0.462,1.39] [--runs 3] [--workdir DIR] [--keep]

Per size: whole-process wall time (median of --runs, the two commands alternating in the same run),
the peak PSS of each command's whole process tree, output sizes, and the decoded data of both files
compared (exit 1 when they differ). The correction round: upload with the subject missing, answer
"just convert", approve the correction, answer the subject; the round's time (from the answer to
the next decision) against the first conversion's (from "just convert" to the first decision).
Prints figures with the load average beside each; asserts nothing about time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import yaml
from measure import acquisition_differences, load, machine, median, run_tree, settle_writes

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
BYTES_PER_SECOND = 385 * 2 * 30000  # 384 channels + sync, int16, 30 kHz
METADATA = {
    "subject_id": "m042",
    "species": "Mus musculus",
    "sex": "M",
    "age": "P90D",
    "session_description": "Generated Neuropixels 1.0 recording for the benchmark",
    "session_start_time": "2024-03-05T14:30:00-05:00",
    "experimenter": "Smith, Jane",
    "institution": "Example University",
    "lab": "Smith Lab",
    "experiment_description": "Speed of the whole conversion pipeline",
    "keywords": ["benchmark", "Neuropixels"],
}
SUBJECT = ("subject_id", "species", "sex", "age")
DECISIONS = {"retry_approval", "improvement_approval"}


def recording(workdir: Path, gb: float) -> Path:
    from agentic_neurodata.sample_data import write_large_spikeglx

    seconds = round(gb * 1e9 / BYTES_PER_SECOND)
    folder = workdir / f"data_{seconds}s"
    run = folder / "large_run_g0"
    if not run.is_dir():
        write_large_spikeglx(folder, duration_s=seconds)
    return run


def plain(run: Path, output: Path, metadata_file: Path) -> Any:
    return run_tree([sys.executable, str(HERE / "plain_neuroconv.py"), str(run), str(output), str(metadata_file)])


def ours(run: Path, out_dir: Path, metadata_file: Path, env: dict[str, str]) -> Any:
    command = [str(BIN / "agentic-neurodata"), "convert", str(run), "--metadata", str(metadata_file)]
    command += ["--output-dir", str(out_dir), "--accept-warnings", "--json"]
    return run_tree(command, env=env)


def compare_commands(workdir: Path, gb: float, runs: int, env: dict[str, str]) -> bool:
    run = recording(workdir, gb)
    size = sum(p.stat().st_size for p in run.rglob("*") if p.is_file())
    metadata_file = workdir / "metadata.yaml"
    metadata_file.write_text(yaml.safe_dump(METADATA))
    print(f"\n== {size / 1e9:.3f} GB ({run.name}, 384 channels + sync): whole commands, {runs} runs each")
    results: dict[str, list[Any]] = {"plain NeuroConv": [], "agentic-neurodata": []}
    outputs: dict[str, Path] = {}
    for attempt in range(runs):
        output = workdir / f"plain_{attempt}.nwb"
        output.unlink(missing_ok=True)
        done = plain(run, output, metadata_file)
        if done.returncode != 0:
            raise SystemExit(f"plain NeuroConv failed:\n{done.stderr[-3000:]}")
        results["plain NeuroConv"].append((done, output.stat().st_size))
        outputs["plain NeuroConv"] = output
        out_dir = workdir / f"ours_{attempt}"
        shutil.rmtree(out_dir, ignore_errors=True)
        done = ours(run, out_dir, metadata_file, env)
        summary = json.loads(done.stdout) if done.stdout.strip().startswith("{") else {}
        if done.returncode != 0 or not summary.get("nwb_file"):
            raise SystemExit(f"agentic-neurodata convert failed ({done.returncode}):\n{done.stderr[-3000:]}")
        nwb = Path(summary["nwb_file"])
        results["agentic-neurodata"].append((done, nwb.stat().st_size))
        outputs["agentic-neurodata"] = nwb
        for name in results:
            r, written = results[name][-1]
            print(
                f"   run {attempt + 1} {name:>18}: {r.seconds:6.2f} s  peak PSS (tree) {r.peak_pss_mb:6.0f} MB  "
                f"output {written / 1e6:7.1f} MB  ({r.load})"
            )
    seconds = {name: median([r.seconds for r, _ in rows]) for name, rows in results.items()}
    peaks = {name: max(r.peak_pss_mb for r, _ in rows) for name, rows in results.items()}
    sizes = {name: rows[-1][1] for name, rows in results.items()}
    nc, us = "plain NeuroConv", "agentic-neurodata"
    print(f"   median wall time: plain NeuroConv {seconds[nc]:.2f} s, agentic-neurodata {seconds[us]:.2f} s")
    print(
        f"   speed ratio (plain / ours): {seconds[nc] / seconds[us]:.2f}x   "
        f"size ratio (ours / plain): {sizes[us] / sizes[nc]:.3f}   "
        f"peak PSS ours {peaks[us]:.0f} MB, plain {peaks[nc]:.0f} MB   (load now {load():.2f})"
    )
    differ, compared = acquisition_differences(outputs[nc], outputs[us])
    for line in compared:
        print(f"   decoded data identical: {line}")
    for line in differ:
        print(f"   DECODED DATA DIFFER: {line}")
    return not differ


# ---------------------------------------------------------------------------------- correction round


class Service:
    """`agentic-neurodata serve` in a subprocess, in its own folders."""

    def __init__(self, workdir: Path, env: dict[str, str]) -> None:
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        workdir.mkdir(parents=True, exist_ok=True)
        self.log = open(workdir / "server.log", "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [str(BIN / "agentic-neurodata"), "serve", "--port", str(port), "--log-level", "warning"],
            cwd=workdir,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.http = httpx.Client(base_url=self.url, timeout=600)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if self.http.get("/health").status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise SystemExit("the service did not start")

    def status(self) -> dict[str, Any]:
        return self.http.get("/api/status").json()

    def wait(self, done: Any, timeout: float = 1800) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            current = self.status()
            if done(current):
                return current
            if current["status"] == "failed":
                raise SystemExit(f"the session failed: {current.get('failure')}")
            time.sleep(0.02)
        raise SystemExit(f"timed out; last status: {current['status']} {current['message']}")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=60)
        self.log.close()


def _pending(kind: set[str]) -> Any:
    def check(status: dict[str, Any]) -> bool:
        request = status.get("pending_request")
        return status["status"] == "completed" or (request is not None and request["type"] in kind)

    return check


def correction_round(workdir: Path, gb: float, env: dict[str, str]) -> None:
    from agentic_neurodata.client import Client

    run = recording(workdir, gb)
    service = Service(workdir / "service", env)
    try:
        time.sleep(10)  # the service warms its worker processes at start, as a user's would have
        given = {k: v for k, v in METADATA.items() if k not in SUBJECT}
        with Client(service.url, timeout=600) as client:
            client.upload_folder(run, metadata=given)
        service.wait(_pending({"metadata"}))
        settle_writes()
        before = load()
        started = time.perf_counter()
        service.http.post("/api/user-input", json={"message": "just convert"}).raise_for_status()
        first = service.wait(_pending(DECISIONS))
        first_s = time.perf_counter() - started
        first_load = f"load {before:.2f}->{load():.2f}"
        service.http.post("/api/retry-approval", json={"approved": True}).raise_for_status()
        asked = service.wait(_pending({"user_input"} | DECISIONS))
        fields = {f["name"]: METADATA[f["name"]] for f in (asked["pending_request"] or {}).get("fields", [])}
        fields.update({name: METADATA[name] for name in SUBJECT})
        # A person reads the decision before answering; the kernel writes v1 out meanwhile.
        settle_writes()
        before = load()
        started = time.perf_counter()
        service.http.post("/api/user-input", json={"fields": fields}).raise_for_status()
        second = service.wait(lambda s: _pending(DECISIONS)(s) and len(s["versions"]) >= 2)
        round_s = time.perf_counter() - started
        round_load = f"load {before:.2f}->{load():.2f}"
    finally:
        service.stop()
    latest = second["versions"][-1]
    print(f"\n== correction round on {gb:.3f} GB through the web service")
    print(
        f"   first conversion ('just convert' -> first decision, {first['overall_status']}): "
        f"{first_s:.2f} s  ({first_load})"
    )
    print(
        f"   metadata-only round (answer -> next decision, {second['overall_status'] or second['status']}): "
        f"{round_s:.2f} s  ({round_load}); v{latest['version']} made by {latest['made_by']}"
        + (f" from v{latest['derived_from']}" if latest.get("derived_from") else "")
    )
    print(f"   round / first conversion: {round_s / first_s:.0%}   (target <= 25%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="0.462,1.39", help="AP file sizes in GB, comma-separated")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--round-gb", type=float, default=0.462, help="size for the correction round (0: skip)")
    parser.add_argument("--workdir", type=Path, help="where to write (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    args = parser.parse_args()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="bench_pipeline_"))
    workdir.mkdir(parents=True, exist_ok=True)
    # Our own folders and the offline wording, whatever .env says.
    env = {
        **os.environ,
        "LLM_PROVIDER": "offline",
        "ANTHROPIC_API_KEY": "",
        "OUTPUT_DIR": str(workdir / "outputs"),
        "UPLOAD_DIR": str(workdir / "uploads"),
        "LOG_DIR": str(workdir / "logs"),
        "STATE_DIR": str(workdir / "state"),
    }
    print(f"machine: {machine()}")
    identical = True
    try:
        for gb in (float(x) for x in args.sizes.split(",") if x.strip()):
            identical = compare_commands(workdir, gb, args.runs, env) and identical
        if args.round_gb:
            correction_round(workdir, args.round_gb, env)
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    if not identical:
        raise SystemExit("decoded data differ between plain NeuroConv and agentic-neurodata")


if __name__ == "__main__":
    main()
