"""Reports tell the ending (issue 16, point 5): once the user decides, the final report (PDF or JSON)
says the final status, what was accepted, declined or left unfixed and by whom; the page's verdict,
the report and the counts use the same words; values the user skipped are not asked for again."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pypdf import PdfReader

from agentic_neurodata.api.app import create_app
from agentic_neurodata.domain import SeverityCounts
from tests.support.server import multipart_files, wait_until
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow
START_ONLY = {"session_start_time": "2024-03-05T14:30:00-05:00"}


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(make_settings(tmp_path))) as test_client:
        yield test_client


def settle(client: TestClient) -> dict:
    return wait_until(lambda: client.get("/api/status").json(), lambda s: s["status"] != "processing", timeout=180)


def pdf_text(content: bytes) -> str:
    return " ".join((page.extract_text() or "") for page in PdfReader(io.BytesIO(content)).pages)


def test_accepting_as_is_is_in_the_final_pdf_with_the_same_words_as_the_page(
    client: TestClient, sample_run: Path
) -> None:
    assert client.post("/api/upload", files=multipart_files(sample_run), data=FULL_METADATA).status_code == 202
    deciding = settle(client)
    counts = SeverityCounts.model_validate(deciding["validation_details"])
    assert deciding["verdict"] == f"Valid with {counts.phrase()}"
    assert counts.WARNING == 0 and "warning" not in deciding["verdict"]  # "best-practice suggestions", as the chips
    before = pdf_text(client.get("/api/download/report").content)
    assert "not decided yet" in before  # the report to read while deciding says so

    assert client.post("/api/retry-approval", json={"approved": False, "accept_as_is": True}).status_code == 200
    final = client.get("/api/status").json()
    ending = final["ending"]
    assert final["validation_status"] == "passed_accepted" and ending["decided_by"] == "user"
    assert ending["headline"] == f"Accepted as is by you: valid with {counts.phrase()}"
    accepted = [i for i in ending["items"] if i["decision"] == "accepted"]
    assert accepted and all(i["decided_by"] == "user" for i in accepted)
    assert sum(i["count"] for i in accepted) == counts.BEST_PRACTICE
    assert ending["headline"] in final["conversation"][-1]["text"]  # the chat says it in the same words
    text = " ".join(pdf_text(client.get("/api/download/report").content).split())
    assert "Final status" in text and "Accepted as is by you" in text and counts.phrase() in text
    assert "accepted as is" in text and "Decided by you" in text
    context = client.get("/api/correction-context").json()
    assert context["ending"]["headline"] == ending["headline"]


def test_declining_is_in_the_final_json_and_skipped_values_are_not_asked_again(
    client: TestClient, sample_run: Path
) -> None:
    assert client.post("/api/upload", files=multipart_files(sample_run), data=START_ONLY).status_code == 202
    asked = settle(client)
    skipped = [f["name"] for f in asked["pending_request"]["fields"]]
    assert "subject_id" in skipped
    reply = client.post("/api/user-input", json={"skip": skipped})
    assert reply.status_code == 200, reply.text
    proposal = settle(client)
    assert proposal["overall_status"] == "FAILED" and proposal["pending_request"]["type"] == "retry_approval"
    message = proposal["pending_request"]["message"]
    needs = message.split("I need from you:", 1)[1].split(".", 1)[0] if "I need from you:" in message else ""
    assert "subject ID" not in needs, message  # skipped a minute ago: not asked again
    assert "You skipped" in message and "subject ID" in message.split("You skipped", 1)[1]

    assert client.post("/api/retry-approval", json={"approved": False}).status_code == 200
    final = client.get("/api/status").json()
    assert final["validation_status"] == "failed_user_declined"
    report = client.get("/api/download/report")
    assert report.headers["content-type"] == "application/json"
    ending = report.json()["ending"]
    assert ending["validation_status"] == "failed_user_declined" and ending["decided_by"] == "user"
    counts = SeverityCounts.model_validate(final["validation_details"])
    assert ending["headline"] == f"Corrections declined by you: the file keeps {counts.phrase()}"
    declined = {i["what"] for i in ending["items"] if i["decision"] == "declined"}
    assert "subject ID (skipped)" in declined
    assert any(i["check_name"] and i["decided_by"] == "user" for i in ending["items"] if i["decision"] == "declined")
