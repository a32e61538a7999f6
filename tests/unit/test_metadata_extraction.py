"""extract_metadata_from_text: offline reader, or the LLM (fake HTTP transport) checked by the rules."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from agentic_neurodata.llm import LLMService, PromptLibrary
from agentic_neurodata.llm.base import OfflineProvider
from agentic_neurodata.logs import EventLog
from agentic_neurodata.metadata.extraction import extract_metadata_from_text
from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind
from tests.support.llm_fakes import FakeAnthropic, json_message, message, status

NOW = datetime(2026, 1, 1, 12, tzinfo=UTC)
BULK = "Dr. Jane Smith, MIT, mouse m042, female, 12 weeks, V1 recording, started 5 March 2024 2:30pm EST"


def value(field: str, raw: str, evidence: str | None = None, unsure: bool = False) -> dict:
    return {"field": field, "value": raw, "evidence": raw if evidence is None else evidence, "unsure": unsure}


def test_offline_service_uses_the_offline_reader(tmp_path: Path) -> None:
    llm = LLMService(OfflineProvider(), PromptLibrary(), EventLog(tmp_path))
    parsed = extract_metadata_from_text(BULK, [], llm, now=NOW)
    assert parsed.source == "offline" and parsed == parse_free_text(BULK, [], now=NOW)
    assert extract_metadata_from_text("P90", ["age"], None).values == {"age": "P90D"}


def test_llm_values_are_normalised_by_the_rules(tmp_path: Path) -> None:
    fake = FakeAnthropic(
        json_message(
            {
                "values": [
                    value("experimenter", "Dr. Jane Smith"),
                    value("institution", "MIT"),
                    value("species", "mouse"),
                    value("subject_id", "m042"),
                    value("sex", "female"),
                    value("age", "12 weeks"),
                    value("session_start_time", "5 March 2024 2:30pm EST"),
                    value("electrode_location", "V1"),
                ],
                "intents": [],
            }
        )
    )
    parsed = extract_metadata_from_text(BULK, [], fake.service(tmp_path), now=NOW)
    assert parsed.source == "llm" and not parsed.rejections
    assert parsed.values == {
        "experimenter": ["Smith, Jane"],
        "institution": "Massachusetts Institute of Technology",
        "species": "Mus musculus",
        "subject_id": "m042",
        "sex": "F",
        "age": "P12W",
        "session_start_time": "2024-03-05T14:30:00-05:00",
        "electrode_location": "VISp",
    }
    prompt = fake.bodies()[0]["messages"][0]["content"]
    assert BULK in prompt and "If you are unsure" in prompt and "nothing in particular" in prompt
    assert "DANDI" in fake.bodies()[0]["system"]


def test_llm_values_not_in_the_message_or_unsure_or_invalid_are_not_stored(tmp_path: Path) -> None:
    fake = FakeAnthropic(
        json_message(
            {
                "values": [
                    value("species", "Mus musculus", evidence="C57 mouse"),  # invented evidence
                    value("age", "12", evidence="12"),  # the rules reject a unitless age
                    value("sex", "female", evidence="fem", unsure=True),
                    value("favourite_colour", "blue", evidence="blue"),  # not a field: ignored
                ],
                "intents": [{"kind": "dont_know", "fields": []}],
                "unsure_about": [],
            }
        )
    )
    parsed = extract_metadata_from_text("a mouse, 12, fem, blue", ["age"], fake.service(tmp_path), now=NOW)
    assert parsed.values == {}
    # The invented value is logged for whoever debugs the session, never shown as a refusal.
    assert "species" not in parsed.rejected and "Mus musculus" in parsed.discarded[0]
    assert "no unit" in parsed.rejected["age"]
    # An unsure reading is asked back rather than stored.
    (unsure,) = parsed.confirmations
    assert unsure.field == "sex" and unsure.proposals[0].value == "F" and unsure.question.startswith("Did you mean")
    assert [(i.kind, i.fields) for i in parsed.intents] == [(IntentKind.DONT_KNOW, ["age"])]


def test_a_model_value_must_follow_from_its_evidence_or_it_is_asked_back(tmp_path: Path) -> None:
    """Issue 14: "mouse7-cageC" with the evidence "mouse 7 of cage C" was stored as the subject ID."""
    message = "mouse 7 of cage C, a monkey, recorded at Harvard"
    fake = FakeAnthropic(
        json_message(
            {
                "values": [
                    value("subject_id", "mouse7-cageC", evidence="mouse 7 of cage C"),
                    value("species", "Macaca mulatta", evidence="monkey"),
                    value("institution", "Harvard University", evidence="Harvard"),
                    value("session_description", "Recording of a monkey", evidence="a monkey"),
                ],
                "intents": [],
            }
        )
    )
    parsed = extract_metadata_from_text(message, [], fake.service(tmp_path), now=NOW)
    # Harvard -> Harvard University is what our own rules read in the evidence: stored.
    assert parsed.values == {"institution": "Harvard University"}
    asked = {c.field: c for c in parsed.confirmations}
    assert asked["subject_id"].proposals[0].value == "mouse7-cageC" and "cage" in asked["subject_id"].question
    assert asked["species"].question.startswith("Did you mean rhesus macaque (Macaca mulatta)?")
    # Words the evidence does not hold ("Recording of") are not stored as the description either.
    assert "session_description" in asked and not parsed.rejections


def test_llm_zone_answer_completes_the_pending_start_time(tmp_path: Path) -> None:
    fake = FakeAnthropic(json_message({"values": [value("session_start_time", "Paris time")], "intents": []}))
    parsed = extract_metadata_from_text(
        "Paris time",
        ["session_start_time"],
        fake.service(tmp_path),
        partial={"session_start_time": "2024-03-05T14:30:00"},
        now=NOW,
    )
    assert parsed.values == {"session_start_time": "2024-03-05T14:30:00+01:00"}
    assert "2024-03-05T14:30:00" in fake.bodies()[0]["messages"][0]["content"]


def test_llm_failure_falls_back_to_the_offline_reader_and_says_so(tmp_path: Path) -> None:
    fake = FakeAnthropic(status(500), status(503))
    parsed = extract_metadata_from_text(BULK, [], fake.service(tmp_path, max_retries=1), now=NOW)
    assert parsed.source == "offline_fallback" and "could not be used (error E-" in parsed.notes[0]
    assert parsed.values == parse_free_text(BULK, [], now=NOW).values
    assert fake.sleeps == [1.0]


def test_malformed_answer_repaired_once_then_offline(tmp_path: Path) -> None:
    fake = FakeAnthropic(message("values: mouse"), message("{not json"))
    parsed = extract_metadata_from_text("it's a rat", ["species"], fake.service(tmp_path), now=NOW)
    assert len(fake.requests) == 2 and parsed.source == "offline_fallback"
    assert parsed.values == {"species": "Rattus norvegicus"}
    events = [json.loads(line) for line in (tmp_path / "service" / "events.jsonl").read_text().splitlines()]
    assert [e["purpose"] for e in events if e["kind"] == "llm_call"] == [
        "metadata_extraction@1",
        "metadata_extraction@1#repair",
    ]


def test_a_model_name_cut_out_of_a_longer_one_is_asked_back_whole(tmp_path: Path) -> None:
    """The evidence check passes a cut name (its words are in the message and say it): the name is not."""
    message = "Units were recorded at the Universidad Nacional Autónoma de México by Rosa Luna; mouse RL-2"
    fake = FakeAnthropic(
        json_message(
            {
                "values": [
                    value("institution", "Autónoma de México"),
                    value("subject_id", "RL-2"),
                ],
                "intents": [],
            }
        )
    )
    parsed = extract_metadata_from_text(message, [], fake.service(tmp_path), now=NOW)
    assert parsed.values == {"subject_id": "RL-2"}
    [asked] = parsed.confirmations
    assert asked.field == "institution"
    assert asked.proposals[0].value == "Universidad Nacional Autónoma de México"
