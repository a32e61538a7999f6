"""Fill a chunked HDF5 dataset from a NeuroConv data iterator: chunks are compressed on all cores
and written pre-compressed (write_direct_chunk), with bounded memory whatever the file size; reading,
compressing and writing overlap."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from .codec import Codec

BatchCallback = Callable[[int], None]  # bytes of raw data just written; may raise to stop
# Rows asked of the reader at once. A reader of interleaved files maps every page its rows span
# whatever the channels asked for: one read of a long single-channel chunk (NeuroConv gives a sync
# channel one chunk for the whole recording) would map the whole recording. 2**17 rows of a
# 385-channel int16 file is 100 MB.
MAX_ROWS_PER_READ = 2**17


@dataclass
class FillJob:
    dataset: Any  # h5py.Dataset, created empty with its final shape and chunks
    read: Callable[[tuple[slice, ...]], np.ndarray]  # the iterator's own reader: identical decoded data
    shape: tuple[int, ...]
    dtype: np.dtype
    chunks: tuple[int, ...]

    @property
    def nbytes(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) * self.dtype.itemsize


def _band_rows(job: FillJob, buffer_bytes: int) -> int:
    """Rows read at once: whole chunk rows, about a quarter of the buffer (the rest is in flight)."""
    row_bytes = max(1, job.nbytes // max(1, job.shape[0]))
    chunk_rows = job.chunks[0]
    bands = max(1, (buffer_bytes // 4) // max(1, row_bytes * chunk_rows))
    return chunk_rows * bands


def _read_rows(job: FillJob, start: int, stop: int) -> np.ndarray:
    rest = tuple(slice(0, n) for n in job.shape[1:])
    if stop - start <= MAX_ROWS_PER_READ:
        return np.asarray(job.read((slice(start, stop), *rest)))
    band = np.empty((stop - start, *job.shape[1:]), dtype=job.dtype)
    for first in range(start, stop, MAX_ROWS_PER_READ):
        last = min(first + MAX_ROWS_PER_READ, stop)
        band[first - start : last - start] = job.read((slice(first, last), *rest))
    return band


def _chunk_buffer(block: np.ndarray, chunks: tuple[int, ...], dtype: np.dtype) -> memoryview:
    """The chunk's bytes in C order (one copy; the compressor reads the buffer directly)."""
    if block.shape != tuple(chunks):  # edge chunk: HDF5 stores it full size
        padded = np.zeros(chunks, dtype=dtype)
        padded[tuple(slice(0, n) for n in block.shape)] = block
        return padded.data.cast("B")
    return np.ascontiguousarray(block, dtype=dtype).data.cast("B")


def _bands(job: FillJob, rows: int) -> list[tuple[int, int]]:
    return [(start, min(start + rows, job.shape[0])) for start in range(0, job.shape[0], rows)]


def fill(job: FillJob, codec: Codec, threads: int, buffer_bytes: int, on_batch: BatchCallback) -> None:
    """Three stages at once: a reader thread reads the next band of rows while the deflate threads
    compress the current one's chunks, and this thread writes finished chunks in order. Memory: two
    bands, a chunk per deflate thread, and the compressed chunks waiting to be written."""
    if job.nbytes == 0:
        return
    if codec.compress_chunk is None:
        _fill_plain(job, buffer_bytes, on_batch)
        return
    compress = codec.compress_chunk

    def work(block: np.ndarray) -> bytes:
        return compress(_chunk_buffer(block, job.chunks, job.dtype))

    bands = _bands(job, _band_rows(job, buffer_bytes))
    in_flight: deque[tuple[tuple[int, ...], Future[bytes], int]] = deque()
    flight_bytes = 0
    other_axes = [range(0, n, c) for n, c in zip(job.shape[1:], job.chunks[1:], strict=False)]

    def write_oldest() -> None:
        nonlocal flight_bytes
        offset, future, size = in_flight.popleft()
        job.dataset.id.write_direct_chunk(offset, future.result())
        flight_bytes -= size
        on_batch(size)

    with (
        ThreadPoolExecutor(max_workers=1, thread_name_prefix="read") as reader,
        ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="deflate") as pool,
    ):
        next_band = reader.submit(_read_rows, job, *bands[0])
        try:
            for number, (start, stop) in enumerate(bands):
                band = next_band.result()
                if number + 1 < len(bands):  # read ahead while this band is compressed
                    next_band = reader.submit(_read_rows, job, *bands[number + 1])
                for row in range(0, stop - start, job.chunks[0]):
                    for corner in itertools.product(*other_axes):
                        index = (
                            slice(row, row + job.chunks[0]),
                            *(slice(c, c + size) for c, size in zip(corner, job.chunks[1:], strict=False)),
                        )
                        block = band[index]
                        in_flight.append(((start + row, *corner), pool.submit(work, block), block.nbytes))
                        flight_bytes += block.nbytes
                        # Write finished chunks in order; wait for the oldest while too much is in flight.
                        while in_flight and (flight_bytes > buffer_bytes // 2 or in_flight[0][1].done()):
                            write_oldest()
                del band
            while in_flight:
                write_oldest()
        except BaseException:
            next_band.cancel()
            for _, future, _ in in_flight:
                future.cancel()
            raise


def _fill_plain(job: FillJob, buffer_bytes: int, on_batch: BatchCallback) -> None:
    """HDF5 applies the codec itself (lz4/zstd are fast in one thread) or stores raw data."""
    rows = _band_rows(job, buffer_bytes * 2)
    for start in range(0, job.shape[0], rows):
        stop = min(start + rows, job.shape[0])
        selection = (slice(start, stop), *(slice(0, n) for n in job.shape[1:]))
        block = np.asarray(_read_rows(job, start, stop), dtype=job.dtype)
        job.dataset[selection] = block
        on_batch(block.nbytes)
