"""The catalogue of NWB Inspector checks: an entry for every registered check, well formed, with its fix kinds."""

from __future__ import annotations

import pytest
from nwbinspector import available_checks

from agentic_neurodata.domain import FixKind, Severity, ValidationIssue
from agentic_neurodata.knowledge import (
    all_checks,
    ecephys_relevant_check_names,
    fix_kind_for,
    fix_strategies_for_issues,
    knowledge_for,
)


def _catalogued_check_names() -> set[str]:
    """Check names the catalogue knows, variants (`<check>@<Type>`, `<check>#missing`) folded in."""
    return {key.split("@")[0].split("#")[0] for key in all_checks()}


def test_every_check_registered_in_nwb_inspector_has_an_entry() -> None:
    registered = sorted(check.__name__ for check in available_checks)
    assert len(registered) >= 80  # nwbinspector 0.7 registers 85; a much smaller list means an import went wrong
    catalogued = _catalogued_check_names()
    assert [name for name in registered if name not in catalogued] == []


def test_relevance_follows_each_checks_neurodata_type_and_includes_position_tracking() -> None:
    relevant = set(ecephys_relevant_check_names())
    # ecephys, icephys, generic, and position/head-direction checks (Axona writes Position beside the voltage)
    assert {
        "check_electrical_series_dims",
        "check_units_table_has_spikes",
        "check_subject_exists",
        "check_description",
        "check_regular_timestamps",
        "check_intracellular_electrode_cell_id_exists",
        "check_spatial_series_dims",
        "check_spatial_series_unit",
        "check_compass_direction_unit",
    } <= relevant
    # optical physiology is not expected on an ephys file (its entries exist all the same, see above)
    assert not {"check_roi_response_series_dims", "check_emission_lambda_in_nm"} & relevant


@pytest.mark.parametrize(
    ("check", "category"),
    [
        ("check_spatial_series_dims", "data_integrity"),
        ("check_compass_direction_unit", "best_practice"),
        ("check_image_series_external_file_valid", "data_integrity"),
        ("check_roi_response_series_dims", "data_integrity"),
        ("check_imaging_plane_location_allen_ccf", "missing_metadata"),
        ("check_optogenetic_stimulus_site_has_optogenetic_series", "best_practice"),
    ],
)
def test_non_ephys_checks_are_explained_not_guessed(check: str, category: str) -> None:
    entry = knowledge_for(check, message="anything")
    assert entry.known and entry.category.value == category
    assert entry.fix_kind == FixKind.NONE  # no metadata field of the service changes these


def test_entries_are_complete_and_strategies_carry_what_the_conversation_agent_needs() -> None:
    for key, entry in all_checks().items():
        assert entry.title and entry.meaning and entry.why_it_matters and entry.how_to_fix, key
        for fix in entry.fixes:
            assert fix.check_name == entry.check_name and fix.description and fix.rule, key
            if fix.kind == FixKind.ASK:
                assert fix.field and fix.question and fix.example, key


@pytest.mark.parametrize(
    ("check", "message", "object_type", "kind", "field"),
    [
        ("check_subject_species_form", "Subject species 'mouse' should ...", "Subject", FixKind.AUTO, "species"),
        ("check_subject_sex", "Subject.sex should be one of: 'M' ...", "Subject", FixKind.AUTO, "sex"),
        ("check_subject_sex", "Subject.sex is missing.", "Subject", FixKind.ASK, "sex"),
        ("check_subject_age", "Subject age, '12 weeks', does not follow ISO 8601", "Subject", FixKind.AUTO, "age"),
        ("check_subject_age", "Subject is missing age and date_of_birth.", "Subject", FixKind.ASK, "age"),
        (
            "check_experimenter_form",
            "The name of experimenter 'Jane Smith' ...",
            "NWBFile",
            FixKind.AUTO,
            "experimenter",
        ),
        ("check_description", "Description is missing.", "Device", FixKind.AUTO, "device_description"),
        ("check_description", "Description is missing.", "Subject", FixKind.ASK, "subject_description"),
        ("check_empty_table", "This table has no data added to it.", "DynamicTable", FixKind.AUTO, None),
        ("check_institution", "Metadata /general/institution is missing.", "NWBFile", FixKind.ASK, "institution"),
        ("check_subject_id_exists", "subject_id is missing.", "Subject", FixKind.ASK, "subject_id"),
        (
            "check_electrodes_location_allen_ccf",
            "Electrode location 'unknown' ...",
            "NWBFile",
            FixKind.ASK,
            "electrode_location",
        ),
    ],
)
def test_design_correction_catalogue(check, message, object_type, kind, field) -> None:
    entry = knowledge_for(check, message=message, object_type=object_type)
    assert entry.known and entry.fix_kind == kind
    assert [f.field for f in entry.fixes] == ([field] if field else [None])


def test_missing_subject_asks_for_the_four_values_dandi_requires() -> None:
    entry = knowledge_for("check_subject_exists", message="Subject is missing.")
    assert entry.fix_kind == FixKind.ASK and entry.fields == ["subject_id", "species", "sex", "age"]


def test_a_column_description_is_fixed_automatically_other_descriptions_are_explained() -> None:
    placeholder = "Description ('no description') is a placeholder."
    assert fix_kind_for("check_description", message=placeholder, object_type="VectorData") == FixKind.AUTO
    assert knowledge_for("check_description", message=placeholder, object_type="VectorData").fields == [
        "column_description"
    ]
    assert fix_kind_for("check_description", message=placeholder, object_type="TimeSeries") == FixKind.NONE


def test_an_unknown_check_falls_back_to_the_inspectors_message_and_ask() -> None:
    entry = knowledge_for("check_something_new", message="Widget count is 0.")
    assert not entry.known and entry.fix_kind == FixKind.ASK
    assert entry.meaning == "Widget count is 0." and "Widget count is 0." in entry.fixes[0].question


def issue(check: str, message: str, object_type: str = "NWBFile") -> ValidationIssue:
    return ValidationIssue(
        check_name=check, severity=Severity.BEST_PRACTICE, importance="X", message=message, object_type=object_type
    )


def test_fix_strategies_for_issues_are_deduplicated_per_field_automatic_first() -> None:
    plan = fix_strategies_for_issues(
        [
            issue("check_subject_sex", "Subject.sex is missing.", "Subject"),
            issue("check_subject_exists", "Subject is missing."),
            issue("check_description", "Description is missing.", "Device"),
            issue("check_description", "Description ('no description') is a placeholder.", "VectorData"),
        ]
    )
    assert [(f.kind, f.field) for f in plan] == [
        (FixKind.AUTO, "device_description"),
        (FixKind.AUTO, "column_description"),
        (FixKind.ASK, "sex"),
        (FixKind.ASK, "subject_id"),
        (FixKind.ASK, "species"),
        (FixKind.ASK, "age"),
    ]
