"""LLM service: one interface (LLMService), an Anthropic provider and a deterministic offline provider."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .base import LLMReply, LLMService, OfflineProvider
from .prompts import PromptLibrary

if TYPE_CHECKING:
    from ..config import Settings
    from ..logs import EventLog

__all__ = ["LLMReply", "LLMService", "OfflineProvider", "PromptLibrary", "build_llm_service"]


def build_llm_service(settings: Settings, event_log: EventLog, session_id: Callable[[], str | None] = lambda: None) -> LLMService:
    """The provider chosen by LLM_PROVIDER (auto: anthropic when a key is set, else offline)."""
    provider = OfflineProvider()
    # The anthropic provider plugs in here (issue: LLM service).
    return LLMService(provider, PromptLibrary(), event_log, timeout_s=settings.llm_timeout_s, session_id=session_id)
