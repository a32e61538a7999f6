"""Keys that say a value's role: "Supervision:", "surgeon=", "donor_lab=", "weight_at_arrival=", "age_days=".

A row of keys and values says each value's role in its key. A key naming another role than a
field's (a supervisor, an analyst, a donor lab, a reporter, the weight at arrival) holds no value of
any field; a field's key with a qualifier gives the field only when the qualifier is the recording
("age_at_recording", "recording_lab") or a unit ("weight_g", "age_days"); a key naming who recorded
("Data collection:", "recorder=") gives the experimenter. Keys the field table knows exactly
("genotype:", "date_of_birth=") are left to words.PAIR.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .words import KEYS

# A short label (up to five words, "_" or spaces between) before "=" or ":" (not a clock's "10:30").
KEY = re.compile(r"(?:^|(?<=[\s,;|(/]))(?P<key>[A-Za-z]+(?:[ _][A-Za-z]+){0,4})\s*(?:=|:(?![\d/]))\s*(?=\S)")
_OTHER_ROLE = re.compile(
    r"\b(?:supervis\w*|analys[ie]s|analy[sz]ed|analyst|sort(?:ing|ed|er)|surg\w*|histolog\w*|contact|corresponding|"
    r"pi|principal|funding|funders?|grants?|donor|source|vendor|supplier|reporter|virus|viral|construct|"
    r"injections?|injected|inj|stim|stimulation|opto|cannulae?|lesions?|implants?|implanted|tamoxifen|perfusions?|tracer|approv\w*|committee|licen[cs]e|"
    r"breeders?|parents?|dam|sire|technician|husbandry|arrival|arrived|shipping|shipped|weaning|weaned|birth|"
    r"born|baseline|pre|post|op|head|leader|chief|manager|director|father|mother|modified|created|saved|exported|"
    r"uploaded|converted|backup|file|old|previous|former|ear\s+tag)\b",
    re.I,
)
# "previous email had error:", "old one was wrong:": a correction follows, the value of now, not another role's.
_CORRECTION = re.compile(r"\b(?:errors?|wrong|mistakes?|typos?|incorrect|corrections?|corrected)\b")
_RECORDING = re.compile(
    r"\b(?:record\w*|recs?|sessions?|experiments?|acquisition|acquired|collected|collection|ephys)\b", re.I
)
_UNITS = {
    "age": {"d": "days", "days": "days", "day": "days", "w": "weeks", "wk": "weeks", "wks": "weeks", "weeks": "weeks",
            "m": "months", "mo": "months", "months": "months", "y": "years", "yr": "years", "years": "years"},
    "weight": {"g": "g", "grams": "g", "gram": "g", "kg": "kg", "mg": "mg"},
}  # fmt: skip
_QUALIFIED_FIELDS = {"age": "age", "weight": "weight", "lab": "lab", "institution": "institution", "id": "subject_id"}
# "new ID", "lab ID", "current id": the id the lab uses now.
_CURRENT = re.compile(r"\b(?:new|current|lab|our|animal|mouse|rat|subject)\b", re.I)
_RECORDER = re.compile(
    r"^(?:data\s+collection|recorders?|recorded\s+by|recordings?(?:\s+(?:by|done\s+by|made\s+by))?|"
    r"author\s+of\s+the\s+recordings?|recording\s+(?:done|made)\s+by|electrophysiology\s+by|"
    r"(?:the\s+)?person\s+who\s+(?:did|made|ran|recorded)(?:\s+the\s+recordings?)?)$",
    re.I,
)


# "please use institution =", "for the NWB file put lab:": a request, then a field's own key (read by words.PAIR);
# "our PI says institution:": who says it, then the field's key.
_ASKS_FOR_KEY = re.compile(
    r"^(?:\w+\s+)*(?:please|pls|use|put|set|write|enter|fill\s+in|make|keep|should|must|says|said|wants)\s+"
    r"(?:the\s+)?(?:" + "|".join(re.escape(k) for k in sorted(KEYS, key=len, reverse=True)) + r")$"
)


_THIS_FILE_IS = re.compile(r"\bfile\s+(?:is|was)\b")


@dataclass
class KeyedRole:
    """What a key says of the value after it: `field` (with `unit` to append), or `other` role."""

    key_start: int
    value_start: int
    field: str = ""
    unit: str = ""
    other: str = ""


# "surgery:" alone on a line, then indented lines: a block whose keys belong to the heading's role.
_HEADING = re.compile(r"^(?P<heading>[A-Za-z][A-Za-z_ ]{0,30}):[ \t]*\n(?P<block>(?:[ \t]+\S[^\n]*(?:\n|$))+)", re.M)


def other_role_blocks(text: str) -> list[tuple[int, int]]:
    """Spans of indented blocks under a heading naming another role than the recording ("surgery:")."""
    spans = []
    for match in _HEADING.finditer(text):
        heading = match.group("heading").replace("_", " ").lower()
        if _OTHER_ROLE.search(heading) and not _RECORDING.search(heading):
            spans.append((match.start(), match.end()))
    return spans


def key_roles(text: str) -> list[KeyedRole]:
    """Keys in `text` that say a field or another role; keys the field table knows are not listed."""
    found = []
    for match in KEY.finditer(text):
        words = match.group("key").replace("_", " ").lower().split()
        said = " ".join(words)
        if said in KEYS or _ASKS_FOR_KEY.match(said) or _THIS_FILE_IS.search(said):
            continue  # ("this file is the second one: RT-2" says which animal the file is of: no role's key)
        role = _role(words, said)
        if role is not None:
            role.key_start, role.value_start = match.start(), match.end()
            found.append(role)
    return found


def _role(words: list[str], said: str) -> KeyedRole | None:
    if _RECORDER.match(said):
        return KeyedRole(0, 0, field="experimenter")
    named = next((_QUALIFIED_FIELDS[w] for w in words if w in _QUALIFIED_FIELDS), "")
    recording = _RECORDING.search(said)
    if named:
        rest = [w for w in words if w not in (named, "at", "of", "the", "on", "in", "body", "animal", "subject")]
        units = [_UNITS.get(named, {}).get(w, "") for w in rest]
        unit = units[-1] if units and units[-1] and all(_RECORDING.fullmatch(w) for w in rest[:-1]) else ""
        if unit:
            return KeyedRole(0, 0, field=named, unit=unit)
        if _OTHER_ROLE.search(said):
            return KeyedRole(0, 0, other=said)  # "weight_at_arrival", "donor_lab", "age_at_surgery"
        if named == "subject_id":  # "session id" is the session's, read by words.PAIR
            return KeyedRole(0, 0, field=named) if _CURRENT.search(said) and "session" not in said else None
        return KeyedRole(0, 0, field=named) if recording else None
    other = _OTHER_ROLE.search(said)
    if other and not recording and not _CORRECTION.search(said):  # ("previous email had an error:" corrects it)
        return KeyedRole(0, 0, other=said)  # "Supervision:", "surgeon=", "reporter=", "Contact person:"
    return None


# "keywords place cells, theta": the word "keywords" opening a clause, then the list, no colon between.
_BARE_KEYWORDS = re.compile(
    r"(?:^|(?<=[,;\n])|(?<=[,;\-–]\s))\s*keywords?"
    r"(?=\s+(?!(?:are|is|were|was|will|should|must|can|could|would|may|might|do|does|did|have|has|we|you|i|for|to|"
    r"of|in|on|at|the|a|an|please|later|next|too|also|as|like)\b)[a-z0-9][\w\-]*(?:\s+[\w\-]+){0,3}\s*(?:,|;|$))",
    re.I,
)


def with_colon_after_bare_keywords(text: str) -> str:
    """ "..., keywords place cells, theta" -> "..., keywords: place cells, theta" (read as a key then)."""
    return _BARE_KEYWORDS.sub(lambda m: m.group(0) + ":", text)
