"""Benchmark: evaluate a ~1 GB NWB file (384-channel SpikeGLX run) and print each phase's time.

Run it with `.venv/bin/python tests/bench/bench_evaluation.py`. The recording is generated with
`SampleSpec` and converted once with plain NeuroConv (gzip, as the service writes); both are cached
under <tmp>/agentic_neurodata_bench. Prints figures; asserts nothing about wall time.
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from agentic_neurodata.contracts import evaluation
from agentic_neurodata.metadata.nwb_mapping import apply_user_metadata
from agentic_neurodata.sample_data import SampleSpec, write_sample_spikeglx

CACHE = Path(tempfile.gettempdir()) / "agentic_neurodata_bench"
# NeuroConv's gzip shrinks the generated noise to about 38 % of its raw size, so ~105 s of
# 384 channels (2.6 GB of int16) give an NWB file of about 1 GB.
SPEC = SampleSpec(run_name="bench", n_channels=384, duration_s=105.0, n_units=60)
# Complete metadata, so the file passes and the benchmark covers the PDF report with its figure.
BENCH_METADATA = {
    "subject_id": "bench01",
    "species": "Mus musculus",
    "sex": "M",
    "age": "P120D",
    "session_description": "Benchmark: generated 384-channel Neuropixels 1.0 recording",
    "session_start_time": "2024-03-05T14:30:00+00:00",
    "experimenter": "Bench, Mark",
    "institution": "Benchmark Institute",
    "lab": "Bench Lab",
    "experiment_description": "Generated noise with spiking units",
    "keywords": "benchmark",
    "electrode_location": "VISp",
}
SEGMENT_S = 15.0  # generated piecewise: one 105 s block would need ~10 GB of float64 noise


def write_long_run(root: Path, spec: SampleSpec) -> Path:
    """`write_sample_spikeglx` for a long run, in segments appended to the first one's .bin files."""
    n_segments = max(1, round(spec.duration_s / SEGMENT_S))
    first = replace(spec, duration_s=spec.duration_s / n_segments)
    run = write_sample_spikeglx(root, first)
    for index in range(1, n_segments):
        with tempfile.TemporaryDirectory(dir=root) as scratch:
            extra = write_sample_spikeglx(Path(scratch), replace(first, seed=spec.seed + index))
            for part in extra.rglob("*.bin"):
                target = next(run.rglob(part.name))
                with open(target, "ab") as out, open(part, "rb") as src:
                    shutil.copyfileobj(src, out, length=64 * 1024**2)
    for meta in run.rglob("*.meta"):
        _fix_meta_lengths(meta)
    return run


def _fix_meta_lengths(meta: Path) -> None:
    text = meta.read_text()
    size = meta.with_suffix(".bin").stat().st_size
    n_saved = int(re.search(r"^nSavedChans=(\d+)$", text, re.M).group(1))
    rate = float(re.search(r"^imSampRate=(.+)$", text, re.M).group(1))
    seconds = size / (2 * n_saved) / rate
    text = re.sub(r"^fileSizeBytes=.*$", f"fileSizeBytes={size}", text, flags=re.M)
    text = re.sub(r"^fileTimeSecs=.*$", f"fileTimeSecs={seconds:.6f}", text, flags=re.M)
    meta.write_text(text)


def bench_nwb() -> Path:
    """The cached ~1 GB NWB file, converted with plain NeuroConv the first time."""
    nwb = CACHE / "bench_384ch_full_metadata.nwb"
    if nwb.is_file():
        return nwb
    from neuroconv.converters import SpikeGLXConverterPipe

    CACHE.mkdir(parents=True, exist_ok=True)
    raw_root = CACHE / "raw"
    shutil.rmtree(raw_root, ignore_errors=True)
    started = time.perf_counter()
    run = write_long_run(raw_root, SPEC)
    print(
        f"generated {sum(p.stat().st_size for p in run.rglob('*.bin')) / 1e9:.2f} GB of SpikeGLX data "
        f"in {time.perf_counter() - started:.1f} s"
    )
    converter = SpikeGLXConverterPipe(folder_path=str(run))
    metadata = apply_user_metadata(converter.get_metadata(), BENCH_METADATA)
    started = time.perf_counter()
    partial = nwb.with_name("partial_" + nwb.name)
    converter.run_conversion(nwbfile_path=str(partial), metadata=metadata, overwrite=True)
    partial.rename(nwb)
    print(f"converted with NeuroConv in {time.perf_counter() - started:.1f} s")
    shutil.rmtree(raw_root, ignore_errors=True)
    return nwb


def timed(label: str, step):
    started = time.perf_counter()
    value = step()
    seconds = time.perf_counter() - started
    print(f"  {label:<52} {seconds:6.2f} s")
    return value, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.parse_args()
    nwb = bench_nwb()
    print(f"{nwb.name}: {nwb.stat().st_size / 1e9:.2f} GB")

    # Imports are paid once per service start, not per evaluation: time them apart.
    _, import_s = timed("imports (pynwb, nwbinspector, matplotlib)", _imports)
    from agentic_neurodata.agents.evaluation import figures, file_info, inspection
    from agentic_neurodata.config import Settings
    from agentic_neurodata.runtime import build_runtime

    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        print("phases, measured separately:")
        _, read_s = timed("read with PyNWB + FileInfo", lambda: file_info.read_file_info(nwb))
        (issues, _), inspect_s = timed(
            "NWB Inspector (DANDI config, with PyNWB validation)", lambda: inspection.run_inspector(nwb)
        )
        _, figure_s = timed("data preview figure (lazy slice)", lambda: figures.data_preview(nwb))

        print("the agent's evaluate action end to end (evaluation + PDF report):")
        copy = work / "bench_v1.nwb"
        copy.symlink_to(nwb)
        settings = Settings(
            _env_file=None,
            upload_dir=work / "u",
            output_dir=work / "o",
            log_dir=work / "l",
            state_dir=work / "s",
            llm_provider="offline",
        )
        runtime = build_runtime(settings, in_background=False)
        runtime.store.begin_session("bench", str(work), str(work))
        result, total_s = timed(
            "evaluate (read, inspector, report)",
            lambda: runtime.call(evaluation.EVALUATE, nwb_path=str(copy), version=1),
        )
        state = runtime.store.snapshot()
        stages = {
            name.value: (s.ended_at - s.started_at).total_seconds()
            for name, s in state.stages.items()
            if s.started_at and s.ended_at
        }
        for name, seconds in stages.items():
            print(f"    stage {name:<46} {seconds:6.2f} s")
        runtime.close()
        report = Path(state.report_path)
        print(
            f"status {result['overall_status']}, {len(issues)} issues, report {report.name} "
            f"({report.stat().st_size / 1e3:.0f} kB)"
        )
    print(
        f"SUMMARY file {nwb.stat().st_size / 1e9:.2f} GB: evaluate {total_s:.1f} s end to end "
        f"(read {read_s:.1f} s, inspector {inspect_s:.1f} s, figure {figure_s:.1f} s; imports {import_s:.1f} s "
        "once per process); target under 30 s"
    )


def _imports() -> None:
    import matplotlib.figure  # noqa: F401
    import nwbinspector  # noqa: F401
    import pynwb  # noqa: F401
    import reportlab.platypus  # noqa: F401


if __name__ == "__main__":
    main()
