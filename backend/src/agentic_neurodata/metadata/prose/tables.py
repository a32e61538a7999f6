"""A table pasted as text: a header row and one row of values ("subject_id,species,sex\nQM-7,mouse,F",
"Subject | Sex | Age (days)\nEV-2 | M | 112") says each value's role in its column's header.

The table is read as the keyed row it stands for ("subject_id=QM-7; species=mouse; sex=F"), so the
same key rules apply (keys.py: "Arrival weight" is another time, "Age (days)" gives the unit). A unit
in brackets after a key ("weight (g): 312") is the key's unit, as in "weight_g=312".
"""

from __future__ import annotations

import csv
import re

from ..brain_areas import names_an_area
from .words import KEYS

# A header cell: a short label, with a unit or note in brackets ("Age (days)", "weight (g)").
_HEADER_CELL = re.compile(r"[A-Za-z][A-Za-z _./-]{0,30}(?:\s*\([A-Za-z ]{1,10}\))?")
_SEPARATORS = ("\t", "|", ",", ";")
_UNIT_KEY = re.compile(
    r"\b(?P<key>[A-Za-z]+)\s*\((?P<unit>g|kg|mg|grams?|d|days?|w|wks?|weeks?|mo|months?|y|yrs?|years?)\)\s*(?=[:=])",
    re.I,
)


# Lab scripts and dumps: "ExpKeys.subject = 'M512';", "expt(3).sex = {'M'};", "{'subject_id': 'AL-5'}",
# "animalID = ...". The struct before a key, quotes and braces around keys and values, and a camelCase key
# are how the language writes a key=value pair, not part of the key or the value.
_STRUCT_BEFORE_KEY = re.compile(
    r"(?m)(?:^|(?<=;)|(?<=;\s))\s*[A-Za-z_]\w{0,30}(?:\(\d{1,4}\))?\.(?=[A-Za-z_]\w{0,30}\s*=)"
)
_QUOTED_KEY = re.compile(r"""(?P<q>["'])(?P<key>[A-Za-z_][\w ]{0,30})(?P=q)(?=\s*:)""")
_QUOTED_VALUE = re.compile(
    # (every closing brace after the value goes: '"Dbh-Cre"}}' ends two dicts, none of it is the value)
    r"""(?P<sep>[:=]\s*)\{?\s*(?P<q>["'])(?P<value>[^"'\n{}]{0,200})(?P=q)(?:\s*\})*(?=\s*(?:[,;}\]\n]|$))"""
)
_QUOTED_LIST = re.compile(
    r"""(?P<sep>[:=]\s*)[\[{](?P<items>\s*["'][^"'\n\[\]{}]{1,80}["'](?:\s*,\s*["'][^"'\n\[\]{}]{1,80}["']){0,20}\s*)[\]}]"""
)
_LIST_ITEM = re.compile(r"""["']([^"'\n]{1,80})["']""")
_CAMEL_KEY = re.compile(r"(?m)(?:^|(?<=[;,{]\s)|(?<=[;,{]))(?P<low>[a-z]{2,20})(?P<up>[A-Z][A-Za-z]{0,20})(?=\s*[:=])")


# "datetime(2022, 4, 5, 13, 0, tzinfo=ZoneInfo('Asia/Hong_Kong'))": Python's datetime call with its zone.
_PYTHON_DATETIME = re.compile(
    r"\b(?:datetime\.)?datetime\(\s*(?P<y>\d{4}),\s*(?P<mo>\d{1,2}),\s*(?P<d>\d{1,2}),\s*(?P<h>\d{1,2}),\s*"
    r"(?P<mi>\d{1,2})(?:,\s*(?P<s>\d{1,2}))?,\s*tzinfo\s*=\s*(?:zoneinfo\.)?ZoneInfo\(\s*[\"'](?P<zone>[A-Za-z_/+\-]+)[\"']\s*\)\s*\)"
)


def _as_written_datetime(match: re.Match[str]) -> str:
    """'datetime(2022, 4, 5, 13, 0, tzinfo=ZoneInfo("Asia/Hong_Kong"))' -> '2022-04-05 13:00:00 Asia/Hong_Kong'."""
    numbers = [int(match.group(k) or 0) for k in ("y", "mo", "d", "h", "mi", "s")]
    return "{:04d}-{:02d}-{:02d} {:02d}:{:02d}:{:02d} ".format(*numbers) + match.group("zone")


def as_plain_pairs(text: str) -> str:
    """'ExpKeys.subject = "M512";' -> 'subject = M512;', "{'sex': 'F'}" -> "{sex: F}", 'animalID = 7' ->
    'animal_ID = 7': a lab script's or a dump's pairs written as plain key=value pairs."""
    text = _PYTHON_DATETIME.sub(_as_written_datetime, text)
    if not re.search(r"""[=:]\s*[\[{]?\s*["']|["']\s*:|\.\w+\s*=|[a-z][A-Z]\w*\s*=""", text):
        return text
    text = _STRUCT_BEFORE_KEY.sub("", text)
    # 'experimenter: ["Bhattacharya, Ananya", "Rao, Vikram"]': a list of quoted items, each one value
    text = _QUOTED_LIST.sub(lambda m: m.group("sep") + "; ".join(_LIST_ITEM.findall(m.group("items"))), text)
    text = _QUOTED_KEY.sub(r"\g<key>", text)
    text = _QUOTED_VALUE.sub(r"\g<sep>\g<value>", text)
    return _CAMEL_KEY.sub(r"\g<low>_\g<up>", text)


def as_keyed_row(text: str) -> str:
    """The message as a keyed row when it is a header and one row of values; otherwise as it is, with a
    unit in brackets after a key joined to the key ("weight (g): 312" -> "weight_g: 312")."""
    text = _UNIT_KEY.sub(lambda m: f"{m.group('key')}_{m.group('unit')}", as_plain_pairs(text))
    # (a Markdown table's rule under its header, "|---|---|", holds no values)
    lines = [line for line in text.strip().splitlines() if line.strip() and not _MARKDOWN_RULE.fullmatch(line)]
    named = _the_named_row(lines)
    if named:  # "the mouse in this file is KS102": the line naming the row may name the animal's kind too
        kind = _ANIMAL_KIND_SAID.search(lines[-1])
        keyed = _keyed_rows(named, text)
        return f"{kind.group(0).lower()}; {keyed}" if kind and keyed != text else keyed
    return _keyed_rows(lines, text)


_ANIMAL_KIND_SAID = re.compile(r"\b(?:mouse|rat|monkey|fish|bird|marmoset|ferret|gerbil)\b", re.I)


def _keyed_rows(lines: list[str], text: str) -> str:
    """The keyed row of a header and one row; of several rows, the one marked as recorded (or no animal's
    values); otherwise `text`."""
    if len(lines) > 2:
        marked = _the_marked_row(lines)
        return _keyed_rows(marked, text) if marked else (_several_animals(lines) or text)
    if len(lines) != 2:
        return text
    for separator in _SEPARATORS:
        header, row = _cells(lines[0], separator), _cells(lines[1], separator)
        subject_columns = {_key(cell) for cell in header} & _SUBJECT_COLUMNS
        header = [_ANIMALS_NAME if cell.lower() == "name" and subject_columns else cell for cell in header]
        if subject_columns or any(_ANIMAL_ID_HEADER.fullmatch(cell) for cell in header):
            header = [_MASS.sub("weight", cell) for cell in header]  # "mass_g" in a table of the animal: its weight
        if len(header) < 2 or len(header) != len(row):
            continue
        if not all(_HEADER_CELL.fullmatch(cell) for cell in header):
            return text
        if 2 * sum(_names_a_field(cell) for cell in header) < len(header):
            return text  # "Hello, thanks\nmouse m1, female": a greeting, not a header
        # "animal, age, weight, location": in a table of the animal's values a "location" naming an area is the site
        header = [
            _SITE if _SITE_HEADER.fullmatch(cell) and subject_columns and names_an_area(value) else cell
            for cell, value in zip(header, row, strict=True)
        ]
        return "; ".join(_keyed_cell(cell, value) for cell, value in zip(header, row, strict=True) if value)
    return text


# "-> converting MW24 now", "=> this file is RH-3", "recorded: VG-2": a line after the rows names the one.
_NAMES_THE_ROW = (
    r"[\s(>*=-]*(?:now\s+)?(?:converting|uploading|convert(?:ing)?\s+only|this\s+(?:upload|file|one|session|recording)(?:\s+is)?|"
    r"the\s+(?:one|mouse|rat|animal|subject|monkey|bird|fish)\s+(?:in\s+(?:this|the)\s+file|recorded|converted)\s+is|in\s+this\s+file|recorded(?:\s+(?:one|animal|today|here|now))?)"
    r"\s*[:=]?\s*(?:only\s+)?"
    r"{id}(?:\s+(?:now|only))?[\s.!)]*"
)


def _the_named_row(lines: list[str]) -> list[str] | None:
    """A header, several rows, then a line naming one row by its first cell: the header and that row."""
    if len(lines) < 4:
        return None
    for separator in _SEPARATORS:
        header, rows = _cells(lines[0], separator), [_cells(line, separator) for line in lines[1:-1]]
        if len(header) < 2 or any(len(row) != len(header) for row in rows):
            continue
        named = [
            line
            for line, row in zip(lines[1:-1], rows, strict=True)
            if row[0] and re.fullmatch(_NAMES_THE_ROW.format(id=re.escape(row[0])), lines[-1], re.I)
        ]
        return [lines[0], named[0]] if len(named) == 1 else None
    return None


# "| DA-17 | recorded | M |": a cell saying its row is the animal recorded, or this file's.
_RECORDED_CELL = re.compile(
    r"(?:yes\W+)?(?:recorded|this\s+(?:file|one|session|recording)|in\s+this\s+file|converted|current)", re.I
)


_LEFT_OUT_CELL = re.compile(r"^(?:not\s+recorded|excluded|not\s+used|sham|control|died|dead|removed)\b", re.I)


def _the_marked_row(lines: list[str]) -> list[str] | None:
    """A header and several rows, one of them marked by a cell as the recorded animal's: the header and that row."""
    for separator in _SEPARATORS:
        header, rows = _cells(lines[0], separator), [_cells(line, separator) for line in lines[1:]]
        if len(header) < 2 or any(len(row) != len(header) for row in rows):
            continue
        marked = [line for line, row in zip(lines[1:], rows, strict=True) if any(map(_RECORDED_CELL.fullmatch, row))]
        # ("| 2 | FR-Thor | not recorded |": when every other row is said to be left out, the one left is marked)
        kept = [line for line, row in zip(lines[1:], rows, strict=True) if not any(map(_LEFT_OUT_CELL.search, row))]
        marked = marked or (kept if len(kept) < len(rows) else [])
        return [lines[0], marked[0]] if len(marked) == 1 else None
    return None


def _several_animals(lines: list[str]) -> str | None:
    """A header of the animal's values and several rows, none marked: each row is another animal, and the one
    recorded may be any of them (or none), so no row's values are the subject's, not even those every row
    says alike ("M" in every row's sex); the header's kind ("Mouse" over ids) is said of them all."""
    for separator in _SEPARATORS:
        header, rows = _cells(lines[0], separator), [_cells(line, separator) for line in lines[1:]]
        rows = [row for row in rows if not all(re.fullmatch(r"[\s:-]*", cell) for cell in row)]  # "|:--|:--|"
        if len(header) < 2 or len(rows) < 2 or any(len(row) != len(header) for row in rows):
            continue
        keys = {_key(cell) for cell in header}
        if not keys & _SUBJECT_COLUMNS or not all(_HEADER_CELL.fullmatch(cell) for cell in header):
            return None
        kinds = [cell.lower() for cell in header if _ANIMAL_HEADER.fullmatch(cell)]  # "mouse" over ids: all mice
        return "; ".join(kinds) or "(several animals)"
    return None


# A header that is the animal's kind ("Mouse", "Rat"): its column holds each animal's id.
_ANIMAL_HEADER = re.compile(r"mouse|mice|rat|rats|monkey|animal|fish|bird|marmoset|ferret|gerbil", re.I)


_MARKDOWN_RULE = re.compile(r"\s*\|?(?:\s*:?-{2,}:?\s*\|?)+\s*")  # ("|:--|:--|": two dashes do too)
# "bird_id", "bat ID", "sub" (BIDS): a column of the animal's id named by its kind or by BIDS.
_ANIMAL_ID_HEADER = re.compile(
    r"(?:(?:mouse|rat|monkey|animal|fish|bird|marmoset|ferret|gerbil|bat|worm|fly|pig|cat|dog|owl|finch)[ _-]?"
    r"(?:id|no|number)|sub)",
    re.I,
)
# "participant_id", "Patient ID": a column of a human participant's ids (BIDS' participants.tsv).
_PERSON_ID_HEADER = re.compile(r"(?:participant|patient)s?(?:[ _-]?(?:id|no|number))?", re.I)
# A table of the animal's values ("name,species,sex,weight_kg"): its "name" column is the animal's name.
_SUBJECT_COLUMNS = {"species", "sex", "strain", "genotype", "weight", "weight_g", "weight_kg", "age", "age_days"}
_ANIMALS_NAME = "subject_id"
_MASS = re.compile(r"(?<![A-Za-z])mass(?![A-Za-z])", re.I)
_SITE_HEADER = re.compile(r"(?:brain[ _])?(?:location|area|region|site)", re.I)
_SITE = "electrode_location"


def _keyed_cell(cell: str, value: str) -> str:
    """'Mouse' over 'KL-4' -> 'mouse KL-4' (the species and its id), 'Sex' over 'M' -> 'sex=M'."""
    if _PERSON_ID_HEADER.fullmatch(cell):
        return f"participant {value}"  # "participant_id" over "sub-07": a participant, as said in words
    if _ANIMAL_ID_HEADER.fullmatch(cell):
        return f"subject_id={value}"
    return f"{cell.lower()} {value}" if _ANIMAL_HEADER.fullmatch(cell) else f"{_key(cell)}={value}"


def _cells(line: str, separator: str) -> list[str]:
    """A row's cells; a quoted cell keeps its separators ('Stanford University,"Mallory, Caitlin"'); the
    pipes that open and close a Markdown row ("| BL-22 | M |") hold no cell."""
    if separator == "|":
        line = line.strip().removeprefix("|").removesuffix("|")
    return [cell.strip() for cell in next(csv.reader([line], delimiter=separator, skipinitialspace=True))]


_TIME_WORDS = {"start", "end", "stop", "date", "time", "zone", "tz", "timezone"}


def _names_a_field(cell: str) -> bool:
    """'Recording weight', 'DOB', 'mouse_id': a header cell that holds a field's key word."""
    words = _key(cell).split("_")
    if set(words) & _TIME_WORDS:  # "start,end,zone", "rec_date, rec_time, timezone": a table of the session's times
        return True
    return any(" ".join(words[i:j]) in KEYS for i in range(len(words)) for j in range(i + 1, len(words) + 1))


def _key(cell: str) -> str:
    """'Age (days)' -> 'age_days', 'Recording weight' -> 'recording_weight', 'subject_id' stays."""
    return "_".join(re.findall(r"[A-Za-z]+", cell.lower()))


# A header cell of a numbered column ("keyword1", "area_2") is a label too.
_NUMBERED_HEADER_CELL = re.compile(rf"(?:{_HEADER_CELL.pattern})[ _]?\d{{0,2}}")
_LOCATION_HEADER = re.compile(
    r"area|areas|location|loc|region|site|target|probe|structure|brain|nucleus|electrode", re.I
)


def in_a_column_of_another_field(text: str, position: int) -> bool:
    """'keyword1,keyword2\nhead direction,anterior thalamus': words in a table's row under a header that
    names no place in the brain (keywords, notes, genotype) are that column's, not the recording site."""
    lines = text.split("\n")
    row_start = text.rfind("\n", 0, position) + 1
    if len(lines) < 2 or row_start == 0:
        return False
    for separator in _SEPARATORS:
        header = _cells(lines[0], separator)
        if len(header) < 2 or not all(_NUMBERED_HEADER_CELL.fullmatch(cell) for cell in header):
            continue
        row_end = text.find("\n", position)
        row = text[row_start : len(text) if row_end < 0 else row_end]
        cells = _cells(row, separator)
        if len(cells) != len(header):
            return False
        opening_pipe = separator == "|" and row.lstrip().startswith("|")  # "| M-7 | F |": no cell before it
        column = row[: position - row_start].count(separator) - opening_pipe
        words = re.findall(r"[A-Za-z]+", header[min(max(column, 0), len(header) - 1)])
        return not any(_LOCATION_HEADER.fullmatch(word) for word in words)
    return False
