"""Automatic fixes object by object: each device, group and column keeps its own value, a reader's
placeholder is replaced (never copied), a fix is offered only when it changes the file and is checked
afterwards, and what nothing can change is named with why."""

from __future__ import annotations

from agentic_neurodata.agents.conversation import file_changes, planning
from agentic_neurodata.domain import (
    AppliedFix,
    ColumnInfo,
    CorrectionAttempt,
    DetectionResult,
    FileInfo,
    ObjectChange,
    OverallStatus,
    SessionStream,
    Severity,
    StreamKind,
    ValidationIssue,
    ValidationResult,
)
from agentic_neurodata.knowledge.readers import column_description
from agentic_neurodata.metadata.nwb_mapping import apply_user_metadata
from agentic_neurodata.metadata.object_fields import edit_for

TWO_PROBES = FileInfo(
    devices=[
        {"name": "NeuropixelsImec0", "description": None, "model": "NP1000", "serial_number": "18194814012"},
        {"name": "NeuropixelsImec1", "description": None, "model": "NP1000", "serial_number": "18194814013"},
    ],
    device_models=[
        {"name": "NP1000", "description": "Neuropixels 1.0 probe", "manufacturer": "imec", "model_number": "NP1000"}
    ],
    electrode_groups=[
        {
            "name": "NeuropixelsImec0",
            "description": "no description",
            "device": "NeuropixelsImec0",
            "electrode_count": 32,
        },
        {
            "name": "NeuropixelsImec1",
            "description": "no description",
            "device": "NeuropixelsImec1",
            "electrode_count": 16,
        },
    ],
)


def found(check: str, object_type: str, name: str, message: str = "Description is missing.") -> ValidationIssue:
    return ValidationIssue(
        check_name=check,
        severity=Severity.BEST_PRACTICE,
        importance="BEST_PRACTICE_SUGGESTION",
        message=message,
        object_type=object_type,
        object_name=name,
        location=None if object_type == "VectorData" else f"/general/{name}",
    )


def evaluated(info: FileInfo, *issues: ValidationIssue) -> ValidationResult:
    return ValidationResult(
        nwb_path="x.nwb", overall_status=OverallStatus.PASSED_WITH_ISSUES, issues=list(issues), file_info=info
    )


def test_each_probe_keeps_its_own_description_serial_number_and_location() -> None:
    result = evaluated(
        TWO_PROBES,
        found("check_description", "Device", "NeuropixelsImec0"),
        found("check_description", "Device", "NeuropixelsImec1"),
        found("check_description", "ElectrodeGroup", "NeuropixelsImec0"),
        found("check_description", "ElectrodeGroup", "NeuropixelsImec1"),
    )
    given = {"electrode_location[NeuropixelsImec0]": "CA1", "electrode_location[NeuropixelsImec1]": "VISp"}
    plan = planning.plan_corrections(result, given, {}, "SpikeGLXConverterPipe")
    assert plan.metadata["device_description[NeuropixelsImec0]"].endswith("serial number 18194814012")
    assert plan.metadata["device_description[NeuropixelsImec1]"].endswith("serial number 18194814013")
    assert plan.metadata["device_description[NeuropixelsImec0]"].startswith("Neuropixels 1.0 probe, model NP1000")
    assert plan.metadata["electrode_group_description[NeuropixelsImec0]"] == (
        "32 electrodes of group NeuropixelsImec0, recorded with NeuropixelsImec0, in CA1."
    )
    assert plan.metadata["electrode_group_description[NeuropixelsImec1]"].endswith(
        "recorded with NeuropixelsImec1, in VISp."
    )
    assert "device_description" not in plan.metadata and not plan.questions and not plan.leftovers
    # Written object by object into NeuroConv's metadata: nothing reaches the other probe.
    reader = {
        "Devices": {"a": {"name": "NeuropixelsImec0"}, "b": {"name": "NeuropixelsImec1"}},
        "Ecephys": {
            "ElectrodeGroups": {
                "NeuropixelsImec0": {"name": "NeuropixelsImec0", "location": "unknown"},
                "NeuropixelsImec1": {"name": "NeuropixelsImec1", "location": "unknown"},
            }
        },
    }
    merged = apply_user_metadata(reader, plan.metadata)
    assert [d["description"][-11:] for d in merged["Devices"].values()] == ["18194814012", "18194814013"]
    assert [g["location"] for g in merged["Ecephys"]["ElectrodeGroups"].values()] == ["CA1", "VISp"]


def test_a_placeholder_device_is_renamed_after_the_system_and_never_copied_into_other_text() -> None:
    info = FileInfo(
        devices=[{"name": "PlaceholderElectrodeDevice", "description": None}],
        electrode_groups=[
            {
                "name": "CH",
                "description": "no description",
                "device": "PlaceholderElectrodeDevice",
                "electrode_count": 16,
            }
        ],
    )
    issues = (
        found("check_description", "Device", "PlaceholderElectrodeDevice"),
        found("check_description", "ElectrodeGroup", "CH"),
    )
    plan = planning.plan_corrections(
        evaluated(info, *issues), {"electrode_location": "CA1"}, {}, "OpenEphysLegacyRecordingInterface"
    )
    assert plan.metadata["device_name[PlaceholderElectrodeDevice]"] == "OpenEphysAcquisitionSystem"
    assert plan.metadata["device_description[PlaceholderElectrodeDevice]"].startswith("Open Ephys acquisition system")
    group = plan.metadata["electrode_group_description[CH]"]
    assert group == "16 electrodes of group CH, recorded with OpenEphysAcquisitionSystem, in CA1."
    assert "Placeholder" not in " ".join(str(v) for k, v in plan.metadata.items() if not k.startswith("device_name"))
    # A format written by many systems (EDF) implies none: the device gets a plain name and is asked about once.
    edf = planning.plan_corrections(evaluated(info, *issues), {}, {}, "EDFRecordingInterface")
    assert edf.metadata["device_name[PlaceholderElectrodeDevice]"] == "RecordingSystem"
    assert [q.name for q in edf.questions] == ["device_description[PlaceholderElectrodeDevice]"]
    assert (
        edf.metadata["electrode_group_description[CH]"] == "16 electrodes of group CH, recorded with RecordingSystem."
    )
    answered = planning.plan_corrections(
        evaluated(info, issues[0]), {"device_description[PlaceholderElectrodeDevice]": "OpenBCI Cyton"}, {}, "EDF"
    )
    assert not answered.questions  # asked once: the answer is in


def test_vendor_columns_get_their_documented_meaning_or_say_where_they_come_from() -> None:
    info = FileInfo(
        columns=[
            ColumnInfo(table="electrodes", name="port", description="no description", dtype="object"),
            ColumnInfo(table="electrodes", name="mystery", description="no description", dtype="int16"),
            ColumnInfo(
                table="electrodes", name="board_stream_num", description="no description", dtype="int16", binary=True
            ),
        ]
    )
    issues = [
        found("check_description", "VectorData", name, "Description ('no description') is a placeholder.")
        for name in ("port", "mystery")
    ]
    binary = found("check_column_binary_capability", "ElectrodesTable", "electrodes", "Column 'board_stream_num' ...")
    plan = planning.plan_corrections(evaluated(info, *issues, binary), {}, {}, "IntanRecordingInterface")
    assert plan.metadata["column_description[electrodes.port]"].startswith("Headstage port (A, B, C or D)")
    assert plan.metadata["column_description[electrodes.mystery]"] == (
        "The value of 'mystery' read from the Intan files for each channel; its meaning is not documented here."
    )
    assert plan.options == {"compact_binary_columns": True}
    [compact] = [f for f in plan.fixes if f.field == "compact_binary_columns"]
    assert [(c.object_name, c.before, c.after) for c in compact.changes] == [("board_stream_num", "int16", "uint8")]
    assert column_description(("NeuralynxRecordingInterface",), "electrodes", "ADMaxValue")[1] is True
    edit = edit_for("column_description[electrodes.port]", "x")
    assert edit is not None and (edit.object_type, edit.object_name, edit.attribute) == (
        "electrodes",
        "port",
        "description",
    )


def test_in_a_session_each_table_s_columns_are_described_by_the_reader_that_wrote_them() -> None:
    """A SpikeGLX recording with its Phy sorting (one file, issue 13's sessions): the units table's
    columns are Phy's, the electrodes table's SpikeGLX's, whichever reader the detection named first."""
    session = DetectionResult(
        interface="SpikeGLXRecordingInterface",
        confidence=1,
        streams=[
            SessionStream(name="imec0.ap", interface="SpikeGLXRecordingInterface", kind=StreamKind.RECORDING),
            SessionStream(name="kilosort", interface="PhySortingInterface", kind=StreamKind.SORTING),
            SessionStream(
                name="left out", interface="IntanRecordingInterface", kind=StreamKind.RECORDING, included=False
            ),
        ],
    )
    readers = planning.table_readers_of(session)
    assert readers == {"electrodes": ("SpikeGLXRecordingInterface",), "units": ("PhySortingInterface",)}
    info = FileInfo(
        columns=[
            ColumnInfo(table="units", name="KSLabel", description="no description", dtype="object"),
            ColumnInfo(table="electrodes", name="mystery", description="no description", dtype="int16"),
        ]
    )
    issues = [found("check_description", "VectorData", name) for name in ("KSLabel", "mystery")]
    plan = planning.plan_corrections(evaluated(info, *issues), {}, {}, session.interface, table_readers=readers)
    assert plan.metadata["column_description[units.KSLabel]"].startswith("Kilosort's automatic label of the cluster")
    assert plan.metadata["column_description[electrodes.mystery]"] == (
        "The value of 'mystery' read from the SpikeGLX files for each channel; its meaning is not documented here."
    )
    assert planning.table_readers_of(None) == {}


def test_a_fix_is_offered_only_when_it_changes_the_file_and_what_nothing_changes_is_said_once() -> None:
    info = FileInfo(device_models=[{"name": "Mystery", "description": None}])
    issues = [
        found("check_description", "DeviceModel", "Mystery"),
        found("check_name_slashes", "TimeSeries", "a/b", "Name contains a slash."),
    ]
    plan = planning.plan_corrections(evaluated(info, *issues), {}, {"compact_binary_columns": True}, "X")
    assert not plan.can_change_something  # a model's name alone describes nothing: no fix is promised
    assert [(left.check_name, left.object_name) for left in plan.leftovers] == [
        ("check_description", "Mystery"),
        ("check_name_slashes", "a/b"),
    ]
    assert all(left.reason for left in plan.leftovers)
    said = CorrectionAttempt(attempt=1, leftovers=plan.leftovers[:1])
    assert [left.object_name for left in planning.leftovers_not_said(plan, [said])] == ["a/b"]


def test_what_a_round_changed_is_read_from_both_versions_and_each_fix_checked() -> None:
    before = FileInfo(
        devices=[{"name": "PlaceholderElectrodeDevice", "description": None}],
        electrode_groups=[{"name": "CH", "description": "no description", "device": "PlaceholderElectrodeDevice"}],
        columns=[ColumnInfo(table="electrodes", name="port", description="no description", dtype="int16")],
    )
    after = FileInfo(
        devices=[{"name": "OpenEphysAcquisitionSystem", "description": "Open Ephys"}],
        electrode_groups=[{"name": "CH", "description": "16 electrodes.", "device": "OpenEphysAcquisitionSystem"}],
        columns=[ColumnInfo(table="electrodes", name="port", description="Headstage port", dtype="uint8")],
    )
    observed = file_changes.changes_between(before, after)
    assert {(c.object_type, c.object_name, c.attribute, c.after) for c in observed} == {
        ("Device", "PlaceholderElectrodeDevice", "name", "OpenEphysAcquisitionSystem"),
        ("Device", "PlaceholderElectrodeDevice", "description", "Open Ephys"),
        ("ElectrodeGroup", "CH", "description", "16 electrodes."),
        ("electrodes", "port", "description", "Headstage port"),
        ("electrodes", "port", "dtype", "uint8"),
    }
    kept = AppliedFix(
        check_name="check_description",
        reason="r",
        changes=[
            ObjectChange(
                object_type="Device",
                object_name="PlaceholderElectrodeDevice",
                attribute="name",
                after="OpenEphysAcquisitionSystem",
            )
        ],
    )
    broken = kept.model_copy(update={"changes": [kept.changes[0].model_copy(update={"after": "Other"})]})
    checked = file_changes.check_fixes([kept, broken], observed, [], [])
    assert [fix.took_effect for fix in checked] == [True, False]


def test_a_device_question_declined_once_is_not_asked_again_unless_everything_is() -> None:
    info = FileInfo(devices=[{"name": "PlaceholderElectrodeDevice", "description": None}])
    result = evaluated(info, found("check_description", "Device", "PlaceholderElectrodeDevice"))
    declined = ["device_description[PlaceholderElectrodeDevice]"]
    again = planning.plan_corrections(
        result, {"device_name[PlaceholderElectrodeDevice]": "RecordingSystem"}, {}, "EDF", declined=declined
    )
    assert not again.questions and not again.fixes
    assert [left.reason for left in again.leftovers] == [planning.DECLINED]
    everything = planning.plan_corrections(result, {}, {}, "EDF", declined=declined, ask_everything=True)
    assert [q.name for q in everything.questions] == declined


def test_a_value_for_one_object_follows_its_fields_rule_and_keeps_its_name() -> None:
    from agentic_neurodata.agents.conversation import intake

    checked = intake.check_values(
        {"electrode_location[imec0]": "V1", "device_name[PlaceholderElectrodeDevice]": " Rig 2 "}
    )
    assert checked.accepted == {"electrode_location[imec0]": "VISp", "device_name[PlaceholderElectrodeDevice]": "Rig 2"}
    refused = intake.check_values({"electrode_location[imec1]": "x" * 300})
    assert refused.rejected["electrode_location[imec1]"].startswith("That is a description, not a brain area.")


def test_a_fix_already_made_in_an_earlier_round_is_not_offered_again() -> None:
    info = FileInfo(columns=[ColumnInfo(table="electrodes", name="port", description="no description", dtype="object")])
    result = evaluated(
        info, found("check_description", "VectorData", "port", "Description ('no description') is a placeholder.")
    )
    first = planning.plan_corrections(result, {}, {}, "IntanRecordingInterface")
    assert [c.object_name for f in first.fixes for c in f.changes] == ["port"]
    # The next round still finds the placeholder (the fix did not take effect): nothing new to offer.
    again = planning.plan_corrections(result, first.metadata, first.options, "IntanRecordingInterface")
    assert not again.fixes and [left.object_name for left in again.leftovers] == ["port"]
