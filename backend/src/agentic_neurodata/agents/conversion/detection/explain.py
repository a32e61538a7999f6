"""What detection tells the user: one line per reader, and why nothing could read the files."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .probe import call_with_timeout
from .scan import Inventory

if TYPE_CHECKING:
    from .candidates import SkippedReader
    from .detector import Detector
    from .ranking import Found

MAX_NAMED_READERS = 3


def _size(n_bytes: int) -> str:
    n = float(n_bytes)
    for unit in ("bytes", "kB", "MB", "GB"):
        if n < 1000 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n} bytes"


def display(cls: type[Any]) -> str:
    return getattr(cls, "display_name", None) or cls.__name__


def explain(found: Found, total: int) -> str:
    cls = found.proposal.cls
    share = found.bytes / total if total else 0
    what = f"{display(cls)} ({cls.__name__})"
    where = f"stream {found.stream} of {found.proposal.scope}" if found.stream else found.proposal.scope
    extra = ""
    if found.proposal.is_converter:
        streams = getattr(cls, "get_streams", None)
        try:
            value = found.source_data[found.proposal.path_key]
            listed = (
                call_with_timeout(lambda: streams(**{found.proposal.path_key: value}), 5.0, "streams")
                if streams
                else []
            )
            extra = f"; writes every stream ({', '.join(map(str, listed))})" if listed else ""
        except Exception:  # noqa: BLE001 - the listing is only for the explanation
            extra = ""
    needed = [q.name.replace("_", " ") for q in found.questions if not q.suggested]
    from_header = [f"{q.name.replace('_', ' ')} {q.suggested}" for q in found.questions if q.suggested]
    if needed:
        extra += "; needs " + ", ".join(needed)
    if from_header:
        extra += "; read from its header: " + ", ".join(from_header)
    return f"{what} reads {where}: {len(found.files)} files, {_size(found.bytes)} ({share:.0%} of the upload){extra}"


def _files(names: tuple[str, ...]) -> str:
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def _not_tried(skipped: list[SkippedReader]) -> str:
    """One sentence per reader whose suffixes matched but that could not be tried (largest match first)."""
    ranked = sorted(skipped, key=lambda s: (-len(s.files), s.name))[:MAX_NAMED_READERS]
    return " ".join(
        f"{display(s.cls)} ({s.name}) matches {_files(s.files)} by name but could not be tried: {s.reason}."
        for s in ranked
    )


def failure_message(inventory: Inventory, detector: Detector) -> tuple[str, dict[str, Any]]:
    names = inventory.describe()
    empty = [f.relative for f in inventory.empty_files]
    empty_note = f" Empty files (0 bytes): {', '.join(empty[:5])}." if empty else ""
    skipped_details = [{"interface": s.name, "files": list(s.files[:10]), "reason": s.reason} for s in detector.skipped]
    named = [s for s in detector.skipped if s.worth_naming]
    if not detector.failures and named:
        return (
            f"No reader could be tried on these files: {names}. {_not_tried(named)}{empty_note} If the "
            "files are complete, this format needs values detection cannot ask for; convert it with NeuroConv "
            "directly, or upload the folder your acquisition system wrote.",
            {"files": [f.relative for f in inventory.files][:50], "empty_files": empty, "not_tried": skipped_details},
        )
    if not detector.failures:
        return (
            f"No recording format NeuroConv reads was found among these files: {names}.{empty_note} Upload the "
            "folder your acquisition system wrote, for example a SpikeGLX run folder (…imec0.ap.bin with its "
            ".ap.meta), an Open Ephys 'Record Node' folder, or an Intan .rhd file.",
            {"files": [f.relative for f in inventory.files][:50], "empty_files": empty},
        )
    # The readers that claimed the most bytes are the ones the files were meant for.
    ranked = sorted(detector.failures, key=lambda item: (-item[0].bytes, -item[0].coverage))
    seen: set[str] = set()
    complaints = []
    for proposal, error in ranked:
        if proposal.name in seen or error in seen:
            continue
        seen.update((proposal.name, error))
        complaints.append(f"{display(proposal.cls)} ({proposal.name}) could not read {proposal.scope}: {error}")
        if len(complaints) == 3:
            break
    hint = _hint_for(ranked[0][1])
    # A reader left out for a missing companion file is noise when another reader tried those files.
    tried = {f.relative for p, _ in detector.failures for f in p.files}
    untried = [s for s in named if not (s.needs_companion and set(s.files) <= tried)]
    not_tried = f" {_not_tried(untried)}" if untried else ""
    return (
        f"The files look like {display(ranked[0][0].cls)}, but no reader could open them. "
        + " ".join(c.rstrip(".") + "." for c in complaints)
        + hint
        + not_tried
        + empty_note,
        {
            "attempts": [{"interface": p.name, "source": p.scope, "error": e} for p, e in ranked[:10]],
            "empty_files": empty,
            "not_tried": skipped_details,
        },
    )


def _hint_for(error: str) -> str:
    lowered = error.lower()
    if (
        "no samples" in lowered
        or "size of available data" in lowered
        or "multiple of" in lowered
        or "truncat" in lowered
    ):
        return (
            " A data file looks empty or cut short (truncated), e.g. by an interrupted copy: upload the "
            "complete file as the acquisition system wrote it."
        )
    if lowered.startswith("keyerror") or "header" in lowered:
        return (
            " The file header is missing a field the reader needs: it may be corrupted or written by an "
            "unsupported software version. Upload the original file as the acquisition system wrote it."
        )
    return ""
