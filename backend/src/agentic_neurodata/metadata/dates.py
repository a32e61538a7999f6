"""Dates and time zones: "5 March 2024 2:30pm EST", "2024-03-05 14:30 Europe/Paris" -> ISO 8601 with offset.

dateparser reads the date and time in any common form; the time zone is found here first
because dateparser knows neither IANA names ("Europe/Paris") nor daylight saving time, and
zoneinfo does both. A start time without a zone is not stored: PyNWB would silently put it
in the server's zone, so the user is asked (the understood part is kept in `partial`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

import dateparser

from .result import RuleResult, accept, clean, reject

START_FIELD = "session_start_time"
BIRTH_FIELD = "date_of_birth"
START_EXAMPLE = "'5 March 2024 2:30pm EST', '2024-03-05 14:30 Europe/Paris' or '2024-03-05T14:30:00-05:00'"
ZONE_EXAMPLE = "'EST', 'Europe/Paris', 'UTC+1' or '-05:00'"
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)

# Abbreviations name a fixed offset (EST is -05:00 even in July; EDT is the summer one).
ABBREVIATIONS = {
    "UTC": 0,
    "GMT": 0,
    "WET": 0,
    "WEST": 1,
    "BST": 1,
    "CET": 1,
    "CEST": 2,
    "MET": 1,
    "MEST": 2,
    "EET": 2,
    "EEST": 3,
    "MSK": 3,
    "EST": -5,
    "EDT": -4,
    "CST": -6,
    "CDT": -5,
    "MST": -7,
    "MDT": -6,
    "PST": -8,
    "PDT": -7,
    "AKST": -9,
    "AKDT": -8,
    "HST": -10,
    "JST": 9,
    "KST": 9,
    "HKT": 8,
    "SGT": 8,
    "AWST": 8,
    "ACST": 9.5,
    "ACDT": 10.5,
    "AEST": 10,
    "AEDT": 11,
    "NZST": 12,
    "NZDT": 13,
}
AMBIGUOUS_ABBREVIATIONS = {"IST": "India, Ireland or Israel", "AST": "Atlantic or Arabia", "ADT": "Atlantic or Arabia"}
# Region words follow daylight saving time, so they map to a real zone.
REGIONS = {
    "eastern": "America/New_York",
    "et": "America/New_York",
    "pacific": "America/Los_Angeles",
    "pt": "America/Los_Angeles",
    "central": "America/Chicago",
    "ct": "America/Chicago",
    "mountain": "America/Denver",
    "mt": "America/Denver",
    "central european": "Europe/Berlin",
    "british": "Europe/London",
    "uk": "Europe/London",
    "japan": "Asia/Tokyo",
}


@dataclass(frozen=True)
class Zone:
    tz: tzinfo
    label: str  # what the user wrote
    name: str  # how we describe it
    start: int = 0
    end: int = 0


@lru_cache(maxsize=1)
def _iana() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones() if "/" in name or name == "UTC"}


@lru_cache(maxsize=1)
def _cities() -> dict[str, str]:
    """'paris' -> Europe/Paris, 'new york' -> America/New_York (last part of each IANA name)."""
    cities: dict[str, str] = {}
    for name in sorted(available_timezones()):
        if name.count("/") == 1 and not name.startswith(("Etc/", "SystemV/", "US/")):
            cities.setdefault(name.split("/")[1].replace("_", " ").lower(), name)
    return cities


_IANA_TOKEN = re.compile(r"\b[A-Za-z]+(?:/[A-Za-z_\-]+){1,2}\b")
_UTC_OFFSET = re.compile(r"\b(?:UTC|GMT)\s*([+\-−])\s*(\d{1,2})(?::?(\d{2}))?\b", re.I)
_BARE_OFFSET = re.compile(r"(?:(?<=\d\d:\d\d)|(?<=\d\d:\d\d:\d\d)|(?<!\S))([+\-−])(\d{2}):?(\d{2})(?!\d)")
_ZULU = re.compile(r"(?<=\d)Z\b")
_ABBREVIATION = re.compile(
    r"\(?\b(" + "|".join(sorted({*ABBREVIATIONS, "IST", "AST", "ADT"}, key=len, reverse=True)) + r")\b\)?"
)
_REGION = re.compile(
    r"\b("
    + "|".join(k for k in sorted(REGIONS, key=len, reverse=True) if len(k) > 2)
    + r")(?:\s+(?:standard|daylight))?\s+time\b",
    re.I,
)
_REGION_CODE = re.compile(r"\b(ET|PT|CT|MT)\b")  # upper case only: "et al." is not a zone
_CITY_TIME = re.compile(r"\b([A-Za-z][A-Za-z .'\-]{1,30}?)\s+time\b", re.I)


def find_zone(text: str, bare_city: bool = False) -> Zone | str | None:
    """The time zone named in `text`: a Zone, None when there is none, or a message when the
    name is ambiguous (IST). `bare_city` accepts "Paris" alone (an answer to "which zone?")."""
    for token in _IANA_TOKEN.finditer(text):
        name = _iana().get(token.group(0).lower())
        if name:
            return Zone(ZoneInfo(name), token.group(0), name, token.start(), token.end())
    offset = _UTC_OFFSET.search(text)
    if offset:
        return _offset_zone(offset, offset.group(0))
    match = _BARE_OFFSET.search(text)
    if match and int(match.group(2)) <= 14:
        return _offset_zone(match, match.group(0))
    match = _ZULU.search(text)
    if match:
        return Zone(UTC, "Z", "UTC", match.start(), match.end())
    match = _ABBREVIATION.search(text)
    if match:
        abbreviation = match.group(1).upper()
        if abbreviation in ABBREVIATIONS:
            hours = ABBREVIATIONS[abbreviation]
            return Zone(
                timezone(timedelta(hours=hours)),
                abbreviation,
                f"{abbreviation} ({_offset_text(hours)})",
                match.start(),
                match.end(),
            )
        return f"'{abbreviation}' names several time zones ({AMBIGUOUS_ABBREVIATIONS.get(abbreviation, '')})."
    match = _REGION.search(text) or _REGION_CODE.search(text)
    if match:
        key = match.group(1).lower()
        return Zone(ZoneInfo(REGIONS[key]), match.group(0), REGIONS[key], match.start(), match.end())
    for match in _CITY_TIME.finditer(text):
        words = match.group(1).lower().split()
        for size in range(min(3, len(words)), 0, -1):  # "... in New York time": longest city first
            city = " ".join(words[-size:])
            if city in _cities():
                start = match.start(1) + match.group(1).lower().rfind(city)
                return Zone(ZoneInfo(_cities()[city]), text[start : match.end()], _cities()[city], start, match.end())
    if bare_city:
        words = clean(text).lower().removeprefix("in ").strip()
        if words in _cities():
            return Zone(ZoneInfo(_cities()[words]), clean(text), _cities()[words], 0, len(text))
        if words in REGIONS:
            return Zone(ZoneInfo(REGIONS[words]), clean(text), REGIONS[words], 0, len(text))
    return None


def _offset_zone(match: re.Match[str], label: str) -> Zone:
    sign = -1 if match.group(1) in "-−" else 1
    hours, minutes = int(match.group(2)), int(match.group(3) or 0)
    offset = sign * (hours + minutes / 60)
    return Zone(timezone(timedelta(hours=offset)), label.strip(), _offset_text(offset), match.start(), match.end())


def _offset_text(hours: float) -> str:
    sign = "-" if hours < 0 else "+"
    whole = abs(hours)
    return f"UTC{sign}{int(whole):02d}:{round((whole - int(whole)) * 60):02d}"


_NUMERIC_DATE = re.compile(r"\b(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{2,4})\b")
_HAS_TIME = re.compile(r"\d{1,2}[:.h]\d{2}|\d\s*[ap]\.?m\b|\bnoon\b|\bmidnight\b|T\d{2}", re.I)


def parse_local(text: str, now: datetime | None = None) -> datetime | str:
    """The naive date-time written in `text` (no zone in it), or why it cannot be read."""
    iso = _iso(text)
    if iso is not None:
        return iso
    numeric = _NUMERIC_DATE.search(text)
    if numeric:
        first, second = int(numeric.group(1)), int(numeric.group(2))
        if first <= 12 and second <= 12 and first != second:
            return (
                f"'{numeric.group(0)}' could be {first} {_month(second)} or {second} {_month(first)}; "
                "write the month as a word or as YYYY-MM-DD."
            )
    settings = {
        "PREFER_DATES_FROM": "past",
        "RETURN_AS_TIMEZONE_AWARE": False,
        "REQUIRE_PARTS": ["day", "month", "year"],
        "DATE_ORDER": "DMY" if numeric and int(numeric.group(1)) > 12 else "MDY",
    }
    if now is not None:
        settings["RELATIVE_BASE"] = now.replace(tzinfo=None)
    parsed = dateparser.parse(text, languages=["en"], settings=settings)
    if parsed is None:
        return f"'{text.strip()}' is not a date I can read (day, month and year are needed)."
    return parsed


def _iso(text: str) -> datetime | None:
    try:
        value = datetime.fromisoformat(
            text.strip().replace(" ", "T", 1) if re.match(r"\d{4}-\d\d-\d\d \d", text.strip()) else text.strip()
        )
    except ValueError:
        return None
    return value.replace(tzinfo=None)


def _month(number: int) -> str:
    return datetime(2000, number, 1).strftime("%B")


def normalize_session_start_time(text: str, now: datetime | None = None) -> RuleResult:
    return _normalize_datetime(START_FIELD, text, now, zone_required=True)


def normalize_date_of_birth(text: str, now: datetime | None = None) -> RuleResult:
    return _normalize_datetime(BIRTH_FIELD, text, now, zone_required=False)


def _normalize_datetime(field: str, text: str, now: datetime | None, zone_required: bool) -> RuleResult:
    raw = clean(text)
    example = START_EXAMPLE if zone_required else "'2023-12-04' or '4 December 2023'"
    if not raw:
        return reject(field, f"The {_label(field)} is empty.", example)
    now = now or datetime.now(UTC)
    aware = _aware_iso(raw)
    zone: Zone | str | None = None
    if aware is None:
        zone = find_zone(raw)
        if isinstance(zone, str):
            return reject(field, zone, ZONE_EXAMPLE)
    rest = raw if not isinstance(zone, Zone) or aware is not None else (raw[: zone.start] + " " + raw[zone.end :])
    if zone is not None and not re.search(r"\d|today|yesterday", rest, re.I):  # "EST" alone
        return reject(field, f"'{raw}' gives no date; the date and time are needed too.", example)
    local = aware.replace(tzinfo=None) if aware is not None else parse_local(_tidy(rest), now)
    if isinstance(local, str):
        return reject(field, local, example)
    has_time = bool(_HAS_TIME.search(rest)) or (aware is not None)
    if aware is None and zone is None:
        if not zone_required:
            return _checked_date(
                field,
                local.date().isoformat(),
                datetime.combine(local.date(), datetime.min.time(), UTC),
                now,
                f"'{raw}' -> {local.date().isoformat()}.",
            )
        return reject(
            field,
            f"Which time zone was '{raw}' in? Without one the time is ambiguous.",
            f"'{raw} EST' or '{raw} Europe/Paris'",
            partial=local.isoformat(timespec="seconds"),
        )
    moment = aware if aware is not None else local.replace(tzinfo=zone.tz)  # type: ignore[union-attr]
    if not zone_required and not has_time:
        return _checked_date(field, moment.date().isoformat(), moment, now, f"'{raw}' -> {moment.date().isoformat()}.")
    value = moment.isoformat(timespec="seconds")
    note = f"'{raw}' -> {value}"
    if zone is not None and not isinstance(zone, str):
        note += f" ({zone.name})"
    note += "."
    if not has_time:
        note += " No time of day was given, so 00:00 is stored; give the start time if you know it."
    return _checked_date(field, value, moment, now, note)


def _aware_iso(text: str) -> datetime | None:
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        return None
    return value if value.tzinfo is not None else None


def _checked_date(field: str, value: str, moment: datetime, now: datetime, note: str) -> RuleResult:
    if moment > now:
        return reject(field, f"{value} is in the future.", "a past date, e.g. '5 March 2024 2:30pm EST'")
    if moment < EARLIEST:
        return reject(field, f"{value} is before 1900; that cannot be a recording date.", START_EXAMPLE)
    return accept(field, value, note)


def attach_zone(partial: str, zone_text: str, field: str = START_FIELD, now: datetime | None = None) -> RuleResult:
    """Complete a date understood earlier (RuleResult.partial) with the time zone the user now gives."""
    zone = find_zone(zone_text, bare_city=True)
    if isinstance(zone, str):
        return reject(field, zone, ZONE_EXAMPLE, partial=partial)
    if zone is None:
        return reject(field, f"'{clean(zone_text)}' is not a time zone I know.", ZONE_EXAMPLE, partial=partial)
    moment = datetime.fromisoformat(partial).replace(tzinfo=zone.tz)
    value = moment.isoformat(timespec="seconds")
    return _checked_date(field, value, moment, now or datetime.now(UTC), f"{partial} in {zone.name} -> {value}.")


def _tidy(text: str) -> str:
    """Drop words dateparser stumbles on: 'started', 'on', 'at', 'recorded', stray parentheses."""
    text = re.sub(
        r"\b(?:started|starting|start(?:ed)?\s+at|began|recorded|recording|session|on|at|around|about)\b",
        " ",
        text,
        flags=re.I,
    )
    return " ".join(text.replace("(", " ").replace(")", " ").split()).strip(" ,;")


def _label(field: str) -> str:
    return field.replace("_", " ")


# ---------------------------------------------------------------------- dates inside prose

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_DATE = (
    rf"(?:\d{{4}}-\d{{2}}-\d{{2}}(?:[T ]\d{{1,2}}:\d{{2}}(?::\d{{2}}(?:\.\d+)?)?(?:Z|[+-]\d{{2}}:?\d{{2}})?)?"
    rf"|{_DAY}\s+(?:of\s+)?{_MONTH},?\s+\d{{2,4}}|{_MONTH}\s+{_DAY},?\s+\d{{4}}"
    rf"|\d{{1,2}}[/.\-]\d{{1,2}}[/.\-]\d{{2,4}}|today|yesterday)"
)
_TIME = r"(?:\d{1,2}(?:[:.]\d{2}(?::\d{2})?)?\s*[ap]\.?m\.?|\d{1,2}:\d{2}(?::\d{2})?|\d{1,2}h\d{2}|noon|midnight)"
_WEEKDAY = r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
DATETIME_IN_PROSE = re.compile(
    rf"{_WEEKDAY}{_DATE}(?:\s*(?:,|\s)\s*(?:at\s+|@\s*|around\s+)?{_TIME})?"
    rf"|{_TIME}\s*(?:,\s*)?(?:on\s+)?{_WEEKDAY}{_DATE}",
    re.I,
)
_BETWEEN_DATE_AND_ZONE = re.compile(r"^[\s,(]*(?:in\s+)?$", re.I)


def find_datetimes(text: str) -> list[tuple[int, int]]:
    """Spans of `text` that hold a date (with its time and time zone when they follow it)."""
    spans = []
    for match in DATETIME_IN_PROSE.finditer(text):
        start, end = match.start(), match.end()
        window = text[end : end + 40]
        zone = find_zone(window)
        if isinstance(zone, Zone) and _BETWEEN_DATE_AND_ZONE.match(window[: zone.start]):
            end += zone.end
            if text[end : end + 1] == ")":
                end += 1
        spans.append((start, end))
    return spans
