"""The anthropic provider and LLMService against a fake HTTP transport under the real SDK."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel

from agentic_neurodata.errors import LLMError
from agentic_neurodata.llm import LLMService, PromptLibrary, build_llm_service
from agentic_neurodata.llm.anthropic import MAX_WAIT_S
from agentic_neurodata.logs import EventLog, Redactor
from tests.support.llm_fakes import FAKE_KEY, FakeAnthropic, json_message, message, status, timeout
from tests.support.settings import make_settings


class Animal(BaseModel):
    species: str
    count: int


@pytest.fixture
def prompts(tmp_path: Path) -> PromptLibrary:
    directory = tmp_path / "prompts"
    directory.mkdir()
    (directory / "animal.yaml").write_text(
        "version: '3'\nsystem: You count animals.\ntask: 'Count the animals in: {text}'\n"
        "constraints: [Say when you are unsure.]\noutput_schema: {type: object}\n",
        encoding="utf-8",
    )
    return PromptLibrary(directory)


def service(fake: FakeAnthropic, tmp_path: Path, prompts: PromptLibrary | None = None, retries: int = 3) -> LLMService:
    return LLMService(
        fake.provider(retries),
        prompts or PromptLibrary(),
        EventLog(tmp_path / "logs", Redactor([FAKE_KEY])),
        timeout_s=7.5,
    )


def events(tmp_path: Path) -> list[dict]:
    return EventLog(tmp_path / "logs").read(None)


def test_success_counts_tokens_and_sends_a_time_bounded_request(tmp_path: Path) -> None:
    fake = FakeAnthropic(message("Hello there", input_tokens=12, output_tokens=3))
    llm = service(fake, tmp_path)
    assert llm.complete("Say hello", system="Be brief.", purpose="greeting") == "Hello there"
    body = fake.bodies()[0]
    assert body["model"] == "claude-test" and body["system"] == "Be brief."
    assert body["messages"] == [{"role": "user", "content": "Say hello"}]
    # The per-call timeout reaches the HTTP layer.
    assert fake.requests[0].headers["x-stainless-timeout"] == "7.5"
    assert llm.usage.as_dict() == {"calls": 1, "input_tokens": 12, "output_tokens": 3, "failures": 0, "fallbacks": 0}
    (call,) = [e for e in events(tmp_path) if e["kind"] == "llm_call"]
    assert call["provider"] == "anthropic" and call["outcome"] == "ok" and call["purpose"] == "greeting"
    assert llm.provider_name == "anthropic" and llm.is_remote


def test_429_honours_retry_after_then_succeeds(tmp_path: Path) -> None:
    fake = FakeAnthropic(status(429, {"retry-after": "7"}, "rate_limit_error"), message("ok"))
    assert service(fake, tmp_path).complete("hi") == "ok"
    assert fake.sleeps == [7.0]
    assert len(fake.requests) == 2


def test_retry_after_ms_is_preferred(tmp_path: Path) -> None:
    fake = FakeAnthropic(status(429, {"retry-after-ms": "250", "retry-after": "9"}), message("ok"))
    assert service(fake, tmp_path).complete("hi") == "ok"
    assert fake.sleeps == [0.25]


def test_500_then_success_backs_off_exponentially(tmp_path: Path) -> None:
    fake = FakeAnthropic(status(500), status(503), status(529, error_type="overloaded_error"), message("fine"))
    assert service(fake, tmp_path).complete("hi") == "fine"
    assert fake.sleeps == [1.0, 2.0, 4.0]


def test_timeouts_exhaust_retries_then_raise_a_clear_error(tmp_path: Path) -> None:
    fake = FakeAnthropic(timeout, timeout, timeout)
    llm = service(fake, tmp_path, retries=2)
    with pytest.raises(LLMError) as caught:
        llm.complete("hi")
    error = caught.value
    assert len(fake.requests) == 3 and fake.sleeps == [1.0, 2.0]
    assert "did not answer within 7.5 s" in error.message and "LLM_PROVIDER=offline" in error.message
    assert error.details["kind"] == "timeout" and error.details["attempts"] == 3
    assert error.error_id.startswith("E-")
    assert llm.usage.failures == 1
    (call,) = [e for e in events(tmp_path) if e["kind"] == "llm_call"]
    assert call["outcome"] == "error" and call["error_id"] == error.error_id


def test_timeout_falls_back_to_the_callers_offline_answer(tmp_path: Path) -> None:
    fake = FakeAnthropic(timeout)
    llm = service(fake, tmp_path, retries=0)
    assert llm.complete("Word this nicely", fallback="Plain wording.", purpose="wording") == "Plain wording."
    assert llm.usage.fallbacks == 1
    fallback = [e for e in events(tmp_path) if e["kind"] == "llm_fallback"]
    assert fallback and fallback[0]["purpose"] == "wording" and fallback[0]["error_id"].startswith("E-")


def test_bad_key_is_not_retried_and_never_appears_in_errors_or_logs(tmp_path: Path) -> None:
    fake = FakeAnthropic(status(401, error_type="authentication_error"))
    llm = service(fake, tmp_path)
    with pytest.raises(LLMError) as caught:
        llm.complete("hi")
    assert len(fake.requests) == 1 and fake.sleeps == []
    assert "Check ANTHROPIC_API_KEY" in caught.value.message
    assert FAKE_KEY not in json.dumps(caught.value.to_context(), default=str)
    assert FAKE_KEY not in (tmp_path / "logs").joinpath("service", "events.jsonl").read_text()


def test_a_pause_longer_than_we_wait_stops_retrying_and_says_how_long(tmp_path: Path) -> None:
    fake = FakeAnthropic(status(429, {"retry-after": str(int(MAX_WAIT_S) * 5)}))
    with pytest.raises(LLMError) as caught:
        service(fake, tmp_path).complete("hi")
    assert fake.sleeps == [] and caught.value.details["kind"] == "rate_limit"
    assert "Wait about 300 s" in caught.value.message


def test_unknown_model_and_bad_request_are_explained(tmp_path: Path) -> None:
    fake = FakeAnthropic(status(404, error_type="not_found_error"), status(400, error_type="invalid_request_error"))
    llm = service(fake, tmp_path)
    with pytest.raises(LLMError, match="ANTHROPIC_MODEL"):
        llm.complete("hi")
    with pytest.raises(LLMError, match=r"rejected the request \(HTTP 400\): fake 400"):
        llm.complete("hi")
    assert fake.sleeps == []


def test_forced_anthropic_without_a_key_explains_itself() -> None:
    provider = FakeAnthropic().provider(key=None)
    with pytest.raises(LLMError, match="No ANTHROPIC_API_KEY"):
        provider.generate(None, [{"role": "user", "content": "hi"}], 10, 1.0)


def test_structured_validates_the_json_answer(tmp_path: Path, prompts: PromptLibrary) -> None:
    fake = FakeAnthropic(message('Sure:\n```json\n{"species": "mouse", "count": 2}\n```'))
    result = service(fake, tmp_path, prompts).structured("animal", {"text": "two mice"}, Animal)
    assert result == Animal(species="mouse", count=2)
    user_text = fake.bodies()[0]["messages"][0]["content"]
    assert "Count the animals in: two mice" in user_text and "Say when you are unsure." in user_text
    call = next(e for e in events(tmp_path) if e["kind"] == "llm_call")
    assert call["purpose"] == "animal@3"


def test_structured_repairs_malformed_json_once(tmp_path: Path, prompts: PromptLibrary) -> None:
    fake = FakeAnthropic(message("{species: mouse"), json_message({"species": "mouse", "count": 1}))
    assert service(fake, tmp_path, prompts).structured("animal", {"text": "a mouse"}, Animal).count == 1
    repair_turns = fake.bodies()[1]["messages"]
    assert [turn["role"] for turn in repair_turns] == ["user", "assistant", "user"]
    assert "not valid" in repair_turns[2]["content"]


def test_structured_gives_up_after_one_failed_repair(tmp_path: Path, prompts: PromptLibrary) -> None:
    fake = FakeAnthropic(message("no json here"), json_message({"species": "mouse"}))
    llm = service(fake, tmp_path, prompts)
    with pytest.raises(LLMError, match="even after one repair"):
        llm.structured("animal", {"text": "a mouse"}, Animal)
    assert len(fake.requests) == 2


def test_structured_falls_back_to_the_offline_answer_after_a_failed_repair(
    tmp_path: Path, prompts: PromptLibrary
) -> None:
    fake = FakeAnthropic(message("nope"), message("still nope"))
    llm = service(fake, tmp_path, prompts)
    result = llm.structured("animal", {"text": "a rat"}, Animal, offline=lambda v: {"species": "rat", "count": 1})
    assert result == Animal(species="rat", count=1) and llm.usage.fallbacks == 1


def test_offline_service_answers_from_the_callers_deterministic_answer(tmp_path: Path, prompts: PromptLibrary) -> None:
    llm = build_llm_service(make_settings(tmp_path), EventLog(tmp_path / "logs"))
    assert llm.provider_name == "offline" and not llm.is_remote
    assert llm.complete("hi", fallback="deterministic") == "deterministic"
    with pytest.raises(LLMError, match="No offline answer"):
        llm.complete("hi")
    llm.prompts = prompts
    assert llm.structured("animal", {"text": "x"}, Animal, offline=lambda v: Animal(species="cat", count=3)).count == 3
    with pytest.raises(LLMError, match="No offline answer"):
        llm.structured("animal", {"text": "x"}, Animal)


@pytest.mark.parametrize(
    ("choice", "key", "expected"),
    [
        ("auto", None, "offline"),
        ("auto", FAKE_KEY, "anthropic"),
        ("offline", FAKE_KEY, "offline"),
        ("anthropic", FAKE_KEY, "anthropic"),
    ],
)
def test_build_picks_the_provider_that_info_reports(
    tmp_path: Path, choice: str, key: str | None, expected: str
) -> None:
    settings = make_settings(tmp_path, llm_provider=choice, anthropic_api_key=key)
    fake = FakeAnthropic(message("from the fake"))
    llm = build_llm_service(settings, EventLog(tmp_path / "logs"), http_client=fake.client())
    assert llm.provider_name == expected == settings.effective_llm_provider
    if expected == "anthropic":
        assert llm.complete("hi") == "from the fake"
        assert fake.requests[0].headers.get("x-api-key") == FAKE_KEY or FAKE_KEY in fake.requests[0].headers.get(
            "authorization", ""
        )
