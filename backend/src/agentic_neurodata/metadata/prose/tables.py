"""A table pasted as text: a header row and one row of values ("subject_id,species,sex\nQM-7,mouse,F",
"Subject | Sex | Age (days)\nEV-2 | M | 112") says each value's role in its column's header.

The table is read as the keyed row it stands for ("subject_id=QM-7; species=mouse; sex=F"), so the
same key rules apply (keys.py: "Arrival weight" is another time, "Age (days)" gives the unit). A unit
in brackets after a key ("weight (g): 312") is the key's unit, as in "weight_g=312".
"""

from __future__ import annotations

import re

from .words import KEYS

# A header cell: a short label, with a unit or note in brackets ("Age (days)", "weight (g)").
_HEADER_CELL = re.compile(r"[A-Za-z][A-Za-z _./-]{0,30}(?:\s*\([A-Za-z ]{1,10}\))?")
_SEPARATORS = ("\t", "|", ",", ";")
_UNIT_KEY = re.compile(
    r"\b(?P<key>[A-Za-z]+)\s*\((?P<unit>g|kg|mg|grams?|d|days?|w|wks?|weeks?|mo|months?|y|yrs?|years?)\)\s*(?=[:=])",
    re.I,
)


def as_keyed_row(text: str) -> str:
    """The message as a keyed row when it is a header and one row of values; otherwise as it is, with a
    unit in brackets after a key joined to the key ("weight (g): 312" -> "weight_g: 312")."""
    text = _UNIT_KEY.sub(lambda m: f"{m.group('key')}_{m.group('unit')}", text)
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) != 2:
        return text
    for separator in _SEPARATORS:
        header = [cell.strip() for cell in lines[0].split(separator)]
        row = [cell.strip() for cell in lines[1].split(separator)]
        if len(header) < 2 or len(header) != len(row):
            continue
        if not all(_HEADER_CELL.fullmatch(cell) for cell in header):
            return text
        if 2 * sum(_names_a_field(cell) for cell in header) < len(header):
            return text  # "Hello, thanks\nmouse m1, female": a greeting, not a header
        return "; ".join(f"{_key(cell)}={value}" for cell, value in zip(header, row, strict=True) if value)
    return text


def _names_a_field(cell: str) -> bool:
    """'Recording weight', 'DOB', 'mouse_id': a header cell that holds a field's key word."""
    words = _key(cell).split("_")
    return any(" ".join(words[i:j]) in KEYS for i in range(len(words)) for j in range(i + 1, len(words) + 1))


def _key(cell: str) -> str:
    """'Age (days)' -> 'age_days', 'Recording weight' -> 'recording_weight', 'subject_id' stays."""
    return "_".join(re.findall(r"[A-Za-z]+", cell.lower()))
