"""Fake model servers: the only fakes in the suite (no model is reachable here).

FakeAnthropic sits under the real SDK as an httpx2 MockTransport, so the SDK builds real
requests and parses real-shaped responses; FakeLocalModel answers like an OpenAI-compatible
server (Ollama, llama.cpp) under our provider's httpx client. Each test scripts the answers."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import httpx2

from agentic_neurodata.llm import AnthropicProvider, LLMService, OpenAICompatibleProvider, PromptLibrary
from agentic_neurodata.logs import EventLog, Redactor

FAKE_KEY = "sk-ant-test-0123456789abcdef"
Answer = httpx2.Response | Callable[[httpx2.Request], httpx2.Response]


def message(text: str, input_tokens: int = 11, output_tokens: int = 7) -> httpx2.Response:
    return httpx2.Response(
        200,
        json={
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": "claude-test",
            "content": [{"type": "text", "text": text}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
        },
    )


def json_message(payload: dict[str, Any], **tokens: int) -> httpx2.Response:
    return message(json.dumps(payload), **tokens)


def status(code: int, headers: dict[str, str] | None = None, error_type: str = "api_error") -> httpx2.Response:
    return httpx2.Response(
        code, headers=headers or {}, json={"type": "error", "error": {"type": error_type, "message": f"fake {code}"}}
    )


def timeout(request: httpx2.Request) -> httpx2.Response:
    raise httpx2.ReadTimeout("fake read timeout", request=request)


class FakeAnthropic:
    """Answers requests in order; records what the SDK sent and how long we were told to sleep."""

    def __init__(self, *answers: Answer) -> None:
        self.answers = list(answers)
        self.requests: list[httpx2.Request] = []
        self.sleeps: list[float] = []

    def handler(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        if not self.answers:
            raise AssertionError("the fake Anthropic API got more requests than the test scripted")
        answer = self.answers.pop(0)
        return answer(request) if callable(answer) else answer

    def client(self) -> httpx2.Client:
        return httpx2.Client(transport=httpx2.MockTransport(self.handler))

    def provider(self, max_retries: int = 3, key: str | None = FAKE_KEY) -> AnthropicProvider:
        return AnthropicProvider(
            key, "claude-test", max_retries=max_retries, http_client=self.client(), sleep=self.sleeps.append
        )

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(request.content) for request in self.requests]

    def service(self, log_dir: Path, max_retries: int = 3, timeout_s: float = 5.0) -> LLMService:
        return LLMService(
            self.provider(max_retries), PromptLibrary(), EventLog(log_dir, Redactor([FAKE_KEY])), timeout_s=timeout_s
        )


# ---------------------------------------------------------------- an OpenAI-compatible model server


def chat_completion(text: str, prompt_tokens: int = 13, completion_tokens: int = 5) -> httpx.Response:
    """A chat completions answer as Ollama's and llama.cpp's /v1 servers send it."""
    return httpx.Response(
        200,
        json={
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "model": "llama-test",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens},
        },
    )


def chat_json(payload: dict[str, Any]) -> httpx.Response:
    return chat_completion(json.dumps(payload))


def local_status(code: int, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(code, headers=headers or {}, json={"error": {"message": f"fake {code}"}})


def local_timeout(request: httpx.Request) -> httpx.Response:
    raise httpx.ReadTimeout("fake read timeout", request=request)


class FakeLocalModel:
    """A local model server (httpx MockTransport under our provider): answers in order, records requests."""

    def __init__(self, *answers: httpx.Response | Callable[[httpx.Request], httpx.Response]) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []
        self.sleeps: list[float] = []

    def handler(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if not self.answers:
            raise AssertionError("the fake model server got more requests than the test scripted")
        answer = self.answers.pop(0)
        return answer(request) if callable(answer) else answer

    def provider(self, max_retries: int = 3, model: str | None = "llama-test", key: str | None = None) -> Any:
        return OpenAICompatibleProvider(
            "http://127.0.0.1:11434/v1",
            model,
            api_key=key,
            max_retries=max_retries,
            http_client=httpx.Client(transport=httpx.MockTransport(self.handler)),
            sleep=self.sleeps.append,
        )

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(request.content) for request in self.requests]

    def service(self, log_dir: Path, max_retries: int = 3, timeout_s: float = 5.0) -> LLMService:
        return LLMService(
            self.provider(max_retries), PromptLibrary(), EventLog(log_dir, Redactor()), timeout_s=timeout_s
        )
