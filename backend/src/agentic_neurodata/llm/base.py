"""LLMService: complete(), chat(), structured(); every call time-bounded, logged, counted.

Providers only generate text. The service adds templates, JSON validation with one repair
retry, token accounting, logging, and the offline fallback: each call site passes the
deterministic answer (`fallback` / `offline`) used when the provider is offline, or when a
remote call fails where the LLM is optional.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from ..errors import LLMError
from ..logs import EventLog
from .prompts import PromptLibrary

T = TypeVar("T", bound=BaseModel)


@dataclass
class LLMReply:
    text: str
    input_tokens: int = 0
    output_tokens: int = 0


class LLMProvider(Protocol):
    name: str
    is_remote: bool
    context_chars: int

    def generate(
        self, system: str | None, messages: list[dict[str, str]], max_tokens: int, timeout_s: float
    ) -> LLMReply: ...


class OfflineProvider:
    """No network, no model: the service answers from each call's deterministic fallback."""

    name = "offline"
    is_remote = False
    context_chars = 0

    def generate(
        self, system: str | None, messages: list[dict[str, str]], max_tokens: int, timeout_s: float
    ) -> LLMReply:
        raise LLMError("The offline provider has no model; the caller's deterministic answer is used.")


@dataclass(frozen=True)
class ModelFailure:
    """The latest failure of the remote model, for the conversation to tell the user once."""

    at: datetime
    provider: str
    error_id: str
    message: str


@dataclass
class TokenUsage:
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    failures: int = 0
    fallbacks: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def as_dict(self) -> dict[str, int]:
        return {
            "calls": self.calls,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "failures": self.failures,
            "fallbacks": self.fallbacks,
        }


class LLMService:
    def __init__(
        self,
        provider: LLMProvider,
        prompts: PromptLibrary,
        event_log: EventLog,
        timeout_s: float = 60.0,
        session_id: Callable[[], str | None] = lambda: None,
    ) -> None:
        self.provider = provider
        self.prompts = prompts
        self.event_log = event_log
        self.timeout_s = timeout_s
        self.usage = TokenUsage()
        self._session_id = session_id
        self.last_failure: ModelFailure | None = None

    @property
    def provider_name(self) -> str:
        return self.provider.name

    @property
    def is_remote(self) -> bool:
        return self.provider.is_remote

    # ------------------------------------------------------------------ public API

    def complete(
        self,
        prompt: str,
        *,
        system: str | None = None,
        fallback: str | None = None,
        purpose: str = "complete",
        max_tokens: int = 1024,
    ) -> str:
        return self.chat(
            [{"role": "user", "content": prompt}],
            system=system,
            fallback=fallback,
            purpose=purpose,
            max_tokens=max_tokens,
        )

    def chat(
        self,
        messages: list[dict[str, str]],
        *,
        system: str | None = None,
        fallback: str | None = None,
        purpose: str = "chat",
        max_tokens: int = 1024,
    ) -> str:
        if not self.provider.is_remote:
            return self._offline(purpose, fallback)
        try:
            return self._call(purpose, system, messages, max_tokens).text
        except LLMError as exc:
            if fallback is None:
                raise
            self._log_fallback(purpose, exc)
            return fallback

    def structured(
        self,
        template: str,
        variables: dict[str, Any],
        schema: type[T],
        *,
        offline: Callable[[dict[str, Any]], T | dict[str, Any]] | None = None,
        max_tokens: int = 2048,
    ) -> T:
        """Fill `schema` from the `template` prompt; validate; repair once; else fall back or raise."""
        if not self.provider.is_remote:
            if offline is None:
                raise LLMError(f"No offline answer is available for {template!r}; configure an LLM provider.")
            self._log_call(template, "offline", 0.0, 0, 0)
            return _as_model(schema, offline(variables))
        # Loaded before the call so a missing or broken template fails loudly, never as a fallback.
        prompt = self.prompts.get(template)
        system, user = prompt.render(variables, self.provider.context_chars or None)
        messages = [{"role": "user", "content": user}]
        try:
            reply = self._call(f"{template}@{prompt.version}", system, messages, max_tokens)
            try:
                return schema.model_validate(_extract_json(reply.text))
            except (ValueError, ValidationError) as first_error:
                messages += [
                    {"role": "assistant", "content": reply.text},
                    {
                        "role": "user",
                        "content": f"That answer was not valid ({_short(first_error)}). "
                        "Reply again with only the JSON object, matching the schema.",
                    },
                ]
                repaired = self._call(f"{template}@{prompt.version}#repair", system, messages, max_tokens)
                try:
                    return schema.model_validate(_extract_json(repaired.text))
                except (ValueError, ValidationError) as second_error:
                    raise LLMError(
                        f"The model's answer for {template!r} was not valid JSON for the expected schema "
                        f"even after one repair ({_short(second_error)}).",
                        details={"template": template},
                    ) from second_error
        except LLMError as exc:
            if offline is None:
                raise
            self._log_fallback(template, exc)
            return _as_model(schema, offline(variables))

    # ------------------------------------------------------------------ internals

    def _call(self, purpose: str, system: str | None, messages: list[dict[str, str]], max_tokens: int) -> LLMReply:
        started = time.perf_counter()
        try:
            reply = self.provider.generate(system, messages, max_tokens, self.timeout_s)
        except LLMError as exc:
            with self.usage.lock:
                self.usage.failures += 1
            self._note_failure(exc)
            self._log_call(
                purpose,
                "error",
                time.perf_counter() - started,
                0,
                0,
                error_id=exc.error_id,
                error_kind=exc.details.get("kind"),
            )
            raise
        with self.usage.lock:
            self.usage.calls += 1
            self.usage.input_tokens += reply.input_tokens
            self.usage.output_tokens += reply.output_tokens
        self._log_call(purpose, "ok", time.perf_counter() - started, reply.input_tokens, reply.output_tokens)
        return reply

    def _offline(self, purpose: str, fallback: str | None) -> str:
        if fallback is None:
            raise LLMError(f"No offline answer is available for {purpose!r}; configure an LLM provider.")
        self._log_call(purpose, "offline", 0.0, 0, 0)
        return fallback

    def _note_failure(self, exc: LLMError) -> None:
        self.last_failure = ModelFailure(datetime.now(UTC), self.provider.name, exc.error_id, exc.message)

    def _log_fallback(self, purpose: str, exc: LLMError) -> None:
        self._note_failure(exc)
        with self.usage.lock:
            self.usage.fallbacks += 1
        self.event_log.write(
            self._session_id(),
            {
                "kind": "llm_fallback",
                "purpose": purpose,
                "provider": self.provider.name,
                "error_id": exc.error_id,
                "error": exc.message,
            },
        )

    def _log_call(
        self, purpose: str, outcome: str, seconds: float, tokens_in: int, tokens_out: int, **extra: Any
    ) -> None:
        # Purpose, provider, outcome, duration and tokens only: prompts and answers may hold
        # people's metadata and are not copied into the log.
        self.event_log.write(
            self._session_id(),
            {
                "kind": "llm_call",
                "purpose": purpose,
                "provider": self.provider.name,
                "outcome": outcome,
                "duration_s": round(seconds, 3),
                "input_tokens": tokens_in,
                "output_tokens": tokens_out,
                **{k: v for k, v in extra.items() if v is not None},
            },
        )


def _as_model(schema: type[T], value: T | dict[str, Any]) -> T:
    return value if isinstance(value, schema) else schema.model_validate(value)


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


def _extract_json(text: str) -> Any:
    """The JSON object in a model's answer (bare, or inside a ``` fence)."""
    fenced = _FENCE.search(text)
    candidate = fenced.group(1) if fenced else text
    start, end = candidate.find("{"), candidate.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("no JSON object in the answer")
    return json.loads(candidate[start : end + 1])


def _short(exc: Exception) -> str:
    return str(exc).splitlines()[0][:200]
