"""The preview reads deflate-only chunks itself (zlib-ng): the same values h5py decodes."""

from __future__ import annotations

from pathlib import Path

import h5py
import numpy as np
import pytest

from agentic_neurodata.agents.evaluation.figures import _window


@pytest.mark.parametrize(
    "options", [{"compression": "gzip", "compression_opts": 3}, {"compression": "gzip", "shuffle": True}]
)
@pytest.mark.parametrize("n,band", [(50, slice(0, 20)), (13, slice(3, 17)), (7, slice(16, 20))])
def test_a_window_decodes_to_what_h5py_reads(tmp_path: Path, options: dict, n: int, band: slice) -> None:
    source = np.random.default_rng(3).integers(-500, 500, size=(50, 20)).astype(np.int16)
    with h5py.File(tmp_path / "x.h5", "w") as handle:
        handle.create_dataset("data", data=source, chunks=(8, 6), **options)
    with h5py.File(tmp_path / "x.h5", "r") as handle:
        np.testing.assert_array_equal(_window(handle["data"], n, band), source[:n, band])


def test_chunks_never_written_read_as_their_fill_value(tmp_path: Path) -> None:
    with h5py.File(tmp_path / "x.h5", "w") as handle:
        handle.create_dataset("data", shape=(16, 4), dtype=np.int16, chunks=(8, 4), compression="gzip", fillvalue=7)
        handle["data"][:8] = 1
    with h5py.File(tmp_path / "x.h5", "r") as handle:
        window = _window(handle["data"], 16, slice(0, 4))
    assert (window[:8] == 1).all() and (window[8:] == 7).all()
