"""General rules of the offline reader (issue 14, twentieth round) for the subject: the clause of another animal
(a stimulus, intruder or demonstrator animal, a cage mate, "the first" of two when the file is said to be of the
second) gives none of the subject's values; a table of several animals with no row marked as the recorded one
gives no animal's values; a start time said of one of several sessions or probes is asked back; an adjective of
what a broad structure does, said only as the kind of recording ("Auditory brainstem recordings"), is no site.
Each rule covers a family of mistakes, not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, name: str) -> list[object]:
    return [p.value for c in parsed.confirmations if c.field == name for p in c.proposals]


# -- the clause of another animal in the test, or a relative, gives none of the subject's values


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("the demonstrator rat (Long-Evans, 14 weeks) sat behind the divider; the observer, rat OB-3", "strain"),
        ("the demonstrator rat (Long-Evans, 14 weeks) sat behind the divider; the observer, rat OB-3", "age"),
        ("its cage mate was a female of 25 g; mouse CM-4", "sex"),
        ("its cage mate was a female of 25 g; mouse CM-4", "weight"),
        ("mouse PT-2 was paired with a female stimulus mouse, 9 weeks", "age"),
        ("the conspecific was a 10-week-old BALB/c female; subject: mouse SC-1", "strain"),
        ("the conspecific was a 10-week-old BALB/c female; subject: mouse SC-1", "age"),
        ("the conspecific was a 10-week-old BALB/c female; subject: mouse SC-1", "sex"),
        ("a novel conspecific (juvenile male, 4 weeks) was introduced; mouse NC-5", "sex"),
        ("the intruder (CD-1 male, 20 weeks) was put in at 10:00; resident mouse RS-3", "strain"),
        ("the stimulus fish was a 2-week-old nacre; zebrafish ZF-9 is the subject", "age"),
    ],
)
def test_another_animals_clause_gives_no_subject_value(text: str, wrong: str) -> None:
    assert wrong not in read(text).values


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "the demonstrator rat (Long-Evans, 14 weeks) sat behind the divider; the observer, rat OB-3, 10 weeks old",
            {"subject_id": "OB-3", "age": "P10W", "species": "Rattus norvegicus"},
        ),
        ("its cage mate was a female of 25 g; mouse CM-4, male, 27 g", {"sex": "M", "weight": "27 g"}),
        ("mouse PT-2 (male, 12 weeks) was paired with a female stimulus mouse, 9 weeks", {"sex": "M", "age": "P12W"}),
        ("a novel conspecific (juvenile male, 4 weeks); mouse NC-5, female, 14 weeks", {"sex": "F", "age": "P14W"}),
        # the animal of the test said to be the one recorded is the subject
        ("the intruder rat was recorded: rat IR-2, male, 300 g", {"subject_id": "IR-2", "sex": "M", "weight": "300 g"}),
    ],
)
def test_the_subjects_values_beside_another_animals_are_read(text: str, values: dict[str, str]) -> None:
    read_values = read(text).values
    assert {name: read_values.get(name) for name in values} == values


@pytest.mark.parametrize(
    "text",
    [
        # a stimulus, a partner or a control that is no animal is no other animal
        "the stimulus was a drifting grating; mouse M-9, female, 12 weeks",
        "our partner lab sent the virus; mouse M-9, female, 12 weeks",
    ],
)
def test_a_thing_named_like_another_animal_leaves_the_subject(text: str) -> None:
    values = read(text).values
    assert values.get("sex") == "F" and values.get("age") == "P12W"


# -- "the first ... / this file is the second one": the other animals of a list are not the subject


@pytest.mark.parametrize(
    ("text", "subject_id", "others"),
    [
        (
            "Two rats. The first (RA-1, female, 240 g) was only handled. This file is the second one: RA-2, male",
            "RA-2",
            {"sex": "F", "weight": "240 g"},
        ),
        (
            "The other one (VO-2, female) stayed in the home cage. This file is the first: vole VO-1, male",
            "VO-1",
            {"sex": "F"},
        ),
        (
            "two mice today: the second (MX-8, 22 g) was not implanted; this recording is of the first, MX-7",
            "MX-7",
            {"weight": "22 g"},
        ),
    ],
)
def test_the_file_is_said_to_be_of_one_animal_of_a_list(text: str, subject_id: str, others: dict[str, str]) -> None:
    parsed = read(text)
    assert parsed.values.get("subject_id") in (subject_id, None)
    for name, value in others.items():
        assert parsed.values.get(name) != value


def test_this_file_is_the_second_one_gives_the_id_after_the_colon() -> None:
    assert read("This file is the second one: RT-5, male, Long-Evans").values.get("subject_id") == "RT-5"
    assert read("this file is the mouse: M-3").values.get("subject_id") == "M-3"
    assert "subject_id" not in read("this file is from session: S-22").values


# -- a table of several animals, none marked as the recorded one, gives no animal's values


@pytest.mark.parametrize(
    "text",
    [
        "cage,ear tag,sex\nK-7,L,F\nK-7,R,F",
        "id;sex;age\nQ-1;M;P60\nQ-2;M;P60",
        "| animal | sex | strain |\n|---|---|---|\n| W-1 | F | C57BL/6J |\n| W-2 | F | C57BL/6J |",
    ],
)
def test_a_table_of_several_animals_with_none_marked_gives_no_values(text: str) -> None:
    values = read(text).values
    assert not {"sex", "age", "strain", "subject_id"} & set(values)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("animal,role,sex\nTB-1,recorded,F\nTB-2,sham,M", {"subject_id": "TB-1", "sex": "F"}),
        ("animal;sex;note\nTB-3;M;this file\nTB-4;F;not recorded", {"subject_id": "TB-3", "sex": "M"}),
        ("animal,strain,sex\nAX-1,C57BL/6J,M\nAX-2,BALB/c,F\nrecorded: AX-2", {"subject_id": "AX-2", "sex": "F"}),
    ],
)
def test_the_row_marked_as_recorded_gives_the_subjects_values(text: str, values: dict[str, str]) -> None:
    read_values = read(text).values
    assert {name: read_values.get(name) for name in values} == values


# -- a start time said of one of several sessions, probes or runs is not stored


@pytest.mark.parametrize(
    "text",
    [
        "first probe went in at 10:05; second probe at 12:30 on 2024-03-02, London",
        "the first session began 09:00 and the second session at 14:00 on 2024-03-02, Paris time",
        "insertion 1 at 09:40, insertion 2 at 11:15, 2024-05-06, Berlin",
        # a rank said alone after ranked sessions or insertions is another of them
        "first insertion at 10:10, the second at 11:40, 2023-06-06, Paris",
        "the 2nd recording started 13:20 on 2023-11-02 (Boston) — the first one at 10:00",
        "session 2 started at 10:00 on 2024-03-03 in Paris; the first one was a pilot",
    ],
)
def test_a_time_of_one_of_several_sessions_is_not_stored(text: str) -> None:
    assert "session_start_time" not in read(text).values


@pytest.mark.parametrize(
    "text",
    [
        "session started at 11:45 on 2023-10-19, Edinburgh; probe in CA1",
        "this file is the second session, 2024-03-02 14:00 Paris time; the first session was on 2024-03-01",
        "the first mouse was excluded; recording started 10:00 on 2024-03-03, Paris",
    ],
)
def test_a_time_said_of_this_session_is_still_read(text: str) -> None:
    assert "session_start_time" in read(text).values


# -- an adjective of what a broad structure does, said as the kind of recording, is not cut to the structure


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        ("Auditory brainstem recordings in owl O-4", "brainstem"),
        ("Visual thalamus recordings, mouse VT-2", "TH"),
        ("Olfactory hindbrain imaging in zebrafish ZF-3", "hindbrain"),
        ("Motor thalamus recordings in rat MT-1", "TH"),
    ],
)
def test_a_qualified_structure_as_the_kind_of_recording_is_not_stored(text: str, cut: str) -> None:
    parsed = read(text)
    assert "electrode_location" not in parsed.values
    assert cut not in asked_back(parsed, "electrode_location")


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("recorded in the auditory brainstem of owl O-1", "auditory brainstem"),
        ("units in the visual thalamus of mouse VT-3", "visual thalamus"),
        ("Dorsal hippocampus recordings, mouse DH-3", "Dorsal hippocampus"),
        ("recorded in the brainstem of rat BS-1", "brainstem"),
        ("units in the motor thalamus of rat MT-2", "motor thalamus"),
        ("primary motor cortex, mouse M-1", "MOp"),
    ],
)
def test_a_qualified_structure_said_as_the_site_is_kept_as_said(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- a short strain name after "is a" and a stage of life or a sex names what the animal is


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("the subject, zebrafish ZC-2, is an adult casper", "casper"),
        ("rat LX-2 is a female Lewis", "Lewis"),
        ("zebrafish NZ-1 was a juvenile nacre", "nacre"),
    ],
)
def test_a_short_strain_after_is_a_and_a_stage_of_life_is_read(text: str, strain: str) -> None:
    assert read(text).values.get("strain") == strain


@pytest.mark.parametrize(
    "text",
    ["the rat in the Lewis room is a male, RL-3", "zebrafish ZC-2 is an adult casper lover's favourite"],
)
def test_a_short_strain_name_not_said_of_the_animal_is_not_read(text: str) -> None:
    assert "strain" not in read(text).values


# -- a relative, a cage mate or an animal used for another thing, as what its clause is said of


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("Subject id is RX-9; RX-8 is its sibling (male)", "sex"),
        ("Recorded mouse: TR-4. Training mouse: TR-3, 14 weeks.", "age"),
        ("bird R7 is 90 dph; his tutor is 2 years old", "age"),
        ("the mother, rat MR-3, was 12 weeks at birth; pup PR-1", "age"),
        ("mouse DN-7, female; the donor mouse, 20 weeks, gave the slices", "age"),
        ("rat PL-2 is female. The pilot rat (male, 350 g) was recorded last year", "weight"),
    ],
)
def test_a_relatives_clause_gives_no_subject_value(text: str, wrong: str) -> None:
    assert wrong not in read(text).values


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("the mother, rat MR-3, was 12 weeks at birth; pup PR-1 is P10", {"subject_id": "PR-1"}),
        ("Recorded mouse: TR-4. Training mouse: TR-3, 14 weeks.", {"subject_id": "TR-4"}),
        ("bird R7, male, 95 days; his tutor is 2 years old", {"subject_id": "R7", "sex": "M", "age": "P95D"}),
        ("the other monkey, Ramses, is 11 years old; this one, Isis, is 9 years old", {"age": "P9Y"}),
    ],
)
def test_the_subjects_values_beside_a_relatives_clause_are_read(text: str, values: dict[str, str]) -> None:
    read_values = read(text).values
    assert {name: read_values.get(name) for name in values} == values


# -- a bare number said with the cage, litter or cohort it comes from counts the animal there


@pytest.mark.parametrize("text", ["Animal #42 from cage 7, female", "animal 42 of cage 7", "animal 9 from the litter"])
def test_a_number_from_a_cage_is_no_subject_id(text: str) -> None:
    assert "subject_id" not in read(text).values


@pytest.mark.parametrize(("text", "subject_id"), [("Animal 42, female", "42"), ("animal AN-42 from cage 7", "AN-42")])
def test_an_id_beside_no_cage_or_with_letters_is_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- an id right before the species' Latin name in brackets is the animal's


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Medaka OL-5 (Oryzias latipes, female) was imaged", "OL-5"),
        ("recorded from crab CB-3 (Cancer borealis, male, 510 g)", "CB-3"),
        ("Jackdaw JD-2 (western jackdaw, Coloeus monedula, male) was trained", "JD-2"),
    ],
)
def test_an_id_before_a_bracketed_latin_name_is_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize(
    "text",
    [
        "recorded in CA1 (Rattus norvegicus) by the team",
        "line Pvalb-Cre (Mus musculus), female",
        "Medaka OL-5 (Oryzias latipes) and medaka OL-6 (Oryzias latipes) were imaged",
    ],
)
def test_an_area_a_line_or_one_of_two_before_a_latin_name_is_no_id(text: str) -> None:
    assert read(text).values.get("subject_id") not in ("CA1", "Pvalb-Cre", "OL-5", "OL-6")


# -- a relative named with its id or where it is ("her littermate FF-13 is male", "the other monkey in the room, Zeus")


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("mouse FF-12 (female, 24 g); her littermate FF-13 is male and 27 g", {"subject_id": "FF-12", "sex": "F"}),
        ("monkey Lucky (male rhesus, 9.6 kg); the other monkey in the room, Zeus, is 14 kg", {"weight": "9.6 kg"}),
        ("his tutor bird R2 is 3 years old; bird R9, male, 80 days", {"subject_id": "R9", "age": "P80D"}),
    ],
)
def test_the_subject_beside_a_relative_named_with_its_id_is_read(text: str, values: dict[str, str]) -> None:
    read_values = read(text).values
    assert {name: read_values.get(name) for name in values} == values


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("mouse M-1, male. The other mouse in the cage is female", "F"),
        ("the tutor bird pu77 is an adult male; the pupil is a female zebra finch", "M"),
    ],
)
def test_a_relatives_sex_said_with_where_it_is_is_not_stored(text: str, wrong: str) -> None:
    assert read(text).values.get("sex") != wrong


# -- "the one recorded here is CO-7", "the recorded one is A249": the animal the words say was recorded


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("cohort of 12 mice, 18-22 g; the one recorded here is CO-7", "CO-7"),
        ("which one? the recorded one is A249, the other rats are for later", "A249"),
        ("the one we recorded is MX-3; MX-4 was not", "MX-3"),
    ],
)
def test_the_one_said_recorded_is_the_subject(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_an_age_after_the_recorded_animal_is_no_id() -> None:
    values = read("the recorded animal is P60").values
    assert "subject_id" not in values


# -- a table's row named after the rows ("recorded today: EN-4"), or the one not said to be left out


def test_the_row_named_recorded_today_is_the_subjects() -> None:
    values = read("mouse, weight (g), age (days)\nEN-3, 22.8, 81\nEN-4, 24.1, 81\nrecorded today: EN-4").values
    assert (values.get("subject_id"), values.get("weight"), values.get("age")) == ("EN-4", "24.1 g", "P81D")


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("animal,sex,note\nA-1,F,\nA-2,M,excluded", {"subject_id": "A-1", "sex": "F"}),
        ("animal,sex,note\nA-1,F,\nA-2,M,excluded\nA-3,F,", {}),
    ],
)
def test_the_one_row_not_left_out_is_the_subjects(text: str, values: dict[str, str]) -> None:
    read_values = read(text).values
    assert {k: v for k, v in read_values.items() if k in ("subject_id", "sex")} == values


# -- a Latin name with its genus cut to the initial says one species when no other in the table shares the form


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("TODAY: monkey Pepper (M. mulatta) ♀ 7.3 kg", "Macaca mulatta"),
        ("rats (R. norvegicus) R-4", "Rattus norvegicus"),
        ("M. musculus, female, M-3", "Mus musculus"),
    ],
)
def test_an_abbreviated_latin_name_is_read(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


def test_an_initial_and_a_surname_are_no_species() -> None:
    assert "species" not in read("Dr. M. Mulatta ran it").values


def test_a_lone_sex_letter_between_notebook_pluses_is_read() -> None:
    assert read("++ mouse DL-9 ++ Dlx5/6-Cre;Ai14 ++ F ++ P50").values.get("sex") == "F"
    assert "sex" not in read("C++ M ++ code").values


# -- "this one, Isis, is ...", "this animal, SH-1, had ...": the animal set apart from another by "this"


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("the other monkey, Ramses, is 11 years old; this one, Isis, is 9 years old, a female rhesus", "Isis"),
        ("The sham control (SH-2) had no probe; this animal, SH-1, had the probe in CA1.", "SH-1"),
        ("her sister is in the other cage; this one, Wren, was recorded, a female zebra finch", "Wren"),
    ],
)
def test_the_animal_set_apart_by_this_is_the_subject(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize(
    ("text", "not_an_id"),
    [("mouse M-1; this one, However, is odd", "However"), ("this one, Maybe, is a mouse", "Maybe")],
)
def test_a_word_after_this_one_with_no_other_animal_is_no_id(text: str, not_an_id: str) -> None:
    assert read(text).values.get("subject_id") != not_an_id


# -- a "mass" column in a table of the animal's values is its weight; in another table it is no weight


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("bat_id; species; sex; mass_g\n7220; Carollia perspicillata; M; 19", "19 g"),
        ("animal,body mass (g),sex\nBM-2,24.5,F", "24.5 g"),
    ],
)
def test_a_mass_column_of_the_animal_is_its_weight(text: str, weight: str) -> None:
    assert read(text).values.get("weight") == weight


def test_a_mass_column_of_a_compound_is_no_weight() -> None:
    assert "weight" not in read("compound,mass_g\nKCl,2").values


# -- "the monkey is Bruno": a name after the animal word and "is", ending the clause


def test_a_name_after_the_animal_and_is_is_the_id() -> None:
    assert read("the monkey is Bruno").values.get("subject_id") == "Bruno"
    assert read("the marmoset is Kiwi, female").values.get("subject_id") == "Kiwi"


@pytest.mark.parametrize(
    "text", ["the rat is Wistar", "the rat is Female.", "the monkey is Rhesus", "the mouse is Cre."]
)
def test_a_strain_sex_or_species_after_is_is_no_name(text: str) -> None:
    assert "subject_id" not in read(text).values


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [("[bench 3] marmoset Miso ♂ 4 y, 402 g", "Miso"), ("◆ rhesus Kaya ◆ ♀ ◆ 12 y ◆ 8.9 kg", "Kaya")],
)
def test_a_name_before_a_sex_sign_or_a_notebook_separator_is_the_id(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_a_relatives_clause_with_an_intent_inside_its_brackets_ends_at_its_clause() -> None:
    values = read("cage mate RT-12 (female, 240 g) was not recorded; RT-11, male, 318 g, was").values
    assert (values.get("subject_id"), values.get("sex"), values.get("weight")) == ("RT-11", "M", "318 g")


# -- a Latin name in brackets right after a broad word for the animal (and its id) says which one it is


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Bengalese finch bk1 (Lonchura striata domestica), male, 150 days", "Lonchura striata domestica"),
        ("finch (Lonchura striata), male", "Lonchura striata"),
        ("species: Lonchura striata domestica", "Lonchura striata domestica"),
    ],
)
def test_a_bracketed_latin_name_says_which_animal_the_broad_word_is(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


@pytest.mark.parametrize("text", ["a finch and a rat (Rattus norvegicus)", "species: Trachemys scripta neurons"])
def test_a_latin_name_for_another_word_or_with_a_tissue_is_not_stored(text: str) -> None:
    assert read(text).values.get("species") not in ("Rattus norvegicus", "Trachemys scripta neurons")
