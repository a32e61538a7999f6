"""Answers given in the order of the questions: "1) m042 2) mouse 3) female", or one per line.

The service lists its questions one per line; a person may answer them the same way, numbered or
as a list, without naming the fields. Such an answer is rewritten as the keyed pairs it stands for
("subject id: m042; species: mouse; sex: female"), but only when every item is a plain value its
question's rule accepts (or a skip): one item that does not fit, or that would be asked back, means
the order may not be the questions' order, and the message is read as it was written. Read otherwise, "mouse 3) female"
gave the subject ID 3.
"""

from __future__ import annotations

import re

from ..dates import attach_zone
from ..fields import validate_field
from .talk import is_talk

# "1) m042", "2. mouse", "(3) female": a number opening an item; "- m042", "* mouse", "• female": a bullet.
_NUMBERED = re.compile(r"(?:^|(?<=\s))\(?(?P<number>\d{1,2})[).]\s+")
_BULLET = re.compile(r"^[ \t]*[-*•][ \t]+(?P<item>\S.*?)[ \t]*$", re.M)
_SKIP = re.compile(r"\W*(?:skip|pass|n/?a|none|unknown|-+|\?+|no\s+idea|don'?t\s+know|not\s+sure|idk)\W*", re.I)


def as_keyed_by_position(text: str, asked: list[str], partial: dict[str, str]) -> str:
    """The message with items answering the asked fields in order written as keyed pairs."""
    items = _numbered_items(text) or _bulleted_items(text)
    if len(items) < 2:
        return text
    # Read as written, the items lose their markers ("1)", "- "): a marker is part of no value.
    as_written = "; ".join(items)
    if len(items) > len(asked):
        return as_written
    pairs = []
    for field, item in zip(asked, items, strict=False):
        if _SKIP.fullmatch(item):
            pairs.append(f"{field.replace('_', ' ')}: skip")
            continue
        if is_talk(item) or not _fits(field, item, partial):
            return as_written  # not the questions' order (or not a plain value)
        pairs.append(f"{field.replace('_', ' ')}: {item}")
    return "; ".join(pairs)


def _fits(field: str, item: str, partial: dict[str, str]) -> bool:
    """A plain value of the field; a zone alone completes a start time known but for its zone."""
    return (field in partial and attach_zone(partial[field], item).ok) or validate_field(field, item).ok


def _numbered_items(text: str) -> list[str]:
    """Items after markers numbered 1, 2, 3... in order, the whole message made of them."""
    markers = list(_NUMBERED.finditer(text))
    if not markers or text[: markers[0].start()].strip():
        return []
    if [int(m.group("number")) for m in markers] != list(range(1, len(markers) + 1)):
        return []
    ends = [m.start() for m in markers[1:]] + [len(text)]
    return [text[m.end() : end].strip(" \t\n,;") for m, end in zip(markers, ends, strict=True)]


def _bulleted_items(text: str) -> list[str]:
    """One item per bulleted line, when every line of the message is one."""
    lines = [line for line in text.splitlines() if line.strip()]
    bullets = [m.group("item").rstrip(" ,;") for m in _BULLET.finditer(text)]
    return bullets if bullets and len(bullets) == len(lines) else []
