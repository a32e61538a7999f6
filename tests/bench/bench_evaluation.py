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
from datetime import datetime, timezone
from pathlib import Path

from agentic_neurodata.sample_data import SampleSpec, write_sample_spikeglx

CACHE = Path(tempfile.gettempdir()) / "agentic_neurodata_bench"
# NeuroConv's gzip shrinks the generated noise to about 38 % of its raw size, so ~105 s of
# 384 channels (2.6 GB of int16) give an NWB file of about 1 GB.
SPEC = SampleSpec(run_name="bench", n_channels=384, duration_s=105.0, n_units=60)
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
    nwb = CACHE / "bench_384ch.nwb"
    if nwb.is_file():
        return nwb
    from neuroconv.converters import SpikeGLXConverterPipe

    CACHE.mkdir(parents=True, exist_ok=True)
    raw_root = CACHE / "raw"
    shutil.rmtree(raw_root, ignore_errors=True)
    started = time.perf_counter()
    run = write_long_run(raw_root, SPEC)
    print(f"generated {sum(p.stat().st_size for p in run.rglob('*.bin')) / 1e9:.2f} GB of SpikeGLX data "
          f"in {time.perf_counter() - started:.1f} s")
    converter = SpikeGLXConverterPipe(folder_path=str(run))
    metadata = converter.get_metadata()
    metadata["NWBFile"]["session_start_time"] = datetime(2024, 3, 5, 14, 30, tzinfo=timezone.utc)
    started = time.perf_counter()
    partial = nwb.with_suffix(".partial")
    converter.run_conversion(nwbfile_path=str(partial), metadata=metadata, overwrite=True)
    partial.rename(nwb)
    print(f"converted with NeuroConv in {time.perf_counter() - started:.1f} s")
    shutil.rmtree(raw_root, ignore_errors=True)
    return nwb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.parse_args()
    nwb = bench_nwb()
    print(f"{nwb.name}: {nwb.stat().st_size / 1e9:.2f} GB")


if __name__ == "__main__":
    main()
