"""The last look at subject values and sites (prose/subject_doubts.py, asked by prose/whole_values.py): a
value the words give to something else (the cage, a line, a project, a room number, the age) is asked
again; the same words where they do name the subject's value pass."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.parsed import FoundValue, ParsedInput
from agentic_neurodata.metadata.prose.whole_values import only_whole_values


def _read(field: str, value: str, raw: str = "") -> ParsedInput:
    return ParsedInput(values={field: value}, found=[FoundValue(field=field, value=value, raw=raw or value)])


@pytest.mark.parametrize(
    ("said", "value", "why"),
    [
        ("312 is the rack, the mouse is called KT-4", "312", "said to be the rack"),
        ("B12 was the box we used; the rat is R-77", "B12", "said to be the box"),
        ("tag 55 = the tank, fish ZF-9", "55", "said to be the tank"),
        ("Sst-IRES-Cre", "Sst-IRES-Cre", "names a mouse line"),
        ("our line is Ai148 crossed in; animal SO-2", "Ai148", "names a mouse line"),
        ("Re: surgery\nSubject: followup\nrat LE-8 healed well", "followup", "plain word"),
        ("mouse P12 pups were weaned; today's one is NB-3", "P12", "age (postnatal day)"),
    ],
)
def test_an_id_the_words_give_to_something_else_is_asked_again(said: str, value: str, why: str) -> None:
    parsed = only_whole_values(_read("subject_id", value), said)
    assert parsed.values == {}
    [rejected] = parsed.rejections
    assert why in rejected.reason and "Which subject ID is it?" in rejected.reason


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("mouse KT-4, cage 312", "KT-4"),
        ("animal: M-17\ncage: 4402", "M-17"),  # the cage on the next line is another key's
        ("patient P17 was implanted in 2021", "P17"),  # a participant's ID, not a day
        ("PV-Ai32-4 (Pvalb-IRES-Cre x Ai32)", "PV-Ai32-4"),
        ("subject Tofu, a marmoset", "Tofu"),
        ("the rig is B2; the mouse is B2-7", "B2-7"),
    ],
)
def test_an_id_said_as_the_animals_passes(said: str, value: str) -> None:
    assert only_whole_values(_read("subject_id", value), said).values == {"subject_id": value}


@pytest.mark.parametrize(
    ("said", "raw"),
    [("bench in room 3M.112, rat R-2", "3M"), ("file rec_12W.bin; mouse A-1", "12W"), ("box 4D/2, 20 g", "4D")],
)
def test_an_age_read_inside_a_room_or_file_name_is_asked_again(said: str, raw: str) -> None:
    parsed = only_whole_values(_read("age", f"P{raw}", raw), said)
    assert parsed.values == {} and "inside a longer word" in parsed.rejections[0].reason


@pytest.mark.parametrize(
    ("said", "raw"), [("mouse A-1, 12W, male", "12W"), ("age 3M (months)", "3M"), ("P6M2W? no, just P6M", "P6M")]
)
def test_an_age_said_as_a_word_of_its_own_passes(said: str, raw: str) -> None:
    assert only_whole_values(_read("age", f"P{raw}", raw), said).values == {"age": f"P{raw}"}


@pytest.mark.parametrize(
    ("said", "raw", "whole"),
    [
        ("tetrodes in the hippocampus, both hemispheres", "hippocampus", "hippocampus, both hemispheres"),
        (
            "Probe went into primary visual cortex, left hemisphere.",
            "primary visual cortex",
            "primary visual cortex, left hemisphere",
        ),
        ("site: amygdala bilaterally", "amygdala", "amygdala bilaterally"),
    ],
)
def test_a_site_read_without_its_side_is_asked_back_with_it(said: str, raw: str, whole: str) -> None:
    parsed = only_whole_values(_read("electrode_location", "XX", raw), said)
    assert parsed.values == {}
    [asked] = parsed.confirmations
    assert asked.proposals[0].value == whole and "side was left out" in asked.question


@pytest.mark.parametrize(
    ("said", "raw"),
    [("left hippocampus, dorsal", "hippocampus"), ("CA1, then CA3 on the right", "CA1"), ("V1, both eyes open", "V1")],
)
def test_a_site_with_no_side_after_it_passes(said: str, raw: str) -> None:
    assert only_whole_values(_read("electrode_location", raw, raw), said).values == {"electrode_location": raw}


@pytest.mark.parametrize(
    "said",
    ["Notebook › Striatum project › day 4 (mouse D-4)", "Amygdala consortium pilot, rat A-2", "Cerebellum study data"],
)
def test_a_site_read_from_a_projects_name_is_asked_again(said: str) -> None:
    raw = said.split()[2] if said.startswith("Notebook") else said.split()[0]
    parsed = only_whole_values(_read("electrode_location", raw.lower(), raw), said)
    assert parsed.values == {} and "project's name" in parsed.rejections[0].reason


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("species: Peromyscus maniculatus; mouse PC-1", "Mus musculus"),
        ("rat (well, Meriones unguiculatus really), G-3", "Rattus norvegicus"),
    ],
)
def test_a_species_when_the_latin_of_another_genus_is_said_is_asked_again(said: str, read: str) -> None:
    parsed = only_whole_values(_read("species", read), said)
    assert parsed.values == {} and "the words name" in parsed.rejections[0].reason


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("Mus musculus, C57BL/6J; cage mates were Rattus norvegicus", "Mus musculus"),
        ("mouse M-1; the virus came from Aequorea victoria GFP", "Mus musculus"),
        ("ferret (Mustela putorius furo)", "http://purl.obolibrary.org/obo/NCBITaxon_9669"),
        ("Peromyscus maniculatus PM-2", "Peromyscus maniculatus"),
    ],
)
def test_a_species_its_own_latin_or_no_latin_agrees_with_passes(said: str, read: str) -> None:
    assert only_whole_values(_read("species", read), said).values == {"species": read}


@pytest.mark.parametrize(
    "said",
    ["recorded in the amygdala, right after the injection", "CA3, left alone for a week", "VISp, bilateral stim"],
)
def test_a_side_word_that_goes_on_as_other_words_is_no_side(said: str) -> None:
    raw = said.split(",")[0].split()[-1]
    assert only_whole_values(_read("electrode_location", raw, raw), said).values == {"electrode_location": raw}


@pytest.mark.parametrize(("said", "value"), [("mouse JAX-000664, male", "JAX-000664"), ("ID: stock #012345", "012345")])
def test_a_suppliers_stock_number_is_no_animals_id(said: str, value: str) -> None:
    parsed = only_whole_values(_read("subject_id", value), said)
    assert parsed.values == {} and "stock number" in parsed.rejections[0].reason


@pytest.mark.parametrize(("said", "value"), [("mouse 000664", "000664"), ("animal 612345 (Allen specimen)", "612345")])
def test_six_digits_not_called_a_stock_are_an_id(said: str, value: str) -> None:
    assert only_whole_values(_read("subject_id", value), said).values == {"subject_id": value}


@pytest.mark.parametrize(
    ("said", "raw"),
    [
        ("probe targeted CA1 but histology showed DG", "CA1"),
        ("we aimed for LGd, but the track actually ended up in LP", "LGd"),
        ("site: M2 but histology revealed ACA", "M2"),
    ],
)
def test_a_site_the_words_after_it_put_elsewhere_is_asked_again(said: str, raw: str) -> None:
    parsed = only_whole_values(_read("electrode_location", raw, raw), said)
    assert parsed.values == {} and "elsewhere" in parsed.rejections[0].reason


@pytest.mark.parametrize(
    "said", ["CA1, but only two tetrodes worked", "recorded in V1 but not in V2 today", "DG, confirmed by histology"]
)
def test_a_site_with_a_but_that_moves_nothing_passes(said: str) -> None:
    raw = said.split(",")[0].split()[-1] if said[0].isupper() else "V1"
    assert only_whole_values(_read("electrode_location", raw, raw), said).values == {"electrode_location": raw}


@pytest.mark.parametrize(
    "said", ["strain: C57BL/6J and some 129", "mixed background, C57BL/6J & 129S6", "C57BL/6J + FVB backcross"]
)
def test_a_strain_said_with_another_is_asked_again(said: str) -> None:
    parsed = only_whole_values(_read("strain", "C57BL/6J"), said)
    assert parsed.values == {} and "mixed background" in parsed.rejections[0].reason


@pytest.mark.parametrize(
    "said",
    [
        "C57BL/6J and a Long-Evans rat",
        "strain C57BL/6J and sex male",
        "C57BL/6J and 12 weeks old",
        "C57BL/6J and 120 days",
    ],
)
def test_a_strain_followed_by_other_values_passes(said: str) -> None:
    assert only_whole_values(_read("strain", "C57BL/6J"), said).values == {"strain": "C57BL/6J"}
