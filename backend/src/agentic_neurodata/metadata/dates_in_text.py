"""Where a message names a date and time: dateparser's search, made right for the forms it
gets wrong or cuts short, plus the time zone that follows.

dateparser.search finds dates in running text ("9am on the 2nd of June 2022", "2019/07/14
16:45"), but also reads durations as dates ("12 weeks" -> a day twelve weeks from now) and drops
a 12-hour suffix it did not take ("March 5, 2024, 2:30 p.m." -> 2:30 at night). So a found span
counts only when it names a day, a month and a year; a time just before or after it is taken
with it, as is the zone after it ("..., Central time", "(Europe/Paris)").
"""

from __future__ import annotations

import re

from dateparser.search import search_dates

from .zones import Zone, city_after_date, city_at_start, find_zone

_SEARCH_SETTINGS = {"PREFER_DATES_FROM": "past", "RETURN_AS_TIMEZONE_AWARE": False}
# Longer messages are read by the patterns alone: the search is not linear in the message length.
SEARCH_LIMIT = 2000

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_YEAR = r"(?:19|20)\d\d"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_DATE = (
    rf"(?:{_YEAR}[-/.]\d{{1,2}}[-/.]\d{{1,2}}"
    rf"(?:[T ]\d{{1,2}}:\d{{2}}(?::\d{{2}}(?:\.\d+)?)?(?:Z|[+-]\d{{2}}:?\d{{2}})?)?"
    rf"|(?:the\s+)?{_DAY}\s+(?:of\s+)?{_MONTH},?\s+(?:{_YEAR}|'\d\d)|{_MONTH}\s+{_DAY},?\s+(?:{_YEAR}|'\d\d)"
    rf"|\d{{1,2}}[/.\-]\d{{1,2}}[/.\-](?:{_YEAR}|\d\d)(?![\d/.\-])|\d{{1,2}}-{_MONTH}-{_YEAR})"
)
_TIME = r"(?:\d{1,2}(?:[:.]\d{2}(?::\d{2})?)?\s*[ap]\.?m\.?(?!\w)|\d{1,2}:\d{2}(?::\d{2})?|\d{1,2}h\d{2}|noon|midnight)"
TIME_OF_DAY = re.compile(rf"(?<![\w:./\-]){_TIME}(?![\w:])", re.I)
_WEEKDAY = r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
# The word for "at" before a clock time in the languages labs write in ("um 12:15 Uhr", "saat 13:20'de", "à 12h15",
# "alle 9:30", "a las 10:00", "om 14:00", "kl. 9.30"), and the word or suffix after it that says "o'clock".
_FOREIGN_AT = r"(?:um|gegen|à|a|vers|alle|a\s+las|às|as|om|kl\.?|klo|kello|o|saat|w|v|в)"
_AT = rf"(?:at|around|{_FOREIGN_AT})"
_OCLOCK_WORD = r"(?:\s*Uhr\b|'(?:de|da|te|ta)\b|\s+(?:horas?|heures?|ore|uur|godz\.?)(?!\w))"
_OCLOCK = rf"{_OCLOCK_WORD}?"
_DATE_IN_TEXT = re.compile(
    rf"(?<![\w/.\-]){_WEEKDAY}{_DATE}(?:\s*(?:,|\s|[-–]\s)\s*(?:{_AT}\s+|@\s*)?{_TIME}{_OCLOCK})?"
    rf"|(?<![\w:.]){_TIME}\s*,?\s*(?:on\s+)?{_WEEKDAY}{_DATE}",
    re.I,
)
_NAMES_A_DAY = re.compile(rf"{_MONTH}|{_YEAR}[-/.]\d|\d[-/.]\d{{1,2}}[-/.]\d", re.I)
_HAS_DAY = re.compile(rf"(?<![\d:.])\d{{1,2}}(?:st|nd|rd|th)?(?![\d:.])|{_YEAR}[-/.]\d", re.I)
_HAS_YEAR = re.compile(rf"(?<!\d){_YEAR}(?!\d)|'\d\d\b")
_DURATION = re.compile(r"\d\s*(?:years?|yrs?|months?|mos?|weeks?|wks?|days?|hours?|hrs?|min(?:ute)?s?)\b", re.I)
# "15 min after 2023-04-04 14:00", "two hours before 10:00 CET": a moment counted from the date said, not it.
_COUNTED_FROM = re.compile(
    r"\b(?:\d+|a|an|one|two|three|half\s+an?)\s*(?:min(?:ute)?s?|h|hrs?|hours?|s|secs?|seconds?)\s+"
    r"(?:after|before|past|later\s+than|earlier\s+than|from)\s+(?:the\s+)?$",
    re.I,
)


# "2023-04-04 around 2 pm", "... 2 pm, maybe 2:30": a hedge inside the date-time said, or another time offered.
_HEDGE_INSIDE = re.compile(r"\b(?:about|around|roughly|approx(?:imately)?|circa|maybe|probably|perhaps|ish)\b|~", re.I)
_OTHER_TIME_OFFERED = re.compile(
    rf"^\s*[,;(]?\s*(?:or\s+(?:maybe|perhaps|possibly)?|maybe|perhaps|possibly|probably)\s*(?:at\s+)?{_TIME}", re.I
)


def approximate_time(text: str, start: int, end: int) -> str:
    """Why the date-time at text[start:end] is not one moment said for sure ("" when it is)."""
    inside = _HEDGE_INSIDE.search(text, start, end)
    if inside:
        return f"'{inside.group(0)}' says the time is approximate"
    offered = _OTHER_TIME_OFFERED.match(text[end : end + 40])
    return f"another time is offered ('{offered.group(0).strip(' ,;(')}')" if offered else ""


# "the previous recording was 2023-02-02 10:00 CET", "the next session is on ...": another session's time.
_ANOTHER_SESSION_BEFORE = re.compile(
    r"\b(?:previous|prior|last|earlier|next|following|upcoming|former|other)\s+(?:recordings?|sessions?|days?|"
    r"experiments?|runs?)\b[^.;,]{0,25}$",
    re.I,
)


_ANOTHER_EVENT_BEFORE = re.compile(
    r"\b(?:an(?:a)?esthesia|anaesthetised|anesthetized|induced|induction|surgery|injection|injected|perfused|"
    r"perfusion|euthani[sz]ed|craniotomy|habituation|training|weighed|fed|arrived|"
    # "Analysis done on 2024-02-02 at 11:00": the work on the data afterwards, not the recording
    r"analy[sz](?:is|ed)|spike[\s-]sort(?:ed|ing)|sorted|curated|curation|uploaded|upload|converted|vet\s+check|"
    # "the figures were made on 2024-03-01 at 10:00": when the paper's figures or plots were made
    r"figures?|fig\.|plots?|plotted|panels?|manuscript|preprint|generated|rendered|exported)"
    r"\b[^.;,\d]{0,18}$",
    re.I,
)
_THIS_FILE_IS = re.compile(
    r"\bthis\s+(?:file|one|recording|dataset|upload|nwb\s+file)\s+(?:is|was|holds|contains)\s+(?:from\s+)?(?:the\s+)?$",
    re.I,
)
# "session 2 of mouse KQ-5; session 1 was on ...", "first probe went in at 09:10; second probe session ...": a
# session, or a probe's insertion within one, named by its number or rank.
_NUMBERED_SESSION = re.compile(
    r"\b(?:(?:session|run|day|insertion|penetration)\s*#?\s*(?P<n>\d{1,3})|"
    r"(?P<nth>first|second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+(?:[a-z]+\s+)?"
    r"(?:sessions?|recordings?|runs?|probes?|insertions?|penetrations?))\b",
    re.I,
)

# "the second at 11:40", "the first one at 10:00": a rank said alone, after sessions or insertions were ranked.
_RANK_ALONE = re.compile(r"\bthe\s+(?P<nth>first|second|third|fourth|fifth|\d+(?:st|nd|rd|th))(?:\s+one)?\b", re.I)


def of_another_session(text: str, start: int) -> str:
    """Why the date-time at `start` is another session's ("" when nothing says so)."""
    other = _ANOTHER_SESSION_BEFORE.search(text[max(0, start - 50) : start])
    if other:
        return f"said of another session ('{other.group(0).strip()}')"
    event = _ANOTHER_EVENT_BEFORE.search(text[max(0, start - 40) : start])
    if event:  # "anesthesia induced 09:45, 2023-05-05": the time of another event that day
        return f"said of another event ('{event.group(0).strip()}')"
    clause = re.split(r"[.;\n]", text[:start])[-1]
    named = list(_NUMBERED_SESSION.finditer(clause))
    every = {(m.group("n") or m.group("nth")).lower() for m in _NUMBERED_SESSION.finditer(text)}
    if every:  # "first insertion at 10:10, the second at 11:40": "the second" is another of them
        ranks = {m.group("nth").lower() for m in _RANK_ALONE.finditer(text)}
        named = named or [m for m in _RANK_ALONE.finditer(clause) if m.group("nth").lower() in ranks]
        every |= ranks
    this_one = named and _THIS_FILE_IS.search(clause[: named[-1].start()])  # "this file is session 2, 2023-..."
    if named and len(every) > 1 and not this_one:  # several sessions named; this time is said of one of them
        return f"said of one of several sessions ('{named[-1].group(0)}')"
    return ""


def counted_from(text: str, start: int) -> bool:
    """Whether the date-time at `start` is only the point another moment is counted from."""
    return _COUNTED_FROM.search(text[max(0, start - 40) : start]) is not None


_RELATIVE_DAY = re.compile(r"\b(?:today|yesterday)\b", re.I)
# ("08:20 do dia 2024-07-11", "9:40 am 23.05.2023", "14h10 le 15/11/2021": other languages' "on the")
_FOREIGN_ON = r"(?:do\s+dia|no\s+dia|am|le|el\s+d[ií]a|del|il|op|den)"
_TIME_BEFORE = re.compile(rf"(?<![\w:.]){_TIME}{_OCLOCK}\s*,?\s*(?:on\s+|{_FOREIGN_ON}\s+)?(?:the\s+)?$", re.I)
_TIME_AND_ZONE_BEFORE = re.compile(
    rf"(?<![\w:.]){_TIME}\s*,?\s*(?P<zone>\(?[A-Za-z][\w/ \-]{{1,30}}?\)?)\s*,?\s*(?:on\s+)?(?:the\s+)?$", re.I
)
# ("23.05.2023 9.40": a dotted time right after a date is its time, not a number of grams)
_TIME_AFTER = re.compile(
    rf"^\s*(?:,|\s[-–])?\s*(?:{_AT}\s+|@\s*)?(?:{_TIME}|\d{{1,2}}\.\d{{2}}(?![\d.]|\s*(?:g|kg|mg|%)))(?![\w:]){_OCLOCK}",
    re.I,
)  # "Thu 2023-06-15 - 3:50 pm"
_MERIDIEM_AFTER = re.compile(r"^\s*[ap]\.?m\.?(?!\w)", re.I)
_EDGE_WORDS = re.compile(r"^(?:(?:at|on|in|from|since|by|around|about|the|of)\s+)+|(?:\s+(?:at|on|in|of|,))+$", re.I)
_BETWEEN_DATE_AND_ZONE = re.compile(r"^[\s,(]*(?:in\s+)?(?:the\s+)?$", re.I)
# ("23.05.2023" is a dotted date, no time: "9.40" only counts as a time outside one)
_HAS_TIME = re.compile(r"\d[:h]\d\d|(?<![\d.])\d{1,2}\.\d\d(?![.\d])|\d\s*[ap]\.?m|noon|midnight", re.I)


_FOREIGN_AT_BEFORE_TIME = re.compile(rf"(?<=\d)(\s*,?\s*){_FOREIGN_AT}\s+(?={_TIME})", re.I)
_OCLOCK_AFTER_TIME = re.compile(rf"(?<=\d){_OCLOCK_WORD}", re.I)
# (German "am" only after "Uhr": "9:15 am 12 Jan" is English, a.m.)
_FOREIGN_ON_AFTER_TIME = re.compile(
    r"(?<=\d)(\s*,?\s+)(?:do\s+dia|no\s+dia|le|el\s+d[ií]a|del|il|op|den)\s+(?=\d)|(?<=\d)\s*Uhr\s+am\s+(?=\d)", re.I
)


def clock_words_in_english(text: str) -> str:
    """'29.02.2024 um 12:15 Uhr' -> '29.02.2024 12:15': the words for 'at' and 'o'clock' of other languages
    around a clock time after a date, which the date parser would otherwise drop with the time."""
    if TIME_OF_DAY.match(text.strip()):  # "08:20 do dia 2024-07-11": the time, then the day
        text = _FOREIGN_ON_AFTER_TIME.sub(lambda m: m.group(1) or " ", text)
    return _OCLOCK_AFTER_TIME.sub("", _FOREIGN_AT_BEFORE_TIME.sub(r"\1", text))


def find_datetimes(text: str) -> list[tuple[int, int]]:
    """Spans of `text` that hold a date (with its time and time zone when they are beside it)."""
    spans = [_widen(text, start, end) for start, end in _candidates(text)]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _candidates(text: str) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    if len(text) <= SEARCH_LIMIT:
        cursor = 0
        for piece, _ in search_dates(text, languages=["en"], settings=_SEARCH_SETTINGS) or []:
            start = text.find(piece, cursor)
            if start < 0:
                continue
            cursor = start + len(piece)
            start, end = _trimmed(text, start, cursor)
            said = text[start:end]
            if _DURATION.search(said):
                continue  # "16 weeks, on 2022-01-14": dateparser read the age as a date; the patterns read the day
            # ("march 2024 2.30pm": a month and a year without the day are no date; the patterns read the day)
            names_a_day = _NAMES_A_DAY.search(said) and _HAS_YEAR.search(said) and _HAS_DAY.search(said)
            if names_a_day or (_RELATIVE_DAY.search(said) and _HAS_TIME.search(said)):
                found.append((start, end))
    for match in _DATE_IN_TEXT.finditer(text):
        if not any(s <= match.start() < e or match.start() <= s < match.end() for s, e in found):
            found.append(match.span())
    return found


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    piece = text[start:end]
    lead = _EDGE_WORDS.match(piece)
    if lead and lead.start() == 0:
        start += lead.end()
    piece = text[start:end]
    tail = re.search(r"(?:\s+(?:at|on|in|of|by|from|for|with|and|to|the|a|an)|\s*[,;(])+\s*$", piece, re.I)
    if tail:
        end = start + tail.start()
    return start, end


def _widen(text: str, start: int, end: int) -> tuple[int, int]:
    """Take the time beside the date, a dropped 'p.m.', and the zone that follows."""
    said = text[start:end]
    if not _HAS_TIME.search(said):
        before = _TIME_BEFORE.search(text[max(0, start - 30) : start])
        zoned = _TIME_AND_ZONE_BEFORE.search(text[max(0, start - 50) : start])
        if zoned and not isinstance(find_zone(zoned.group("zone"), after_date=True), Zone):
            zoned = None
        if before:
            start -= len(text[max(0, start - 30) : start]) - before.start()
        elif zoned:  # "15:05, Tokyo time, 2022-08-09", "4pm Seoul time, 19 Jan 2022": the time, its zone, the day
            start -= len(text[max(0, start - 50) : start]) - zoned.start()
        else:
            after = _TIME_AFTER.match(text[end : end + 30])
            if after:
                end += after.end()
    meridiem = _MERIDIEM_AFTER.match(text[end : end + 8])
    if meridiem and re.search(r"\d$", text[start:end]):
        end += meridiem.end()
    abbreviation = re.search(r"\b[A-Z]{2,4}$", text[start:end])
    if abbreviation:  # "... 11:45 IST (Ireland)": the country after an abbreviation the span ends with says its zone
        at = start + abbreviation.start()
        told = find_zone(text[at : end + 30], after_date=True)
        if isinstance(told, Zone) and told.start == 0 and at + told.end > end:
            return start, at + told.end + (text[at + told.end : at + told.end + 1] == ")")
    window = text[end : end + 40]
    zone = find_zone(window, after_date=True)
    if not isinstance(zone, Zone) and find_zone(text[start:end], after_date=True) is None:
        zone = city_after_date(window)  # "2024-02-14 08:50 Lisbon **", "25 June 2024 in Helsinki"
    if isinstance(zone, Zone) and _BETWEEN_DATE_AND_ZONE.match(window[: zone.start]):
        end += zone.end
        if text[end : end + 1] == ")":
            end += 1
    elif not isinstance(zone, Zone) and find_zone(text[start:end], after_date=True) is None:
        opening = city_at_start(text[:start] + "0")  # "Kyiv, 2022-05-09, 10:00": the city opens the message
        if opening is not None and not text[opening.end : start].strip(" ,:"):
            start = opening.start
    return start, end


# Times said in words: "a quarter past ten in the morning", "ten past nine", "half past three in the
# afternoon", "3 in the afternoon", "12 noon". They are written as digits before dates are searched.
_NUMBER_WORDS = {
    word: number
    for number, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}
_NUMBER_WORDS |= {"twenty-five": 25, "twenty five": 25, "quarter": 15, "a quarter": 15, "half": 30}
_HOUR_WORD = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_MINUTES_WORD = r"(?:a\s+quarter|quarter|half|twenty[-\s]five|\d{1,2}|one|two|three|four|five|ten|twenty)"
_PART_OF_DAY = r"(?:\s+in\s+the\s+(?P<{name}>morning|afternoon|evening))"
_SPOKEN_TIME = re.compile(
    rf"\b(?:(?P<minutes>{_MINUTES_WORD})(?:\s+min(?:ute)?s?)?\s+(?P<relation>past|after|to)\s+"
    rf"(?:(?P<hour>{_HOUR_WORD})(?:\s+o'?clock)?{_PART_OF_DAY.format(name='part')}?|(?P<midday>noon|midnight))"
    rf"|(?P<hour_only>{_HOUR_WORD})(?:\s+o'?clock)?{_PART_OF_DAY.format(name='part_only')}"
    r"|12\s+noon)\b(?![:.]\d)",
    re.I,
)


def _number(word: str) -> int:
    word = " ".join(word.lower().replace("-", " ").split())
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word, _NUMBER_WORDS.get(word.replace(" ", "-"), -1))


def _spoken_as_digits(match: re.Match[str]) -> str:
    if match.group(0).lower().startswith("12") and "noon" in match.group(0).lower():
        return "12:00 pm"
    if match.group("midday"):
        return _around_midday(match)
    hour = _number(match.group("hour") or match.group("hour_only"))
    minutes = _number(match.group("minutes")) if match.group("minutes") else 0
    if not 1 <= hour <= 12 or not 0 <= minutes < 60:
        return match.group(0)
    relation = (match.group("relation") or "").lower()
    after = match.string[match.end() : match.end() + 12]
    if re.match(r"\s*-?\s*(?:weeks?|wks?|months?|days?|years?|y|w|d|mo|g|kg|hours?|h|min)\b", after, re.I):
        return match.group(0)  # "ten to twelve weeks old": a range of ages, not a time
    if relation == "to" and not (match.group("part") or match.group("part_only")):
        return match.group(0)  # "to" is a time only with its part of the day ("ten to nine in the evening")
    if relation == "to":
        hour, minutes = (hour - 1 or 12), 60 - minutes
    part = (match.group("part") or match.group("part_only") or "").lower()
    if not part:
        return f"{hour}:{minutes:02d}" if match.group("relation") else match.group(0)
    return f"{hour}:{minutes:02d} {'am' if part == 'morning' else 'pm'}"


def _around_midday(match: re.Match[str]) -> str:
    """'20 minutes to noon' -> '11:40', 'ten past midnight' -> '00:10': noon and midnight say their half of the day."""
    minutes = _number(match.group("minutes"))
    if not 0 < minutes < 60:
        return match.group(0)
    hour = 12 if match.group("midday").lower() == "noon" else 0
    if match.group("relation").lower() == "to":
        hour, minutes = (hour - 1) % 24, 60 - minutes
    return f"{hour:02d}:{minutes:02d}"


# "4:30 in the afternoon", "9.15 in the morning", "10:40 at night": a 12-hour clock time and its part of the day.
_CLOCK_AND_PART = re.compile(
    r"(?<![\w:.])(?P<hour>\d{1,2})[:.](?P<minutes>[0-5]\d)(?![\d:])\s*,?\s*"
    r"(?P<part>in\s+the\s+(?:morning|afternoon|evening)|at\s+night)\b",
    re.I,
)


def _clock_with_meridiem(match: re.Match[str]) -> str:
    hour, part = int(match.group("hour")), match.group("part").lower()
    if not 1 <= hour <= 12:
        return match.group(0)  # "16:30 in the afternoon" is already on the 24-hour clock
    if part.endswith("night"):
        meridiem = "pm" if 6 <= hour <= 11 else "am" if hour <= 4 else ""
    else:
        meridiem = "am" if part.endswith("morning") else "pm"
    if not meridiem or (meridiem == "pm" and hour == 12 and part.endswith("evening")):
        return match.group(0)  # "5:30 at night", "12:10 in the evening": no one reading
    return f"{hour}:{match.group('minutes')} {meridiem}"


# "1430 hrs", "0915 hours": a 24-hour clock written without its colon, then the word for hours.
_MILITARY_TIME = re.compile(r"\b([01]\d|2[0-3])([0-5]\d)\s*(?:hrs|hours)\b", re.I)


# "2 p.m. sharp", "10:00 on the dot": a word after a clock time saying it was exact adds nothing to the time.
_EXACTLY_AFTER_TIME = re.compile(r"(\d\s*[ap]\.?m\.?|\d[:.h]\d\d)\s+(?:sharp|on\s+the\s+dot)\b", re.I)


def spoken_times_as_digits(text: str) -> str:
    """'a quarter past ten in the morning' -> '10:15 am', '3 in the afternoon' -> '3:00 pm',
    '4:30 in the afternoon' -> '4:30 pm', '1430 hrs' -> '14:30', '2 p.m. sharp' -> '2 p.m.'."""
    text = _EXACTLY_AFTER_TIME.sub(r"\1", text)
    text = _MILITARY_TIME.sub(lambda m: f"{m.group(1)}:{m.group(2)}", text)
    return _CLOCK_AND_PART.sub(_clock_with_meridiem, _SPOKEN_TIME.sub(_spoken_as_digits, text))
