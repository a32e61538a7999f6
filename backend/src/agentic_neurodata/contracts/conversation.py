"""Actions of the conversation agent, the only one that talks to the user."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ..domain import ValidationResult
from ..router.contract import ActionContract, NoParams, Params
from . import AgentName


class ActionReply(BaseModel):
    """Where the workflow went after an action, and what it waits for next."""

    status: str
    message: str
    next_action: str | None = Field(default=None, description="processing, upload, done, or a pending request type")


class UserInputReply(BaseModel):
    """The answer to what the user said: values taken, values refused (with why), what comes next."""

    reply: str
    accepted: dict[str, Any] = Field(default_factory=dict)
    rejected: dict[str, str] = Field(default_factory=dict)
    next_action: str


class StartConversionParams(Params):
    input_path: str = Field(description="The folder of the recording (upload folder or read in place)")
    metadata: dict[str, Any] | None = Field(default=None, description="Values given with the upload, by field name")
    forced_format: str | None = Field(default=None, description="Only this NeuroConv interface or converter")


class UserInputParams(Params):
    """One of: free text (`message`), several fields, one field (`field_name` + `value`), or skips."""

    message: str | None = None
    fields: dict[str, Any] | None = None
    field_name: str | None = None
    value: Any = None
    skip: list[str] | None = None


class ValidationResultParams(Params):
    validation_result: ValidationResult


class CorrectionDecisionParams(Params):
    approved: bool
    accept_as_is: bool = False


_AGENT = AgentName.CONVERSATION

START_CONVERSION = ActionContract(
    _AGENT,
    "start_conversion",
    StartConversionParams,
    ActionReply,
    "Start converting an uploaded folder: detect, ask what is missing, convert, evaluate (in the background).",
)
HANDLE_USER_INPUT = ActionContract(
    _AGENT,
    "handle_user_input",
    UserInputParams,
    UserInputReply,
    "Take the user's answer: free text, named fields, one field, or fields the user declines to give.",
)
HANDLE_VALIDATION_RESULT = ActionContract(
    _AGENT,
    "handle_validation_result",
    ValidationResultParams,
    ActionReply,
    "Handle the result of an evaluation: finish, or propose how to go on.",
)
HANDLE_CORRECTION = ActionContract(
    _AGENT,
    "handle_correction",
    CorrectionDecisionParams,
    ActionReply,
    "The user's decision on a proposal: approve (or improve), decline, or accept as is.",
)
ACCEPT_AS_IS = ActionContract(
    _AGENT,
    "accept_as_is",
    NoParams,
    ActionReply,
    "Accept the current file as it is (a file that passed with warnings).",
)
CANCEL = ActionContract(
    _AGENT, "cancel", NoParams, ActionReply, "Stop: return to idle, keeping uploads and earlier versions."
)
