"""General rules of the offline reader (issue 14, twelfth round) for people, places and words:
experimenters, institutions, labs, descriptions, and declines. Each rule covers a family of
mistakes, not one sentence; the sentences are our own, from no corpus file. Both directions are
tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind, ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


def declined(parsed: ParsedInput, field: str) -> bool:
    return any(i.kind in (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW) and field in i.fields for i in parsed.intents)


# -- particles: "ten" opens a Dutch family name as "van" and "de" do


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Experimenter: Pieter ten Cate", "ten Cate, Pieter"),
        ("Recorded by Sanne ten Hove and Joris Bakker.", "ten Hove, Sanne"),
        ("experimenter: Lotte ter Laak; PI: Jan Smit", "ter Laak, Lotte"),
        ("Experimenter: Bas van der Linden", "van der Linden, Bas"),
    ],
)
def test_a_particle_stays_with_the_family_name(text: str, name: str) -> None:
    assert read(text).values["experimenter"][0] == name


# -- a lab's, an institution's, a project's "name" key is not a person's name


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Lab name: Harvey Lab", "lab", "Harvey Lab"),
        ("laboratory name: the Carandini lab", "lab", "Carandini Lab"),
        ("Institution name: Karolinska Institutet", "institution", "Karolinska Institutet"),
    ],
)
def test_a_lab_or_institution_name_key_gives_that_field(text: str, field: str, value: str) -> None:
    parsed = read(text)
    assert parsed.values.get(field) == value
    assert "experimenter" not in parsed.values


@pytest.mark.parametrize(
    "text",
    ["Project name: Grid Cells", "File name: Session Four", "Rig name: Blue Rig", "Dataset name: Head Direction"],
)
def test_a_things_name_is_not_a_person(text: str) -> None:
    parsed = read(text)
    assert "experimenter" not in parsed.values and not asked_back(parsed, "experimenter")


@pytest.mark.parametrize(
    ("text", "name"),
    [("Name: Ingrid Olsen", "Olsen, Ingrid"), ("Experimenter name: Tomás Ortega", "Ortega, Tomás")],
)
def test_a_persons_name_key_still_gives_the_experimenter(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


# -- a place after an institution ("in Göttingen", ", in Virginia") is where it is, not its name


@pytest.mark.parametrize(
    ("text", "asked", "institution"),
    [
        (
            "Institution: Bernstein Center for Computational Neuroscience in Berlin",
            [],
            "Bernstein Center for Computational Neuroscience",
        ),
        ("Our institution is the Netherlands Institute for Neuroscience in Amsterdam.", [], None),
        ("Institution: Baylor College of Medicine in Houston", [], "Baylor College of Medicine"),
        ("EPFL, in Lausanne", ["institution"], "École Polytechnique Fédérale de Lausanne"),
        ("Janelia, in Ashburn", ["institution"], "HHMI Janelia Research Campus"),
        ("the Hertie Institute in Tübingen", ["institution"], "Hertie Institute"),
    ],
)
def test_a_place_after_in_is_left_out_of_the_institution(text: str, asked: list[str], institution: str | None) -> None:
    value = read(text, *asked).values.get("institution")
    assert value == (institution or "Netherlands Institute for Neuroscience")
    assert " in " not in value


@pytest.mark.parametrize(
    "text",
    ["Institution: Washington University in St. Louis", "We recorded at Washington University in St. Louis."],
)
def test_a_name_that_holds_in_and_a_city_is_kept_whole(text: str) -> None:
    assert read(text).values.get("institution") == "Washington University in St. Louis"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Recordings were made at Janelia Research Campus.", []),
        ("Janelia Farm", ["institution"]),
        ("institution: Janelia Research Campus", []),
    ],
)
def test_janelia_has_one_spelling(text: str, asked: list[str]) -> None:
    assert read(text, *asked).values.get("institution") == "HHMI Janelia Research Campus"


# -- a colony, a stock or a vendor the animals came from is not the institution


@pytest.mark.parametrize(
    "text",
    [
        "Old mice from the NIA colony were used; mouse OL-3 was 20 months old.",
        "Breeders from the MMRRC stock; this is mouse MR-9, female.",
        "The rats came from the RRRC repository and were housed in pairs.",
        "Mice from JAX were used; mouse JX-1 is male.",
    ],
)
def test_where_the_animals_came_from_is_not_the_institution(text: str) -> None:
    parsed = read(text)
    assert "institution" not in parsed.values


@pytest.mark.parametrize(
    "text",
    [
        "Aged rats from the NIA colony were recorded at NTNU by Eva Lunde.",
        "Mice from the MMRRC were recorded at NTNU.",
    ],
)
def test_the_place_of_recording_is_still_read_beside_a_source(text: str) -> None:
    assert read(text).values.get("institution") == "NTNU"


# -- a supervisor is not the experimenter


@pytest.mark.parametrize(
    "text",
    [
        "Experiments were run by students under the supervision of Dr. Helena Berg.",
        "The work was supervised by Prof. Marcus Lind.",
        "All sessions were done under the guidance of Dr. Nadia Haddad.",
        "Prof. Oskar Wirth mentored the project; mouse MW-2 was recorded in V1.",
    ],
)
def test_a_supervisor_is_not_stored_as_the_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


def test_the_experimenter_is_read_beside_a_supervisor() -> None:
    parsed = read("Recorded by Lina Sørensen, under the supervision of Prof. Erik Dahl.")
    assert parsed.values.get("experimenter") == ["Sørensen, Lina"]


# -- "X's postdoc Y": Y did it, not X


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Recorded by Karel Novak's postdoc Iveta Horak.", "Horak, Iveta"),
        ("The sessions were done by Prof. Ruiz's student Marta Gil.", "Gil, Marta"),
        ("recorded in the Lee lab by Dr. Lee's technician Paul Kim", "Kim, Paul"),
    ],
)
def test_the_person_after_a_possessive_relation_is_the_experimenter(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


# -- a short kind of session that is the subject of a sentence is not a label


@pytest.mark.parametrize(
    "text",
    [
        "Calcium imaging was performed by Lea Roth at the Vienna BioCenter.",
        "Tetrode recording was done by Omar Aziz.",
        "Patch-clamp recordings were made by Yuki Sato at RIKEN.",
    ],
)
def test_a_session_kind_in_a_sentence_is_asked_back_not_stored(text: str) -> None:
    assert "session_description" not in read(text).values


@pytest.mark.parametrize("text", ["mouse SK-1, V1 recording, female", "Two-photon imaging, mouse SK-2, male"])
def test_a_session_kind_alone_in_a_list_is_still_read(text: str) -> None:
    assert "session_description" in read(text).values


# -- a decline in British phrasing, or a skip said last after a dash


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("haven't got that - skip", "genotype"),
        ("we haven't got it", "weight"),
        ("have not got the date of birth", "date_of_birth"),
        ("no record of it - pass", "strain"),
    ],
)
def test_a_decline_in_any_phrasing_is_not_a_value(text: str, field: str) -> None:
    parsed = read(text, field)
    assert field not in parsed.values and declined(parsed, field)


@pytest.mark.parametrize(("text", "field"), [("C57BL/6J - next", "strain"), ("Wistar rat", "strain")])
def test_a_value_with_words_after_it_is_not_declined(text: str, field: str) -> None:
    assert not declined(read(text, field), field)
