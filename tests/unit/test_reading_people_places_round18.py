"""General rules of the offline reader (issue 14, eighteenth round) for people, places and words, areas glossed after
a dash and values denied after 'not'. Each rule covers a family of mistakes, not one sentence; the sentences are our
own, from no corpus file. Both directions are tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


# -- a lab named by a head whose name ends in s: the bare apostrophe is the possessive, no part of the name


@pytest.mark.parametrize(
    ("text", "lab"),
    [
        ("Recorded in Prof. James' lab at UCL, mouse M3.", "James Lab"),
        ("lab: Charles' group", "Charles Lab"),
        ("Data from the Jones' lab, rat R2.", "Jones Lab"),
        ("We did it in Anna Reis’ laboratory, mouse M4.", "Reis Lab"),
        ("We're in Karel Svoboda's lab at Janelia.", "Svoboda Lab"),  # the usual possessive, still read
        ("The Moser lab in Trondheim recorded rat 14.", "Moser Lab"),
    ],
)
def test_a_bare_apostrophe_after_a_head_ending_in_s_is_no_part_of_the_lab(text: str, lab: str) -> None:
    assert read(text).values.get("lab") == lab


# -- an institution's name goes on across French "à" and across "of the <kind> of <place>"


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "Recorded by Marc Roy at the Université du Québec à Trois-Rivières, rat Q4.",
            "Université du Québec à Trois-Rivières",
        ),
        ("Mouse M2 was recorded at the Université du Québec à Rimouski.", "Université du Québec à Rimouski"),
        (
            "Recorded at the Medical School of the University of Crete, rat C2.",
            "Medical School of the University of Crete",
        ),
        (
            "We recorded at the Research Institute of the Academy of Sofia; mouse S1.",
            "Research Institute of the Academy of Sofia",
        ),
        ("Recorded at the University of Texas at Austin, mouse T1.", "University of Texas at Austin"),
        ("The recording was done at the Institute of Neuroscience; mouse M2.", "Institute of Neuroscience"),
    ],
)
def test_an_institution_goes_on_across_a_and_of_the_kind_of(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "Recorded at the Institute of Physiology of the Czech Academy of Sciences, mouse CZ-3.",
            "Institute of Physiology of the Czech Academy of Sciences",
        ),
        (
            "Recorded at the Institute for Neuroscience of the University of Oregon, mouse O1.",
            "Institute for Neuroscience of the University of Oregon",
        ),
    ],
)
def test_an_institute_of_a_field_of_the_academy_is_one_name(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


def test_a_place_after_the_long_name_is_still_left_out() -> None:
    said = read("institution: Institute of Biology of the Academy of Sciences, Prague")
    assert said.values.get("institution") == "Institute of Biology of the Academy of Sciences"


# -- a notebook, a file or a database the words were copied from is no institution


@pytest.mark.parametrize(
    "text",
    [
        "Copy-paste from the ELN: Animal: M-17 | Species: Mus musculus | Sex: female",
        "Notes copied from the PDF: rat R3, 300 g.",
        "Exported from the LIMS | mouse K-9 | male",
        "Values pulled from the XLSX, mouse M5, 24 g.",
    ],
)
def test_words_copied_from_a_notebook_or_file_give_no_institution(text: str) -> None:
    assert "institution" not in read(text).values


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Exported from the LIMS: mouse M7, female, recorded at NTNU.", "NTNU"),
        ("Mouse M9 was recorded at EPFL; values taken from the CSV.", "École Polytechnique Fédérale de Lausanne"),
        ("Mouse M1 from the JSON export, recorded at UCL by Ana Diaz.", "University College London"),
    ],
)
def test_the_place_of_work_is_still_read_next_to_a_notebook(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- an area glossed after a dash or a colon is one area, as in brackets; a gloss naming another area keeps it as said


@pytest.mark.parametrize(
    ("answer", "location"),
    [
        ("V1 — primary visual cortex", "VISp"),
        ("M1 – primary motor cortex", "MOp"),
        ("VTA: ventral tegmental area", "VTA"),
        ("V1 (primary visual cortex)", "VISp"),
        ("V1 — secondary visual cortex", "V1 — secondary visual cortex"),  # two different areas: kept as written
        ("CA1 — dorsal", "CA1 — dorsal"),
    ],
)
def test_an_area_glossed_after_a_dash_is_one_area(answer: str, location: str) -> None:
    assert read(answer, "electrode_location").values.get("electrode_location") == location


# -- "X, not Y": a value of the same shape denied right after the one said is no value


@pytest.mark.parametrize(
    ("text", "field", "kept"),
    [
        ("Mouse P8 (not P7), female, 25 g.", "subject_id", "P8"),
        ("Rat R2 weighed 250 g, not 300 g, recorded 2023-05-02 09:00 UTC.", "weight", "250 g"),
        ("Mouse M4, not M5, was the one; it was 12 weeks old.", "subject_id", "M4"),
        (
            "Started at 9 am, not 10 am, on 2 May 2024 (Europe/Paris).",
            "session_start_time",
            "2024-05-02T09:00:00+02:00",
        ),
        ("Age P60, not P90.", "age", "P60D"),
    ],
)
def test_the_value_said_before_not_is_read(text: str, field: str, kept: str) -> None:
    assert read(text).values.get(field) == kept


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("Correction: the session started at 10:15, not 10:45 (Europe/Oslo, 22 January 2024).", "10:45"),
        ("The session began 14:30 rather than 15:30 on 3 March 2024, Berlin time.", "15:30"),
        ("We started at 08:00 instead of 09:30 on 5 May 2023, UTC.", "09:30"),
    ],
)
def test_a_time_denied_after_not_is_never_stored(text: str, wrong: str) -> None:
    assert wrong not in str(read(text).values.get("session_start_time", ""))


@pytest.mark.parametrize(
    ("answer", "kept"),
    [("ZK-114 (not ZK-141)", "ZK-114"), ("mouse AB12 (not AB21!)", "AB12"), ("subject is RT-7 not RT-1", "RT-7")],
)
def test_an_id_denied_in_brackets_after_the_one_said_leaves_it_read(answer: str, kept: str) -> None:
    assert read(answer, "subject_id").values.get("subject_id") == kept
