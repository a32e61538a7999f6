"""Knowledge shared by every agent: what NWB Inspector's checks mean and how each is fixed."""

from .inspector_checks import (
    CheckKnowledge,
    all_checks,
    ecephys_relevant_check_names,
    fix_kind_for,
    fix_strategies_for_issues,
    knowledge_for,
    lookup,
)

__all__ = [
    "CheckKnowledge",
    "all_checks",
    "ecephys_relevant_check_names",
    "fix_kind_for",
    "fix_strategies_for_issues",
    "knowledge_for",
    "lookup",
]
