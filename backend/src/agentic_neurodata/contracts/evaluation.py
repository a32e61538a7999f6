"""Actions of the evaluation agent: read check, NWB Inspector, file description, reports."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ..domain import CorrectionContext, OverallStatus, ValidationResult
from ..router.contract import ActionContract, NoParams, Params
from . import AgentName


class EvaluateParams(Params):
    nwb_path: str
    version: int | None = None
    with_report: bool = Field(default=True, description="False: the caller asks for the report later")
    same_data_as: str | None = Field(
        default=None,
        description="An earlier version holding the same data (this one was derived from it): its report figure "
        "is reused instead of drawn again",
    )


class ReportWritten(BaseModel):
    report_path: str
    format: Literal["pdf", "json"]
    overall_status: OverallStatus


class CorrectionContextReply(BaseModel):
    context: CorrectionContext | None = Field(description="None while nothing has been evaluated")


_AGENT = AgentName.EVALUATION

EVALUATE = ActionContract(
    _AGENT,
    "evaluate",
    EvaluateParams,
    ValidationResult,
    "Evaluate an NWB file: read check, NWB Inspector, overall status, file information, then its report.",
)
GENERATE_REPORT = ActionContract(
    _AGENT,
    "generate_report",
    NoParams,
    ReportWritten,
    "Write the report of the latest evaluation: PDF if it passed, JSON correction context if it failed.",
)
CORRECTION_CONTEXT = ActionContract(
    _AGENT,
    "correction_context",
    NoParams,
    CorrectionContextReply,
    "The latest evaluation as a correction context: each issue, what it means, how to fix it.",
)
