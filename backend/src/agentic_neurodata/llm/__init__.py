"""LLM service: one interface (LLMService); providers: Anthropic, an OpenAI-compatible local model
server (Ollama, llama.cpp), and a deterministic offline provider."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .base import LLMProvider, LLMReply, LLMService, OfflineProvider
from .openai_compatible import OpenAICompatibleProvider
from .prompts import PromptLibrary

if TYPE_CHECKING:
    from ..config import Settings
    from ..logs import EventLog
    from .anthropic import AnthropicProvider


def __getattr__(name: str) -> Any:
    # The Anthropic SDK takes about a second to import: only when it is used (not offline, not the CLI).
    if name == "AnthropicProvider":
        from .anthropic import AnthropicProvider

        return AnthropicProvider
    raise AttributeError(name)


__all__ = [
    "AnthropicProvider",
    "LLMReply",
    "LLMService",
    "OfflineProvider",
    "OpenAICompatibleProvider",
    "PromptLibrary",
    "build_llm_service",
]


def build_llm_service(
    settings: Settings,
    event_log: EventLog,
    session_id: Callable[[], str | None] = lambda: None,
    *,
    http_client: Any = None,
) -> LLMService:
    """The provider chosen by LLM_PROVIDER (auto: anthropic when a key is set, else offline).

    The choice is `settings.effective_llm_provider`, the same value /api/info and /api/status
    report. `http_client` lets tests put a fake transport under the provider (an httpx2 client
    under the Anthropic SDK, an httpx client for the openai-compatible provider)."""
    provider: LLMProvider
    if settings.effective_llm_provider == "anthropic":
        from .anthropic import AnthropicProvider

        key = settings.anthropic_api_key.get_secret_value() if settings.anthropic_api_key else None
        provider = AnthropicProvider(
            key, settings.anthropic_model, max_retries=settings.llm_max_retries, http_client=http_client
        )
    elif settings.effective_llm_provider == "openai-compatible":
        local_key = settings.openai_compatible_api_key
        provider = OpenAICompatibleProvider(
            settings.openai_compatible_base_url,
            settings.openai_compatible_model,
            api_key=local_key.get_secret_value() if local_key else None,
            max_retries=settings.llm_max_retries,
            http_client=http_client,
            context_chars=settings.openai_compatible_context_chars,
        )
    else:
        provider = OfflineProvider()
    return LLMService(provider, PromptLibrary(), event_log, timeout_s=settings.llm_timeout_s, session_id=session_id)
