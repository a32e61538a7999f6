"""A whole session folder: the generated SpikeGLX run with its spike sorting and a trials table."""

from __future__ import annotations

from pathlib import Path

from .phy import write_sample_phy, write_sample_trials
from .spikeglx import SampleSpec, write_sample_spikeglx

SORTING_FOLDER = "kilosort"
TRIALS_FILE = "trials.csv"


def write_sample_session(root: Path, spec: SampleSpec | None = None, trials: bool = True) -> Path:
    """`<root>/<run>_g0/` holding the SpikeGLX probe folder, `kilosort/` (Phy output sorted from its
    AP band, channels matching) and, unless `trials` is False, `trials.csv`. Returns the run folder."""
    spec = spec or SampleSpec()
    run = write_sample_spikeglx(root, spec)
    write_sample_phy(run / SORTING_FOLDER, spec)
    if trials:
        write_sample_trials(run / TRIALS_FILE, spec.duration_s)
    return run
