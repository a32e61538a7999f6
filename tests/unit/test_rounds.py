"""Which correction rounds derive their version from the previous one, and what the derivation writes:
only changes on its lists are derived, everything else converts again (rounds.py)."""

from __future__ import annotations

from agentic_neurodata.agents.conversion.writing.rounds import differences, plan_round
from agentic_neurodata.domain import VersionRecipe

START = {"session_start_time": "2024-03-05T14:30:00-05:00"}
READER = {
    "NWBFile": {"session_description": "", "identifier": "abc", "session_start_time": "2024-03-05T14:30:00"},
    "Devices": {"probe_key": {"name": "Probe0", "serial_number": "123"}},
    "Ecephys": {
        "ElectrodeGroups": {"Probe0": {"name": "Probe0", "description": "A probe", "location": "unknown"}},
        "Electrodes": [{"name": "group_name", "description": "Name of the group"}],
    },
}


def recipe(**changes: object) -> VersionRecipe:
    values: dict[str, object] = {"metadata": dict(START), "reader_metadata": READER, "has_recordings": True}
    values.update(changes)
    return VersionRecipe.model_validate(values)


def test_without_an_earlier_version_the_recording_is_converted() -> None:
    assert not plan_round(None, None, START, {}).derive
    assert "no earlier version" in plan_round(1, None, START, {}).why


def test_changed_conversion_options_convert_again_and_say_which() -> None:
    plan = plan_round(1, recipe(), START, {"drop_empty_tables": True})
    assert not plan.derive and "conversion options changed (drop_empty_tables)" in plan.why
    assert [(c.name, c.kind, c.old, c.new) for c in plan.changes] == [("drop_empty_tables", "option", None, True)]


def test_a_field_the_derivation_does_not_know_converts_again() -> None:
    plan = plan_round(1, recipe(), {**START, "cell_id": "c3"}, {})
    assert not plan.derive and "cannot write cell_id" in plan.why


def test_session_and_subject_fields_are_derived_with_what_changed() -> None:
    plan = plan_round(2, recipe(), {**START, "subject_id": "m042", "lab": "Smith Lab"}, {})
    assert plan.derive and plan.edits is not None and plan.metadata is not None
    assert [(c.name, c.old, c.new) for c in plan.changes] == [("lab", None, "Smith Lab"), ("subject_id", None, "m042")]
    assert plan.edits.new_file_sections["Subject"]["subject_id"] == "m042"
    assert "Subject" not in plan.edits.old_file_sections
    assert plan.edits.attributes == () and plan.edits.columns == ()
    assert "v2's data are copied as they are" in plan.why


def test_descriptions_and_the_brain_area_land_on_their_objects() -> None:
    given = {**START, "device_description": "Neuropixels probe", "electrode_location": "CA1"}
    plan = plan_round(1, recipe(), given, {})
    assert plan.derive and plan.edits is not None
    assert set(plan.edits.attributes) == {
        ("/general/devices/Probe0", "description", "Neuropixels probe"),
        ("/general/extracellular_ephys/Probe0", "location", "CA1"),
    }
    assert plan.edits.placeholders == (("/general/devices", "Device", "Neuropixels probe"),)
    assert plan.edits.columns == (("/general/extracellular_ephys/electrodes", "location", "CA1"),)
    without_recordings = plan_round(1, recipe(has_recordings=False), given, {})
    assert without_recordings.edits is not None and without_recordings.edits.columns == ()


def test_changes_whose_earlier_effect_cannot_be_told_apart_convert_again() -> None:
    before = recipe(metadata={**START, "device_description": "Old text", "electrode_location": "CA1"})
    changed = plan_round(1, before, {**START, "device_description": "New text", "electrode_location": "CA1"}, {})
    assert not changed.derive and "device_description changed" in changed.why
    removed = plan_round(1, before, {**START, "device_description": "Old text"}, {})
    assert not removed.derive and "brain area was removed" in removed.why


def test_a_metadata_path_without_a_writer_converts_again() -> None:
    reader = {**READER, "Icephys": {"IntracellularElectrodes": [{"name": "e0", "description": "pipette"}]}}
    plan = plan_round(1, recipe(reader_metadata=reader), {**START, "electrode_location": "CA1"}, {})
    assert not plan.derive and "cannot write Icephys.IntracellularElectrodes.0.location" in plan.why


def test_differences_walk_dicts_and_tables_of_named_rows() -> None:
    old = {"a": {"b": 1, "c": [1, 2]}, "t": [{"name": "x", "d": "1"}, {"name": "y", "d": "2"}]}
    new = {"a": {"b": 1, "c": [1, 3]}, "t": [{"name": "x", "d": "1"}, {"name": "y", "d": "3"}], "n": 1}
    assert differences(old, new) == [("a", "c"), ("t", 1, "d"), ("n",)]
