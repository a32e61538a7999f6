"""Sex: the words people use -> the codes NWB and DANDI accept (M, F, U, O)."""

from __future__ import annotations

import re

from .result import RuleResult, accept, clean, reject

FIELD = "sex"
CODES = {"M": "male", "F": "female", "U": "unknown", "O": "other"}
WORDS = {
    "m": "M",
    "male": "M",
    "males": "M",
    "man": "M",
    "boy": "M",
    "he": "M",
    "♂": "M",
    "f": "F",
    "female": "F",
    "fem": "F",
    "females": "F",
    "woman": "F",
    "girl": "F",
    "she": "F",
    "♀": "F",
    "femal": "F",
    "u": "U",
    "unknown": "U",
    "unk": "U",
    "undetermined": "U",
    "not determined": "U",
    "unsexed": "U",
    "o": "O",
    "other": "O",
    "hermaphrodite": "O",
    "hermaphrodites": "O",
    "intersex": "O",
    "mixed": "O",
}
EXAMPLE = "'male', 'female', 'unknown' or 'other' (stored as M, F, U, O)"


def normalize_sex(text: str) -> RuleResult:
    raw = clean(text)
    word = raw.lower().removeprefix("it's ").removeprefix("it is ").removeprefix("a ").strip()
    # "not determined at this stage", "not yet determined": the sex is unknown, whatever the words after it
    word = re.sub(r"^(not)\s+(?:yet\s+)?(determined)\b.*$", r"\1 \2", word)
    code = WORDS.get(word)
    if code is None:
        return reject(FIELD, f"'{raw}' is not a sex NWB knows.", EXAMPLE)
    note = "" if raw == code else f"'{raw}' -> {code} ({CODES[code]})."
    return accept(FIELD, code, note)
