"""Rules of the conversion agent that need no recording: options, names, metadata finishing,
what a NeuroConv specification can carry."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from agentic_neurodata.agents.conversion.writing.corrections import validate_options
from agentic_neurodata.agents.conversion.writing.final_metadata import final_metadata
from agentic_neurodata.agents.conversion.writing.naming import dandi_label, dandi_name, session_id_from_start
from agentic_neurodata.agents.conversion.writing.specification import carried_metadata
from agentic_neurodata.errors import BadInputError
from agentic_neurodata.metadata.nwb_mapping import apply_user_metadata

PARIS = timezone(timedelta(hours=1))


def test_options_are_checked() -> None:
    assert validate_options(None) == {}
    assert validate_options({"drop_empty_tables": True, "compression": "zstd"}) == {
        "drop_empty_tables": True,
        "compression": "zstd",
    }
    with pytest.raises(BadInputError) as caught:
        validate_options({"gzip": True})
    assert (
        "Known options: skip_empty_streams, drop_empty_tables, drop_empty_strings, compact_binary_columns, compression"
        in caught.value.message
    )


@pytest.mark.parametrize(
    ("value", "label"),
    [
        ("m042", "m042"),
        ("m_042", "m-042"),
        ("mouse 7/left", "mouse-7-left"),
        ("a.b:c;d,e@f%g?h'i\"j", "a-b-c-d-e-f-g-h-i-j"),
    ],
)
def test_dandi_labels_replace_what_dandi_replaces(value: str, label: str) -> None:
    assert dandi_label(value) == label


def test_dandi_session_ids_from_the_start_time_as_dandi_derives_them() -> None:
    assert session_id_from_start(datetime(2024, 3, 5, 14, 30, 0, tzinfo=PARIS)) == "20240305T143000"
    assert session_id_from_start(datetime(2024, 3, 5, tzinfo=PARIS)) == "20240305"
    start = datetime(2024, 3, 5, 14, 30, tzinfo=PARIS)
    assert dandi_name("m042", None, start, ["ecephys"], 2) == "sub-m042_ses-20240305T143000_desc-v2_ecephys.nwb"
    assert (
        dandi_name("m042", "day1", start, ["ecephys", "icephys"], 1) == "sub-m042_ses-day1_desc-v1_ecephys+icephys.nwb"
    )


def test_final_metadata_dates_and_empty_text() -> None:
    reader = {
        "NWBFile": {"session_start_time": "2024-03-05T14:30:00", "session_description": ""},
        "Devices": {"probe": {"name": "Probe", "manufacturer": ""}},
        "Subject": {},
    }
    metadata, notes = final_metadata(reader, {}, {"date_of_birth": "2023-12-01"})
    assert metadata["NWBFile"]["session_start_time"].tzinfo == UTC and "written as UTC" in notes[0]
    assert metadata["Subject"]["date_of_birth"] == datetime(2023, 12, 1, tzinfo=UTC)
    metadata, notes = final_metadata(
        reader, {}, {"session_start_time": "2024-03-05T14:30:00+01:00"}, drop_empty_strings=True
    )
    assert "manufacturer" not in metadata["Devices"]["probe"]
    assert metadata["NWBFile"]["session_description"] == ""  # required: left for the evaluation to report
    assert notes == [
        "Left out optional metadata given as empty text (Devices.probe.manufacturer) instead of writing empty values."
    ]
    with pytest.raises(BadInputError, match="do not record when the session started"):
        final_metadata({}, {}, {})


def test_generated_descriptions_fill_only_what_the_files_left_empty() -> None:
    reader = {
        "Devices": {"a": {"name": "A"}, "b": {"name": "B", "description": "Neuropixels 1.0"}},
        "Ecephys": {"ElectrodeGroups": {"g": {"name": "G", "description": "no description", "location": "unknown"}}},
        "Icephys": {"IntracellularElectrodes": {"e": {"name": "E", "description": "Patch-clamp electrode."}}},
    }
    merged = apply_user_metadata(
        reader,
        {
            "device_description": "Probe from the files",
            "cell_id": "c1",
            "electrode_group_description": "Shank 0",
            "electrode_location": "CA1",
        },
    )
    assert [d.get("description") for d in merged["Devices"].values()] == ["Probe from the files", "Neuropixels 1.0"]
    assert merged["Ecephys"]["ElectrodeGroups"]["g"] == {"name": "G", "description": "Shank 0", "location": "CA1"}
    assert merged["Icephys"]["IntracellularElectrodes"]["e"] == {
        "name": "E",
        "description": "Patch-clamp electrode.",
        "location": "CA1",
        "cell_id": "c1",
    }


def test_a_specification_carries_session_and_subject_changes_only() -> None:
    reader = {
        "NWBFile": {"session_description": "", "identifier": "x"},
        "Ecephys": {"ElectrodeGroups": {"g": {"name": "G", "location": "unknown"}}},
    }
    final = {
        "NWBFile": {"session_description": "V1", "identifier": "y", "lab": "Smith Lab"},
        "Subject": {"subject_id": "m1", "date_of_birth": datetime(2023, 1, 1, tzinfo=PARIS)},
        "Ecephys": {"ElectrodeGroups": {"g": {"name": "G", "location": "VISp"}}},
        "Devices": {"d": {"name": "D", "description": "generated"}},
    }
    carried, left_out = carried_metadata(final, reader)
    assert carried == {
        "NWBFile": {"session_description": "V1", "lab": "Smith Lab"},
        "Subject": {"subject_id": "m1", "date_of_birth": "2023-01-01T00:00:00+01:00"},
    }
    assert left_out == ["Ecephys.ElectrodeGroups.g.location", "Devices.d.name", "Devices.d.description"]
