"""Dates: "5 March 2024 2:30pm EST", "2019/07/14 16:45 Europe/Berlin" -> ISO 8601 with offset.

dateparser reads the date and time in any common form; the time zone is found first (zones.py)
because dateparser knows neither IANA names nor daylight saving time. Nothing is guessed:
- a start time without a zone is not stored (PyNWB would silently put it in the server's
  zone); the understood part waits in `partial` for the zone;
- "03/04/2023" (3 April or 4 March) and "EST" on a summer day (EST or New York's EDT) are
  asked back with both readings;
- a start date without a time of day is asked back rather than stored as midnight.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import dateparser

from ..domain import ValueProposal
from .dates_in_text import clock_words_in_english
from .result import RuleResult, accept, ask_back, clean, reject
from .zones import AMBIGUOUS_ZONES, ZONE_EXAMPLE, Zone, describe_offset, find_zone

START_FIELD = "session_start_time"
BIRTH_FIELD = "date_of_birth"
START_EXAMPLE = "'5 March 2024 2:30pm EST', '2024-03-05 14:30 Europe/Paris' or '2024-03-05T14:30:00-05:00'"
BIRTH_EXAMPLE = "'2023-12-04' or '4 December 2023'"
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)

_NUMERIC_DATE = re.compile(r"(?<![\d/.\-])(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{2,4})(?![\d/.\-])")
# (a dotted pair inside a dotted date, "23.05.2023", is no time: it would be stored as midnight)
HAS_TIME = re.compile(
    r"(?<![\d.])\d{1,2}[:h]\d{2}|(?<![\d.])\d{1,2}\.\d{2}(?![.\d])|\d\s*[ap]\.?m\b|\bnoon\b|\bmidnight\b|T\d{2}",
    re.I,
)
_SETTINGS = {"PREFER_DATES_FROM": "past", "RETURN_AS_TIMEZONE_AWARE": False, "REQUIRE_PARTS": ["day", "month", "year"]}


def parse_local(text: str, now: datetime | None = None) -> datetime | list[datetime] | str:
    """The naive date-time written in `text` (no zone in it); both readings of a date such as
    03/04/2023; or why it cannot be read."""
    iso = _iso(text)
    if iso is not None:
        return iso
    numeric = _NUMERIC_DATE.search(text)
    first = second = 0
    if numeric:
        first, second = int(numeric.group(1)), int(numeric.group(2))
    settings: dict[str, object] = {**_SETTINGS, "DATE_ORDER": "DMY" if first > 12 else "MDY"}
    if now is not None:
        settings["RELATIVE_BASE"] = now.replace(tzinfo=None)
    if numeric and first <= 12 and second <= 12 and first != second:
        readings = [
            dateparser.parse(text, languages=["en"], settings={**settings, "DATE_ORDER": order})
            for order in ("DMY", "MDY")
        ]
        found = [r for r in readings if r is not None]
        if len(found) == 2:
            return found
    parsed = dateparser.parse(text, languages=["en"], settings=settings)
    if parsed is None:
        return f"'{text.strip()}' is not a date I can read (day, month and year are needed)."
    return parsed


def _iso(text: str) -> datetime | None:
    stripped = text.strip()
    if re.match(r"\d{4}-\d\d-\d\d \d", stripped):
        stripped = stripped.replace(" ", "T", 1)
    try:
        value = datetime.fromisoformat(stripped)
    except ValueError:
        return None
    return value.replace(tzinfo=None)


def normalize_session_start_time(text: str, now: datetime | None = None) -> RuleResult:
    return _with_its_weekday(text, _normalize_datetime(START_FIELD, text, now, zone_required=True))


def normalize_date_of_birth(text: str, now: datetime | None = None) -> RuleResult:
    return _with_its_weekday(text, _normalize_datetime(BIRTH_FIELD, text, now, zone_required=False))


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# ("sat" or "sun" in lower case are words of their own: an abbreviation counts only with its capital)
_WEEKDAY_SAID = re.compile(
    r"\b(?:(?i:(mon|tues|wednes|thurs|fri|satur|sun)day)|(Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun))\b"
)


def _with_its_weekday(text: str, result: RuleResult) -> RuleResult:
    """'Monday, 3 May 2023' (a Wednesday): the day of the week said and the date disagree, so one of them is
    wrong; the date is asked back, not stored."""
    said = _WEEKDAY_SAID.search(text)
    if not result.ok or said is None or not isinstance(result.value, str):
        return result
    try:
        day = datetime.fromisoformat(result.value)
    except ValueError:
        return result
    named = next(i for i, name in enumerate(_WEEKDAYS) if name.startswith((said.group(1) or said.group(2))[:3].lower()))
    if day.weekday() == named:
        return result
    question = f"'{clean(text)}' names a {_WEEKDAYS[named].title()}, but {_day(day)} was a {day:%A}. Which is right?"
    return ask_back(result.field, question, [ValueProposal(value=result.value, label=result.value)], START_EXAMPLE)


# A year-first date whose month is over 12 ("2023-13-01", "2023/25/04").
_NO_SUCH_MONTH = re.compile(r"(?<![\d.])\d{4}[-/.](?:1[3-9]|[2-9]\d)[-/.]\d{1,2}(?![\d])")


def _normalize_datetime(field: str, text: str, now: datetime | None, zone_required: bool) -> RuleResult:
    raw = clock_words_in_english(clean(text))
    example = START_EXAMPLE if zone_required else BIRTH_EXAMPLE
    if not raw:
        return reject(field, f"The {_label(field)} is empty.", example)
    if _NO_SUCH_MONTH.search(raw):  # "2023-13-01": year first, then a month that does not exist; no guess at it
        return reject(field, f"'{raw}' has no month 13 or over: please give the date as YYYY-MM-DD.", example)
    now = now or datetime.now(UTC)
    aware = _aware_iso(raw)
    if aware is not None:
        return _checked(field, aware.isoformat(timespec="seconds"), aware, now, "")
    zone = find_zone(raw, after_date=True)
    if isinstance(zone, str):
        choices = _ambiguous_zone(field, raw, zone, now) if zone_required else None
        return choices or reject(field, zone, ZONE_EXAMPLE)
    rest = raw if zone is None else f"{raw[: zone.start]} {raw[zone.end :]}"
    if zone is not None and not re.search(r"\d|today|yesterday", rest, re.I):  # "EST" alone
        return reject(field, f"'{raw}' gives no date; the date and time are needed too.", example)
    local = parse_local(_tidy(rest), now)
    if isinstance(local, str):
        return reject(field, local, example)
    has_time = bool(HAS_TIME.search(rest))
    if not zone_required:
        return _birth_date(field, raw, local, now)
    if zone_required and RELATIVE_DAY.search(raw) and (zone is None or not has_time):
        # "yesterday at 3pm" with no zone, "yesterday, CET" with no time: nothing kept to complete later
        return reject(field, f"'{raw}' names the day from today: please give the date, time and zone.", example)
    if zone is None:
        if isinstance(local, list):
            return reject(field, _ambiguous_message(raw, local), "'4 March 2023' or '2023-03-04'")
        return reject(
            field,
            f"Which time zone was '{raw}' in? Without one the time is ambiguous.",
            f"'{raw} EST' or '{raw} Europe/Paris'",
            partial=local.isoformat(timespec="seconds"),
        )
    readings = local if isinstance(local, list) else [local]
    proposals = [p for reading in readings for p in _zoned(reading, zone)]
    if len(readings) > 1:
        return ask_back(field, _ambiguous_message(raw, readings), _valid(proposals, now), START_EXAMPLE)
    day = _day(readings[0])
    if len(proposals) > 1:
        regional = proposals[0]
        return ask_back(
            field,
            f"{zone.label} is {describe_offset(datetime.fromisoformat(proposals[1].value))}, but on "
            f"{day} {zone.region} was on {describe_offset(datetime.fromisoformat(regional.value))}. "
            f"Did you mean {regional.label}?",
            _valid(proposals, now),
            START_EXAMPLE,
        )
    changed = _clock_change(field, raw, readings[0], zone) if has_time else None
    if changed is not None:
        return changed
    moment = datetime.fromisoformat(proposals[0].value)
    if not has_time:
        return ask_back(
            field,
            f"'{raw}' gives the day but no time of day. Did the recording start at 00:00 "
            "(only the date is known)? If not, give the time.",
            [ValueProposal(value=proposals[0].value, label=f"{day} 00:00 (only the date is known)")],
            START_EXAMPLE,
        )
    note = f"'{raw}' -> {moment.isoformat(timespec='seconds')} ({zone.name}, {describe_offset(moment)} that day)."
    checked = _checked(field, moment.isoformat(timespec="seconds"), moment, now, note)
    relative = RELATIVE_DAY.search(raw)
    if relative and checked.ok:
        # "yesterday at 15:00 CET" is right only on the day it is said: asked back with the day it means now
        return ask_back(
            field,
            f"'{relative.group(0)}' counts from today. Did the recording start on {day} at {moment:%H:%M} "
            f"{zone.label}?",
            [proposals[0]],
            START_EXAMPLE,
        )
    return checked


# A day named from the day of writing ("yesterday", "last Tuesday", "two days ago"): never stored as said,
# since a message read later names another day.
RELATIVE_DAY = re.compile(
    r"\b(?:today|tonight|yesterday|tomorrow|this\s+(?:morning|afternoon|evening)|last\s+(?:night|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)|(?:\d+|a|one|two|three|four|five|six|seven)\s+days?\s+ago)\b",
    re.I,
)


def _zoned(local: datetime, zone: Zone) -> list[ValueProposal]:
    """The value(s) `local` gives in `zone`: the abbreviation's region first when it kept other clocks."""
    moment, regional = zone.resolve(local)
    literal = ValueProposal(
        value=moment.isoformat(timespec="seconds"),
        label=f"{_day(local)} {local:%H:%M} {zone.label} ({describe_offset(moment)})",
    )
    if regional is None:
        return [literal]
    city = (zone.region or "").split("/")[-1].replace("_", " ")
    local_clocks = ValueProposal(
        value=regional.isoformat(timespec="seconds"),
        label=f"{_day(local)} {local:%H:%M} {city} local time ({describe_offset(regional)})",
    )
    return [local_clocks, literal]


def _clock_change(field: str, raw: str, local: datetime, zone: Zone) -> RuleResult | None:
    """A local time the clocks of `zone` showed twice (when they went back) or never (when they
    went forward) is not one moment: both readings are asked back, none is stored."""
    earlier, later = local.replace(tzinfo=zone.tz, fold=0), local.replace(tzinfo=zone.tz, fold=1)
    if earlier.utcoffset() == later.utcoffset():
        return None
    readings = sorted({earlier.astimezone(UTC), later.astimezone(UTC)})
    shown = [reading.astimezone(zone.tz) for reading in readings]
    happened_twice = all(moment.replace(tzinfo=None) == local for moment in shown)
    proposals = [
        ValueProposal(
            value=moment.isoformat(timespec="seconds"),
            label=f"{_day(moment)} {moment:%H:%M} {zone.label} ({describe_offset(moment)})",
        )
        for moment in shown
    ]
    what = (
        "happened twice that day (the clocks went back)"
        if happened_twice
        else "did not exist that day (the clocks went forward)"
    )
    return ask_back(field, f"'{raw}' {what}. Which did you mean?", proposals, START_EXAMPLE)


def _ambiguous_zone(field: str, raw: str, why: str, now: datetime) -> RuleResult | None:
    """'10:20 IST on 28 January 2020': the day and time read, in each zone the abbreviation may name,
    offered back as choices (None when the rest is not one day and time)."""
    said = re.search(r"\b(" + "|".join(AMBIGUOUS_ZONES) + r")\b", raw)
    if said is None:
        return None
    rest = f"{raw[: said.start()]} {raw[said.end() :]}"
    local = parse_local(_tidy(rest), now)
    if not isinstance(local, datetime) or not HAS_TIME.search(rest):
        return None
    proposals = []
    for name in AMBIGUOUS_ZONES[said.group(1)]:
        moment = local.replace(tzinfo=ZoneInfo(name))
        label = f"{_day(local)} {local:%H:%M} {name} ({describe_offset(moment)})"
        proposals.append(ValueProposal(value=moment.isoformat(timespec="seconds"), label=label))
    valid = _valid(proposals, now)
    return ask_back(field, f"{why} Which did you mean?", valid, START_EXAMPLE) if valid else None


def _valid(proposals: list[ValueProposal], now: datetime) -> list[ValueProposal]:
    kept = [p for p in proposals if EARLIEST <= datetime.fromisoformat(p.value) <= now]
    return kept or proposals


def _birth_date(field: str, raw: str, local: datetime | list[datetime], now: datetime) -> RuleResult:
    if isinstance(local, list):
        proposals = [ValueProposal(value=d.date().isoformat(), label=_day(d)) for d in local]
        return ask_back(field, _ambiguous_message(raw, local), proposals, BIRTH_EXAMPLE)
    day = local.date().isoformat()
    moment = datetime.combine(local.date(), datetime.min.time(), UTC)
    return _checked(field, day, moment, now, "" if day == raw else f"'{raw}' -> {day}.")


def _ambiguous_message(raw: str, readings: list[datetime]) -> str:
    first, second = readings[0], readings[1]
    return f"'{raw}' could be {_day(first)} or {_day(second)}. Which one? (Writing the month as a word avoids this.)"


def _day(moment: datetime) -> str:
    return f"{moment.day} {moment:%B %Y}"


def _aware_iso(text: str) -> datetime | None:
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        return None
    return value if value.tzinfo is not None else None


def _checked(field: str, value: str, moment: datetime, now: datetime, note: str) -> RuleResult:
    if moment > now:
        return reject(field, f"{value} is in the future.", "a past date, e.g. '5 March 2024 2:30pm EST'")
    if moment < EARLIEST:
        return reject(field, f"{value} is before 1900; that cannot be a recording date.", START_EXAMPLE)
    return accept(field, value, note)


def attach_zone(partial: str, zone_text: str, field: str = START_FIELD, now: datetime | None = None) -> RuleResult:
    """Complete a date understood earlier (RuleResult.partial) with the time zone the user now gives."""
    zone = find_zone(zone_text, bare_city=True, after_date=True)
    if isinstance(zone, str):
        return reject(field, zone, ZONE_EXAMPLE, partial=partial)
    if zone is None:
        return reject(field, f"'{clean(zone_text)}' is not a time zone I know.", ZONE_EXAMPLE, partial=partial)
    local = datetime.fromisoformat(partial)
    proposals = _zoned(local, zone)
    now = now or datetime.now(UTC)
    changed = _clock_change(field, f"{partial} {zone.label}", local, zone)
    if changed is not None:
        return changed
    if len(proposals) > 1:
        return ask_back(field, f"Did you mean {proposals[0].label}?", _valid(proposals, now), ZONE_EXAMPLE)
    moment = datetime.fromisoformat(proposals[0].value)
    note = f"{partial} in {zone.name} -> {proposals[0].value} ({describe_offset(moment)} that day)."
    return _checked(field, proposals[0].value, moment, now, note)


def _tidy(text: str) -> str:
    """Drop words dateparser stumbles on: 'started', 'on', 'at', 'recorded', stray parentheses."""
    text = re.sub(
        r"\b(?:we\s+)?(?:started|starting|start(?:ed)?\s+at|began|recorded|recording|session|on|at|around|about|"
        r"in|the)\b",
        " ",
        text,
        flags=re.I,
    )
    return " ".join(text.replace("(", " ").replace(")", " ").split()).strip(" ,;")


def _label(field: str) -> str:
    return field.replace("_", " ")
