"""Plan a correction round from an evaluation: the automatic fixes that will change the file (each
with its changes, object by object), the values only the user knows (one question per object where
objects differ), and what no fix and no answer can change, with why; and tell when a round made no
progress."""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ...domain import (
    AppliedFix,
    CorrectionAttempt,
    DetectionResult,
    FieldRequest,
    FileInfo,
    FixKind,
    FixStrategy,
    IssueCategory,
    Leftover,
    StreamKind,
    ValidationIssue,
    ValidationResult,
)
from ...knowledge import knowledge_for
from ...metadata.fields import FieldSpec, get_field
from ...metadata.object_fields import object_key, split_key
from ...metadata.result import RuleResult, accept, clean, reject
from .auto_fixes import FixInputs, apply_fix

DECLINED = "You preferred not to give this value, and the files do not hold it."
# Fixes whose values others build on run first: a group's description names its device's new name.
FIX_ORDER = ("device_description", "device_model_description", "column_description", "electrode_group_description")
# Which streams of a session write each table: a column is described by the vendor of its own table's reader.
TABLE_WRITERS = {"electrodes": StreamKind.RECORDING, "units": StreamKind.SORTING}


@dataclass
class CorrectionPlan:
    fixes: list[AppliedFix] = field(default_factory=list)
    questions: list[FieldRequest] = field(default_factory=list)
    leftovers: list[Leftover] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)  # the session's metadata with the fixes applied
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def can_change_something(self) -> bool:
        return bool(self.fixes or self.questions)

    def auto_descriptions(self) -> list[str]:
        return [describe_fix(fix) for fix in self.fixes]

    def ask_labels(self, skip: Collection[str] = (), only: Collection[str] | None = None) -> list[str]:
        """The labels of the values to ask for, leaving out the fields in `skip`, or keeping only those in `only`."""
        return [
            question_spec(q).label for q in self.questions if q.name not in skip and (only is None or q.name in only)
        ]

    def question_specs(self) -> list[FieldSpec]:
        return [question_spec(q) for q in self.questions]


def describe_fix(fix: AppliedFix) -> str:
    """The fix's reason, with the objects it changes: 'Describe ... (port, chip_channel_num and 9 more)'."""
    reason = fix.reason.rstrip(". ")
    names = list(dict.fromkeys(change.object_name for change in fix.changes))
    if not names or names == ["root"] or names == ["subject"]:
        return reason
    shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    return f"{reason} ({shown})"


def question_spec(request: FieldRequest) -> FieldSpec:
    """The field a question asks for, as the wording and the answer rules know fields; a question about
    one object (`electrode_location[imec0]`) is its field's, labelled with the object."""
    split = split_key(request.name)
    base = get_field(split[0] if split else request.name)
    label = (base.label if base else request.name.replace("_", " ")) + (f" of {split[1]}" if split else "")
    return FieldSpec(
        name=request.name,
        level="required" if request.required else "recommended",
        label=label,
        description=request.description or (base.description if base else ""),
        example=request.example or (base.example if base else ""),
        why=request.why or (base.why if base else ""),
        rule=base.rule if base else partial(_plain_text, request.name),
    )


def _plain_text(name: str, value: Any) -> RuleResult:
    text = clean(value)
    return accept(name, text) if text else reject(name, "Give a short text.", "see the question")


def _strategies(issues: list[ValidationIssue]) -> list[tuple[FixStrategy, list[ValidationIssue]]]:
    """Each fix strategy once, with the issues it answers."""
    found: dict[tuple[FixKind, str], tuple[FixStrategy, list[ValidationIssue]]] = {}
    for issue in issues:
        entry = knowledge_for(issue.check_name, message=issue.message, object_type=issue.object_type)
        for fix in entry.fixes:
            key = (fix.kind, fix.field or fix.description)
            found.setdefault(key, (fix, []))[1].append(issue)
    return sorted(
        found.values(),
        key=lambda item: (
            item[0].kind != FixKind.AUTO,
            FIX_ORDER.index(f) if (f := item[0].field) in FIX_ORDER else -1,
        ),
    )


def question_for(strategy: FixStrategy, name: str | None = None) -> FieldRequest:
    spec = get_field(strategy.field or "")
    return FieldRequest(
        name=name or (spec.name if spec else str(strategy.field)),
        required=True,
        description=strategy.question or (spec.description if spec else strategy.description),
        example=strategy.example or (spec.example if spec else None),
        why=strategy.description if not spec else spec.why,
        rule=strategy.rule,
    )


def _questions_for(strategy: FixStrategy, info: FileInfo | None) -> list[FieldRequest]:
    """One question, or one per electrode group when a file has several: each probe has its own area."""
    groups = [g.get("name") for g in (info.electrode_groups if info else []) if g.get("name")]
    if strategy.field == "electrode_location" and len(groups) > 1:
        return [
            question_for(strategy, object_key("electrode_location", str(group))).model_copy(
                update={"description": f"Which brain area did the electrodes of group {group} record from?"}
            )
            for group in groups
        ]
    return [question_for(strategy)]


def _leftover(issue: ValidationIssue, reason: str | None = None) -> Leftover:
    entry = knowledge_for(issue.check_name, message=issue.message, object_type=issue.object_type)
    if reason is None:
        reason = (
            entry.how_to_fix if entry.known else f"NWB Inspector says: {issue.message} The service has no fix for it."
        )
    return Leftover(check_name=issue.check_name, title=entry.title, object_name=issue.object_name, reason=reason)


def _covered(issue: ValidationIssue, fix: AppliedFix | None, questions: list[FieldRequest], per_object: bool) -> bool:
    """Does this round change (or ask about) the object this issue is about?"""
    if not per_object:
        return fix is not None or bool(questions)
    touched = {c.object_name for c in fix.changes} if fix else set()
    asked = {split[1] for q in questions if (split := split_key(q.name))}
    return issue.object_name in touched | asked


def table_readers_of(found: DetectionResult | None) -> dict[str, tuple[str, ...]]:
    """The readers of the session's included streams that write each table: recordings the electrodes,
    sortings the units (empty for a detection without a session plan)."""
    streams = found.included_streams() if found else []
    readers = {
        table: tuple(dict.fromkeys(s.interface for s in streams if s.kind == kind))
        for table, kind in TABLE_WRITERS.items()
    }
    return {table: names for table, names in readers.items() if names}


def plan_corrections(
    result: ValidationResult,
    metadata: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    interface: str | None = None,
    *,
    ask_everything: bool = False,
    declined: Iterable[str] = (),
    table_readers: dict[str, tuple[str, ...]] | None = None,
) -> CorrectionPlan:
    """What a correction round would do about `result`'s issues, worked out on copies of the session's
    metadata and options (nothing is changed until the plan is taken). Inspector crashes are not the
    file's fault and are left out. A question about one object that the person declined is asked once
    only (unless they ask for every question again): that object's issue is then a leftover.
    `table_readers`: the readers of a session that write each table (`table_readers_of`), else `interface`."""
    issues = [i for i in result.issues if i.category != IssueCategory.INSPECTOR_INTERNAL]
    plan = CorrectionPlan(metadata=copy.deepcopy(metadata or {}), options=copy.deepcopy(options or {}))
    still_reported = fields_still_reported(result)
    covered: set[int] = set()
    for strategy, answered in _strategies(issues):
        if strategy.kind == FixKind.AUTO:
            inputs = FixInputs(result.file_info, answered, interface, dict(table_readers or {}))
            outcome = apply_fix(strategy, inputs, plan.metadata, plan.options)
            if outcome.fix is not None:
                plan.fixes.append(outcome.fix)
            plan.questions.extend(outcome.questions)
            per_object = any(
                i.object_type in ("Device", "DeviceModel", "ElectrodeGroup", "VectorData") for i in answered
            )
            covered |= {id(i) for i in answered if _covered(i, outcome.fix, outcome.questions, per_object)}
        elif strategy.field:
            asked = [
                q
                for q in _questions_for(strategy, result.file_info)
                if ask_everything or q.name not in plan.metadata or strategy.field in still_reported
            ]
            plan.questions.extend(q for q in asked if q.name not in {p.name for p in plan.questions})
            covered |= {id(i) for i in answered}
    refused = {name for name in declined if split_key(name)} if not ask_everything else set()
    not_asked = {split[1] for q in plan.questions if q.name in refused and (split := split_key(q.name))}
    plan.questions = [q for q in plan.questions if q.name not in refused]
    plan.leftovers = [
        _leftover(i, DECLINED if i.object_name in not_asked else None)
        for i in issues
        if id(i) not in covered or i.object_name in not_asked
    ]
    return plan


def leftovers_not_said(plan: CorrectionPlan, history: Iterable[CorrectionAttempt]) -> list[Leftover]:
    """The leftovers no earlier round told the user about (each is said once)."""
    said = {(left.check_name, left.object_name) for attempt in history for left in attempt.leftovers}
    return [left for left in plan.leftovers if (left.check_name, left.object_name) not in said]


def fields_still_reported(result: ValidationResult) -> set[str]:
    """Metadata fields the evaluation still finds missing or wrong (so asking again is warranted)."""
    fields: set[str] = set()
    for issue in result.issues:
        fields.update(knowledge_for(issue.check_name, message=issue.message, object_type=issue.object_type).fields)
    return fields


def issue_keys(issues: list[ValidationIssue]) -> set[tuple[str, str, str]]:
    return {issue.key for issue in issues}


def made_no_progress(attempt: CorrectionAttempt) -> bool:
    """Same issues (check + where) after the round as before it, and nothing changed in the file (read from
    both versions); for a round recorded without the file before it: no new input and no fix either."""
    if attempt.issues_after is None or issue_keys(attempt.issues_after) != issue_keys(attempt.issues_before):
        return False
    if attempt.file_before is not None:
        return not attempt.changes
    return not attempt.user_input and not attempt.fixes_applied
