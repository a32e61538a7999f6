"""General rules of the offline reader (issue 14, fourteenth round) for people, places and words:
institutions, experimenters, labs, keywords, descriptions and declines. Each rule covers a family of
mistakes, not one sentence; the sentences are our own, from no corpus file. Both directions are
tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind, ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def declined(parsed: ParsedInput, field: str) -> bool:
    return any(i.kind in (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW) and field in i.fields for i in parsed.intents)


# -- an institution's name is read whole: a hyphenated place, a quote before it, "and" a field of study,
#    "Hospital of the University of X", a short form in brackets inside it


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "Recordings were made at University Hospital Schleswig-Holstein by Ina Brandt.",
            "University Hospital Schleswig-Holstein",
        ),
        ("We work at the Medical Center Rhein-Main in the Vogel lab.", "Medical Center Rhein-Main"),
        ("the institution should read 'Zuckerman Mind Brain Institute'", "Zuckerman Mind Brain Institute"),
        (
            "Recorded at the Queensland Institute of Neuroscience and Mental Health by Tom Reid.",
            "Queensland Institute of Neuroscience and Mental Health",
        ),
        (
            "data from the Hale College of Medicine and Public Health, 2020",
            "Hale College of Medicine and Public Health",
        ),
        (
            "the patient was implanted at the Hospital of the University of Lyon last spring",
            "Hospital of the University of Lyon",
        ),
        ("Institution: Leibniz Institute (LIN) for Neurobiology", "Leibniz Institute for Neurobiology"),
        ("We recorded at University College London (UCL) in 2021.", "University College London"),
    ],
)
def test_an_institution_is_read_whole(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


@pytest.mark.parametrize(
    "text",
    [
        # an apostrophe inside a word does not start a name; "and" before a person's name does not join one
        "Recorded at Boston Children's Hospital by Ana Lima.",
        "the University of Bonn and Mental notes from Eva",
    ],
)
def test_what_is_not_part_of_the_name_stays_out(text: str) -> None:
    institution = read(text).values.get("institution", "")
    assert "Mental notes" not in institution and not institution.startswith("s ")


@pytest.mark.parametrize(
    ("answer", "institution"),
    [
        ("University of Washington, Seattle", "University of Washington"),
        ("University of Geneva, Geneva", "University of Geneva"),
        ("University of Toronto, Toronto", "University of Toronto"),
        # a campus of a system is part of the name; a second organisation is kept as said
        ("University of California, Davis", "University of California, Davis"),
        ("University of Texas, Austin", "University of Texas, Austin"),
        ("University of Bern, Institute of Physiology", "University of Bern, Institute of Physiology"),
    ],
)
def test_a_town_after_a_university_is_left_out(answer: str, institution: str) -> None:
    assert read(answer, "institution").values.get("institution") == institution
