"""A local model for labs that cannot send text out: any server speaking the OpenAI chat
completions API (`POST {base_url}/chat/completions`), such as Ollama (`http://127.0.0.1:11434/v1`)
or llama.cpp's `llama-server` (`http://127.0.0.1:8080/v1`).

Same contract as the Anthropic provider: time-bounded, our own retries with backoff on 429,
5xx, timeouts and dropped connections (honouring retry-after), and an `LLMError` that says what
went wrong and what to do. Its answers go through the same checks as every model's: JSON
validated against the schema, values checked against their evidence and the metadata rules.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

from ..errors import LLMError
from .base import LLMReply
from .retry import MAX_WAIT_S, RETRYABLE_STATUS, backoff, retry_after

# Local models often have small contexts (4k-32k tokens): prompts are cut to fit this many characters.
DEFAULT_CONTEXT_CHARS = 24_000
HINT = "or set LLM_PROVIDER=offline to continue with the offline provider"


class OpenAICompatibleProvider:
    name = "openai-compatible"
    is_remote = True  # a model answers (here on the lab's own server): the model paths are used

    def __init__(
        self,
        base_url: str,
        model: str | None,
        *,
        api_key: str | None = None,
        max_retries: int = 3,
        http_client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        context_chars: int = DEFAULT_CONTEXT_CHARS,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.max_retries = max_retries
        self.context_chars = context_chars
        self._api_key = api_key or ""
        self._sleep = sleep
        self._client = http_client or httpx.Client()

    def generate(
        self, system: str | None, messages: list[dict[str, str]], max_tokens: int, timeout_s: float
    ) -> LLMReply:
        if not self.model:
            raise self._error(
                "No model name is set for the openai-compatible provider.",
                "Set OPENAI_COMPATIBLE_MODEL in .env (e.g. llama3.1:8b for Ollama), " + HINT + ".",
                kind="no_model",
                attempts=0,
            )
        body: dict[str, Any] = {
            "model": self.model,
            "messages": ([{"role": "system", "content": system}] if system else []) + messages,
            "max_tokens": max_tokens,
            "temperature": 0,
            "stream": False,
        }
        headers = {"Authorization": f"Bearer {self._api_key}"} if self._api_key else {}
        attempt = 0
        while True:
            attempt += 1
            try:
                response = self._client.post(
                    f"{self.base_url}/chat/completions", json=body, headers=headers, timeout=timeout_s
                )
            except httpx.TimeoutException:
                if attempt > self.max_retries:
                    raise self._error(
                        f"The model server at {self.base_url} did not answer within {timeout_s:g} s "
                        f"({attempt} attempt(s)).",
                        "Check that the server runs and is not overloaded, raise LLM_TIMEOUT_S, " + HINT + ".",
                        kind="timeout",
                        attempts=attempt,
                    ) from None
                self._sleep(backoff(attempt))
                continue
            except httpx.TransportError:
                if attempt > self.max_retries:
                    raise self._error(
                        f"The model server at {self.base_url} could not be reached ({attempt} attempt(s)).",
                        "Start it (e.g. `ollama serve`) or check OPENAI_COMPATIBLE_BASE_URL, " + HINT + ".",
                        kind="connection",
                        attempts=attempt,
                    ) from None
                self._sleep(backoff(attempt))
                continue
            if response.status_code < 400:
                return self._reply(response, attempt)
            wait = retry_after(response.headers)
            if response.status_code not in RETRYABLE_STATUS or attempt > self.max_retries or (wait or 0) > MAX_WAIT_S:
                raise self._status_error(response, attempt, wait)
            self._sleep(wait if wait is not None else backoff(attempt))

    def _reply(self, response: httpx.Response, attempts: int) -> LLMReply:
        try:
            payload = response.json()
            text = payload["choices"][0]["message"]["content"] or ""
        except (ValueError, KeyError, IndexError, TypeError):
            raise self._error(
                f"The model server at {self.base_url} answered, but not in the chat completions format.",
                "Check that OPENAI_COMPATIBLE_BASE_URL ends in /v1 (Ollama: http://127.0.0.1:11434/v1), " + HINT + ".",
                kind="malformed",
                attempts=attempts,
            ) from None
        usage = payload.get("usage") or {}
        return LLMReply(
            text=str(text),
            input_tokens=int(usage.get("prompt_tokens") or 0),
            output_tokens=int(usage.get("completion_tokens") or 0),
        )

    def _status_error(self, response: httpx.Response, attempts: int, wait: float | None) -> LLMError:
        status = response.status_code
        if status in (401, 403):
            return self._error(
                f"The model server refused the key (HTTP {status}).",
                "Check OPENAI_COMPATIBLE_API_KEY, " + HINT + ".",
                kind="auth",
                attempts=attempts,
                status=status,
            )
        if status == 404:
            return self._error(
                f"The model server does not know the model {self.model!r} or the path /chat/completions (HTTP 404).",
                "Check OPENAI_COMPATIBLE_MODEL (for Ollama: `ollama pull <model>`) and the base URL, " + HINT + ".",
                kind="model",
                attempts=attempts,
                status=status,
            )
        if status == 429:
            return self._error(
                f"The model server is busy (HTTP 429) after {attempts} attempt(s).",
                f"Wait {f'about {wait:.0f} s' if wait else 'a minute'} and try again, " + HINT + ".",
                kind="rate_limit",
                attempts=attempts,
                status=status,
                retry_after_s=wait,
            )
        if status in RETRYABLE_STATUS:
            return self._error(
                f"The model server is unavailable (HTTP {status}) after {attempts} attempt(s).",
                "Check the server's own log and try again, " + HINT + ".",
                kind="unavailable",
                attempts=attempts,
                status=status,
            )
        return self._error(
            f"The model server rejected the request (HTTP {status}): {self._clean(response.text)}",
            "Report this error id; meanwhile " + HINT.removeprefix("or ") + ".",
            kind="rejected",
            attempts=attempts,
            status=status,
        )

    def _error(self, message: str, what_to_do: str, *, kind: str, attempts: int, **details: Any) -> LLMError:
        return LLMError(
            f"{message} {what_to_do}",
            details={
                "provider": self.name,
                "model": self.model,
                "base_url": self.base_url,
                "kind": kind,
                "attempts": attempts,
                "what_to_do": what_to_do,
                **{k: v for k, v in details.items() if v is not None},
            },
        )

    def _clean(self, text: str) -> str:
        """What the server echoes back never carries the key into our messages or logs."""
        return (text.replace(self._api_key, "[redacted]") if self._api_key else text)[:300]
