"""The openai-compatible provider (a lab's own model server: Ollama, llama.cpp) against a fake
HTTP server, and its readings through the same evidence check as the Anthropic path."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import httpx
import pytest
from pydantic import BaseModel

from agentic_neurodata.errors import LLMError
from agentic_neurodata.llm import LLMService, PromptLibrary, build_llm_service
from agentic_neurodata.logs import EventLog
from agentic_neurodata.metadata.extraction import extract_metadata_from_text
from tests.support.llm_fakes import FakeLocalModel, chat_completion, chat_json, local_status, local_timeout
from tests.support.settings import make_settings

NOW = datetime(2026, 1, 1, 12, tzinfo=UTC)


class Animal(BaseModel):
    species: str
    count: int


def test_success_sends_a_chat_completion_and_counts_tokens(tmp_path: Path) -> None:
    fake = FakeLocalModel(chat_completion("Hello there", prompt_tokens=21, completion_tokens=4))
    llm = fake.service(tmp_path, timeout_s=7.5)
    assert llm.complete("Say hello", system="Be brief.", purpose="greeting") == "Hello there"
    (request,) = fake.requests
    assert str(request.url) == "http://127.0.0.1:11434/v1/chat/completions"
    body = fake.bodies()[0]
    assert body["model"] == "llama-test" and body["temperature"] == 0 and body["stream"] is False
    assert body["messages"] == [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Say hello"}]
    assert "authorization" not in request.headers  # no key set: none sent
    assert llm.usage.as_dict()["input_tokens"] == 21 and llm.provider_name == "openai-compatible" and llm.is_remote


def test_429_honours_retry_after_and_5xx_backs_off(tmp_path: Path) -> None:
    fake = FakeLocalModel(local_status(429, {"retry-after": "3"}), local_status(503), chat_completion("ok"))
    assert fake.service(tmp_path).complete("hi") == "ok"
    assert fake.sleeps == [3.0, 2.0]


def test_timeouts_are_retried_then_reported_with_what_to_do(tmp_path: Path) -> None:
    fake = FakeLocalModel(local_timeout, local_timeout)
    with pytest.raises(LLMError) as caught:
        fake.service(tmp_path, max_retries=1, timeout_s=2).complete("hi")
    assert caught.value.details["kind"] == "timeout" and "did not answer within 2 s" in caught.value.message
    assert "LLM_PROVIDER=offline" in caught.value.message and fake.sleeps == [1.0]


def test_unknown_model_and_missing_model_name_say_which_setting_to_fix(tmp_path: Path) -> None:
    fake = FakeLocalModel(local_status(404))
    with pytest.raises(LLMError) as caught:
        fake.service(tmp_path).complete("hi")
    assert caught.value.details["kind"] == "model" and "OPENAI_COMPATIBLE_MODEL" in caught.value.message
    no_model = FakeLocalModel()
    with pytest.raises(LLMError) as missing:
        no_model.provider(model=None).generate(None, [{"role": "user", "content": "hi"}], 10, 1.0)
    assert missing.value.details["kind"] == "no_model" and not no_model.requests


def test_malformed_json_is_repaired_once_then_the_offline_answer_is_used(tmp_path: Path) -> None:
    directory = tmp_path / "prompts"
    directory.mkdir()
    (directory / "animal.yaml").write_text(
        "version: '1'\nsystem: You count animals.\ntask: 'Count: {text}'\noutput_schema: {type: object}\n",
        encoding="utf-8",
    )
    fake = FakeLocalModel(chat_completion("two mice"), chat_completion("{broken"))
    llm = LLMService(fake.provider(), PromptLibrary(directory), EventLog(tmp_path / "logs"))
    answer = llm.structured("animal", {"text": "two mice"}, Animal, offline=lambda _: Animal(species="?", count=0))
    assert answer == Animal(species="?", count=0) and len(fake.requests) == 2
    assert "not valid" in fake.bodies()[1]["messages"][-1]["content"]
    assert llm.usage.fallbacks == 1
    # A well-formed answer in a code fence is taken.
    fenced = FakeLocalModel(chat_completion('```json\n{"species": "mouse", "count": 2}\n```'))
    llm = LLMService(fenced.provider(), PromptLibrary(directory), EventLog(tmp_path / "logs"))
    assert llm.structured("animal", {"text": "two mice"}, Animal) == Animal(species="mouse", count=2)


def test_an_answer_that_is_not_a_chat_completion_is_an_error(tmp_path: Path) -> None:
    fake = FakeLocalModel(httpx.Response(200, json={"response": "ollama's own /api/generate shape"}))
    with pytest.raises(LLMError) as caught:
        fake.service(tmp_path).complete("hi")
    assert caught.value.details["kind"] == "malformed" and "/v1" in caught.value.message


def test_its_readings_go_through_the_same_evidence_check(tmp_path: Path) -> None:
    reply = {
        "values": [
            {"field": "subject_id", "value": "mouse7-cageC", "evidence": "mouse 7 of cage C"},
            {"field": "sex", "value": "female", "evidence": "female"},
            {"field": "institution", "value": "Stanford University", "evidence": "Stanford University"},
        ],
        "intents": [],
    }
    fake = FakeLocalModel(chat_json(reply))
    parsed = extract_metadata_from_text("mouse 7 of cage C, female", ["subject_id"], fake.service(tmp_path), now=NOW)
    assert parsed.source == "llm" and parsed.values == {"sex": "F"}
    assert [c.field for c in parsed.confirmations] == ["subject_id"]  # asked back, not stored
    assert "Stanford" in parsed.discarded[0]  # invented: logged, never shown
    prompt = fake.bodies()[0]["messages"]
    assert prompt[0]["role"] == "system" and "mouse 7 of cage C" in prompt[1]["content"]


def test_the_builder_chooses_it_from_the_settings(tmp_path: Path) -> None:
    settings = make_settings(
        tmp_path,
        llm_provider="openai-compatible",
        openai_compatible_base_url="http://127.0.0.1:8080/v1/",
        openai_compatible_model="qwen2.5-7b-instruct",
    )
    llm = build_llm_service(settings, EventLog(tmp_path / "logs"))
    assert settings.effective_llm_provider == "openai-compatible" and llm.provider_name == "openai-compatible"
    assert llm.provider.base_url == "http://127.0.0.1:8080/v1"  # type: ignore[attr-defined]
    assert llm.provider.context_chars == 24_000


class _ChatServer(BaseHTTPRequestHandler):
    """A real HTTP model server on loopback, answering like llama.cpp's llama-server."""

    seen: ClassVar[list[dict]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _ChatServer.seen.append({"path": self.path, "auth": self.headers.get("Authorization"), **body})
        payload = json.dumps({"choices": [{"message": {"content": "pong"}}], "usage": {}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:  # keep the test output quiet
        pass


@pytest.fixture
def chat_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _ChatServer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def test_over_a_real_loopback_connection_with_a_key(tmp_path: Path, chat_server: str) -> None:
    settings = make_settings(
        tmp_path,
        llm_provider="openai-compatible",
        openai_compatible_base_url=chat_server,
        openai_compatible_model="local-model",
        openai_compatible_api_key="lab-secret-123",
    )
    llm = build_llm_service(settings, EventLog(tmp_path / "logs"))
    assert llm.complete("ping", purpose="ping") == "pong"
    (seen,) = _ChatServer.seen[-1:]
    assert seen["path"] == "/v1/chat/completions" and seen["model"] == "local-model"
    assert seen["auth"] == "Bearer lab-secret-123"
