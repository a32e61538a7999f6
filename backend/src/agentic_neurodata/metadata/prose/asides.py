"""Asides after a short value: "VTA, confirmed by histology", "visual cortex (we didn't map which area)".

A short value (a place, an area, a line, a name) is often followed by words about it: how it was
checked, where the place is, what was not done, that it holds for this one. Those words are no part
of the value. They are cut when they are plainly talk about the value; when they say the value is a
guess ("I'd need to check the allele"), the value is asked back instead of stored.
"""

from __future__ import annotations

import re

from ..hedges import GUESS

# ", confirmed by histology", ", as on the paper", ", for this one": a clause that says something of the
# value before it (how it is known, where it comes from, what it holds for), not a part of it.
_ABOUT_THE_VALUE = re.compile(
    r"\s*[,;]\s*(?:(?:confirmed|verified|checked|validated|identified|determined|seen|estimated|measured|"
    r"targeted|reconstructed|mapped|as\s+(?:on|in|per|listed|written|usual|always|before|stated)|according\s+to|"
    r"based\s+on|per\s+the|see|cf\.?|from\s+the\s+(?:paper|notes?|protocol|histology|atlas))\b[^()\n]*|"
    r"(?:for|in)\s+(?:this|that)\s+(?:one|session|recording|animal|dataset|upload|file)\b\W*)$",
    re.I,
)
# " for this one", " this time": the same said without a comma.
_FOR_THIS_ONE = re.compile(
    r"\s+(?:for|in)\s+(?:this|that)\s+(?:one|session|recording|dataset|upload|file)\W*$|\s+this\s+time\W*$", re.I
)
# "(we didn't map which area)", "(I'm not sure)": a bracket holding a sentence of its own, not a name's part.
# ("M2 (as we call it)": a bracket about what the value is called says it is the lab's own word: kept, for the area
# rule to keep as said.)
_SENTENCE_IN_BRACKETS = re.compile(
    r"\s*\((?![^()]*\b(?:call\w*|named?|label\w*|term)\b)(?=[^()]*\b(?:we|I|I'?m|I'?d|they|you|he|she|it'?s|didn'?t|don'?t|wasn'?t|weren'?t|isn'?t|"
    r"was|were|is|are|not|confirmed|verified|pending)\b)[^()\n]{1,80}\)\W*$",
    re.I,
)
# A clause of its own after a comma ("..., I'd need to check the allele"): a guess said of the value before it.
_CLAUSE_AFTER = re.compile(r"\s*[,;]\s*(?P<clause>[^,;]+?)\W*$")


def without_aside(value: str) -> str:
    """The value less a trailing aside about it: 'VTA, confirmed by histology' -> 'VTA'."""
    for _ in range(3):  # (an aside or two, and a bracket: a few at most, so a long answer stays linear)
        cut = _ABOUT_THE_VALUE.sub("", value)
        cut = _FOR_THIS_ONE.sub("", cut)
        cut = _SENTENCE_IN_BRACKETS.sub("", cut)
        if cut == value or not cut.strip():
            return value
        value = cut
    return value


def guess_after(value: str) -> str:
    """The clause after the value that says it is a guess ("..., I'd need to check the allele"), or ""."""
    clause = _CLAUSE_AFTER.search(value)
    if clause and GUESS.search(clause.group("clause")) and value[: clause.start()].strip():
        return clause.group(0)
    return ""
