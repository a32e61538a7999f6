"""Where a value ends and what is not one: the fixes the fourth scoring file called for (a genotype
running past "; ", "the" kept in an institution, "no keywords" stored as a keyword) and the misses
its run showed, each tested on sentences other than the file's own."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind
from agentic_neurodata.metadata.text_fields import normalize_institution
from tests.support.corpus import NOW


def read(text: str, *asked: str):  # type: ignore[no-untyped-def]
    return parse_free_text(text, asked, now=NOW)


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("genotype: Pvalb-IRES-Cre; rat PV-8; male", "Pvalb-IRES-Cre"),
        ("genotype: Ai32 x Sst-Cre; subject S-4", "Ai32 x Sst-Cre"),
        ("genotype: wild-type; mouse W-2", "wild-type"),
        # Alleles joined by "; " stay one genotype.
        ("genotype: Pvalb-Cre; Ai32; mouse PA-1", "Pvalb-Cre; Ai32"),
        ("genotype: Slc17a7-IRES2-Cre/wt;Ai93(TITL-GCaMP6f)/wt; sex: F", "Slc17a7-IRES2-Cre/wt;Ai93(TITL-GCaMP6f)/wt"),
    ],
)
def test_a_genotype_after_its_key_ends_at_a_semicolon_before_anything_but_an_allele(text: str, genotype: str) -> None:
    parsed = read(text)
    assert parsed.values["genotype"] == genotype
    assert parsed.values.get("subject_id") != genotype


def test_the_sentence_article_is_not_part_of_an_institution_name() -> None:
    assert read("the Salk Institute for Biological Studies", "institution").values == {
        "institution": "Salk Institute for Biological Studies"
    }
    assert normalize_institution("the University of Bristol").value == "University of Bristol"
    assert normalize_institution("the UCSF").value == "University of California, San Francisco"
    # A capital "The" may belong to the name, as written.
    assert normalize_institution("The Ohio State University").value == "The Ohio State University"


@pytest.mark.parametrize(
    ("text", "asked", "field"),
    [
        ("no keywords", ["keywords"], "keywords"),
        ("no genotype please", ["genotype"], "genotype"),
        ("none for the lab", [], "lab"),
        ("no weight", ["sex", "weight"], "weight"),
    ],
)
def test_no_and_a_field_name_declines_that_field(text: str, asked: list[str], field: str) -> None:
    parsed = read(text, *asked)
    assert field not in parsed.values
    assert any(i.kind == IntentKind.SKIP_FIELD and field in i.fields for i in parsed.intents)


def test_no_and_other_words_is_not_a_skip() -> None:
    assert read("no, it was a female", "sex").values == {"sex": "F"}
    assert not read("no Cre in this line", "genotype").has_intent(IntentKind.SKIP_FIELD)


def test_an_acronym_right_after_the_experimenter_is_their_institution() -> None:
    parsed = read("Recorded by Dr. Aiko Mori, OIST, mouse OK-3")
    assert parsed.values["institution"] == "OIST"
    assert parsed.values["experimenter"] == ["Mori, Aiko"]
    # A zone, an area or a strain in that place is not an institution.
    assert "institution" not in read("Recorded by Jane Roe, CET, mouse R-1").values
    assert "institution" not in read("Recorded by Jane Roe, VTA, mouse R-1").values


def test_a_species_as_key_names_the_subject_but_a_plural_does_not() -> None:
    parsed = read("Rat: TR-09, female")
    assert parsed.values == {"species": "Rattus norvegicus", "subject_id": "TR-09", "sex": "F"}
    assert "subject_id" not in read("Mice: 3, all male").values


def test_never_weighed_declines_the_weight_and_unknown_sex_is_the_value_u() -> None:
    parsed = read("we never weighed the rats", "weight")
    assert parsed.values == {}
    assert any(i.kind == IntentKind.DONT_KNOW and i.fields == ["weight"] for i in parsed.intents)
    assert read("unknown sex", "sex").values == {"sex": "U"}
    assert read("mouse UX-4, unknown sex, P30").values == {
        "species": "Mus musculus",
        "subject_id": "UX-4",
        "sex": "U",
        "age": "P30D",
    }
