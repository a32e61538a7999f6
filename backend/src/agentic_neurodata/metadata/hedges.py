"""Hedged numbers: "about 10 weeks", "~22 g", "roughly 3 months", "30 g or so", "25-ish g".

An approximate age or weight is not what the file should hold as if it were measured: the number is
asked back ("Did you mean 10 weeks as the age?"), one click away, never stored silently.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..domain import ValueProposal
from .result import RuleResult, ask_back

# Words that make the number after them a guess ("about 25 g"); used before a value and inside an answer.
_HEDGE_WORDS = (
    r"about|around|roughly|approx(?:imately|\.)?|circa|ca\.|maybe|probably|perhaps|almost|nearly|estimated|est\."
)
HEDGE_BEFORE = re.compile(
    rf"(?:\b(?:{_HEDGE_WORDS}|some(?=\s+\d))\s+(?:at\s+|on\s+)?|~\s*|\bc\.\s*)$",
    re.I,
)
HEDGE_AFTER = re.compile(
    r"^(?:\s*-?ish\b|\s+or\s+so\b|\s*\?|\s+give\s+or\s+take\b|\s+at\s+a\s+guess\b|"
    r"[\s,]*\(?\s*(?:approx(?:imately|\.)?|roughly|about|ca\.|circa|est(?:imated|\.)?|\+/-|±)(?:\W|$)|"
    # "25 g, I'd say", "12 weeks (from memory)", "P60 - don't quote me": said from memory, after the number
    r"[\s,;\-–—]*\(?\s*(?:I'?d\s+say|I\s+would\s+say|(?:don'?t|do\s+not)\s+quote\s+me|(?:going\s+)?from\s+memory|"
    r"if\s+I\s+remember|iirc|off\s+the\s+top\s+of\s+my\s+head)\b)",
    re.I,
)
_HEDGE_IN = re.compile(
    rf"^\s*(?:{_HEDGE_WORDS}|~|c\.)\s*|\s*-?ish\b|\s+or\s+so\b|\s*\?$",
    re.I,
)


# Words that make what follows a guess: "I think it was Anna", "probably a Long-Evans".
GUESS = re.compile(
    r"\b(?:I\s+think|I\s+believe|I\s+guess|I\s+suppose|we\s+think|we\s+believe|we\s+guess|"
    r"as\s+far\s+as\s+(?:I|we)\s+(?:know|can\s+tell)|afaik|probably|maybe|perhaps|possibly|presumably|"
    r"might\s+(?:be|have\s+been)|could\s+(?:be|have\s+been)|not\s+(?:sure|certain)|if\s+I\s+remember|iirc|"
    # "I'd say 20 weeks but don't quote me", "off the top of my head", "going from memory": said from memory
    r"I'?d\s+say|I\s+would\s+say|(?:don'?t|do\s+not)\s+quote\s+me|off\s+the\s+top\s+of\s+my\s+head|"
    r"(?:going\s+)?(?:from|by)\s+memory|if\s+(?:memory\s+serves|I\s+recall)|"
    r"not\s+(?:yet\s+)?(?:verified|confirmed|checked)|unverified|unconfirmed|(?:histology|confirmation|verification)\s+(?:is\s+|still\s+)*pending|somewhere|"
    r"something\s+like|tentative(?:ly)?|provisional(?:ly)?|mostly|mainly|largely|(?:pretty|fairly|quite|almost|reasonably)\s+sure|"
    r"(?:I'?d|I\s+would|I'?ll|I\s+will|I'?d\s+need\s+to|I\s+need\s+to|I\s+have\s+to|have\s+to|need\s+to)\s+"
    r"(?:have\s+to\s+)?(?:double[-\s]?)?(?:check|verify|confirm|look\s+it\s+up))\b",
    re.I,
)


# "adult (>P60)", "over 300 g", "at least 8 weeks": a bound says what the value is not below or above, not the value.
_BOUND_BEFORE = re.compile(
    r"(?:(?<!-)[<>≤≥]=?|=<|=>|\b(?:over|above|under|below|more\s+than|less\s+than|greater\s+than|older\s+than|"
    r"younger\s+than|heavier\s+than|lighter\s+than|at\s+least|at\s+most|up\s+to|no\s+more\s+than|min\.?|max\.?))\s*$",
    re.I,
)
_BOUND_AFTER = re.compile(r"^\s*(?:\+(?![\d/])|or\s+(?:more|less|older|younger|above|below|over|under)\b)", re.I)


def bound_near(text: str, start: int, end: int) -> str:
    """The bound said with the number at text[start:end] ("> P60", "8+ weeks", "over 300 g"), or ""."""
    before = _BOUND_BEFORE.search(text[max(0, start - 20) : start])
    after = _BOUND_AFTER.match(text[end : end + 12])
    if not before and not after:
        return ""
    return ((before.group(0) if before else "") + text[start:end] + (after.group(0) if after else "")).strip()


def hedged(raw: str) -> bool:
    return bool(_HEDGE_IN.search(raw))


def unhedged(raw: str) -> str:
    return _HEDGE_IN.sub(" ", raw).strip()


def hedge_near(text: str, start: int, end: int) -> str:
    """Why a number read in running text is approximate ("" when it is not)."""
    hedge = HEDGE_BEFORE.search(text[max(0, start - 15) : start]) or HEDGE_AFTER.match(text[end : end + 20])
    return f"'{hedge.group(0).strip()}' says the number is approximate" if hedge else ""


def asked_back_when_hedged(field: str, raw: str, rule: Callable[[str], RuleResult]) -> RuleResult | None:
    """The rule's reading of a hedged answer, as a question; None when `raw` is not hedged."""
    if not hedged(raw):
        return None
    result = rule(unhedged(raw))
    if not result.ok:
        return result
    label = str(result.value)
    question = f"Did you mean {label!r} as the {field}? ('{raw}' is approximate)"
    return ask_back(field, question, [ValueProposal(value=result.value, label=label)])
