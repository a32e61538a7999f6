"""The conversation with a remote model configured (a fake Anthropic API under the real SDK):
the model reads the user's words and words the questions, the rules still validate every value,
and when the model fails the user is told (with an error id) and the offline reader carries on."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2
import pytest
from fastapi.testclient import TestClient

from agentic_neurodata.api.app import create_app
from agentic_neurodata.runtime import build_runtime
from tests.support.llm_fakes import FakeAnthropic, json_message, status
from tests.support.server import multipart_files, wait_until
from tests.support.settings import make_settings

pytestmark = pytest.mark.slow


def scripted_model(request: httpx2.Request) -> httpx2.Response:
    """Answers by prompt: extraction quotes the user's words; wording lists every field it was given."""
    body = json.loads(request.content)
    prompt = body["messages"][-1]["content"]
    if "Ask the person for these metadata fields" in prompt:
        labels = [field["label"] for field in json.loads(prompt.split("\n", 1)[1].split("\n\n")[0])]
        return json_message({"message": "Could you tell me the " + ", ".join(labels) + "?"})
    if (
        "Read the metadata" in prompt
        or "metadata_extraction" in body.get("system", "")
        or "asked_fields" in prompt
        or "Message:" in prompt
    ):
        return json_message(
            {
                "values": [
                    {"field": "subject_id", "value": "m042", "evidence": "m042"},
                    {"field": "species", "value": "house mouse", "evidence": "house mouse"},
                    {"field": "sex", "value": "female", "evidence": "female"},
                    {"field": "age", "value": "12 weeks", "evidence": "12 weeks"},
                    {"field": "session_description", "value": "V1 recording", "evidence": "V1 recording"},
                    {
                        "field": "session_start_time",
                        "value": "5 March 2024 2:30pm EST",
                        "evidence": "5 March 2024 2:30pm EST",
                    },
                    {"field": "institution", "value": "Harvard", "evidence": "Harvard"},  # not in the message: refused
                ],
                "intents": [],
                "unsure_about": [],
            }
        )
    return json_message({"message": "Here is what I propose."})


def client_with(tmp_path: Path, fake: FakeAnthropic):
    settings = make_settings(tmp_path, llm_provider="anthropic", anthropic_api_key="sk-ant-test-0123456789abcdef")
    runtime = build_runtime(settings, llm=fake.service(tmp_path / "llm-logs", max_retries=1))
    return TestClient(create_app(settings, runtime=runtime))


def test_the_model_reads_the_answer_and_the_rules_still_decide(tmp_path: Path, sample_run: Path) -> None:
    fake = FakeAnthropic(*[scripted_model] * 40)
    with client_with(tmp_path, fake) as client:
        assert client.post("/api/upload", files=multipart_files(sample_run)).status_code == 202
        asked = wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        assert asked["pending_request"]["message"].startswith("Could you tell me the subject ID")
        reply = client.post(
            "/api/user-input",
            json={
                "message": "It's m042, a house mouse, female, 12 weeks, V1 recording, started 5 March 2024 2:30pm EST"
            },
        ).json()
        assert reply["accepted"]["species"] == "Mus musculus"  # normalised by the rules, not the model
        assert reply["accepted"]["session_start_time"] == "2024-03-05T14:30:00-05:00"
        # An invented value is refused without a word to the person, and logged for whoever debugs it.
        assert "institution" not in reply["accepted"] and "institution" not in reply["rejected"]
        assert "Harvard" not in reply["reply"]
        logged = [e["message"] for e in client.get("/api/logs?limit=500").json()["entries"]]
        assert any("'Harvard' for institution from words that are not in the message" in m for m in logged)
        # What the model read goes into the file only after the person saw it once.
        assert reply["next_action"] == "metadata" and "This goes into the file:" in reply["reply"]
        assert client.post("/api/user-input", json={"message": "confirm"}).json()["next_action"] == "processing"
        done = wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        assert done["versions"] and done["llm_provider"] == "anthropic"
    assert fake.requests, "the model was asked"


def test_a_failing_model_is_reported_and_the_offline_reader_carries_on(tmp_path: Path, sample_run: Path) -> None:
    fake = FakeAnthropic(*[status(500)] * 60)
    with client_with(tmp_path, fake) as client:
        assert client.post("/api/upload", files=multipart_files(sample_run)).status_code == 202
        asked = wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing")
        assert asked["pending_request"]["message"].startswith("Before I convert")  # offline wording
        reply = client.post(
            "/api/user-input",
            json={
                "message": (
                    "Dr. Jane Smith, MIT, mouse m042, female, 12 weeks, V1 recording, started 5 March 2024 2:30pm EST"
                )
            },
        )
        body = reply.json()
        assert body["accepted"]["subject_id"] == "m042"
        status_now = client.get("/api/status").json()
        said = " ".join(turn["text"] for turn in status_now["conversation"])
        assert "could not be used (error E-" in said
