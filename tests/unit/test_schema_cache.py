"""The validation type map built once gives the same schema findings as PyNWB builds per file."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import h5py
import pynwb
from pynwb import NWBHDF5IO, NWBFile

from agentic_neurodata.agents.evaluation import schema_cache


def _write(path: Path, cache_spec: bool = True) -> Path:
    nwbfile = NWBFile(session_description="s", identifier="i", session_start_time=datetime(2024, 3, 5, tzinfo=UTC))
    with NWBHDF5IO(str(path), "w") as io:
        io.write(nwbfile, cache_spec=cache_spec)
    return path


def _findings(errors: list) -> list[tuple[str, str, str]]:
    return sorted((type(e).__name__, e.name, e.location or "") for e in errors)


def test_a_file_with_the_same_cached_namespaces_is_validated_with_the_prepared_type_map(tmp_path: Path) -> None:
    schema_cache.prepare()
    broken = _write(tmp_path / "broken.nwb")
    with h5py.File(broken, "r+") as handle:
        del handle["session_description"]  # a schema error, so there is something to compare
    assert "result" in schema_cache._prepared
    with_prepared = pynwb.validate(path=str(broken))
    assert "result" not in schema_cache._prepared  # taken, and never handed out twice
    on_its_own = pynwb.validate(path=str(broken))
    assert _findings(with_prepared) == _findings(on_its_own) != []


def test_files_with_other_or_no_cached_namespaces_go_pynwbs_own_way(tmp_path: Path) -> None:
    schema_cache.prepare()
    bare = _write(tmp_path / "bare.nwb", cache_spec=False)
    assert schema_cache.cached_namespaces_key(bare) is None
    assert pynwb.validate(path=str(bare)) == []
    assert "result" in schema_cache._prepared  # still there for a file it fits
