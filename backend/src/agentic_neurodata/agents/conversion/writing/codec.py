"""The codec of the large datasets (COMPRESSION, COMPRESSION_LEVEL).

gzip (default): every NWB reader decodes it. We deflate chunks ourselves on all cores (the
compressor releases the GIL) and hand them to HDF5 pre-compressed, which is what makes the default
fast. The deflate implementation is zlib-ng: the same zlib stream format, about twice as fast per
core as zlib at a similar size (level 3 of zlib-ng is within 2 % of zlib's level 4 on neural data).
lz4 / zstd: HDF5 plugin filters from `hdf5plugin` (readers need it too); fast enough in one thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

CODECS = ("gzip", "lz4", "zstd", "none")


@dataclass(frozen=True)
class Codec:
    name: str
    level: int
    # Keyword arguments for H5DataIO / h5py create_dataset.
    dataset_options: dict[str, Any]
    # What NeuroConv's backend configuration takes as `compressors` / `compressor_options`.
    compressors: list[Any] | None
    compressor_options: list[Any] | None
    # Compresses one chunk's bytes exactly as the HDF5 filter would; None: let HDF5 compress.
    compress_chunk: Callable[[memoryview], bytes] | None


DEFLATES = ("zlib-ng", "zlib")


def make_codec(name: str, level: int, deflate_with: str = "zlib-ng") -> Codec:
    """`deflate_with`: zlib-ng (default) or zlib, the implementation NeuroConv's writing uses through
    HDF5 (the benchmark compares them at the same level)."""
    if name == "gzip":
        level = max(1, min(9, level))
        deflate = _deflate() if deflate_with == "zlib-ng" else _zlib()
        return Codec(
            name,
            level,
            {"compression": "gzip", "compression_opts": level},
            ["gzip"],
            [{"level": level}],
            lambda raw: deflate(raw, level),
        )
    if name == "none":
        return Codec(name, 0, {"compression": None}, None, None, None)
    try:
        import hdf5plugin
    except ImportError as exc:  # pragma: no cover - hdf5plugin is a dependency
        raise RuntimeError(f"COMPRESSION={name} needs the hdf5plugin package") from exc
    if name == "zstd":
        plugin = hdf5plugin.Zstd(clevel=max(1, min(22, level)))
    elif name == "lz4":
        plugin = hdf5plugin.LZ4()
    else:
        raise ValueError(f"Unknown COMPRESSION {name!r}: use gzip, lz4, zstd or none")
    return Codec(name, level, {**dict(plugin), "allow_plugin_filters": True}, [plugin], [None], None)


def _deflate() -> Callable[[memoryview, int], bytes]:  # zlib takes any buffer: no copy
    try:
        from zlib_ng import zlib_ng

        return zlib_ng.compress
    except ImportError:  # pragma: no cover - zlib-ng is a dependency; zlib writes the same format
        return _zlib()


def _zlib() -> Callable[[memoryview, int], bytes]:
    import zlib

    return zlib.compress
