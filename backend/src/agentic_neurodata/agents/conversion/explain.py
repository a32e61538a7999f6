"""What detection tells the user: one line per reader, and why nothing could read the files."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .probe import call_with_timeout
from .scan import Inventory

if TYPE_CHECKING:
    from .detection import Detector
    from .ranking import Found


def _size(n: int) -> str:
    for unit in ("bytes", "kB", "MB", "GB"):
        if n < 1000 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n} bytes"


def display(cls: type) -> str:
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
            listed = call_with_timeout(lambda: streams(**{found.proposal.path_key: value}), 5.0, "streams") if streams else []
            extra = f"; writes every stream ({', '.join(map(str, listed))})" if listed else ""
        except Exception:  # noqa: BLE001 - the listing is only for the explanation
            extra = ""
    if found.questions:
        extra += "; needs " + ", ".join(q.name for q in found.questions)
    return f"{what} reads {where}: {len(found.files)} files, {_size(found.bytes)} ({share:.0%} of the upload){extra}"


def failure_message(inventory: Inventory, detector: Detector) -> tuple[str, dict[str, Any]]:
    names = inventory.describe()
    empty = [f.relative for f in inventory.empty_files]
    empty_note = f" Empty files (0 bytes): {', '.join(empty[:5])}." if empty else ""
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
    return (
        f"The files look like {display(ranked[0][0].cls)}, but no reader could open them. "
        + " ".join(c.rstrip(".") + "." for c in complaints) + hint + empty_note,
        {"attempts": [{"interface": p.name, "source": p.scope, "error": e} for p, e in ranked[:10]],
         "empty_files": empty},
    )


def _hint_for(error: str) -> str:
    lowered = error.lower()
    if "no samples" in lowered or "size of available data" in lowered or "multiple of" in lowered or "truncat" in lowered:
        return (" A data file looks empty or cut short (truncated), e.g. by an interrupted copy: upload the "
                "complete file as the acquisition system wrote it.")
    if lowered.startswith("keyerror") or "header" in lowered:
        return (" The file header is missing a field the reader needs: it may be corrupted or written by an "
                "unsupported software version. Upload the original file as the acquisition system wrote it.")
    return ""
