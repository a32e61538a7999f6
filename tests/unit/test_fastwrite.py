"""Chunks compressed on several threads and written pre-compressed decode to exactly the source."""

from __future__ import annotations

from pathlib import Path

import h5py
import numpy as np
import pytest

from agentic_neurodata.agents.conversion.writing import fastwrite
from agentic_neurodata.agents.conversion.writing.codec import make_codec
from agentic_neurodata.agents.conversion.writing.fastwrite import FillJob, fill


def _job(handle: h5py.File, source: np.ndarray, chunks: tuple[int, ...], codec_name: str) -> FillJob:
    codec = make_codec(codec_name, 3)
    options = {k: v for k, v in codec.dataset_options.items() if k != "allow_plugin_filters"}
    dataset = handle.create_dataset("data", shape=source.shape, dtype=source.dtype, chunks=chunks, **options)
    return FillJob(
        dataset=dataset, read=lambda selection: source[selection], shape=source.shape, dtype=source.dtype, chunks=chunks
    )


@pytest.mark.parametrize("shape,chunks", [((50, 8), (7, 3)), ((1000,), (64,)), ((9, 5, 4), (4, 5, 3))])
@pytest.mark.parametrize("codec_name", ["gzip", "zstd", "none"])
def test_every_shape_and_edge_chunk_round_trips(
    tmp_path: Path, shape, chunks, codec_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hdf5plugin  # noqa: F401 - zstd filter for h5py

    monkeypatch.setattr(fastwrite, "MAX_ROWS_PER_READ", 5)  # force reads split below a chunk's rows
    source = np.random.default_rng(1).integers(-2000, 2000, size=shape).astype(np.int16)
    written = []
    with h5py.File(tmp_path / "x.h5", "w") as handle:
        job = _job(handle, source, chunks, codec_name)
        fill(job, make_codec(codec_name, 3), threads=3, buffer_bytes=256, on_batch=written.append)
    with h5py.File(tmp_path / "x.h5", "r") as handle:
        np.testing.assert_array_equal(handle["data"][()], source)
        assert (handle["data"].compression == "gzip") == (codec_name == "gzip")
    assert sum(written) == source.nbytes


def test_a_callback_that_raises_stops_the_fill(tmp_path: Path) -> None:
    source = np.arange(4000, dtype=np.int16).reshape(1000, 4)

    def stop(_: int) -> None:
        raise KeyboardInterrupt("cancelled")

    with h5py.File(tmp_path / "x.h5", "w") as handle:
        job = _job(handle, source, (10, 4), "gzip")
        with pytest.raises(KeyboardInterrupt):
            fill(job, make_codec("gzip", 3), threads=2, buffer_bytes=64, on_batch=stop)
