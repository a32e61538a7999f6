"""The report's correction history: per round, each object of the file that changed with its value
before and after (read from both versions), who changed it (an automatic fix, checked to have taken
effect, or the person's answer), the values given, and what no correction could change, with why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...domain import AppliedFix, CorrectionAttempt, ObjectChange
from ...knowledge.inspector_checks import knowledge_for
from ...metadata.object_fields import edit_for

if TYPE_CHECKING:
    from .report_pdf import ReportBuilder

TABLE_NAMES = {"electrodes": "electrodes column", "units": "units column"}


def history_section(r: ReportBuilder, history: list[CorrectionAttempt], esc: Any) -> None:
    from reportlab.platypus import KeepTogether

    if not history:
        r.add(r.p("No correction was needed or made: this report is about the first conversion."))
        return
    r.add(
        r.p(
            f"{len(history)} correction attempt{'s' if len(history) != 1 else ''} led to this file. For each, the "
            "objects of the file that changed are listed with their value before and after, read from both "
            "versions; every automatic fix is listed with its reason and whether it took effect; values you gave "
            "are listed as given."
        )
    )
    for attempt in history:
        r.add(KeepTogether(_attempt(r, attempt, esc)))
        left = _leftovers(r, attempt, esc)
        if left:
            r.add(*left)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def value_text(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, (list, tuple)):
        return "; ".join(map(str, value))
    return str(value)


def object_label(change: ObjectChange) -> str:
    kind = TABLE_NAMES.get(change.object_type, change.object_type)
    return kind if change.object_name in ("root", "subject") else f"{kind} {change.object_name}"


def fix_title(fix: AppliedFix) -> str:
    """The catalogue's title for what the fix answers, for the kind of object it changed (a device's
    description, a column's) rather than the check's general one."""
    kind = fix.changes[0].object_type if fix.changes else None
    kind = "VectorData" if kind in TABLE_NAMES else kind
    return knowledge_for(fix.check_name, object_type=kind).title


def _by(change: ObjectChange, fixes: list[AppliedFix], given: dict[str, Any]) -> str:
    """Who made the change: the automatic fix that announced it, else the person's answers."""
    for fix in fixes:
        if any(c.target == change.target for c in fix.changes):
            return "automatic: " + fix_title(fix)
    mine = {edit.object_name for name, value in given.items() if (edit := edit_for(name, value))}
    if given and (change.object_type in ("Subject", "NWBFile") or change.object_name in mine):
        return "your answer"
    return "this conversion"


def _attempt(r: ReportBuilder, attempt: CorrectionAttempt, esc: Any) -> list[Any]:
    """One attempt's block: kept on one page (a few rows each)."""
    before = _count(len(attempt.issues_before), "issue")
    after = "not evaluated yet" if attempt.issues_after is None else _count(len(attempt.issues_after), "issue")
    status = attempt.status_after.value if attempt.status_after else "pending"
    block = [
        r.p(
            f"Attempt {attempt.attempt}"
            + (f" → v{attempt.version}" if attempt.version else "")
            + f" · {esc(attempt.started_at.strftime('%Y-%m-%d %H:%M'))}",
            "h2",
        ),
        r.p(f"Before: {before}. After: {esc(after)}. Status after: {esc(status)}.", "small"),
    ]
    evaluated = attempt.issues_after is not None and attempt.file_before is not None
    changes = attempt.changes if evaluated else [c for fix in attempt.fixes_applied for c in fix.changes]
    if changes:
        title = "What changed in the file" if evaluated else "What the automatic fixes will change (not evaluated yet)"
        block.append(r.p(title, "small"))
        block.append(
            r.table(
                [["Object", "Attribute", "Before", "After", "By"]]
                + [
                    [
                        esc(object_label(c)),
                        esc(c.attribute.replace("_", " ")),
                        esc(value_text(c.before)),
                        esc(value_text(c.after)),
                        esc(_by(c, attempt.fixes_applied, attempt.user_input)),
                    ]
                    for c in changes
                ],
                [0.2, 0.14, 0.18, 0.3, 0.18],
            )
        )
    elif evaluated:
        block.append(r.p("Nothing changed in the file's descriptions, devices, groups or columns.", "small"))
    if attempt.fixes_applied:
        block.append(r.p("Automatic fixes", "small"))
        block.append(
            r.table(
                [["Fix", "Objects", "Took effect", "Reason"]]
                + [
                    [
                        esc(fix_title(f)),
                        esc(_fix_objects(f)),
                        {True: "yes", False: "<b>no</b>", None: "not checked yet"}[f.took_effect],
                        esc(f.reason),
                    ]
                    for f in attempt.fixes_applied
                ],
                [0.22, 0.3, 0.12, 0.36],
            )
        )
    if attempt.user_input:
        block.append(
            r.table(
                [["Field you gave", "Value"]] + [[esc(k), esc(value_text(v))] for k, v in attempt.user_input.items()],
                [0.35, 0.65],
            )
        )
    if not attempt.fixes_applied and not attempt.user_input:
        block.append(r.p("No fix and no new value in this attempt.", "small"))
    return block


def _fix_objects(fix: AppliedFix) -> str:
    """The objects a fix changed, or (a fix recorded without them) its field's value before and after."""
    names = ", ".join(dict.fromkeys(c.object_name for c in fix.changes))
    return names or f"{value_text(fix.field)}: {value_text(fix.old_value)} → {value_text(fix.new_value)}"


def _leftovers(r: ReportBuilder, attempt: CorrectionAttempt, esc: Any) -> list[Any]:
    if not attempt.leftovers:
        return []
    items = [
        f"<b>{esc(left.title)}</b>"
        + (f" ({esc(left.object_name)})" if left.object_name else "")
        + f": {esc(left.reason)}"
        for left in attempt.leftovers
    ]
    return [r.p("What no automatic fix and no answer could change in this round, and why:", "small"), r.bullets(items)]
