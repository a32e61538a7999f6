"""A session folder as a browser sends it, assembled from folders that live apart (the generated
recording and a real sorting), without copying the real recordings anywhere."""

from __future__ import annotations

from pathlib import Path


def session_parts(root_name: str, folders: dict[str, Path]) -> list[tuple[str, tuple[str, bytes, str]]]:
    """Multipart `files` parts for one dropped folder named `root_name` holding each of `folders` under
    its key ("" puts a folder's content at the top): filename = path relative to the dropped folder's parent."""
    parts = []
    for place, folder in folders.items():
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            inside = (
                Path(root_name, place, path.relative_to(folder)) if place else Path(root_name, path.relative_to(folder))
            )
            parts.append(("files", (inside.as_posix(), path.read_bytes(), "application/octet-stream")))
    return parts


def unit_electrode_rows(units) -> list[list[int]]:  # type: ignore[no-untyped-def]
    """Each unit's rows in the electrodes table, as read back by PyNWB."""
    index = units["electrodes"]
    ends = [int(n) for n in index.data[:]]
    flat = [int(n) for n in index.target.data[:]]
    return [flat[start:end] for start, end in zip([0, *ends[:-1]], ends, strict=True)]
