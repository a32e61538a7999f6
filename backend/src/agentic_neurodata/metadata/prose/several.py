"""Several candidates for one field in one message (two ages, two weights): none is stored unless
exactly one sits in a certain role; otherwise the first is asked back, naming the others."""

from __future__ import annotations

import re
from collections.abc import Callable


def pick(
    found: list[tuple[re.Match[str], str]],
    certain: Callable[[re.Match[str]], bool],
    field: str,
    *,
    strict: bool = False,
) -> tuple[re.Match[str], str]:
    """`found`: each candidate with why it is uncertain ("" when nothing speaks against it). Returns
    the candidate to read and the doubt to ask it back with ("" to store it). `strict`: candidates
    with a doubt still count as rivals (a line beside a virus or a donor's line leaves the role open)."""
    free = [match for match, doubt in found if not doubt]
    if not free:
        return found[0]
    said = {_said(match) for match in (m for m, _ in found)} if strict else {_said(match) for match in free}
    if len(said) == 1:
        return free[0], ""
    sure = [match for match in free if certain(match)]
    if len({_said(match) for match in sure}) == 1:
        return sure[0], ""
    listed = ", ".join(sorted(said))
    return free[0], f"the message gives more than one {field} ({listed})"


def _said(match: re.Match[str]) -> str:
    return " ".join(match.group(0).lower().split())
