"""General rules of the offline reader (issue 14, fourteenth round) for the subject and the session's
time and place: ids, species, strain, genotype, age, weight, brain area, start time. Each rule covers a
family of mistakes, not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.fields import validate_field
from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


# -- a trinomial said is kept as said, not widened to its species


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Mus musculus domesticus", "Mus musculus domesticus"),
        ("mus musculus castaneus", "Mus musculus castaneus"),
        ("Canis lupus familiaris", "http://purl.obolibrary.org/obo/NCBITaxon_9615"),  # in the table: its IRI
        ("Mus musculus", "Mus musculus"),
        ("Mus musculus versus", "Mus musculus"),
    ],
)
def test_a_trinomial_is_kept_as_said(text: str, species: str) -> None:
    assert validate_field("species", text).value == species


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Wild mice (Mus musculus castaneus) were trapped; mouse CA-3, male, 14 g.", "Mus musculus castaneus"),
        ("subject KT-2, Rattus norvegicus domestica, female", "Rattus norvegicus domestica"),
        (
            "Two dogs (Canis lupus familiaris) were trained; dog Rex, male.",
            "http://purl.obolibrary.org/obo/NCBITaxon_9615",
        ),
        ("mouse WM-5 (Mus musculus) was used", "Mus musculus"),
        ("Mus musculus were housed in pairs; mouse WM-6", "Mus musculus"),
    ],
)
def test_a_trinomial_in_a_sentence_is_the_species(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Farm pigs (Sus scrofa domesticus) were used; pig KP-3, male, 41 kg.", "Sus scrofa domesticus"),
        ("House mice (Mus musculus domesticus); mouse HM-2, female", "Mus musculus domesticus"),
        ("Pigs (Sus scrofa) were used; pig KP-4, male", "Sus scrofa"),
    ],
)
def test_a_subspecies_in_brackets_after_the_animal_word_is_kept(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


# -- brain areas: asides that add no place; the lab's own name; 'Area X'


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("left CA1 (3 shanks)", "left CA1"),
        ("dorsal striatum (32 channels)", "dorsal striatum"),
        ("V1 (n = 54 units)", "VISp"),
        ("CA1 (dorsal)", "CA1 (dorsal)"),  # a part in brackets is kept
        ("M1 (as we call it)", "M1"),  # the lab's own name: not mapped to an atlas acronym
        ("vS1 (our name)", "vS1"),
        ("M1", "MOp"),
        ("Area X", "Area X"),
        ("area X", "area X"),
        ("area 17", "area 17"),
        ("area LIP", "LIP"),
    ],
)
def test_an_area_keeps_only_what_names_the_place(text: str, area: str) -> None:
    assert validate_field("electrode_location", text).value == area


def test_area_x_in_a_table_is_the_songbird_nucleus() -> None:
    parsed = read("bird;electrode_location\nZF-12;Area X")
    assert parsed.values.get("electrode_location") == "Area X"


def test_a_shank_count_after_areas_in_a_sentence_is_dropped() -> None:
    parsed = read("Recording location: right CA3 and right DG (4 shanks)")
    assert parsed.values.get("electrode_location") == "right CA3 and right DG"


# -- nested JSON: the closing braces are no part of the value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ('{"animal": {"subject_id": "QR_4", "genotype": "Sst-IRES-Cre"}}', "genotype", "Sst-IRES-Cre"),
        ('{"a": {"b": {"strain": "C57BL/6J"}}}', "strain", "C57BL/6J"),
        ("{'subject': {'sex': 'F', 'subject_id': 'QR_5'}}", "subject_id", "QR_5"),
        ("expt(2).sex = {'F'};", "sex", "F"),
    ],
)
def test_closing_braces_of_nested_dicts_are_not_kept(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


# -- a value denied where it is said ("298 g, not 289 g") is the old one; a correction key is no other role


@pytest.mark.parametrize(
    "text",
    [
        "rat KQ-1 is 312 g, not 321 g",
        "weight 312 g (not 321 g)",
        "not 321 g but 312 g",
        "my earlier email had a typo: the rat is 312 g, not 321 g",
    ],
)
def test_a_denied_weight_is_not_stored(text: str) -> None:
    assert read(text).values.get("weight") == "312 g"


def test_a_previous_key_without_correction_is_still_another_time() -> None:
    assert "weight" not in read("previous email: rat is 312 g.").values


# -- an animal named only as the owner of another field is no species said


@pytest.mark.parametrize(
    "text",
    [
        "For the date of birth of the mouse I only know the month, so leave it out.",
        "the weight of the rat is 301 g",
        "the sex for the mouse I will send later",
    ],
)
def test_the_owner_of_a_field_gives_no_species(text: str) -> None:
    assert "species" not in read(text).values


@pytest.mark.parametrize(
    ("text", "species"),
    [("the age of the mouse QT-3 is 9 weeks", "Mus musculus"), ("the rat is 301 g", "Rattus norvegicus")],
)
def test_an_animal_said_is_still_the_species(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


# -- an id of another thing ("Session ID is ...", "recording ID: ...") is not the animal's


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Session ID is 802291413 (from the portal)", {"session_id": "802291413"}),
        ("recording ID: RX-12; animal ID: BQ-4", {"subject_id": "BQ-4"}),
        ("Probe ID 18005, mouse ID KM-3", {"subject_id": "KM-3"}),
        ("file number: 7", {}),
        ("Subject ID is 802291413 (from the portal)", {"subject_id": "802291413"}),
        ("ID: BQ-5", {"subject_id": "BQ-5"}),
    ],
)
def test_an_id_of_another_thing_is_not_the_subjects(text: str, values: dict[str, str]) -> None:
    parsed = read(text)
    assert parsed.values.get("subject_id") == values.get("subject_id")
    if "session_id" in values:
        assert parsed.values.get("session_id") == values["session_id"]
