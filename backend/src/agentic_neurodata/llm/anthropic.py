"""Anthropic provider: the Messages API through the official SDK, time-bounded, with retries.

The SDK's own retries are switched off (max_retries=0) so that the retry policy is ours and
testable: exponential backoff on 429, 5xx, timeouts and dropped connections, honouring the
server's retry-after, with an injectable `sleep`. After the last failure an `LLMError` says
what went wrong and what to do. Only the text of messages goes out; the key is never logged
nor put into an error.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import anthropic

from ..errors import LLMError
from .base import LLMReply
from .retry import MAX_WAIT_S, RETRYABLE_STATUS, backoff, retry_after

# Claude models have a 200k-token context; ~3 characters per token keeps a safe margin.
DEFAULT_CONTEXT_CHARS = 600_000
_KEY_SHAPE = re.compile(r"sk-ant-[A-Za-z0-9_\-]{4,}")

OFFLINE_HINT = "or set LLM_PROVIDER=offline to continue with the offline provider"


class AnthropicProvider:
    name = "anthropic"
    is_remote = True

    def __init__(
        self,
        api_key: str | None,
        model: str,
        *,
        max_retries: int = 3,
        http_client: Any = None,
        sleep: Callable[[float], None] = time.sleep,
        context_chars: int = DEFAULT_CONTEXT_CHARS,
        base_url: str | None = None,
    ) -> None:
        self.model = model
        self.max_retries = max_retries
        self.context_chars = context_chars
        self._sleep = sleep
        self._api_key = api_key or ""
        self._client = (
            anthropic.Anthropic(api_key=api_key, max_retries=0, http_client=http_client, base_url=base_url)
            if api_key
            else None
        )

    def generate(
        self, system: str | None, messages: list[dict[str, str]], max_tokens: int, timeout_s: float
    ) -> LLMReply:
        if self._client is None:
            raise self._error(
                "No ANTHROPIC_API_KEY is set, so the anthropic provider cannot answer.",
                "Set ANTHROPIC_API_KEY in .env, " + OFFLINE_HINT + ".",
                kind="no_key",
                attempts=0,
            )
        request: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens,
            "messages": messages,
            "timeout": timeout_s,
        }
        if system:
            request["system"] = system
        attempt = 0
        while True:
            attempt += 1
            try:
                response = self._client.messages.create(**request)
            except anthropic.APIStatusError as exc:
                wait = retry_after(exc.response.headers) if exc.response is not None else None
                if exc.status_code not in RETRYABLE_STATUS or attempt > self.max_retries:
                    raise self._status_error(exc, attempt) from None
                if wait is not None and wait > MAX_WAIT_S:
                    raise self._status_error(exc, attempt, wait) from None
                self._sleep(wait if wait is not None else backoff(attempt))
            except anthropic.APIConnectionError as exc:  # includes APITimeoutError
                if attempt > self.max_retries:
                    raise self._connection_error(exc, attempt, timeout_s) from None
                self._sleep(backoff(attempt))
            else:
                return _reply(response)

    # ------------------------------------------------------------------ errors

    def _status_error(self, exc: anthropic.APIStatusError, attempts: int, wait: float | None = None) -> LLMError:
        status = exc.status_code
        if status in (401, 403):
            return self._error(
                f"The Anthropic API refused the key (HTTP {status}).",
                "Check ANTHROPIC_API_KEY in .env, " + OFFLINE_HINT + ".",
                kind="auth",
                attempts=attempts,
                status=status,
            )
        if status == 404:
            return self._error(
                f"The Anthropic API does not know the model {self.model!r} (HTTP 404).",
                "Check ANTHROPIC_MODEL in .env, " + OFFLINE_HINT + ".",
                kind="model",
                attempts=attempts,
                status=status,
            )
        if status == 429:
            pause = f"about {wait:.0f} s" if wait else "a minute"
            return self._error(
                f"The Anthropic API is rate-limiting this key (HTTP 429) after {attempts} attempt(s).",
                f"Wait {pause} and try again, " + OFFLINE_HINT + ".",
                kind="rate_limit",
                attempts=attempts,
                status=status,
                retry_after_s=wait,
            )
        if status in RETRYABLE_STATUS:
            return self._error(
                f"The Anthropic API is unavailable (HTTP {status}) after {attempts} attempt(s).",
                "Try again in a few minutes, " + OFFLINE_HINT + ".",
                kind="unavailable",
                attempts=attempts,
                status=status,
            )
        return self._error(
            f"The Anthropic API rejected the request (HTTP {status}): {self._clean(_api_message(exc))}",
            "Report this error id; meanwhile " + OFFLINE_HINT.removeprefix("or ") + ".",
            kind="rejected",
            attempts=attempts,
            status=status,
        )

    def _connection_error(self, exc: anthropic.APIConnectionError, attempts: int, timeout_s: float) -> LLMError:
        if isinstance(exc, anthropic.APITimeoutError):
            return self._error(
                f"The Anthropic API did not answer within {timeout_s:g} s ({attempts} attempt(s)).",
                "Try again later, raise LLM_TIMEOUT_S, " + OFFLINE_HINT + ".",
                kind="timeout",
                attempts=attempts,
            )
        return self._error(
            f"The Anthropic API could not be reached ({attempts} attempt(s)).",
            "Check the network connection, " + OFFLINE_HINT + ".",
            kind="connection",
            attempts=attempts,
        )

    def _error(self, message: str, what_to_do: str, *, kind: str, attempts: int, **details: Any) -> LLMError:
        error = LLMError(
            f"{message} {what_to_do}",
            details={
                "provider": self.name,
                "model": self.model,
                "kind": kind,
                "attempts": attempts,
                "what_to_do": what_to_do,
                **{k: v for k, v in details.items() if v is not None},
            },
        )
        return error

    def _clean(self, text: str) -> str:
        """Whatever the API echoes back never carries the key into our messages or logs."""
        if self._api_key:
            text = text.replace(self._api_key, "[redacted]")
        return _KEY_SHAPE.sub("[redacted]", text)[:300]


def _reply(response: Any) -> LLMReply:
    text = "".join(getattr(block, "text", "") for block in response.content if getattr(block, "type", "") == "text")
    usage = getattr(response, "usage", None)
    return LLMReply(
        text=text,
        input_tokens=getattr(usage, "input_tokens", 0) or 0,
        output_tokens=getattr(usage, "output_tokens", 0) or 0,
    )


def _api_message(exc: anthropic.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return error["message"]
    return exc.message
