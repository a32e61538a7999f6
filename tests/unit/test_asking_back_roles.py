"""Role checks of precision by asking back (issue 14, seventh scoring file): a brain area, an age or
weight, a genotype, a lab, an experimenter, a session id, a species, names and institutions read
from running text are stored only when their role is certain. Sentences here are from neither
scoring file (the seventh is development data now; the eighth scores)."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Muscimol was infused into the hippocampus of rat MU-3", "electrode_location"),
        ("We put a virus in the claustrum of mouse CL-77", "electrode_location"),
        ("Tags: olfactory bulb; sniffing", "electrode_location"),
        ("Mice were shipped at 5 weeks; mouse SH-8, male", "age"),
        ("mouse IJ-2 got its injection at P28", "age"),
        ("rats arrived at 180 g; rat AW-1", "weight"),
        ("we fed 4 g of mash to mouse FD-1", "weight"),
        ("The Flp line came from a colleague; mouse FL-2", "genotype"),
        ("mouse ER-4 expresses jRGECO1a in layer 5", "genotype"),
        ("mouse BR-1 (Drd1-Cre) received AAV-FLEX-ChR2", "genotype"),
        ("The lab of Dr. Okoro kindly shared the line with us", "lab"),
        ("Histology sections were performed by Dr. Amara Obi", "experimenter"),
        ("Here is session 9 of rat SN-9", "session_id"),
        ("Date: 2024-03-03 10:00 Europe/Berlin. Subject: rat DA-3.", "session_start_time"),
        ("Kind regards, Rosa Lind, Lund University", "institution"),
    ],
)
def test_a_reading_from_another_role_is_not_stored(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Muscimol was infused into the hippocampus, then units were recorded in CA3", "electrode_location", "CA3"),
        ("Mice were shipped at 5 weeks and mouse SH-9 was recorded at 9 weeks", "age", "P9W"),
        ("rat AW-2 arrived at 180 g and weighed 260 g at the recording", "weight", "260 g"),
        ("mouse TK-1 (Tac1-IRES-Cre), female, 10 weeks", "genotype", "Tac1-IRES-Cre"),
        ("We are the Okoro lab", "lab", "Okoro Lab"),
        ("Surgeries by Dr. Amara Obi; the recordings were performed by Femi Ade", "experimenter", ["Ade, Femi"]),
        ("session id: 9", "session_id", "9"),
        ("institution: Karolinska Institutet (Solna)", "institution", "Karolinska Institutet"),
    ],
)
def test_a_reading_whose_role_is_certain_is_stored(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


def test_a_vague_animal_word_is_asked() -> None:
    parsed = read("a rodent of some sort", "species")
    assert "species" not in parsed.values
    assert any(c.field == "species" for c in parsed.confirmations)


def test_a_vague_age_is_refused() -> None:
    parsed = read("around a month", "age")
    assert "age" not in parsed.values
    assert any(r.field == "age" for r in parsed.rejections)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("only me, Ruth Abebe", ["Abebe, Ruth"]),
        ("Jonas Lind, Karolinska Institutet", ["Lind, Jonas"]),
    ],
)
def test_an_answer_names_only_the_people(text: str, names: list[str]) -> None:
    assert read(text, "experimenter").values.get("experimenter") == names


def test_two_animals_leave_the_subject_asked() -> None:
    parsed = read("Rat AB-1 (male) shares a cage with rat AB-2")
    assert "subject_id" not in parsed.values and "sex" not in parsed.values
    assert parsed.values.get("species") == "Rattus norvegicus"
