"""Every example of issue 14's "Why", read as a new user would write it: nothing wrong is written,
what is said is read, and a guess is asked back. (The model-path examples are in
test_metadata_extraction.py and test_llm_openai_compatible.py; the conversation's in
tests/integration/test_conversation_flows.py; the browser's in frontend/e2e.)"""

from __future__ import annotations

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind
from tests.support.corpus import NOW


def read(text: str, *asked: str):  # type: ignore[no-untyped-def]
    return parse_free_text(text, asked, now=NOW)


def test_year_first_dates_are_read_as_written() -> None:
    parsed = read("We started at 2019/07/14 16:45, Europe/Berlin")
    assert parsed.values == {"session_start_time": "2019-07-14T16:45:00+02:00"}
    assert "Europe/Berlin" in parsed.notes[0]  # the zone is shown back


def test_a_12_hour_time_before_the_date_keeps_its_time_and_the_zone_word_names_an_iana_zone() -> None:
    parsed = read("9am on the 2nd of June 2022, Central time")
    assert parsed.values == {"session_start_time": "2022-06-02T09:00:00-05:00"}
    assert "America/Chicago" in parsed.notes[0]
    assert read("March 5, 2024, 2:30 p.m. Eastern").values["session_start_time"] == "2024-03-05T14:30:00-05:00"
    assert read("Jan 5th 2025 at 7pm Mountain time").values["session_start_time"] == "2025-01-05T19:00:00-07:00"
    assert read("8 Dec 2021 13:00 CET").values["session_start_time"] == "2021-12-08T13:00:00+01:00"


def test_a_zone_abbreviation_that_disagrees_with_its_region_that_day_is_asked_back() -> None:
    parsed = read("2023-07-04 10:00 EST", "session_start_time")
    assert parsed.values == {}
    (asked,) = parsed.confirmations
    assert [p.value for p in asked.proposals] == ["2023-07-04T10:00:00-04:00", "2023-07-04T10:00:00-05:00"]
    assert "EST is UTC-05:00" in asked.question


def test_a_device_version_is_not_an_age_and_the_description_stays_whole() -> None:
    parsed = read("Neuropixels 1.0 acute recording, run 3")
    # Read from running text, the description is asked back whole (never "0 acute recording").
    assert parsed.values == {}
    assert [(c.field, c.proposals[0].value) for c in parsed.confirmations] == [
        ("session_description", "Neuropixels 1.0 acute recording, run 3")
    ]


def test_names_with_particles_and_several_people() -> None:
    assert read("Jan de Vries ran the session").values == {"experimenter": ["de Vries, Jan"]}
    assert read("Anna van der Berg and Pieter de Jong", "experimenter").values == {
        "experimenter": ["van der Berg, Anna", "de Jong, Pieter"]
    }


def test_an_id_within_its_cage_is_asked_back_not_cut_short() -> None:
    parsed = read("mouse 7 of cage C")
    assert "subject_id" not in parsed.values and parsed.values == {"species": "Mus musculus"}
    (asked,) = parsed.confirmations
    assert asked.field == "subject_id" and asked.proposals[0].value == "mouse7-cageC"
    # Ids with their lab prefixes are kept whole.
    assert read("Mouse CSH_ZAD_019, male").values["subject_id"] == "CSH_ZAD_019"
    assert read("subject IBL-T4, female").values["subject_id"] == "IBL-T4"


def test_an_area_or_a_species_is_kept_as_precise_as_it_was_said() -> None:
    assert read("visual cortex", "electrode_location").values == {"electrode_location": "visual cortex"}
    assert read("we recorded in visual cortex").values == {"electrode_location": "visual cortex"}
    assert read("V1", "electrode_location").values == {"electrode_location": "VISp"}  # V1 is exactly VISp
    parsed = read("monkey", "species")
    assert parsed.values == {}
    (asked,) = parsed.confirmations
    assert asked.question.startswith("Did you mean rhesus macaque (Macaca mulatta)?")
    assert [p.value for p in asked.proposals][:2] == ["Macaca mulatta", "Macaca fascicularis"]


def test_genotype_and_strain_are_kept_in_their_own_fields() -> None:
    assert read("Ai14 x Pvalb-Cre mice").values == {"genotype": "Ai14 x Pvalb-Cre", "species": "Mus musculus"}
    for said in ("C57BL/6J mice", "mice, C57BL/6J", "the strain is C57BL/6J", "strain: C57BL/6J, mouse"):
        parsed = read(said)
        assert parsed.values["strain"] == "C57BL/6J" and parsed.values["species"] == "Mus musculus", said


def test_a_lone_sex_letter_between_commas_is_the_sex() -> None:
    assert read("rat R7, F, 250 g").values == {
        "species": "Rattus norvegicus",
        "subject_id": "R7",
        "sex": "F",
        "weight": "250 g",
    }


def test_skips_in_any_common_phrasing_as_the_answer_to_one_question() -> None:
    for said in ("no idea, skip it", "don't know", "pass", "skip that", "no clue", "n/a", "dunno"):
        parsed = read(said, "age")
        declined = set(
            parsed.fields_with_intent(IntentKind.SKIP_FIELD) + parsed.fields_with_intent(IntentKind.DONT_KNOW)
        )
        assert declined == {"age"} and not parsed.rejections, said


def test_going_ahead_without_more_questions_in_any_common_phrasing() -> None:
    for said in (
        "just go ahead, no more questions",
        "just convert",
        "please just convert it",
        "go ahead with what you have",
        "that's all I have, start the conversion",
        "skip the rest",
    ):
        assert read(said).has_intent(IntentKind.SKIP_ALL), said
