"""The last look before a name or a value kept as said is stored (prose/whole_values.py): a name cut out of
a longer one is asked back whole, a value holding talk is asked again, and whole values pass untouched.
Checked on values as any finder (or a model) might hand them over, so the check holds whatever the finders
do next."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import FoundValue, ParsedInput
from agentic_neurodata.metadata.prose.whole_values import only_whole_values, talk_inside, whole_name
from tests.support.corpus import NOW


def _read(field: str, value: str) -> ParsedInput:
    return ParsedInput(values={field: value}, found=[FoundValue(field=field, value=value, raw=value)])


@pytest.mark.parametrize(
    ("said", "cut", "whole"),
    [
        (
            "Units were recorded at the University of Wisconsin–Milwaukee.",
            "University of Wisconsin",
            "University of Wisconsin–Milwaukee",
        ),
        (
            "The rig is at Pontificia Universidad Javeriana, Bogotá.",
            "Universidad Javeriana",
            "Pontificia Universidad Javeriana",
        ),
        ("we are at Weizmann – Institute of Science", "Institute of Science", "Weizmann – Institute of Science"),
        ("recorded by Ana Li at Rheinische Universität Bonn", "Universität Bonn", "Rheinische Universität Bonn"),
    ],
)
def test_a_name_said_as_part_of_a_longer_one_is_asked_back_whole(said: str, cut: str, whole: str) -> None:
    parsed = only_whole_values(_read("institution", cut), said)
    assert parsed.values == {} and parsed.found == []
    [asked] = parsed.confirmations
    assert (asked.field, asked.proposals[0].value) == ("institution", whole)
    assert whole in asked.question


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("Institution: Stanford University", "Stanford University"),
        ("PI: Lisa Giocomo. experimenter: Isabel Low. Stanford University.", "Stanford University"),
        ("The Salk Institute hosted the recordings", "Salk Institute"),
        ("done at the Champalimaud Centre for the Unknown", "Champalimaud Centre for the Unknown"),
        ("Experimenter\tInstitution\nAnna Kowalska\tNencki Institute", "Nencki Institute"),
        ("Institution's Universidade do Porto, not the building's name", "Universidade do Porto"),
        (
            "Ernst Strüngmann Institute for Neuroscience in Cooperation with Max Planck Society",
            "Ernst Strüngmann Institute for Neuroscience in Cooperation with Max Planck Society",
        ),
        ("At Stanford University, mouse S-3 was recorded", "Stanford University"),
        ("Institution - Stanford University", "Stanford University"),
        ("Affiliation Karolinska Institutet, rat R3", "Karolinska Institutet"),
        ("Institution Kyoto University", "Kyoto University"),
    ],
)
def test_a_whole_name_is_stored_as_read(said: str, value: str) -> None:
    parsed = only_whole_values(_read("institution", value), said)
    assert parsed.values == {"institution": value} and not parsed.confirmations


@pytest.mark.parametrize(
    ("field", "value", "talk"),
    [
        ("institution", "Allen Institute is where we are", "is"),
        ("strain", "Long-Evans, from Charles River", "from"),
        ("electrode_location", "CA1 only", "only"),
        ("lab", "our Hausser Lab", "our"),
        ("genotype", "Pvalb-Cre, I think", "think"),
        ("strain", "a C57BL/6J female", "a"),
    ],
)
def test_a_value_holding_talk_is_asked_again(field: str, value: str, talk: str) -> None:
    parsed = only_whole_values(_read(field, value), value)
    assert parsed.values == {} and not parsed.confirmations
    [refused] = parsed.rejections
    assert refused.field == field and f"'{talk}'" in refused.reason and refused.example


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("genotype", "Ai14 x Pvalb-Cre"),
        ("strain", "C57BL/6J"),
        ("electrode_location", "CA1 and dentate gyrus"),
        ("institution", "Norwegian University of Science and Technology"),
        ("lab", "Neural Circuits & Behaviour Lab"),
    ],
)
def test_a_value_without_talk_passes(field: str, value: str) -> None:
    assert talk_inside(value) == ""
    assert only_whole_values(_read(field, value), f"{field}: {value}").values == {field: value}


def test_a_name_said_whole_once_is_whole() -> None:
    """Said cut once and whole once ("Universität Bonn ... at Rheinische Universität Bonn"): the value is
    asked back only when every place it is said belongs to a longer name."""
    assert whole_name("Universität Bonn, i.e. Rheinische Universität Bonn", "Universität Bonn") == ""


def test_the_reader_never_stores_a_cut_name() -> None:
    parsed = parse_free_text("Recorded by Ana Li at the University of Wisconsin–Milwaukee; mouse AL-3", [], now=NOW)
    assert parsed.values.get("institution") in (None, "University of Wisconsin–Milwaukee")
    assert parsed.values["subject_id"] == "AL-3"
