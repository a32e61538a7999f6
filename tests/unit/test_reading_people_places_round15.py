"""General rules of the offline reader (issue 14, fifteenth round) for people, places and words, and
two text-level rules: asides after a short value, and values taken back in the message. Each rule covers
a family of mistakes, not one sentence; the sentences are our own, from no corpus file. Both directions
are tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


# -- an aside after a short value is no part of it: how it was checked, what it holds for, a sentence in brackets


@pytest.mark.parametrize(
    ("text", "asked", "field", "value"),
    [
        ("dorsal CA1, confirmed by histology", "electrode_location", "electrode_location", "dorsal CA1"),
        ("barrel cortex (we never mapped the column)", "electrode_location", "electrode_location", "SSp-bfd"),
        ("anterior cingulate cortex, verified with DiI tracks", "electrode_location", "electrode_location", "ACA"),
        ("Sst-Cre, as on the paper", "genotype", "genotype", "Sst-Cre"),
        ("Location: LGN, reconstructed from the tracks. Mouse K-4.", "", "electrode_location", "LGN"),
        ("Genotype: Vglut2-Cre for this one; mouse VG-2", "", "genotype", "Vglut2-Cre"),
        # what must still be read whole: a layer, a side, a second area after a comma
        ("left barrel cortex, layer 4", "electrode_location", "electrode_location", "left barrel cortex, layer 4"),
    ],
)
def test_an_aside_after_a_value_is_not_part_of_it(text: str, asked: str, field: str, value: str) -> None:
    parsed = read(text, *([asked] if asked else []))
    assert parsed.values.get(field) == value


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Pvalb-Cre x Ai32, I'd have to check the reporter", "genotype"),
        ("Gad2-Cre heterozygous, need to verify the line", "genotype"),
        ("posterior parietal cortex, I think", "electrode_location"),
    ],
)
def test_a_guess_after_an_answer_asks_it_back(text: str, asked: str) -> None:
    parsed = read(text, asked)
    assert asked not in parsed.values
    assert asked_back(parsed, asked)
    assert all(
        "check" not in str(p.value) and "think" not in str(p.value) for c in parsed.confirmations for p in c.proposals
    )


# -- an institution's site, city or parent bodies after its name are not part of it


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Columbia University, Morningside campus", "Columbia University"),
        ("Stanford University, the main campus", "Stanford University"),
        ("Centro de Investigaciones Biomédicas (CSIC), Valdecilla", "Centro de Investigaciones Biomédicas"),
        ("Institut de Neurosciences (CNRS-AMU), Marseille", "Institut de Neurosciences"),
        # what must still be read whole: a campus that is an institution of its own, a name ending in Campus
        ("University of California, Los Angeles", "University of California, Los Angeles"),
        ("Janelia Research Campus", "HHMI Janelia Research Campus"),
    ],
)
def test_the_site_or_city_after_an_institution_is_left_out(text: str, institution: str) -> None:
    assert read(text, "institution").values.get("institution") == institution


@pytest.mark.parametrize(
    "text",
    [
        "We recorded at the Karolinska Institutet; the institution should be Karolinska Institutet for this one.",
        "Institution: Karolinska Institutet for this session",
        "the institution is Karolinska Institutet this time",
    ],
)
def test_for_this_one_after_an_institution_is_not_part_of_it(text: str) -> None:
    assert read(text).values.get("institution") == "Karolinska Institutet"
