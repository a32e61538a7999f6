"""Text HDF5 cannot store, made storable: what is removed or read again, how originals are kept."""

from __future__ import annotations

import h5py
from neuroconv.utils import DeepDict

from agentic_neurodata.agents.conversion.writing.hdf5_text import TextChanges, clean_metadata, escaped, storable


def test_nul_control_characters_and_escaped_bytes_become_text_hdf5_stores(tmp_path) -> None:
    named_in_cp1252 = b"R\xe9f\xe9rence".decode("utf-8", "surrogateescape")  # how Python keeps such bytes
    assert storable("Tet\x001 é") == "Tet1 é"
    assert storable("line\tand\nbreak\x07") == "line\tand\nbreak"
    assert storable(named_in_cp1252) == "Référence"
    assert storable("lone \ud800 surrogate") == "lone \ufffd surrogate"
    assert escaped("Tet\x001") == "Tet\\x001" and escaped(named_in_cp1252) == "R\\xe9f\\xe9rence"
    with h5py.File(tmp_path / "t.h5", "w") as handle:  # what h5py refused before is stored now
        handle["names"] = [storable(v).encode() for v in ("Tet\x001", named_in_cp1252)]


def test_metadata_is_cleaned_in_place_and_the_original_kept_in_the_description() -> None:
    metadata = DeepDict()
    metadata["Ecephys"]["Device"] = [{"name": "Probe\x00A", "description": "Intan headstage"}]
    changes = TextChanges()
    cleaned = clean_metadata(metadata, changes)
    assert cleaned is metadata and isinstance(cleaned["Events"], dict)  # still a DeepDict: sections appear on access
    device = metadata["Ecephys"]["Device"][0]
    assert device["name"] == "ProbeA" and device["description"] == "Intan headstage (as recorded: name 'Probe\\x00A')"
    [note] = changes.notes()
    assert "'Probe\\x00A' → 'ProbeA'" in note and "Ecephys.Device[0].name" in note and "description" in note
    assert TextChanges().notes() == []
