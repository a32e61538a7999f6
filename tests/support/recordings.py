"""Small recordings written by the tests themselves, for readers no shared sample covers."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def write_mda_firings(path: Path) -> Path:
    """A small MountainSort `firings.mda` (5 units, 400 spikes): a sorting whose reader needs a rate."""
    from spikeinterface.core import NumpySorting
    from spikeinterface.extractors.mdaextractors import MdaSortingExtractor

    rng = np.random.default_rng(0)
    times = np.sort(rng.integers(0, 300_000, 400))
    labels = rng.integers(1, 6, 400)
    path.parent.mkdir(parents=True, exist_ok=True)
    MdaSortingExtractor.write_sorting(NumpySorting.from_samples_and_labels([times], [labels], 30000), str(path))
    return path
