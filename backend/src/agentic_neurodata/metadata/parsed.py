"""What reading a person's message gives: values (already normalised by the rules),
rejections with reasons, intents (skip, don't know, skip all, ...) and notes."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, Field

from ..domain import ValueConfirmation


class IntentKind(StrEnum):
    SKIP_FIELD = "skip_field"  # "skip that", "n/a": the user declines these fields
    DONT_KNOW = "dont_know"  # "I don't know the age": the user cannot give these fields
    SKIP_ALL = "skip_all"  # "just convert it, skip the questions": minimal mode, no more questions
    APPROVE = "approve"  # "yes, go ahead" (retry / improvement proposals)
    DECLINE = "decline"  # "no thanks"
    ACCEPT_AS_IS = "accept_as_is"  # "keep it as it is"
    CANCEL = "cancel"  # "cancel", "stop"
    QUESTION = "question"  # the user asks something instead of answering


class Intent(BaseModel):
    kind: IntentKind
    fields: list[str] = Field(default_factory=list, description="Fields the intent is about (empty: not specific)")
    text: str = Field(default="", description="The words that expressed it")


class FoundValue(BaseModel):
    field: str
    value: Any
    raw: str = Field(description="What the user wrote")
    note: str = ""


class Rejection(BaseModel):
    field: str
    raw: str
    reason: str
    example: str = ""
    partial: str | None = Field(default=None, description="What was understood, e.g. a date waiting for its zone")

    @property
    def message(self) -> str:
        return f"{self.reason} Example: {self.example}" if self.example else self.reason


class ParsedInput(BaseModel):
    """The result of reading one message (offline parser or LLM, always validated by the rules)."""

    values: dict[str, Any] = Field(default_factory=dict, description="Field -> normalised value, ready to store")
    found: list[FoundValue] = Field(default_factory=list)
    rejections: list[Rejection] = Field(default_factory=list)
    confirmations: list[ValueConfirmation] = Field(
        default_factory=list, description="Guesses to ask back ('monkey' -> rhesus macaque?); never stored"
    )
    discarded: list[str] = Field(
        default_factory=list, description="Model readings refused as invented: for the log, not shown to the person"
    )
    intents: list[Intent] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list, description="What was normalised, in plain words")
    unparsed: str = Field(default="", description="Words that were not understood")
    source: Literal["offline", "llm", "offline_fallback"] = "offline"

    @property
    def rejected(self) -> dict[str, str]:
        """{field: message} as the API's UserInputResponse.rejected wants it."""
        return {r.field: r.message for r in self.rejections}

    @property
    def partial(self) -> dict[str, str]:
        """Values understood in part (a start time without zone), to pass back with the next answer."""
        return {r.field: r.partial for r in self.rejections if r.partial}

    def settles(self, field: str) -> bool:
        """Whether this message gave, refused or asked back a value for `field`."""
        return (
            field in self.values
            or any(r.field == field for r in self.rejections)
            or any(c.field == field for c in self.confirmations)
        )

    def has_intent(self, kind: IntentKind) -> bool:
        return any(intent.kind == kind for intent in self.intents)

    def fields_with_intent(self, kind: IntentKind) -> list[str]:
        return sorted({name for intent in self.intents if intent.kind == kind for name in intent.fields})
