"""Age: "12 weeks", "P90", "3 months", "2 years", "90 days old" -> ISO 8601 durations (P12W, P90D, ...).

The unit the person used is kept (12 weeks stays P12W, not P84D): converting would add a
precision nobody measured. Ranges ("8-10 weeks") become NWB's range form P8W/P10W. Durations
already in ISO 8601 are read by isodate (how long they are, for the plausibility check).
Ages counted from fertilisation ("6 dpf", "E18") are not ages since birth and are not stored.
"""

from __future__ import annotations

import re
from datetime import timedelta

import isodate

from .hedges import asked_back_when_hedged
from .result import RuleResult, accept, clean, reject

FIELD = "age"
EXAMPLE = "'12 weeks', 'P90' (postnatal day 90), '3 months' or an ISO 8601 duration such as 'P90D'"
# NWB Inspector's own pattern for an ISO 8601 duration (check_subject_age).
ISO_DURATION = re.compile(
    r"^P(?!$)(\d+(?:\.\d+)?Y)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?W)?(\d+(?:\.\d+)?D)?"
    r"(T(?=\d)(\d+(?:\.\d+)?H)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?S)?)?$"
)
UNITS = {
    "y": "Y",
    "yr": "Y",
    "yrs": "Y",
    "year": "Y",
    "years": "Y",
    "yo": "Y",
    "y.o": "Y",
    "mo": "M",
    "mos": "M",
    "mon": "M",
    "month": "M",
    "months": "M",
    "mth": "M",
    "mths": "M",
    "w": "W",
    "wk": "W",
    "wks": "W",
    "week": "W",
    "weeks": "W",
    "wek": "W",
    "weeks'": "W",
    "d": "D",
    "day": "D",
    "days": "D",
    "dy": "D",
    "h": "H",
    "hr": "H",
    "hrs": "H",
    "hour": "H",
    "hours": "H",
}
UNIT_WORDS = {"Y": "years", "M": "months", "W": "weeks", "D": "days", "H": "hours"}
DAYS_PER_UNIT = {"Y": 365.25, "M": 30.44, "W": 7, "D": 1, "H": 1 / 24}
NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "eighteen": 18,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "ninety": 90,
    "a": 1,
    "an": 1,
}
_WORDS = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
# A number word needs a space or hyphen before its unit ("an d" inside "and" is not one day).
_NUM = rf"(\d+(?:[.,]\d+)?|(?:{_WORDS})(?=\s|-))"
_UNIT = r"(" + "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True)) + r")"
QUANTITY = re.compile(rf"(?<![a-z0-9]){_NUM}\s*-?\s*{_UNIT}(?![a-z])", re.I)
POSTNATAL = re.compile(r"^(?:p|pnd|postnatal\s+day|post-natal\s+day|day)\s*-?\s*(\d+)$", re.I)
RANGE = re.compile(rf"^(?:between\s+)?{_NUM}\s*(?:-|–|to|and)\s*{_NUM}\s*-?\s*{_UNIT}$", re.I)
_FILLER = re.compile(
    r"\b(?:about|around|approx(?:imately)?\.?|roughly|circa|ca\.|~|aged?|is|it's|they're|old|of age|"
    r"the|animal|mouse|rat|subject|was|were)\b|~",
    re.I,
)
MAX_DAYS = 150 * 365.25


_POSTNATAL_RANGE = re.compile(r"(?:between\s+)?p(\d{1,4})\s*(?:-|–|to|and)\s*p(\d{1,4})")

# "3 y 2 m", "1y6m": a bare "m" after the years counts the months (alone it could be minutes or metres).
_MONTHS_AFTER_YEARS = re.compile(r"(?P<years>\d+\s*(?:y|yr|yrs|years?))\s*(?P<months>\d+)\s*m$")


def normalize_age(text: str) -> RuleResult:
    raw = clean(text)
    if not raw:
        return reject(FIELD, "The age is empty.", EXAMPLE)
    compact = raw.replace(" ", "").upper()
    if ISO_DURATION.fullmatch(compact) and compact != "P":
        return _checked(compact, raw, "" if compact == raw else f"'{raw}' -> {compact}.")
    if "/" in compact and all(ISO_DURATION.fullmatch(part) for part in compact.split("/") if part):
        return accept(FIELD, compact, "Age range kept in NWB's range form.")
    approximate = bool(re.search(r"\b(?:about|around|approx|roughly|circa|ca\.)|~", raw, re.I))
    if approximate and re.search(r"\b(?:a|an|one)\s+(?:year|month|week)\b", raw, re.I):
        return reject(FIELD, f"'{raw}' is too vague to store as an age.", EXAMPLE)
    asked = asked_back_when_hedged(FIELD, raw, normalize_age)
    if asked is not None:
        return asked
    text_only = " ".join(_FILLER.sub(" ", raw.lower()).replace("-old", "").split()).strip(" ,.")
    text_only = re.sub(r"^an?\s+(?=\d)", "", text_only)
    text_only = _with_halves(text_only)
    text_only = _MONTHS_AFTER_YEARS.sub(r"\g<years> \g<months> mo", text_only)
    if re.match(r"^e\s*\d", text_only) or "embryonic" in text_only or re.search(r"\d\s*(?:dpf|hpf)\b", text_only):
        return reject(
            FIELD,
            "An age counted from fertilisation (embryonic, dpf) is not an age since birth.",
            "the age since birth, e.g. 'P0', or the date of birth",
        )
    postnatal = POSTNATAL.fullmatch(text_only)
    if postnatal:
        return _checked(
            f"P{int(postnatal.group(1))}D", raw, f"'{raw}' read as postnatal day {int(postnatal.group(1))}."
        )
    days = _POSTNATAL_RANGE.fullmatch(text_only)
    if days:  # "between P60 and P70", "P60-P90": a range of postnatal days
        first, last = (int(days.group(i)) for i in (1, 2))
        if first < last:
            return accept(FIELD, f"P{first}D/P{last}D", f"'{raw}' -> the range P{first}D/P{last}D.")
    ranged = RANGE.fullmatch(text_only)
    if ranged:
        unit = UNITS[ranged.group(3).lower()]
        low, high = (_duration(_number(ranged.group(i)), unit) for i in (1, 2))
        return accept(FIELD, f"{low}/{high}", f"'{raw}' -> the range {low}/{high}.")
    parts = list(QUANTITY.finditer(text_only))
    leftover = QUANTITY.sub(" ", text_only)
    leftover = re.sub(r"\band\b|[\s,;.\-–]", "", leftover)
    if not parts or leftover:
        if re.fullmatch(r"\d+(?:[.,]\d+)?", text_only):
            return reject(FIELD, f"'{raw}' has no unit: days, weeks, months or years?", "'12 weeks' or 'P90D'")
        return reject(FIELD, f"'{raw}' is not an age I can read.", EXAMPLE)
    units: dict[str, float] = {}
    for part in parts:
        unit = UNITS[part.group(2).lower()]
        if unit in units:
            return reject(FIELD, f"'{raw}' gives the {UNIT_WORDS[unit]} twice.", EXAMPLE)
        units[unit] = _number(part.group(1))
    value = "P" + "".join(_fmt(units[u]) + u for u in "YMWD" if u in units)
    if "H" in units:
        value += "T" + _fmt(units["H"]) + "H"
    note = f"'{raw}' -> {value}."
    if approximate:
        note += " Given as approximate; stored as the stated value."
    return _checked(value, raw, note, sum(DAYS_PER_UNIT[u] * n for u, n in units.items()))


_AND_A_HALF = re.compile(
    rf"{_NUM}(?:\s+and\s+(?:a\s+)?half\s*-?\s*{_UNIT}|\s*-?\s*{_UNIT}\s+and\s+(?:a\s+)?half)\b", re.I
)


def _with_halves(text: str) -> str:
    """'two and a half months', '3 month and half' -> '2.5 months': the half belongs to the number."""

    def half(match: re.Match[str]) -> str:
        unit = match.group(2) or match.group(3)
        return f"{_fmt(_number(match.group(1)) + 0.5)} {unit}"

    return _AND_A_HALF.sub(half, text)


def _checked(value: str, raw: str, note: str, days: float | None = None) -> RuleResult:
    if days is None:
        days = _days(value)
    if days > MAX_DAYS:
        return reject(FIELD, f"'{raw}' is older than any animal lives.", EXAMPLE)
    return accept(FIELD, value, note)


def _days(iso: str) -> float:
    """How long an ISO 8601 duration is, in days (months and years at their average length)."""
    duration = isodate.parse_duration(iso)
    if isinstance(duration, timedelta):
        return duration.total_seconds() / 86400
    extra = float(duration.years) * DAYS_PER_UNIT["Y"] + float(duration.months) * DAYS_PER_UNIT["M"]
    return extra + duration.tdelta.total_seconds() / 86400


def _number(token: str) -> float:
    token = token.lower().replace(",", ".")
    return float(NUMBER_WORDS[token]) if token in NUMBER_WORDS else float(token)


def _fmt(number: float) -> str:
    return str(int(number)) if number == int(number) else f"{number:g}"


def _duration(number: float, unit: str) -> str:
    return f"PT{_fmt(number)}H" if unit == "H" else f"P{_fmt(number)}{unit}"
