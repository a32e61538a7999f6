"""Each metadata rule: what people type -> what DANDI accepts, and specific rejections."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from agentic_neurodata.metadata.age import ISO_DURATION, normalize_age
from agentic_neurodata.metadata.brain_areas import normalize_location
from agentic_neurodata.metadata.dates import attach_zone, normalize_date_of_birth, normalize_session_start_time
from agentic_neurodata.metadata.dates_in_text import find_datetimes
from agentic_neurodata.metadata.fields import (
    FIELDS,
    REQUIRED,
    field_requests,
    missing_fields,
    validate_field,
    validate_fields,
)
from agentic_neurodata.metadata.identifiers import normalize_subject_id
from agentic_neurodata.metadata.names import DANDI_NAME, normalize_experimenters
from agentic_neurodata.metadata.sex import normalize_sex
from agentic_neurodata.metadata.species import SPECIES, normalize_species
from agentic_neurodata.metadata.text_fields import (
    normalize_institution,
    normalize_keywords,
    normalize_lab,
    normalize_session_description,
)
from agentic_neurodata.metadata.weight import normalize_weight

NOW = datetime(2026, 1, 1, 12, tzinfo=UTC)
# NWB Inspector's check_subject_species_form pattern.
SPECIES_FORM = re.compile(r"([A-Z][a-z]* [a-z]+)|(http://purl.obolibrary.org/obo/NCBITaxon_\d+)")


@pytest.mark.parametrize(
    ("text", "latin", "strain"),
    [
        ("mouse", "Mus musculus", None),
        ("Mice", "Mus musculus", None),
        ("C57BL/6 mouse", "Mus musculus", "C57BL/6"),
        ("C57BL/6J", "Mus musculus", "C57BL/6J"),
        ("Long-Evans rats", "Rattus norvegicus", "Long-Evans"),
        ("rat", "Rattus norvegicus", None),
        ("human", "Homo sapiens", None),
        ("rhesus macaque", "Macaca mulatta", None),
        ("zebrafish", "Danio rerio", None),
        ("adult male mouse", "Mus musculus", None),
        ("mus musculus", "Mus musculus", None),
        ("http://purl.obolibrary.org/obo/NCBITaxon_10116", "Rattus norvegicus", None),
        ("marmoset", "Callithrix jacchus", None),
        ("Sminthopsis crassicaudata", "Sminthopsis crassicaudata", None),
    ],
)
def test_species(text: str, latin: str, strain: str | None) -> None:
    result = normalize_species(text)
    assert result.ok and result.value == latin and result.extra.get("strain") == strain
    assert SPECIES_FORM.fullmatch(result.value)


def test_species_notes_cite_the_ncbi_taxon_and_unknowns_are_rejected_with_an_example() -> None:
    assert "NCBITaxon_10090" in normalize_species("mouse").note
    misspelt = normalize_species("mose")
    assert misspelt.needs_confirmation and misspelt.proposals[0].value == "Mus musculus"
    assert misspelt.error.startswith("Did you mean house mouse (Mus musculus)?")
    rejected = normalize_species("unicorn")
    assert not rejected.ok and rejected.value is None and "Mus musculus" in rejected.example
    assert all(SPECIES_FORM.fullmatch(normalize_species(s.common).value) for s in SPECIES)
    assert normalize_species("dog").value == "http://purl.obolibrary.org/obo/NCBITaxon_9615"
    assert len({s.taxon_id for s in SPECIES}) == len(SPECIES)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("male", "M"),
        ("Female", "F"),
        ("f", "F"),
        ("unknown", "U"),
        ("hermaphrodite", "O"),
        ("it's a female", "F"),
        ("M", "M"),
    ],
)
def test_sex(text: str, code: str) -> None:
    assert normalize_sex(text).value == code


def test_sex_rejects_anything_else() -> None:
    result = normalize_sex("yes")
    assert not result.ok and "M, F, U, O" in result.example


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("12 weeks", "P12W"),
        ("P90", "P90D"),
        ("3 months", "P3M"),
        ("2 years", "P2Y"),
        ("90 days old", "P90D"),
        ("12-week-old", "P12W"),
        ("twelve weeks", "P12W"),
        ("12wk", "P12W"),
        ("p12w", "P12W"),
        ("P90D", "P90D"),
        ("1 year and 3 months", "P1Y3M"),
        ("8-10 weeks", "P8W/P10W"),
        ("2.5 months", "P2.5M"),
        ("postnatal day 21", "P21D"),
        ("36 hours", "PT36H"),
        ("aged 3 mo", "P3M"),
        ("a year", "P1Y"),
    ],
)
def test_age(text: str, iso: str) -> None:
    result = normalize_age(text)
    assert result.ok and result.value == iso
    assert all(ISO_DURATION.fullmatch(part) for part in result.value.split("/"))


def test_a_hedged_age_is_asked_back_with_its_reading() -> None:
    result = normalize_age("about 12 weeks")
    assert not result.ok and result.needs_confirmation and result.proposals[0].value == "P12W"


@pytest.mark.parametrize(
    ("text", "reason"),
    [("12", "no unit"), ("E15.5", "embryonic"), ("200 years", "older"), ("old", "not an age"), ("", "empty")],
)
def test_age_rejections(text: str, reason: str) -> None:
    result = normalize_age(text)
    assert not result.ok and reason in result.error and result.example


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Dr. Jane Smith", ["Smith, Jane"]),
        ("jane smith", ["Smith, Jane"]),
        ("Smith, Jane", ["Smith, Jane"]),
        ("Jane Smith and John Doe", ["Smith, Jane", "Doe, John"]),
        ("Smith, Jane; Doe, John", ["Smith, Jane", "Doe, John"]),
        ("Jane Smith, John Doe", ["Smith, Jane", "Doe, John"]),
        ("anna van der berg", ["van der Berg, Anna"]),
        ("Prof. Maria Garcia-Lopez PhD", ["Garcia-Lopez, Maria"]),
        ("J. Smith", ["Smith, J."]),
        ("JANE SMITH", ["Smith, Jane"]),
    ],
)
def test_experimenter(text: str, names: list[str]) -> None:
    result = normalize_experimenters(text)
    assert result.ok and result.value == names and all(DANDI_NAME.fullmatch(n) for n in names)


@pytest.mark.parametrize("text", ["Smith", "R2D2 unit", ""])
def test_experimenter_rejections(text: str) -> None:
    result = normalize_experimenters(text)
    assert not result.ok and "Smith, Jane" in result.example


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("5 March 2024 2:30pm EST", "2024-03-05T14:30:00-05:00"),
        ("2024-03-05 14:30 Europe/Paris", "2024-03-05T14:30:00+01:00"),
        ("2024-07-05 14:30 Europe/Paris", "2024-07-05T14:30:00+02:00"),  # summer time from zoneinfo
        ("March 5, 2024 at 2:30 PM PST", "2024-03-05T14:30:00-08:00"),
        ("25/03/2024 14:30 CET", "2024-03-25T14:30:00+01:00"),
        ("2024-03-05T14:30:00-05:00", "2024-03-05T14:30:00-05:00"),
        ("5 March 2024 14:30 +0100", "2024-03-05T14:30:00+01:00"),
        ("2024-07-01 10:00 Eastern time", "2024-07-01T10:00:00-04:00"),
        ("2024-07-01 10:00 Paris time", "2024-07-01T10:00:00+02:00"),
        ("2024-03-05 14:30 UTC+2", "2024-03-05T14:30:00+02:00"),
        ("2024-03-05 14:30:00Z", "2024-03-05T14:30:00+00:00"),
        ("5th of March 2024, 14h30 GMT", "2024-03-05T14:30:00+00:00"),
    ],  # ("yesterday 3pm PST" is asked back, never stored: test_reading_subject_round13.py)
)
def test_session_start_time(text: str, iso: str) -> None:
    result = normalize_session_start_time(text, now=NOW)
    assert result.ok, result.message
    assert result.value == iso and datetime.fromisoformat(result.value).utcoffset() is not None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("05/03/2024 14:30 CET", "could be 5 March 2024 or 3 May 2024"),
        ("2030-01-01 10:00 UTC", "future"),
        ("1850-01-01 10:00 UTC", "before 1900"),
        ("2024-07-01 10:00 IST", "several time zones"),
        ("garbage", "not a date"),
    ],
)
def test_session_start_time_rejections(text: str, reason: str) -> None:
    result = normalize_session_start_time(text, now=NOW)
    assert not result.ok and reason in result.error and result.value is None


def test_a_date_without_zone_is_not_stored_but_kept_for_the_zone_answer() -> None:
    result = normalize_session_start_time("5 March 2024 2:30pm", now=NOW)
    assert not result.ok and "time zone" in result.error and result.partial == "2024-03-05T14:30:00"
    completed = attach_zone(result.partial, "Paris", now=NOW)
    assert completed.ok and completed.value == "2024-03-05T14:30:00+01:00"
    assert attach_zone(result.partial, "America/New_York", now=NOW).value == "2024-03-05T14:30:00-05:00"
    assert not attach_zone(result.partial, "Atlantis", now=NOW).ok


def test_a_date_alone_is_asked_back_rather_than_stored_at_midnight() -> None:
    result = normalize_session_start_time("5 March 2024 EST", now=NOW)
    assert result.needs_confirmation and "no time of day" in result.error
    assert [p.value for p in result.proposals] == ["2024-03-05T00:00:00-05:00"]


def test_date_of_birth_needs_no_zone() -> None:
    assert normalize_date_of_birth("4 December 2023", now=NOW).value == "2023-12-04"
    assert not normalize_date_of_birth("4 December 2030", now=NOW).ok


def test_dates_are_found_inside_prose_with_their_zone() -> None:
    text = "Dr. Jane Smith, mouse m042, started 5 March 2024 2:30pm EST, born 2023-12-04."
    assert [text[a:b] for a, b in find_datetimes(text)] == ["5 March 2024 2:30pm EST", "2023-12-04"]
    text = "recorded at 2pm on March 5th, 2024 (Europe/Paris) by me"
    assert [text[a:b] for a, b in find_datetimes(text)] == ["2pm on March 5th, 2024 (Europe/Paris)"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("m042", "m042"),
        ("subject id: m042", "m042"),
        ("mouse m042", "m042"),
        ("ID #42", "42"),
        ("mouse-042", "mouse-042"),
    ],
)
def test_subject_id(text: str, value: str) -> None:
    assert normalize_subject_id(text).value == value


@pytest.mark.parametrize(("text", "example"), [("m042 left", "'m042-left'"), ("unknown", "m042"), ("a/b", "m042")])
def test_subject_id_rejections(text: str, example: str) -> None:
    result = normalize_subject_id(text)
    assert not result.ok and example in result.example


def test_text_fields() -> None:
    assert normalize_institution("MIT").value == "Massachusetts Institute of Technology"
    assert normalize_institution("Institut Pasteur").value == "Institut Pasteur"
    assert not normalize_institution("n/a").ok
    assert [normalize_lab(t).value for t in ("smith lab", "lab of Dr. Jane Smith", "Smith")] == ["Smith Lab"] * 3
    assert normalize_session_description("v1 recording").value == "V1 recording"
    assert not normalize_session_description("ok").ok
    assert normalize_keywords("electrophysiology, V1; Neuropixels, V1").value == [
        "electrophysiology",
        "V1",
        "Neuropixels",
    ]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("V1", "VISp"),
        ("hippocampus CA1", "CA1"),
        ("barrel cortex", "SSp-bfd"),
        ("in the hippocampus", "hippocampus"),
        ("layer 5 of M1", "layer 5 of M1"),
        ("posterior cortex somewhere", "posterior cortex somewhere"),
    ],
)
def test_electrode_location(text: str, value: str) -> None:
    assert normalize_location(text).value == value


@pytest.mark.parametrize(
    ("text", "value"), [("25 g", "25 g"), ("25g", "25 g"), ("0.3 kg", "0.3 kg"), ("25 grams", "25 g")]
)
def test_weight(text: str, value: str) -> None:
    assert normalize_weight(text).value == value
    assert re.fullmatch(r"(?i)^\d+(\.\d+)? (kg|g|mg|ug|μg|ng|pg)$", value)  # NWB Inspector's weight form


@pytest.mark.parametrize("text", ["25", "3 m", "heavy"])
def test_weight_rejections(text: str) -> None:
    assert not normalize_weight(text).ok


def test_registry_lists_the_required_fields_of_the_design() -> None:
    assert set(REQUIRED) == {"subject_id", "species", "sex", "age", "session_description", "session_start_time"}
    assert {n for n, s in FIELDS.items() if s.level == "recommended"} == {
        "experimenter",
        "institution",
        "lab",
        "experiment_description",
        "keywords",
        "electrode_location",
    }
    for spec in FIELDS.values():
        assert spec.description and spec.example and spec.why
    (request,) = field_requests(["age"])
    assert request.required and request.example and request.why


def test_missing_fields_honour_alternatives_and_declines() -> None:
    assert [s.name for s in missing_fields({})] == list(REQUIRED)
    known = {"subject_id": "m1", "species": "Mus musculus", "date_of_birth": "2023-01-01"}
    assert [s.name for s in missing_fields(known, declined=["sex"])] == ["session_description", "session_start_time"]
    with_recommended = [s.name for s in missing_fields(known, include_recommended=True)]
    assert with_recommended[:3] == ["sex", "session_description", "session_start_time"] and "lab" in with_recommended


def test_validate_fields_accepts_derived_values_and_rejects_with_messages() -> None:
    accepted, rejected, notes = validate_fields(
        {"species": "C57BL/6J mice", "sex": "female", "age": "twelve", "location": "V1", "nonsense": "x"}
    )
    assert accepted == {"species": "Mus musculus", "strain": "C57BL/6J", "sex": "F", "electrode_location": "VISp"}
    assert set(rejected) == {"age", "nonsense"} and "Example:" in rejected["age"]
    assert any("VISp" in note for note in notes)
    assert not validate_field("age", "  ").ok
