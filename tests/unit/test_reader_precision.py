"""What is not a value: the general rules the fifth scoring file's wrong values called for (a mass
that weighs something else or the animal at another time, a sentence that is not a session
description, an area with a layer or several areas narrowed to one acronym, a local time the
clocks skip or repeat, "none needed" as a keyword, a number within a named cohort taken as an id),
each tested on sentences other than the scoring files'."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.dates import attach_zone, normalize_session_start_time
from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind
from tests.support.corpus import NOW


def read(text: str, *asked: str):  # type: ignore[no-untyped-def]
    return parse_free_text(text, asked, now=NOW)


@pytest.mark.parametrize(
    "text",
    [
        "The titanium head-post (0.9 g) was cemented on rat HB-2",
        "a 2 g microdrive was mounted on mouse MD-7",
        "Pre-operative weight 310 g; rat PR-3",
        "weight at implantation was 27 g, mouse IW-1",
        "mouse FF-2 kept at 85% of its 24 g free-feeding weight",
        "Meloxicam 5 mg/kg was given to mouse ML-4",
    ],
)
def test_a_mass_of_something_else_or_at_another_time_is_not_the_animals_weight(text: str) -> None:
    assert "weight" not in read(text).values


def test_the_animals_weight_is_read_beside_a_mass_that_is_not_its_own() -> None:
    assert read("fibre implant 0.4 g; mouse FI-3 weighed 22 g on the day").values["weight"] == "22 g"
    assert read("body weight at surgery: 30 g, on the recording day: 27.5 g").values["weight"] == "27.5 g"
    assert read("rat BW-4, 415 g, tetrode microdrive").values["weight"] == "415 g"


@pytest.mark.parametrize(
    "text",
    [
        "We injected AAV into mouse VI-3 three weeks before the session",
        "session on 2021-06-02 at 09:00 Asia/Tokyo, mouse ST-2",
        "Recordings: 4 March 2022, mouse RC-9",
        "and then the recording was at 14:00 UTC on 2022-01-04",
    ],
)
def test_a_sentence_that_does_not_say_what_the_session_was_is_not_its_description(text: str) -> None:
    assert "session_description" not in read(text).values


def test_a_sentence_that_says_what_was_recorded_is_still_a_description_asked_back() -> None:
    parsed = read("Chronic tetrode recording in the home cage, rat TC-1")
    assert "session_description" not in parsed.values
    proposals = [c.proposals[0].value for c in parsed.confirmations if c.field == "session_description"]
    assert proposals == ["Chronic tetrode recording in the home cage"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("recorded in layer 6 of V1, mouse L6-2", "layer 6 of V1"),
        ("patch-clamp in l5 of barrel cortex of mouse PC-4", "l5 of barrel cortex"),
        ("We recorded from CA3 and the dentate gyrus of rat CD-2", "CA3 and the dentate gyrus"),
        ("probes in the striatum, CA1 and the thalamus of mouse TP-5", "striatum, CA1 and the thalamus"),
    ],
)
def test_an_area_with_a_layer_or_several_areas_is_kept_as_written(text: str, said: str) -> None:
    assert read(text).values["electrode_location"] == said


def test_one_area_is_still_its_acronym() -> None:
    assert read("recorded in the dentate gyrus of rat DG-6").values["electrode_location"] == "DG"


@pytest.mark.parametrize(
    ("text", "readings"),
    [
        # New York's clocks went back on 2022-11-06 at 02:00: 01:15 happened twice.
        ("2022-11-06 01:15 America/New_York", {"2022-11-06T01:15:00-04:00", "2022-11-06T01:15:00-05:00"}),
        # Sydney's went forward on 2022-10-02 at 02:00: 02:40 never happened.
        ("2022-10-02 02:40 Australia/Sydney", {"2022-10-02T01:40:00+10:00", "2022-10-02T03:40:00+11:00"}),
    ],
)
def test_a_local_time_the_clocks_repeat_or_skip_is_asked_back(text: str, readings: set[str]) -> None:
    result = normalize_session_start_time(text, NOW)
    assert not result.ok and {p.value for p in result.proposals} == readings
    parsed = read(f"Session started {text}, rat DS-1")
    assert "session_start_time" not in parsed.values
    assert [c.field for c in parsed.confirmations] == ["session_start_time"]


def test_a_time_completed_by_a_zone_later_is_asked_back_when_the_clocks_changed() -> None:
    # London's clocks went from 01:00 to 02:00 that day.
    assert not attach_zone("2021-03-28T01:30:00", "Europe/London", now=NOW).ok
    assert attach_zone("2021-03-28T04:30:00", "Europe/London", now=NOW).value == "2021-03-28T04:30:00+01:00"


@pytest.mark.parametrize("answer", ["none needed", "n/a", "None required", "not needed, thanks"])
def test_none_needed_answering_keywords_is_a_skip(answer: str) -> None:
    parsed = read(answer, "keywords")
    assert "keywords" not in parsed.values
    assert [(i.kind, i.fields) for i in parsed.intents] == [(IntentKind.SKIP_FIELD, ["keywords"])]


def test_a_number_within_a_named_group_is_asked_back_not_stored() -> None:
    parsed = read("mouse 12 from the Thy1 litter, male")
    assert "subject_id" not in parsed.values
    assert [c.field for c in parsed.confirmations] == ["subject_id"]
    assert parsed.values["sex"] == "M"
