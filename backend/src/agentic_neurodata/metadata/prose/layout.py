"""Key and value laid out as a two-column table: "| experimenter | Shuqi Wang |", one row per field.

A Markdown or pipe table of two columns whose first cells name fields is a list of keyed values,
read as "experimenter: Shuqi Wang" lines. Its header ("| field | value |") and rule ("| --- | --- |")
give nothing. Tables of animals (a row per animal, a column per field) are prose/tables.py's.
"""

from __future__ import annotations

import re

from .words import KEYS

_ROW = re.compile(
    r"^[ \t]*\|?[ \t]*(?P<key>[^|\n]{1,40}?)[ \t]*\|[ \t]*(?P<value>[^|\n]{0,300}?)[ \t]*\|?[ \t]*$", re.M
)
_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*\|[ \t]*:?-{3,}:?[ \t]*\|?[ \t]*$", re.M)
_HEADER_WORDS = {"field", "fields", "key", "keys", "name", "value", "values", "metadata", "property", "entry"}


def as_keyed_lines(text: str) -> str:
    """`text` with a two-column key/value table written as "key: value" lines; unchanged otherwise."""
    lines = [line for line in text.splitlines() if line.strip()]
    rows = [_ROW.fullmatch(line) for line in lines if not _RULE.fullmatch(line)]
    if len(rows) < 2 or not all(row and "|" in line for row, line in zip(rows, lines, strict=False)):
        return text
    keyed = []
    for row in rows:
        assert row is not None
        key = " ".join(row.group("key").lower().replace("_", " ").split())
        if key in _HEADER_WORDS and row.group("value").strip().lower() in _HEADER_WORDS:
            continue  # "| field | value |": the header
        if key not in KEYS:
            return text  # a row that names no field: not a key/value table
        keyed.append(f"{row.group('key').strip()}: {row.group('value').strip()}")
    return "\n".join(keyed) if keyed else text
