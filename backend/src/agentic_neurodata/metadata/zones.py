"""Time zones as people write them -> a zone, shown back by its IANA name.

IANA names ("Europe/Paris"), offsets ("UTC+1", "-05:00", "Z"), abbreviations ("EST", "CET"),
region words ("Eastern", "Mountain time", "Central European time") and "<city> time".
Region words follow daylight saving time, so they map to an IANA zone (zoneinfo knows the
rules; dateparser knows neither IANA names nor daylight saving). An abbreviation names a fixed
offset (EST is -05:00) and the region that uses it (America/New_York): when the two disagree on
the day ("EST" in July, when New York is on EDT) the person is asked which was meant.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from .result import clean

ZONE_EXAMPLE = "'EST', 'Europe/Paris', 'Eastern time', 'UTC+1' or '-05:00'"
# Abbreviation -> (hours east of UTC, the IANA zone whose clocks it names).
ABBREVIATIONS: dict[str, tuple[float, str | None]] = {
    "UTC": (0, None),
    "GMT": (0, None),
    "WET": (0, "Europe/Lisbon"),
    "WEST": (1, "Europe/Lisbon"),
    "BST": (1, "Europe/London"),
    "CET": (1, "Europe/Berlin"),
    "CEST": (2, "Europe/Berlin"),
    "MET": (1, "Europe/Berlin"),
    "MEST": (2, "Europe/Berlin"),
    "EET": (2, "Europe/Athens"),
    "EEST": (3, "Europe/Athens"),
    "MSK": (3, "Europe/Moscow"),
    "EST": (-5, "America/New_York"),
    "EDT": (-4, "America/New_York"),
    "CST": (-6, "America/Chicago"),
    "CDT": (-5, "America/Chicago"),
    "MST": (-7, "America/Denver"),
    "MDT": (-6, "America/Denver"),
    "PST": (-8, "America/Los_Angeles"),
    "PDT": (-7, "America/Los_Angeles"),
    "AKST": (-9, "America/Anchorage"),
    "AKDT": (-8, "America/Anchorage"),
    "HST": (-10, "Pacific/Honolulu"),
    "JST": (9, "Asia/Tokyo"),
    "KST": (9, "Asia/Seoul"),
    "HKT": (8, "Asia/Hong_Kong"),
    "SGT": (8, "Asia/Singapore"),
    "AWST": (8, "Australia/Perth"),
    "ACST": (9.5, "Australia/Adelaide"),
    "ACDT": (10.5, "Australia/Adelaide"),
    "AEST": (10, "Australia/Sydney"),
    "AEDT": (11, "Australia/Sydney"),
    "NZST": (12, "Pacific/Auckland"),
    "NZDT": (13, "Pacific/Auckland"),
}
AMBIGUOUS_ABBREVIATIONS = {"IST": "India, Ireland or Israel", "AST": "Atlantic or Arabia", "ADT": "Atlantic or Arabia"}
# The zones each ambiguous abbreviation may name, offered back as choices ("10:20 IST": India, Ireland, Israel).
AMBIGUOUS_ZONES = {
    "IST": ("Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"),
    "AST": ("America/Halifax", "Asia/Riyadh"),
    "ADT": ("America/Halifax", "Asia/Baghdad"),
}
# Region words follow daylight saving time, so they map to a real zone.
REGIONS = {
    "eastern": "America/New_York",
    "us eastern": "America/New_York",
    "pacific": "America/Los_Angeles",
    "us pacific": "America/Los_Angeles",
    "central": "America/Chicago",
    "us central": "America/Chicago",
    "mountain": "America/Denver",
    "us mountain": "America/Denver",
    "alaska": "America/Anchorage",
    "hawaii": "Pacific/Honolulu",
    "central european": "Europe/Berlin",
    "central europe": "Europe/Berlin",
    "western european": "Europe/Lisbon",
    "eastern european": "Europe/Athens",
    "british": "Europe/London",
    "uk": "Europe/London",
    "irish": "Europe/Dublin",
    "japan": "Asia/Tokyo",
    "japanese": "Asia/Tokyo",
    "korea": "Asia/Seoul",
    "china": "Asia/Shanghai",
    "india": "Asia/Kolkata",
    "israel": "Asia/Jerusalem",
    # countries on one clock, said as "<country> time"
    "new zealand": "Pacific/Auckland",
    "germany": "Europe/Berlin",
    "german": "Europe/Berlin",
    "france": "Europe/Paris",
    "french": "Europe/Paris",
    "switzerland": "Europe/Zurich",
    "swiss": "Europe/Zurich",
    "netherlands": "Europe/Amsterdam",
    "dutch": "Europe/Amsterdam",
    "italy": "Europe/Rome",
    "italian": "Europe/Rome",
    "taiwan": "Asia/Taipei",
}
# An ambiguous abbreviation with its country said beside it ("IST (India)"): the zone that country uses.
SAID_WITH_COUNTRY = {
    "IST": {"india": "Asia/Kolkata", "indian": "Asia/Kolkata", "ireland": "Europe/Dublin", "irish": "Europe/Dublin",
            "dublin": "Europe/Dublin", "israel": "Asia/Jerusalem", "jerusalem": "Asia/Jerusalem",
            # the cities labs are in say the country as well ("14:05 IST (Bengaluru)")
            "bengaluru": "Asia/Kolkata", "bangalore": "Asia/Kolkata", "mumbai": "Asia/Kolkata",
            "delhi": "Asia/Kolkata", "new delhi": "Asia/Kolkata", "hyderabad": "Asia/Kolkata",
            "chennai": "Asia/Kolkata", "pune": "Asia/Kolkata", "kolkata": "Asia/Kolkata", "cork": "Europe/Dublin",
            "galway": "Europe/Dublin", "tel aviv": "Asia/Jerusalem", "haifa": "Asia/Jerusalem",
            "rehovot": "Asia/Jerusalem"},
    "AST": {"atlantic": "America/Halifax", "halifax": "America/Halifax", "arabia": "Asia/Riyadh",
            "saudi arabia": "Asia/Riyadh", "riyadh": "Asia/Riyadh"},
}  # fmt: skip
_CODES = {"ET": "America/New_York", "PT": "America/Los_Angeles", "CT": "America/Chicago", "MT": "America/Denver"}


@dataclass(frozen=True)
class Zone:
    tz: tzinfo
    label: str  # what the person wrote
    name: str  # how we show it back
    start: int = 0
    end: int = 0
    region: str | None = None  # the IANA zone an abbreviation names the clocks of

    def resolve(self, local: datetime) -> tuple[datetime, datetime | None]:
        """`local` in this zone, and, for an abbreviation whose region kept other clocks that day
        (EST in July), the same clock time in the region too; else None."""
        moment = local.replace(tzinfo=self.tz)
        if self.region is None:
            return moment, None
        regional = local.replace(tzinfo=ZoneInfo(self.region))
        return (moment, None) if regional.utcoffset() == moment.utcoffset() else (moment, regional)


@lru_cache(maxsize=1)
def _iana() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones() if "/" in name or name == "UTC"}


# Cities labs are in that no IANA zone is named after, with the zone whose clocks they keep. Only names that
# are not also common first names, family names or words ("Austin", "Davis", "Hamilton", "Nice"), nor shared
# by places in other zones ("Cambridge", "Portland", "Birmingham", "Newcastle", "Rochester", "Worcester").
_MORE_CITIES = {
    "America/New_York": (
        "boston", "baltimore", "philadelphia", "pittsburgh", "atlanta", "princeton", "new haven", "ann arbor",
        "ashburn", "cold spring harbor", "bar harbor", "providence", "cleveland", "buffalo", "miami", "charlottesville",
        "chapel hill", "new brunswick", "stony brook", "bethesda", "nyc",
    ),
    "America/Chicago": (
        "houston", "dallas", "nashville", "st. louis", "saint louis", "minneapolis", "evanston", "new orleans",
        "memphis", "iowa city", "milwaukee", "urbana", "champaign", "san antonio",
    ),
    "America/Denver": ("salt lake city", "albuquerque", "fort collins", "boulder"),
    "America/Phoenix": ("tucson", "tempe", "scottsdale"),
    "America/Los_Angeles": (
        "seattle", "san diego", "san francisco", "palo alto", "berkeley", "pasadena", "la jolla", "sacramento",
        "santa barbara", "oakland", "san jose", "santa cruz", "stanford",
    ),
    "America/Toronto": ("ottawa", "quebec city", "waterloo"),
    "America/Edmonton": ("calgary",),
    "America/Santiago": ("valparaíso", "valparaiso", "santiago de chile"),
    "America/Sao_Paulo": ("rio de janeiro", "campinas", "belo horizonte", "porto alegre", "ribeirão preto"),
    "Europe/Berlin": (
        "munich", "münchen", "frankfurt", "hamburg", "cologne", "köln", "heidelberg", "tübingen", "göttingen",
        "bonn", "leipzig", "dresden", "freiburg", "magdeburg", "mainz", "bochum", "düsseldorf", "stuttgart",
        "mannheim", "jena", "würzburg", "ulm", "bremen", "hannover", "hanover", "münster", "aachen", "martinsried",
    ),
    "Europe/Zurich": ("geneva", "genève", "basel", "bern", "lausanne"),
    "Europe/London": ("edinburgh", "manchester", "glasgow", "bristol", "leeds", "cardiff", "oxford", "sheffield",
                      "nottingham", "liverpool", "sussex", "brighton", "southampton", "york", "dundee", "aberdeen"),
    "Europe/Madrid": ("barcelona", "valencia", "seville", "sevilla", "alicante", "salamanca", "bilbao", "granada"),
    "Europe/Rome": ("milan", "milano", "turin", "torino", "bologna", "florence", "firenze", "naples", "napoli",
                    "genoa", "genova", "trento", "rovereto", "parma", "pisa", "padua", "padova", "trieste", "siena"),
    "Europe/Paris": ("marseille", "lyon", "bordeaux", "toulouse", "strasbourg", "grenoble", "montpellier",
                     "lille", "gif-sur-yvette", "saclay"),
    "Europe/Amsterdam": ("leiden", "utrecht", "rotterdam", "nijmegen", "groningen", "the hague", "maastricht"),
    "Europe/Brussels": ("antwerp", "ghent", "leuven", "liège"),
    "Europe/Copenhagen": ("aarhus", "odense"),
    "Europe/Oslo": ("trondheim", "bergen", "tromsø"),
    "Europe/Stockholm": ("gothenburg", "göteborg", "uppsala", "lund", "umeå"),
    "Europe/Helsinki": ("turku", "tampere", "espoo"),
    "Europe/Warsaw": ("kraków", "krakow", "wrocław", "wroclaw", "poznań", "poznan", "gdańsk", "gdansk"),
    "Europe/Tallinn": ("tartu",),
    "Europe/Lisbon": ("porto", "coimbra", "braga"),
    "Europe/Vienna": ("salzburg", "innsbruck", "graz", "klosterneuburg"),
    "Europe/Prague": ("brno",),
    "Europe/Budapest": ("szeged", "debrecen", "pécs"),
    "Asia/Kolkata": ("mumbai", "bombay", "bengaluru", "bangalore", "delhi", "new delhi", "hyderabad", "chennai",
                     "pune", "manesar"),
    "Asia/Shanghai": ("beijing", "shenzhen", "hangzhou", "wuhan", "nanjing", "guangzhou", "hefei", "chengdu",
                      "xi'an", "tianjin", "suzhou"),
    "Asia/Tokyo": ("osaka", "kyoto", "nagoya", "sendai", "okinawa", "wako", "kobe", "sapporo", "fukuoka", "tsukuba"),
    "Asia/Seoul": ("busan", "daejeon", "daegu", "suwon", "pohang"),
    "Asia/Jerusalem": ("tel aviv", "haifa", "rehovot", "beersheba", "ramat gan"),
    "Asia/Qatar": ("doha",),
    "Australia/Sydney": ("canberra", "wollongong"),
    "Australia/Brisbane": ("gold coast",),
    "Africa/Johannesburg": ("cape town", "pretoria", "durban"),
}  # fmt: skip


@lru_cache(maxsize=1)
def _cities() -> dict[str, str]:
    """'paris' -> Europe/Paris, 'new york' -> America/New_York (last part of each IANA name), and the cities
    labs are in that no zone is named after ('boston' -> America/New_York)."""
    cities: dict[str, str] = {}
    for name in sorted(available_timezones()):
        if name.count("/") == 1 and not name.startswith(("Etc/", "SystemV/", "US/")):
            cities.setdefault(name.split("/")[1].replace("_", " ").lower(), name)
    for zone, names in _MORE_CITIES.items():
        for city in names:
            cities.setdefault(_without_accents(city), zone)
    return cities


def _without_accents(text: str) -> str:
    """'São Paulo' -> 'Sao Paulo' (same length: IANA names are written without accents)."""
    return "".join(unicodedata.normalize("NFKD", c)[0] for c in text)


def is_city(name: str) -> bool:
    """'Paris', 'New York': a city some IANA zone is named after."""
    return " ".join(name.split()).lower() in _cities()


_IANA_TOKEN = re.compile(r"\b[A-Za-z]+(?:/[A-Za-z_\-]+){1,2}\b")
_UTC_OFFSET = re.compile(r"\b(?:UTC|GMT)\s*([+\-−])\s*(\d{1,2})(?::?(\d{2}))?\b", re.I)
_BARE_OFFSET = re.compile(r"(?:(?<=\d\d:\d\d)|(?<=\d\d:\d\d:\d\d)|(?<!\S))([+\-−])(\d{2}):?(\d{2})(?!\d)")
_ZULU = re.compile(r"(?<=\d)Z\b")
_ABBREVIATION = re.compile(
    r"\(?\b(" + "|".join(sorted({*ABBREVIATIONS, *AMBIGUOUS_ABBREVIATIONS}, key=len, reverse=True)) + r")\b\)?"
)
_REGION_WORDS = "|".join(k for k in sorted(REGIONS, key=len, reverse=True))
_REGION = re.compile(rf"\b({_REGION_WORDS})(?:\s+(?:standard|daylight|summer))?\s+time\b", re.I)
# After a date, a region word alone names the zone too ("2:30 p.m. Eastern").
_REGION_ALONE = re.compile(rf"^\W*({_REGION_WORDS})\b(?!\s+(?:time|cortex|area|part))", re.I)
# "2pm Eastern on 3/14/2023": a region word right after a time of day, before the date.
_REGION_AFTER_TIME = re.compile(rf"(?:\d\s*[ap]\.?m\.?|\d:\d\d)\s+({_REGION_WORDS})\b(?!\s+(?:cortex|area|part))", re.I)
_REGION_AT_END = re.compile(rf"[\s,(]({_REGION_WORDS})\W*$", re.I)
_REGION_CODE = re.compile(r"\b(ET|PT|CT|MT)\b")  # upper case only: "et al." is not a zone
_CITY_TIME = re.compile(r"\b([^\W\d_][^\W\d_ .'\-]*(?:[ .'\-]+[^\W\d_]+){0,3}?)\s+time\b", re.I)


# "we're in Lisbon", "our lab is based in Chicago": where the lab is, said as the answer to which zone.
_WHERE_THE_LAB_IS = re.compile(
    r"^(?:we\s+are|we'?re|we\s+were|our\s+lab\s+is|our\s+lab'?s|the\s+lab\s+is|the\s+lab'?s|lab\s+is)"
    r"(?:\s+(?:based|located|all))?\s+(?=in\s)"
)


def find_zone(text: str, bare_city: bool = False, after_date: bool = False) -> Zone | str | None:
    """The time zone named in `text`: a Zone, None when there is none, or a message when the
    name is ambiguous (IST). `bare_city` accepts "Paris" alone (an answer to "which zone?");
    `after_date` accepts a region word alone at the start ("Eastern" after "2:30 p.m.")."""
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
        told = _country_beside(text, abbreviation, match.end())
        if told is not None:
            return told
        if abbreviation in AMBIGUOUS_ABBREVIATIONS:
            return f"'{abbreviation}' names several time zones ({AMBIGUOUS_ABBREVIATIONS[abbreviation]})."
        hours, region = ABBREVIATIONS[abbreviation]
        name = f"{abbreviation}, {region}" if region else abbreviation
        tz = UTC if hours == 0 and region is None else timezone(timedelta(hours=hours))
        return Zone(tz, abbreviation, name, match.start(), match.end(), region)
    match = _REGION.search(text) or (
        (_REGION_ALONE.search(text) or _REGION_AT_END.search(text) or _REGION_AFTER_TIME.search(text))
        if after_date
        else None
    )
    if match:
        region = REGIONS[match.group(1).lower()]
        return Zone(ZoneInfo(region), match.group(0).strip(" ,"), region, match.start(1), match.end())
    match = _REGION_CODE.search(text)
    if match:
        region = _CODES[match.group(1)]
        return Zone(ZoneInfo(region), match.group(0), region, match.start(), match.end())
    for match in _CITY_TIME.finditer(text):
        words = _without_accents(match.group(1)).lower().split()  # "São Paulo time" names America/Sao_Paulo
        for size in range(min(3, len(words)), 0, -1):  # "... in New York time": longest city first
            city = " ".join(words[-size:])
            if city in _cities():
                start = match.start(1) + _without_accents(match.group(1)).lower().rfind(city)
                return Zone(ZoneInfo(_cities()[city]), text[start : match.end()], _cities()[city], start, match.end())
    if after_date and (at_end := _city_at_end(text)) is not None:  # "11:00 on 25 June 2024 in Helsinki"
        return at_end
    if after_date and (at_start := city_at_start(text)) is not None:  # "Dublin, 31/01/2023 at 10:30"
        return at_start
    if bare_city:
        said = _WHERE_THE_LAB_IS.sub("", clean(text).lower()).removeprefix("in ").removesuffix(" time").strip()
        if said in _cities():
            return Zone(ZoneInfo(_cities()[said]), clean(text), _cities()[said], 0, len(text))
        if said in REGIONS:
            return Zone(ZoneInfo(REGIONS[said]), clean(text), REGIONS[said], 0, len(text))
    return None


def _country_beside(text: str, abbreviation: str, end: int) -> Zone | None:
    """'IST (India)', 'IST, Ireland': the country said right after an ambiguous abbreviation says its zone."""
    countries = SAID_WITH_COUNTRY.get(abbreviation, {})
    said = re.match(r"\s*[(,]?\s*([A-Za-z][A-Za-z ]{1,20}?)\s*(?:\)|time\b|[,;.]|$)", text[end:])
    name = countries.get(said.group(1).lower()) if said else None
    if said is None or name is None:
        return None
    start = end - len(abbreviation) - (1 if text[end - len(abbreviation) - 1 : end - len(abbreviation)] == "(" else 0)
    label = f"{abbreviation} ({said.group(1)})"
    return Zone(ZoneInfo(name), label, name, start, end + said.end())


def _offset_zone(match: re.Match[str], label: str) -> Zone:
    sign = -1 if match.group(1) in "-−" else 1
    hours, minutes = int(match.group(2)), int(match.group(3) or 0)
    offset = sign * (hours + minutes / 60)
    return Zone(timezone(timedelta(hours=offset)), label.strip(), offset_text(offset), match.start(), match.end())


def offset_text(hours: float) -> str:
    sign = "-" if hours < 0 else "+"
    whole = abs(hours)
    return f"UTC{sign}{int(whole):02d}:{round((whole - int(whole)) * 60):02d}"


def describe_offset(moment: datetime) -> str:
    offset = moment.utcoffset()
    return offset_text(offset.total_seconds() / 3600 if offset is not None else 0)


# A city right after a date and time ("2024-02-14 08:50 Lisbon **", "on 25 June 2024 in Helsinki", "..., New York.")
# is the place whose clocks it was read on; a city followed by more of a name ("Boston University") is not.
# ("Bogotá", "Zürich", "São Paulo": a city's name may hold accented letters)
_CITY_WORDS = re.compile(r"^[\s,(*|>-]*(?:in\s+)?(?P<city>[A-ZÀ-Ý][A-Za-zÀ-ÿ'-]+(?:\s+[A-ZÀ-Ý][A-Za-zÀ-ÿ'-]+){0,2})")
# (a pause, or a small word: "in Chicago we recorded"; not more of a name: "Boston University"; a notebook's
# separator is a pause too: "10:10 Shanghai ▸ mouse", "09:00 Moscow — rat", "09:00 Jerusalem / bat")
_PAUSE_AFTER_CITY = re.compile(r"\s*(?:[^\w\s'\-]|$)|\s+[a-z]|\s+[-–—]")


def city_after_date(window: str) -> Zone | None:
    """The zone of a city named right after a date and time, with its place in `window`; None when none."""
    words = _CITY_WORDS.match(window)
    if words is None:
        return None
    said = words.group("city").split()
    for size in range(len(said), 0, -1):
        city = " ".join(said[:size])
        end = words.start("city") + window[words.start("city") :].find(said[size - 1]) + len(said[size - 1])
        name = _cities().get(_without_accents(city).lower())
        if name and not name.startswith("Antarctica/") and _PAUSE_AFTER_CITY.match(window, end):
            return Zone(ZoneInfo(name), city, name, words.start("city"), end)
    return None


def _city_at_end(text: str) -> Zone | None:
    """'... 2024 in Helsinki', '... 08:50 Lisbon': a city that ends the text of a date read with its zone."""
    last = re.search(r"(?:^|[\s,(*])(?:in\s+)?((?:[A-ZÀ-Ý][A-Za-zÀ-ÿ'-]+\s+){0,2}[A-ZÀ-Ý][A-Za-zÀ-ÿ'-]+)\)?\s*$", text)
    if last is None or not re.search(r"\d", text[: last.start()]):
        return None
    zone = city_after_date(text[last.start() :])
    return Zone(zone.tz, zone.label, zone.name, last.start() + zone.start, last.start() + zone.end) if zone else None


# "Dublin, 31/01/2023 at 10:30", "Kyiv, 2022-05-09, 10:00": a city that opens the text, then a pause and the date.
_CITY_AT_START = re.compile(
    r"^\s*(?P<city>[A-ZÀ-Ý][A-Za-zÀ-ÿ'-]+(?:\s+[A-ZÀ-Ý][A-Za-zÀ-ÿ'-]+){0,2})\s*[,:]\s+(?=[^\n]*\d)"
)


def city_at_start(text: str) -> Zone | None:
    """'Dublin, 31/01/2023 at 10:30': the zone of a city that opens the text before its date."""
    start = _CITY_AT_START.match(text)
    if start is None:
        return None
    name = _cities().get(_without_accents(start.group("city")).lower())
    if name is None or name.startswith("Antarctica/"):
        return None
    return Zone(ZoneInfo(name), start.group("city"), name, start.start("city"), start.end("city"))
