"""Which correction rounds derive their version from the previous one, and what the derivation writes:
only changes on its lists are derived, everything else converts again (rounds.py)."""

from __future__ import annotations

from agentic_neurodata.agents.conversion.writing.plan import ConversionPlan, Link, Stream
from agentic_neurodata.agents.conversion.writing.rounds import differences, plan_round
from agentic_neurodata.domain import SessionStream, StreamKind, StreamLink, VersionRecipe

START = {"session_start_time": "2024-03-05T14:30:00-05:00"}
READER = {
    "NWBFile": {"session_description": "", "identifier": "abc", "session_start_time": "2024-03-05T14:30:00"},
    "Devices": {"probe_key": {"name": "Probe0", "serial_number": "123"}},
    "Ecephys": {
        "ElectrodeGroups": {"Probe0": {"name": "Probe0", "description": "A probe", "location": "unknown"}},
        "Electrodes": [{"name": "group_name", "description": "Name of the group"}],
    },
}

RECORDING = SessionStream(
    name="SpikeGLXConverterPipe", interface="SpikeGLXConverterPipe", kind=StreamKind.RECORDING, source_data={"f": "x"}
)
SORTING = SessionStream(
    name="PhySortingInterface",
    interface="PhySortingInterface",
    kind=StreamKind.SORTING,
    source_data={"folder_path": "x/sorting"},
    link=StreamLink(linked=True, recording="imec0.ap", reason="32 channels at 30 kHz, as the probe"),
)
TRIALS = SessionStream(name="trials", interface="CsvTimeIntervalsInterface", kind=StreamKind.OTHER)


def reads(*session: SessionStream) -> dict[str, object]:
    """What a round reads (rounds.reads_of): a session of these streams."""
    return {
        "interface": "SpikeGLXConverterPipe",
        "source_data": {"f": "x"},
        "streams": [s.name for s in session],
        "session": [s.model_dump(mode="json") for s in session],
    }


READS = reads(RECORDING, SORTING, TRIALS)


def recipe(**changes: object) -> VersionRecipe:
    values: dict[str, object] = {
        "metadata": dict(START),
        "reader_metadata": READER,
        "has_recordings": True,
        "reads": READS,
    }
    values.update(changes)
    return VersionRecipe.model_validate(values)


def test_without_an_earlier_version_the_recording_is_converted() -> None:
    assert not plan_round(None, None, START, {}, READS).derive
    assert "no earlier version" in plan_round(1, None, START, {}, READS).why


def test_changed_conversion_options_convert_again_and_say_which() -> None:
    plan = plan_round(1, recipe(), START, {"drop_empty_tables": True}, READS)
    assert not plan.derive and "conversion options changed (drop_empty_tables)" in plan.why
    assert [(c.name, c.kind, c.old, c.new) for c in plan.changes] == [("drop_empty_tables", "option", None, True)]


def test_a_field_the_derivation_does_not_know_converts_again() -> None:
    plan = plan_round(1, recipe(), {**START, "cell_id": "c3"}, {}, READS)
    assert not plan.derive and "cannot write cell_id" in plan.why


def test_session_and_subject_fields_are_derived_with_what_changed() -> None:
    plan = plan_round(2, recipe(), {**START, "subject_id": "m042", "lab": "Smith Lab"}, {}, READS)
    assert plan.derive and plan.edits is not None and plan.metadata is not None
    assert [(c.name, c.old, c.new) for c in plan.changes] == [("lab", None, "Smith Lab"), ("subject_id", None, "m042")]
    assert plan.edits.new_file_sections["Subject"]["subject_id"] == "m042"
    assert "Subject" not in plan.edits.old_file_sections
    assert plan.edits.attributes == () and plan.edits.columns == ()
    assert "v2's data are copied as they are" in plan.why


def test_descriptions_and_the_brain_area_land_on_their_objects() -> None:
    given = {**START, "device_description": "Neuropixels probe", "electrode_location": "CA1"}
    plan = plan_round(1, recipe(), given, {}, READS)
    assert plan.derive and plan.edits is not None
    assert set(plan.edits.attributes) == {
        ("/general/devices/Probe0", "description", "Neuropixels probe"),
        ("/general/extracellular_ephys/Probe0", "location", "CA1"),
    }
    assert plan.edits.placeholders == (("/general/devices", "Device", "Neuropixels probe"),)
    assert plan.edits.columns == (("/general/extracellular_ephys/electrodes", "location", "CA1"),)
    without_recordings = plan_round(1, recipe(has_recordings=False), given, {}, READS)
    assert without_recordings.edits is not None and without_recordings.edits.columns == ()


def test_changes_whose_earlier_effect_cannot_be_told_apart_convert_again() -> None:
    before = recipe(metadata={**START, "device_description": "Old text", "electrode_location": "CA1"})
    changed = plan_round(1, before, {**START, "device_description": "New text", "electrode_location": "CA1"}, {}, READS)
    assert not changed.derive and "device_description changed" in changed.why
    removed = plan_round(1, before, {**START, "device_description": "Old text"}, {}, READS)
    assert not removed.derive and "brain area was removed" in removed.why


def test_a_metadata_path_without_a_writer_converts_again() -> None:
    reader = {**READER, "Icephys": {"IntracellularElectrodes": [{"name": "e0", "description": "pipette"}]}}
    plan = plan_round(1, recipe(reader_metadata=reader), {**START, "electrode_location": "CA1"}, {}, READS)
    assert not plan.derive and "cannot write Icephys.IntracellularElectrodes.0.location" in plan.why


def test_differences_walk_dicts_and_tables_of_named_rows() -> None:
    old = {"a": {"b": 1, "c": [1, 2]}, "t": [{"name": "x", "d": "1"}, {"name": "y", "d": "2"}]}
    new = {"a": {"b": 1, "c": [1, 3]}, "t": [{"name": "x", "d": "1"}, {"name": "y", "d": "3"}], "n": 1}
    assert differences(old, new) == [("a", "c"), ("t", 1, "d"), ("n",)]
    # Rows matched by name: a new row's keys are paths of their own, a row gone is a path that names it.
    grown = {"t": [{"name": "y", "d": "2"}, {"name": "z", "d": "4"}]}
    assert differences({"t": old["t"]}, grown) == [("t", 1, "d"), ("t", "removed", "x")]


def test_a_value_for_one_named_object_lands_on_that_object_only() -> None:
    given = {
        **START,
        "device_description[Probe0]": "Neuropixels 1.0 probe",
        "column_description[electrodes.port]": "Headstage port",
    }
    plan = plan_round(1, recipe(), given, {}, READS)
    assert plan.derive, plan.why
    assert plan.edits is not None and set(plan.edits.attributes) == {
        ("/general/devices/Probe0", "description", "Neuropixels 1.0 probe"),
        ("/general/extracellular_ephys/electrodes/port", "description", "Headstage port"),
    }


def test_a_value_for_an_object_the_conversion_makes_itself_converts_again() -> None:
    made_up = plan_round(
        1, recipe(), {**START, "device_description[PlaceholderElectrodeDevice]": "Intan RHD"}, {}, READS
    )
    assert not made_up.derive and "makes itself" in made_up.why
    renamed = plan_round(1, recipe(), {**START, "device_name[PlaceholderElectrodeDevice]": "IntanRHD2000"}, {}, READS)
    assert not renamed.derive and "cannot write device_name[PlaceholderElectrodeDevice]" in renamed.why


def test_the_metadata_beside_a_derived_version_names_the_groups_the_conversion_made() -> None:
    layout = [{"groups": ["0", "1"], "placeholder": True}]
    reader = {"NWBFile": READER["NWBFile"], "Ecephys": {}}
    plan = plan_round(
        1, recipe(reader_metadata=reader, recordings_layout=layout), {**START, "keywords": ["V1"]}, {}, READS
    )
    assert plan.derive and plan.metadata is not None
    before = plan_round(
        1,
        recipe(reader_metadata=reader, recordings_layout=layout, metadata={**START, "electrode_location": "CA1"}),
        {**START, "electrode_location": "CA1", "keywords": ["V1"]},
        {},
        READS,
    )
    assert before.metadata is not None
    assert before.metadata["Ecephys"]["ElectrodeGroups"] == {
        "0": {"name": "0", "location": "CA1"},
        "1": {"name": "1", "location": "CA1"},
    }


def test_a_stream_left_out_or_put_back_converts_again_and_says_which() -> None:
    """At the decision after an evaluation a stream can be left out (POST /api/plan/streams): the data change."""
    plan = plan_round(2, recipe(), {**START, "lab": "Smith Lab"}, {}, reads(RECORDING, SORTING))
    assert not plan.derive and "the session's streams changed (trials left out)" in plan.why
    assert [(c.name, c.kind, c.old, c.new) for c in plan.changes] == [
        ("lab", "metadata", None, "Smith Lab"),
        ("trials", "stream", "included", "left out"),
    ]
    back = plan_round(3, recipe(reads=reads(RECORDING, SORTING)), START, {}, READS)
    assert not back.derive and [(c.name, c.new) for c in back.changes] == [("trials", "included")]
    unlinked = SORTING.model_copy(update={"link": StreamLink(linked=False, reason="72 channels")})
    relinked = plan_round(2, recipe(), START, {}, reads(RECORDING, unlinked, TRIALS))
    assert not relinked.derive and "read differently than for v2" in relinked.why
    assert plan_round(2, recipe(), {**START, "lab": "Smith Lab"}, {}, READS).derive


def test_a_session_plan_is_kept_whole_between_rounds_and_reused_only_for_the_same_streams() -> None:
    plan = ConversionPlan(
        detected="SpikeGLXConverterPipe",
        source_data={"f": "x"},
        streams=(Stream("imec0.ap", "SpikeGLXRecordingInterface", {"f": "x"}, "SpikeGLXConverterPipe"),),
        links=(Link(sorting="PhySortingInterface", recording="imec0.ap"),),
        offsets=(("trials", 1.5),),
        series_names=(("ElectricalSeriesAP", "ElectricalSeriesAPImec0"),),
        session=(RECORDING, SORTING, TRIALS),
    )
    kept = ConversionPlan.from_plain(plan.as_plain())
    assert kept == plan
    assert kept.made_for("SpikeGLXConverterPipe", {"f": "x"}, [RECORDING, SORTING, TRIALS])
    assert not kept.made_for("SpikeGLXConverterPipe", {"f": "x"}, [RECORDING, SORTING])
    assert not kept.made_for("SpikeGLXConverterPipe", {"f": "x"}, [])  # one reader now: its own plan
