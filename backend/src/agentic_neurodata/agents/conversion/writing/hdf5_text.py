"""Text HDF5 cannot store, made storable before writing: an automatic fix, said and logged.

h5py refuses a NUL character inside a string ("VLEN strings do not support embedded NULLs") and
text that is not valid Unicode (lone surrogates: bytes a reader kept with Python's surrogateescape,
typically a name in a Windows code page). Real headers carry both, e.g. an Intan channel name with
a NUL copied into it; without this the whole conversion fails on one name.

The fix: NUL and other control characters are removed (tabs and line breaks stay), escaped bytes are
read as Windows-1252 (what such names almost always are), any other broken character becomes U+FFFD.
The original is kept, escaped to plain ASCII, where NWB has room for it: a `<column>_original`
column beside an electrodes or units column, and the description of a device or electrode group
whose name or text changed. Everything changed is returned as notes for the user and the report.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

# C0 controls and DEL, but tab, line feed and carriage return: HDF5 stores those, people use them.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
SURROGATES = re.compile(r"[\ud800-\udfff]+")
ESCAPED_BYTES = re.compile(r"[\udc80-\udcff]+")
MAX_EXAMPLES = 3


def _bytes_as_text(match: re.Match[str]) -> str:
    raw = match.group(0).encode("utf-8", "surrogateescape")
    return raw.decode("cp1252", errors="replace")


def storable(text: str) -> str:
    """`text` as HDF5 stores it: valid Unicode, no NUL or control characters."""
    text = ESCAPED_BYTES.sub(_bytes_as_text, text)
    text = SURROGATES.sub("\ufffd", text)
    return CONTROL.sub("", text)


def escaped(text: str) -> str:
    """`text` with what HDF5 refuses written as visible escapes (\\x00, \\xe9 for an escaped byte)."""
    out = []
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}")
        elif CONTROL.match(char):
            out.append(f"\\x{code:02x}")
        else:
            out.append(char)
    return "".join(out)


@dataclass
class TextChanges:
    """What was cleaned, grouped by where, with a few examples each."""

    places: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    kept_in: set[str] = field(default_factory=set)

    def add(self, where: str, original: str, cleaned: str) -> None:
        self.places.setdefault(where, []).append((original, cleaned))

    def notes(self) -> list[str]:
        if not self.places:
            return []
        pairs = list(dict.fromkeys(pair for changes in self.places.values() for pair in changes))
        examples = ", ".join(f"'{escaped(old)}' → '{new}'" for old, new in pairs[:MAX_EXAMPLES])
        more = f" and {len(pairs) - MAX_EXAMPLES} more" if len(pairs) > MAX_EXAMPLES else ""
        kept = (
            "the originals are kept, escaped, in " + ", ".join(sorted(self.kept_in))
            if self.kept_in
            else "the originals are in the session log"
        )
        return [
            "Cleaned text HDF5 cannot store (NUL or control characters, bytes that are not valid text): "
            f"{examples}{more}, in {', '.join(self.places)}; {kept}."
        ]


def clean_metadata(metadata: dict[str, Any], changes: TextChanges) -> dict[str, Any]:
    """Make every text value of the metadata storable, in place (NeuroConv's DeepDict must stay one: its
    code relies on missing sections being created on access); an object (a dict) whose text changed keeps
    the originals in its description."""

    def clean(value: Any, path: str) -> Any:
        if isinstance(value, str):
            cleaned = storable(value)
            if cleaned != value:
                changes.add(path or "metadata", value, cleaned)
            return cleaned
        walk(value, path)
        return value

    def walk(node: Any, path: str) -> None:
        if isinstance(node, list):
            for i, item in enumerate(node):
                node[i] = clean(item, f"{path}[{i}]")
        elif isinstance(node, dict):
            originals = []
            for key in list(node):
                before = node[key]
                node[key] = clean(before, f"{path}.{key}" if path else str(key))
                if isinstance(before, str) and key != "description" and node[key] != before:
                    originals.append(f"{key} '{escaped(before)}'")
            if originals and isinstance(node.get("description"), str):
                node["description"] = f"{node['description']} (as recorded: {'; '.join(originals)})".strip()
                changes.kept_in.add(f"the description of {path or 'the file'}")

    walk(metadata, "")
    return metadata


def clean_extractor_text(extractors: list[tuple[str, Any]], metadata: dict[str, Any], changes: TextChanges) -> None:
    """Clean the text properties of recording and sorting extractors (written as electrodes and units
    columns); a changed property gets a `<name>_original` property beside it, described in `metadata`."""
    for kind, extractor in extractors:
        table = "electrodes" if kind == "recording" else "units"
        for key in list(extractor.get_property_keys()):
            values = extractor.get_property(key)
            if values is None or not _is_text(values):
                continue
            cleaned = [storable(v) if isinstance(v, str) else v for v in values]
            changed = [(v, c) for v, c in zip(values, cleaned, strict=True) if isinstance(v, str) and v != c]
            if not changed:
                continue
            for original, new in changed:
                changes.add(f"the {table} column {key}", original, new)
            extractor.set_property(key, np.array(cleaned))
            original_key = f"{key}_original"
            extractor.set_property(original_key, np.array([escaped(v) if isinstance(v, str) else "" for v in values]))
            section = "Electrodes" if kind == "recording" else "UnitProperties"
            described = metadata.setdefault("Ecephys", {}).setdefault(section, [])
            described.append(
                {
                    "name": original_key,
                    "description": f"{key} as the recording had it, with what HDF5 cannot store written as escapes "
                    "(\\x00); the cleaned text is in the column " + key,
                }
            )
            changes.kept_in.add(f"the {table} column {original_key}")


def _is_text(values: Any) -> bool:
    array = np.asarray(values)
    if array.dtype.kind == "U":
        return True
    return array.dtype.kind == "O" and any(isinstance(v, str) for v in array.ravel())
