"""The conversation through the REST API, on real conversions: metadata from plain words, the
format choice, and every ending of the user-approved correction loop."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agentic_neurodata.api.app import create_app
from agentic_neurodata.domain import CorrectionContext
from agentic_neurodata.metadata.fields import get_field
from agentic_neurodata.sample_data import SampleSpec, write_sample_spikeglx
from tests.support.paths import REALDATA
from tests.support.server import multipart_files, wait_until
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow

# Everything a user could be asked about the sample recording, as a person would type it.
ANSWERS = {
    "subject_id": "m042",
    "species": "mouse",
    "sex": "female",
    "age": "12 weeks",
    "session_description": "Neuropixels recording in V1",
    "session_start_time": "2024-03-05 14:30 EST",
    "experimenter": "Jane Smith",
    "institution": "MIT",
    "lab": "Smith Lab",
    "experiment_description": "Spontaneous activity in primary visual cortex",
    "keywords": "V1, Neuropixels",
    "electrode_location": "VISp",
    "subject_description": "Adult C57BL/6J mouse, head-fixed",
}
# FULL_METADATA leaves two best-practice suggestions on the sample (no subject description, no device
# description); with both given, NWB Inspector has nothing to report.
COMPLETE_METADATA = {
    **FULL_METADATA,
    "subject_description": "Adult C57BL/6J mouse, head-fixed",
    "device_description": "Neuropixels 1.0 probe (imec NP1000)",
}


_NOT_READ = "I could not read a value in that"


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(make_settings(tmp_path))) as test_client:
        yield test_client


def status_of(client: TestClient) -> dict:
    return client.get("/api/status").json()


def settle(client: TestClient) -> dict:
    return wait_until(lambda: status_of(client), lambda s: s["status"] != "processing", timeout=120)


def say(client: TestClient, **body: object) -> dict:
    response = client.post("/api/user-input", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def decide(client: TestClient, approved: bool, accept_as_is: bool = False) -> None:
    response = client.post("/api/retry-approval", json={"approved": approved, "accept_as_is": accept_as_is})
    assert response.status_code == 200, response.text


def upload(client: TestClient, folder: Path, metadata: dict | None = None) -> dict:
    response = client.post("/api/upload", files=multipart_files(folder), data=metadata or {})
    assert response.status_code == 202, response.text
    return settle(client)


def events_so_far(ws) -> list[dict]:  # type: ignore[no-untyped-def]
    """Every /ws event sent until now: the reply to a ping is queued behind them, so no timeout is needed."""
    ws.send_text("ping")
    events = []
    while (event := ws.receive_json())["type"] != "pong":
        events.append(event)
    return events


def assert_versions_match_their_downloads(client: TestClient, versions: list[dict]) -> None:
    for version in versions:
        download = client.get(f"/api/download/nwb/v{version['version']}")
        assert download.status_code == 200
        assert hashlib.sha256(download.content).hexdigest() == version["sha256"]


def failed_without_metadata(client: TestClient, folder: Path) -> dict:
    asked = upload(client, folder)
    assert asked["pending_request"]["type"] == "metadata"
    say(client, message="just convert it, skip the questions")
    zone = settle(client)  # the one question that cannot be skipped: the start time's zone
    assert [f["name"] for f in zone["pending_request"]["fields"]] == ["session_start_time"]
    assert "time zone" in zone["pending_request"]["message"]
    assert say(client, message="EST")["accepted"]["session_start_time"] == "2024-03-05T14:30:00-05:00"
    failed = settle(client)
    assert failed["overall_status"] == "FAILED" and failed["pending_request"]["type"] == "retry_approval"
    return failed


def test_happy_path_full_metadata_then_accept_with_pdf(client: TestClient, sample_run: Path) -> None:
    status = upload(client, sample_run, FULL_METADATA)
    assert status["overall_status"] == "PASSED_WITH_ISSUES"
    assert {i["severity"] for i in status["issues"]} == {"BEST_PRACTICE"}
    assert status["pending_request"]["type"] == "improvement_approval"
    assert [o["value"] for o in status["pending_request"]["options"]] == ["improve", "accept"]
    decide(client, approved=False, accept_as_is=True)
    status = status_of(client)
    assert (status["status"], status["validation_status"]) == ("completed", "passed_accepted")
    report = client.get("/api/download/report")
    assert report.headers["content-type"] == "application/pdf" and report.content.startswith(b"%PDF")
    assert len(status["conversation"]) == 1  # the finished conversation keeps only its last word


def test_complete_metadata_passes_on_the_first_attempt(client: TestClient, sample_run: Path) -> None:
    status = upload(client, sample_run, COMPLETE_METADATA)
    assert (status["status"], status["overall_status"], status["validation_status"]) == (
        "completed",
        "PASSED",
        "passed",
    )
    assert status["issues"] == [] and status["pending_request"] is None
    assert status["correction_attempt"] == 0 and status["correction_history"] == []
    [version] = status["versions"]
    assert_versions_match_their_downloads(client, [version])
    report = client.get("/api/download/report")
    assert report.headers["content-type"] == "application/pdf" and report.content.startswith(b"%PDF")


def test_missing_metadata_given_in_one_sentence(client: TestClient, sample_run: Path) -> None:
    asked = upload(client, sample_run)
    request = asked["pending_request"]
    assert request["type"] == "metadata"
    required = {f["name"] for f in request["fields"] if f["required"]}
    assert {"subject_id", "species", "sex", "age", "session_description", "session_start_time"} <= required
    assert all(f["why"] and f["example"] for f in request["fields"])
    reply = say(
        client,
        message="Dr. Jane Smith, MIT, mouse m042, female, 12 weeks, V1 recording, started 5 March 2024 2:30pm EST",
    )
    accepted = reply["accepted"]
    assert (accepted["subject_id"], accepted["species"], accepted["sex"], accepted["age"]) == (
        "m042",
        "Mus musculus",
        "F",
        "P12W",
    )
    assert accepted["session_start_time"] == "2024-03-05T14:30:00-05:00"
    assert accepted["experimenter"] == ["Smith, Jane"]
    # Values read from words are shown once, compactly, to confirm or edit in place.
    summary = status_of(client)["pending_request"]
    assert reply["next_action"] == "metadata" and summary["purpose"] == "confirm_summary"
    assert summary["message"].startswith("This goes into the file: subject ID: m042; species: Mus musculus")
    assert {f["name"]: f["suggested"] for f in summary["fields"]}["age"] == "P12W"
    edited = say(client, fields={"age": "13 weeks"})  # one value changed in place, the rest confirmed
    assert edited["accepted"] == {"age": "P13W"} and edited["next_action"] == "processing"
    done = settle(client)
    assert done["overall_status"] in ("PASSED", "PASSED_WITH_ISSUES")
    subject = done["file_info"]["subject"]
    assert (subject["subject_id"], subject["species"], subject["sex"], subject["age"]) == (
        "m042",
        "Mus musculus",
        "F",
        "P13W",
    )


def test_a_yes_or_no_that_goes_on_with_a_value_edits_the_summary(client: TestClient, sample_run: Path) -> None:
    upload(client, sample_run)
    say(
        client,
        message="Dr. Jane Smith, MIT, mouse m042, female, 12 weeks, V1 recording, started 5 March 2024 2:30pm EST",
    )
    assert status_of(client)["pending_request"]["purpose"] == "confirm_summary"
    edited = say(client, message="no, the age is 13 weeks")  # a correction, not a refusal of the summary
    assert edited["accepted"] == {"age": "P13W"} and edited["next_action"] == "processing"
    subject = settle(client)["file_info"]["subject"]
    assert (subject["age"], subject["subject_id"], subject["sex"]) == ("P13W", "m042", "F")


def test_accept_at_the_summary_writes_the_values(client: TestClient, sample_run: Path) -> None:
    """ "accept" at "This goes into the file: ..." was "I could not read a value in that" (it is read as
    accepting a file as it is, which the summary did not count as a yes)."""
    upload(client, sample_run)
    say(
        client,
        message="Dr. Jane Smith, MIT, mouse m042, female, 12 weeks, V1 recording, started 5 March 2024 2:30pm EST",
    )
    assert status_of(client)["pending_request"]["purpose"] == "confirm_summary"
    accepted = say(client, message="accept")
    assert accepted["next_action"] == "processing" and not accepted["reply"].startswith(_NOT_READ)
    assert settle(client)["file_info"]["subject"]["subject_id"] == "m042"


def test_one_answer_at_a_time_at_most_two_rounds_and_declines_remembered(client: TestClient, sample_run: Path) -> None:
    first = upload(client, sample_run, {"subject_id": "r7"})
    assert "subject_id" not in {f["name"] for f in first["pending_request"]["fields"]}
    reply = say(client, message="it's a rat")
    assert reply["accepted"]["species"] == "Rattus norvegicus"
    second = settle(client)
    assert second["pending_request"]["type"] == "metadata"  # second and last round
    asked = {f["name"] for f in second["pending_request"]["fields"]}
    assert "species" not in asked and {"sex", "age"} <= asked
    say(client, message="I don't know the age")
    assert "age" in status_of(client)["declined_fields"]
    zone = settle(client)  # no third round, except the start time's zone, which is never guessed
    assert [f["name"] for f in zone["pending_request"]["fields"]] == ["session_start_time"]
    summary = say(client, message="it was Central European time")
    assert summary["next_action"] == "metadata" and "species: Rattus norvegicus" in summary["reply"]
    assert say(client, message="yes")["next_action"] == "processing"  # the summary, confirmed in one word
    done = settle(client)
    assert done["versions"], "after two rounds the conversion goes ahead with what it has"
    assert "age" in done["declined_fields"]
    assert done["file_info"]["subject"]["age"] is None  # never invented


def test_a_guess_is_asked_back_and_just_go_ahead_converts_or_names_what_it_cannot_do_without(
    client: TestClient, sample_run: Path
) -> None:
    upload(client, sample_run)
    # "monkey" names several species: asked back with one-click readings, nothing stored.
    guess = say(client, message="monkey M12, female, 7 years, V1 recording")
    assert guess["next_action"] == "user_input" and "species" not in guess["accepted"]
    asked = status_of(client)["pending_request"]
    assert asked["purpose"] == "confirm_value"
    assert asked["message"].startswith("Did you mean rhesus macaque (Macaca mulatta)?")
    assert [o["label"] for o in asked["options"]][:1] == ["Yes, rhesus macaque (Macaca mulatta)"]
    # One click: the option's value is the answer.
    clicked = say(client, message=asked["options"][0]["value"])
    assert clicked["accepted"] == {"species": "Macaca mulatta"}
    assert status_of(client)["metadata_sources"]["species"] == "confirmed"
    # "just go ahead": the one value that cannot be worked around is named in the same reply.
    ahead = say(client, message="just go ahead, no more questions")
    assert ahead["next_action"] == "metadata"
    assert "I cannot convert without one value: the time zone of the start time" in ahead["reply"]
    assert "Converting" not in ahead["reply"]
    # Going on without it again is answered with why not, and the same question (it was read as a
    # zone: "'ok go on without it' is not a time zone I know", then the question once more).
    for going_on in ("ok go on without it", "skip it", "no idea"):
        again = say(client, message=going_on)
        assert again["next_action"] == "metadata" and not again["rejected"]
        assert again["reply"].startswith("This one cannot be left out: every NWB file holds when its recording")
        assert again["reply"].endswith("e.g. EST, Europe/Paris or UTC.")
    # Given, the conversion starts at once; what words gave is said (not asked: no more questions).
    started = say(client, message="Eastern time")
    assert started["next_action"] == "processing"
    assert "This goes into the file: subject ID: M12" in started["reply"] and started["reply"].endswith(
        "Converting now."
    )
    done = settle(client)
    assert done["versions"] and done["file_info"]["subject"]["species"] == "Macaca mulatta"
    assert done["metadata_sources"]["subject_id"] == "words"


def test_talk_at_a_question_is_asked_again_and_agreeing_in_other_words_is_a_yes(
    client: TestClient, sample_run: Path
) -> None:
    """Found answering as a person would: "looks good" at "Did you mean 'NTNU' as the institution?"
    stored the institution "looks good"."""
    upload(client, sample_run)
    say(
        client,
        message="This is rat R7, F, 250 g, a Long Evans from Charles River. Recorded by Jan de Vries in the Moser "
        "lab at NTNU on 2023/04/02 at 9:15am Oslo time.",
    )
    asked = status_of(client)["pending_request"]
    assert asked["purpose"] == "confirm_value"
    assert asked["message"].startswith("Did you mean 'NTNU' as the institution?")
    hesitated = say(client, message="hmm")  # no yes, no no: the same question again, nothing stored or dropped
    assert hesitated["accepted"] == {} and hesitated["next_action"] == "user_input"
    again = status_of(client)["pending_request"]
    assert again["message"] == "I did not catch a yes or a no. " + asked["message"]
    assert again["options"] == asked["options"]
    said = [turn["text"] for turn in status_of(client)["conversation"]]
    assert said.count(again["message"]) == 1  # said once in the chat
    assert say(client, message="looks good")["accepted"] == {"institution": "NTNU"}
    summary = status_of(client)["pending_request"]
    while summary["purpose"] != "confirm_summary":  # the questions left, each answered with a skip
        say(client, message="skip")
        summary = status_of(client)["pending_request"]
    shrug = say(client, message="whatever")
    assert shrug["next_action"] == "metadata" and shrug["reply"].startswith("I did not catch whether to write")
    assert say(client, message="perfect")["next_action"] == "processing"
    done = settle(client)
    assert done["metadata"]["institution"] == "NTNU" and done["file_info"]["subject"]["subject_id"] == "R7"


def test_values_given_at_the_proposal_are_a_yes_with_the_values(client: TestClient, sample_run: Path) -> None:
    """The proposal says "I need from you: brain area; ... keywords": a reply giving them was "I did not
    understand your choice" before; it starts the correction with them."""
    partly = {k: v for k, v in FULL_METADATA.items() if k not in ("electrode_location", "keywords")}
    proposal = upload(client, sample_run, partly)["pending_request"]
    assert proposal["type"] == "improvement_approval" and "brain area" in proposal["message"]
    reply = say(client, message="the brain area is V1, keywords: vision, gratings")
    assert reply["accepted"] == {"electrode_location": "VISp", "keywords": ["vision", "gratings"]}
    assert reply["next_action"] == "user_input"  # the correction's other questions, those values kept
    asked = {f["name"] for f in status_of(client)["pending_request"]["fields"]}
    assert asked and not asked & {"electrode_location", "keywords"}
    # Found answering as a person would: the chat said the round's questions twice (first still asking
    # for the values just given), and never what was saved
    said = [turn["text"] for turn in status_of(client)["conversation"]]
    assert said[-2] == "Saved brain area: VISp; keywords: vision, gratings."
    assert sum("I need a few values only you know" in text for text in said) == 1
    assert "- keywords:" not in said[-1] and "- brain area:" not in said[-1]
    assert say(client, message="skip")["next_action"] == "processing"
    done = settle(client)
    assert len(done["versions"]) == 2 and done["correction_attempt"] == 1
    assert done["metadata"]["electrode_location"] == "VISp"


def test_talk_at_the_correction_questions_is_one_sentence_and_the_questions_stay(
    client: TestClient, sample_run: Path
) -> None:
    """Found answering as a person would: "yes that's all correct" at the correction's three questions got
    three "Not saved, ...: 'yes that's all correct' gives no ..." and then the same three again."""
    partly = {k: v for k, v in FULL_METADATA.items() if k not in ("experiment_description", "keywords")}
    upload(client, sample_run, partly)
    say(client, message="improve")
    asked = status_of(client)["pending_request"]
    assert asked["purpose"] == "correction_values" and len(asked["fields"]) >= 2
    reply = say(client, message="yes that's all correct")
    assert reply["reply"] == (
        "That gives no value: answer what you know, say 'skip' for the rest, or 'just convert'. " + asked["message"]
    )
    assert reply["accepted"] == {} and reply["next_action"] == "user_input"
    assert status_of(client)["pending_request"]["fields"] == asked["fields"]
    assert len(status_of(client)["versions"]) == 1  # nothing converted again


def test_a_question_at_the_proposal_is_answered_and_chooses_nothing(client: TestClient, sample_run: Path) -> None:
    """Found answering as a person would: "what happens if I accept?" accepted the file (the option's
    name was in the question) and ended the session; "what is an experiment description supposed to
    be?" was "I did not understand your choice"."""
    partly = {k: v for k, v in FULL_METADATA.items() if k != "experiment_description"}
    proposal = upload(client, sample_run, partly)["pending_request"]
    assert proposal["type"] == "improvement_approval"
    reply = say(client, message="what happens if I accept?")
    assert reply["reply"].startswith("Improve: Apply the fixes below and convert again. Accept as is: Keep this")
    assert reply["reply"].endswith(proposal["message"]) and reply["next_action"] == "improvement_approval"
    reply = say(client, message="what is an experiment description supposed to be?")["reply"]
    assert reply == f"experiment description: {get_field('experiment_description').description} " + (
        f"{get_field('experiment_description').why} (e.g. {get_field('experiment_description').example}) "
        f"{proposal['message']}"
    )  # the earlier answer is not said again
    waiting = status_of(client)
    assert waiting["status"] == "awaiting_user_input" and len(waiting["versions"]) == 1
    assert waiting["pending_request"]["options"] == proposal["options"]
    assert say(client, message="accept")["next_action"] == "done"


@pytest.mark.parametrize(("answer", "subject_id"), [("no", "m042"), ("yes", "m043")])
def test_a_value_given_before_is_changed_by_words_only_when_confirmed(
    client: TestClient, sample_run: Path, answer: str, subject_id: str
) -> None:
    """Found answering as a person would: "the animal was healthy, no surgery complications" answering the
    correction's questions (the subject description first) replaced the subject ID m042 with 'healthy' and
    converted again with it (the reader now reads no ID there). A value read beside the questions that
    would replace one given before is asked back; a no keeps the value, the correction goes on either way."""
    partly = {k: v for k, v in FULL_METADATA.items() if k != "keywords"}
    assert upload(client, sample_run, partly)["pending_request"]["type"] == "improvement_approval"
    asked = say(client, message="improve")
    assert asked["next_action"] == "user_input" and "subject description" in asked["reply"]
    reply = say(client, message="healthy adult female; her ID is m043 by the way")
    assert reply["accepted"] == {"sex": "F"} and "Saved subject ID" not in reply["reply"]
    question = status_of(client)["pending_request"]
    assert question["message"] == "Change the subject ID from m042 to m043?"
    assert [(o["label"], o["description"]) for o in question["options"]][-1] == (
        "No, keep m042",
        "Keep the value given before",
    )
    confirmed = say(client, message=answer)
    said = "Kept the subject ID: m042." if answer == "no" else "Saved subject ID: m043."
    assert confirmed["reply"].startswith(said)
    done = settle(client)
    assert done["correction_attempt"] == 1 and len(done["versions"]) == 2
    assert done["metadata"]["subject_id"] == subject_id == done["file_info"]["subject"]["subject_id"]


def test_edits_in_words_change_the_values_at_every_question_and_nothing_unread_is_confirmed(
    client: TestClient, sample_run: Path
) -> None:
    """Found answering as a person would: at "Did you mean ... as the session description?", "change the
    sex to male and the experimenter to John Doe" became the description; at the summary, "wait, the ID
    should be m043 not m042" read nothing and the file was written with m042."""
    upload(client, sample_run)
    say(
        client,
        message="Mouse m042, female, 12 weeks, recorded 5 March 2024 2:30pm EST by Jane Smith at MIT. "
        "Neuropixels recording in V1.",
    )
    asked = status_of(client)["pending_request"]
    assert asked["purpose"] == "confirm_value" and "session description" in asked["message"]
    edited = say(client, message="change the sex to male and the experimenter to John Doe")
    assert edited["accepted"] == {"sex": "M", "experimenter": ["Doe, John"]}
    assert status_of(client)["pending_request"]["message"] == asked["message"]  # still waiting for its answer
    say(client, message="yes")
    unread = say(client, message="wait, the subject should be called mouse forty-three")
    assert unread["next_action"] == "metadata" and unread["reply"].startswith("I could not read a value")
    assert status_of(client)["pending_request"]["purpose"] == "confirm_summary"
    changed = say(client, message="hmm, the ID should be m043 not m042")
    assert changed["accepted"] == {"subject_id": "m043"} and changed["next_action"] == "processing"
    proposal = settle(client)["pending_request"]
    assert proposal["type"] == "improvement_approval"
    again = say(client, message="the ID should be m044")  # at the proposal: a yes to the correction, with it
    assert again["accepted"] == {"subject_id": "m044"}
    say(client, message="skip")  # the correction's own questions
    done = settle(client)
    assert done["file_info"]["subject"]["subject_id"] == "m044" and done["file_info"]["subject"]["sex"] == "M"
    assert len(done["versions"]) == 2


def test_go_ahead_answering_the_last_question_converts(client: TestClient, sample_run: Path) -> None:
    """ "go ahead" answering "session description?" was stored as the description "Go ahead"."""
    upload(client, sample_run)
    asked = say(client, message="mouse m9, female, 10 weeks. Recorded 2024-06-01 15:00 CEST by Ana Souza.")
    assert [f["name"] for f in status_of(client)["pending_request"]["fields"]] == ["session_description"]
    assert asked["next_action"] == "metadata"
    ahead = say(client, message="go ahead")
    assert ahead["accepted"] == {} and ahead["next_action"] == "processing"
    done = settle(client)
    assert done["versions"] and "session_description" not in done["metadata"]


def test_unsure_at_the_summary_drops_only_the_value_it_names(client: TestClient, sample_run: Path) -> None:
    """ "I don't know" at the summary declined every value shown (the start time's zone with them)."""
    upload(client, sample_run)
    say(client, message="rat R9, male, 300 g, 10 weeks, recorded 2024-02-10 at 3pm Eastern. Tetrode recording in CA1.")
    say(client, message="yes")  # the description, asked back
    assert status_of(client)["pending_request"]["purpose"] == "confirm_summary"
    unsure = say(client, message="I dont know")
    assert unsure["next_action"] == "metadata" and unsure["reply"].startswith("Which value are you unsure of?")
    assert status_of(client)["metadata"]["weight"] == "300 g"
    left = say(client, message="not sure about the weight")
    assert left["reply"] == "Left out the weight. Converting now." and left["next_action"] == "processing"
    done = settle(client)
    assert "weight" not in done["metadata"]
    kept = done["metadata"]
    assert (kept["subject_id"], kept["session_start_time"]) == ("R9", "2024-02-10T15:00:00-05:00")


@pytest.mark.parametrize(
    ("reply", "species"),
    [("no, it is a cynomolgus", "Macaca fascicularis"), ("nope, wrong animal", None), ("no thanks", None)],
)
def test_a_no_with_the_value_meant_stores_that_value(
    client: TestClient, sample_run: Path, reply: str, species: str | None
) -> None:
    """ "no, it is a cynomolgus" at "Did you mean rhesus macaque?" left the species out: the 'No' option
    was matched inside the reply and the value after it was dropped."""
    upload(client, sample_run)
    say(client, message="monkey M12, female, 7 years, V1 recording, started 5 March 2024 2:30pm EST")
    assert status_of(client)["pending_request"]["purpose"] == "confirm_value"
    answered = say(client, message=reply)
    assert answered["accepted"] == ({"species": species} if species else {})
    assert status_of(client)["metadata"].get("species") == species
    assert status_of(client)["pending_request"]["purpose"] != "confirm_value"  # answered, not asked again


def test_a_zone_given_at_a_confirmation_completes_the_start_time(client: TestClient, sample_run: Path) -> None:
    """Found answering as a person would: "Which time zone was '2023-05-04 at 09:12' in?" was said in the
    same turn as "Did you mean 'Allen Institute' as the institution?"; the person answered "Pacific", which
    was refused as an institution and lost. A reply that completes a value waiting for its missing part
    is stored, and the question asked stays."""
    upload(client, sample_run)  # the files give the start time without its zone
    say(client, message="monkey M12, female, 7 years, V1 recording")
    question = status_of(client)["pending_request"]
    assert question["purpose"] == "confirm_value" and question["message"].startswith("Did you mean rhesus macaque")
    zone = say(client, message="Pacific")
    assert zone["accepted"] == {"session_start_time": "2024-03-05T14:30:00-08:00"} and not zone["rejected"]
    assert status_of(client)["pending_request"]["message"].endswith(question["message"])
    assert say(client, message="yes")["accepted"] == {"species": "Macaca mulatta"}


@pytest.mark.parametrize(
    ("edit", "changed"), [("wait, actually it was male", {"sex": "M"}), ("oh and she was 11 weeks", {"age": "P11W"})]
)
def test_a_short_edit_at_a_description_question_is_the_edit(
    client: TestClient, sample_run: Path, edit: str, changed: dict[str, str]
) -> None:
    """Found answering as a person would: "wait, actually it was male" at "Did you mean '...' as the session
    description?" stored the description "Actually it was male", and the sex stayed F in the file."""
    upload(client, sample_run)
    say(
        client,
        message="mouse m7, female, 10 weeks, Neuropixels in V1 during passive viewing, started 5 March 2024 2:30pm EST",
    )
    question = status_of(client)["pending_request"]
    assert question["purpose"] == "confirm_value" and "as the session description?" in question["message"]
    reply = say(client, message=edit)
    assert reply["accepted"] == changed
    assert status_of(client)["pending_request"]["message"].endswith(question["message"])  # still asked
    assert say(client, message="yes")["accepted"] == {"session_description": "Neuropixels in V1 during passive viewing"}


def test_stopping_before_any_conversion_says_nothing_was_converted(client: TestClient, sample_run: Path) -> None:
    """It said "The latest version and its report stay available" when there was none."""
    upload(client, sample_run)
    stopped = say(client, message="cancel")
    assert stopped["next_action"] == "done"
    assert stopped["reply"].endswith("Nothing was converted; your upload stays until you delete the session.")
    assert status_of(client)["versions"] == []


def test_a_question_about_one_field_is_answered_about_that_field(client: TestClient, sample_run: Path) -> None:
    upload(client, sample_run)
    reply = say(client, message="what do you mean by session description?")
    assert reply["reply"].startswith("Here is why I ask: session description: NWB requires a description")
    assert "subject id" not in reply["reply"] and reply["next_action"] == "metadata"


def test_a_question_about_the_questions_says_how_to_answer(client: TestClient, sample_run: Path) -> None:
    """ "can I add the rest later?" was answered only with why each field is needed."""
    upload(client, sample_run)
    reply = say(client, message="can I add the rest later?")
    assert reply["reply"].startswith("Answer what you know now and say 'skip' for the rest, or 'just convert'")
    assert "Here is why I ask: subject id:" in reply["reply"] and reply["next_action"] == "metadata"
    assert status_of(client)["metadata"] == {}


def test_a_question_about_fields_not_asked_is_answered_about_them(client: TestClient, sample_run: Path) -> None:
    """ "what's the difference between strain and genotype?" at the first questions (neither is asked
    there) was answered with why the subject ID, species, sex, age... are needed."""
    upload(client, sample_run)
    reply = say(client, message="what's the difference between strain and genotype?")["reply"]
    assert reply.startswith("strain: The strain or line of the subject.")
    assert "genotype: The genetic modification of the subject, or wild-type." in reply
    assert "subject id" not in reply.lower() and "Here is why I ask" not in reply
    assert status_of(client)["metadata"] == {}  # a question stores nothing


def test_a_question_at_a_confirmation_is_answered_and_the_confirmation_stays(
    client: TestClient, sample_run: Path
) -> None:
    """Found answering as a person would: "what else do you need?" at "Did you mean 'P4M' as the age?" got
    "I could not find any metadata in that message; could you rephrase it?"."""
    upload(client, sample_run)
    say(client, message="mouse Pollux, male, about 4 months old, visual stimulation with drifting gratings")
    question = status_of(client)["pending_request"]
    assert question["purpose"] == "confirm_value" and question["message"].startswith("Did you mean 'P4M' as the age?")
    reply = say(client, message="what else do you need?")["reply"]
    assert reply.startswith("I still need: session start time.") and "if you have them: experimenter," in reply
    assert reply.endswith(f"First, this question: {question['message']}")
    assert "age" not in reply.split("First,")[0]  # the age is the question waiting, not another one
    assert status_of(client)["pending_request"]["purpose"] == "confirm_value"
    assert say(client, message="what does age mean here?")["reply"].startswith("age: The age of the subject")
    # a field left out meanwhile was "I could not read a value in that"
    assert say(client, message="no experiment description for now")["reply"].startswith(
        f"Skipping experiment description. {question['message']}"
    )
    assert "experiment_description" in status_of(client)["declined_fields"]
    assert say(client, message="yes")["accepted"] == {"age": "P4M"}
    say(client, message="started 5 March 2024 2:30pm EST")
    while (shown := status_of(client)["pending_request"])["purpose"] == "confirm_value":
        say(client, message="yes")  # the description read from the first sentence, asked back
    assert shown["purpose"] == "confirm_summary"
    reply = say(client, message="is there anything else you need from me?")["reply"]
    assert reply.startswith("Nothing else: confirm these values (or change one) and I convert.")
    assert status_of(client)["pending_request"]["purpose"] == "confirm_summary"


def test_questions_say_each_example_with_one_full_stop(client: TestClient, sample_run: Path) -> None:
    upload(client, sample_run, FULL_METADATA)
    asked = say(client, message="improve")["reply"]  # asks for the subject description, whose example is a sentence
    assert "Example: Adult female C57BL/6J mouse" in asked and ".. " not in asked


def test_ambiguous_format_is_asked_and_the_answer_validated(client: TestClient) -> None:
    folder = REALDATA / "phy_kilosort" / "bme410"
    asked = upload(client, folder)
    request = asked["pending_request"]
    assert request["type"] == "format_selection"
    values = [o["value"] for o in request["options"]]
    assert {"PhySortingInterface", "KiloSortSortingInterface"} <= set(values)
    assert all(o["description"] for o in request["options"])
    wrong = client.post("/api/user-input", json={"fields": {"format": "SpikeGLXConverterPipe"}})
    assert wrong.status_code == 422 and "PhySortingInterface" in wrong.json()["message"]
    assert say(client, fields={"format": "PhySortingInterface"})["accepted"] == {"format": "PhySortingInterface"}
    next_step = settle(client)
    assert next_step["detected_format"]["interface"] == "PhySortingInterface"
    assert next_step["pending_request"]["type"] == "metadata"
    say(client, message="just convert it")
    insisted = settle(client)  # Phy output has no start time, and NWB cannot do without one
    assert [f["name"] for f in insisted["pending_request"]["fields"]] == ["session_start_time"]
    assert insisted["pending_request"]["message"].startswith("I cannot convert without one value: when the recording")
    say(client, message="it started on 2 June 2021 at 10:15 Europe/London")
    done = settle(client)
    assert done["versions"] and done["file_info"]["units_count"] == 295


def test_failed_then_approve_then_input_ends_passed_improved(client: TestClient, sample_run: Path) -> None:
    with client.websocket_connect("/ws") as ws:
        assert ws.receive_json()["message"] == "connected"
        failed_without_metadata(client, sample_run)
        say(client, message="yes, go ahead")  # approving in words
        for _ in range(6):
            status = settle(client)
            request = status["pending_request"]
            if request is None:
                break
            if request["type"] == "user_input":
                assert request["purpose"] == "correction_values"
                # Each question says what is asked, why, with an example and the rule an answer must follow.
                assert all(f["description"] and f["why"] and f["example"] and f["rule"] for f in request["fields"]), (
                    request["fields"]
                )
                say(client, fields={f["name"]: ANSWERS[f["name"]] for f in request["fields"]})
            else:
                assert request["type"] in ("retry_approval", "improvement_approval")
                decide(client, approved=True)
        final = settle(client)
        events = events_so_far(ws)
    assert (final["status"], final["validation_status"]) == ("completed", "passed_improved"), final["issues"]
    assert len(final["versions"]) >= 2
    assert_versions_match_their_downloads(client, final["versions"])
    # /ws told every step: attempt numbers only rise, the retry proposal was announced with what it
    # waits for, so were the questions, and the last event gives the final status.
    attempts = [e["metadata"]["correction_attempt"] for e in events]
    assert attempts == sorted(attempts) and attempts[0] == 0 and attempts[-1] == final["correction_attempt"] >= 1
    assert any(
        e["status"] == "awaiting_user_input"
        and e["metadata"]["pending_request"] == "retry_approval"
        and e["metadata"]["next_action"] == "retry_approval"
        for e in events
    )
    assert any(e["metadata"]["purpose"] == "correction_values" for e in events)
    assert (events[-1]["status"], events[-1]["metadata"]["validation_status"]) == ("completed", "passed_improved")
    history = final["correction_history"]
    assert history[0]["issues_before"] and history[0]["user_input"]["subject_id"] == "m042"
    assert history[-1]["issues_after"] == [] and history[-1]["version"] == final["versions"][-1]["version"]
    assert any(fix["field"] == "device_description" for attempt in history for fix in attempt["fixes_applied"])


def test_failed_then_decline_writes_the_json_correction_context(client: TestClient, sample_run: Path) -> None:
    failed_without_metadata(client, sample_run)
    say(client, message="no thanks")
    final = status_of(client)
    assert (final["status"], final["validation_status"]) == ("failed", "failed_user_declined")
    report = client.get("/api/download/report")
    assert report.status_code == 200 and report.headers["content-type"] == "application/json"
    context = CorrectionContext.model_validate(json.loads(report.content))
    assert context.overall_status == "FAILED" and "check_subject_exists" in {i.check_name for i in context.issues}


def test_abandon_while_asked_for_values(client: TestClient, sample_run: Path) -> None:
    failed_without_metadata(client, sample_run)
    decide(client, approved=True)
    asked = settle(client)
    assert asked["pending_request"]["type"] == "user_input"
    say(client, message="stop")
    final = status_of(client)
    assert (final["status"], final["validation_status"]) == ("failed", "failed_user_abandoned")
    assert client.get("/api/download/nwb/v1").status_code == 200


def test_stuck_loop_is_called_out_then_accepted(client: TestClient, sample_run: Path) -> None:
    status = upload(client, sample_run, FULL_METADATA)
    assert status["overall_status"] == "PASSED_WITH_ISSUES"
    for _ in range(4):
        request = status["pending_request"]
        if request["purpose"] == "no_progress":
            break
        if request["type"] == "improvement_approval":
            decide(client, approved=True)
        else:
            say(client, skip=[f["name"] for f in request["fields"]])  # no new input
        status = settle(client)
    request = status["pending_request"]
    assert request["purpose"] == "no_progress" and "changed nothing" in request["message"]
    assert [o["value"] for o in request["options"]] == ["accept_as_is", "change_approach", "stop"]
    say(client, message="accept_as_is")
    final = status_of(client)
    assert (final["status"], final["validation_status"]) == ("completed", "passed_accepted")


def test_stuck_loop_different_approach_asks_again_then_stop_abandons(client: TestClient, sample_run: Path) -> None:
    # With the device described, the only suggestion left (no subject description) needs the user.
    status = upload(
        client, sample_run, {**FULL_METADATA, "device_description": COMPLETE_METADATA["device_description"]}
    )
    assert status["overall_status"] == "PASSED_WITH_ISSUES"
    decide(client, approved=True)  # improve
    asked = settle(client)["pending_request"]
    assert [f["name"] for f in asked["fields"]] == ["subject_description"]
    say(client, skip=["subject_description"])
    stuck = settle(client)["pending_request"]
    assert stuck["purpose"] == "no_progress" and "Attempt 1 changed nothing" in stuck["message"]
    decide(client, approved=True)  # on a stuck loop, "approve" means the different approach
    again = settle(client)
    request = again["pending_request"]
    assert request["purpose"] == "correction_values" and again["correction_attempt"] == 2
    assert "subject_description" in {f["name"] for f in request["fields"]}
    say(client, skip=[f["name"] for f in request["fields"]])
    stuck = settle(client)["pending_request"]
    assert stuck["purpose"] == "no_progress" and "Attempt 2 changed nothing" in stuck["message"]
    reply = say(client, message="stop")
    assert reply["next_action"] == "done"
    final = status_of(client)
    assert (final["status"], final["validation_status"]) == ("failed", "failed_user_abandoned")
    assert [v["version"] for v in final["versions"]] == [1, 2, 3]
    assert_versions_match_their_downloads(client, final["versions"])


def test_cancel_mid_conversion_keeps_earlier_versions(client: TestClient, tmp_path: Path) -> None:
    big = write_sample_spikeglx(tmp_path / "big", SampleSpec(n_channels=64, duration_s=60.0))
    status = upload(client, big, FULL_METADATA)
    assert len(status["versions"]) == 1
    decide(client, approved=True)  # improve -> questions, or straight to a new conversion
    asked = status_of(client)
    if asked["pending_request"] and asked["pending_request"]["type"] == "user_input":
        say(client, fields={f["name"]: ANSWERS[f["name"]] for f in asked["pending_request"]["fields"]})
    wait_until(lambda: status_of(client), lambda s: s["stages"][0]["status"] == "in_progress", interval=0.02)
    response = client.post("/api/cancel")
    assert response.status_code == 200
    final = status_of(client)
    assert final["status"] == "idle" and [v["version"] for v in final["versions"]] == [1]
    assert final["conversation"] == []  # the conversation ends with the workflow
    assert client.get("/api/download/nwb/v1").status_code == 200
    outputs = Path(final["versions"][0]["path"]).parent
    assert [p.name for p in outputs.glob("*.nwb")] == [Path(final["versions"][0]["path"]).name]
