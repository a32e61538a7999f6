"""One catalogue entry: what a check means, why it matters, how it is fixed."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..domain import FixKind, FixStrategy, IssueCategory


class CheckKnowledge(BaseModel):
    check_name: str
    title: str = Field(description="A short name a scientist understands")
    category: IssueCategory
    meaning: str = Field(description="What the check found, in plain words")
    why_it_matters: str
    how_to_fix: str
    fixes: list[FixStrategy] = Field(default_factory=list, description="Empty: the service cannot change it")
    known: bool = Field(default=True, description="False when built from an unknown check's own message")

    @property
    def fix_kind(self) -> FixKind:
        """ASK when any value must come from the user; AUTO when every fix is automatic; else NONE."""
        kinds = {fix.kind for fix in self.fixes}
        if FixKind.ASK in kinds:
            return FixKind.ASK
        return FixKind.AUTO if kinds == {FixKind.AUTO} else FixKind.NONE

    @property
    def fields(self) -> list[str]:
        return [fix.field for fix in self.fixes if fix.field]
