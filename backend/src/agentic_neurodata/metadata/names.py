"""People's names: "Dr. Jane Smith", "jane smith", "Smith, Jane" -> "Smith, Jane" (DANDI's form).

Several people may be given at once ("Jane Smith and John Doe", "Smith, J.; Doe, John").
Family-name particles stay with the family name ("Anna van der Berg" -> "van der Berg, Anna").
"""

from __future__ import annotations

import re

from .result import RuleResult, accept, clean, reject

FIELD = "experimenter"
EXAMPLE = "'Jane Smith' or 'Smith, Jane' (several: 'Jane Smith and John Doe')"
# DANDI's pattern for a person's name (dandischema NAME_PATTERN, as NWB Inspector copies it).
DANDI_NAME = re.compile(r"^([\w\s\-\.']+),\s+([\w\s\-\.']+)$")
TITLES = re.compile(r"^(?:dr|prof|professor|mr|mrs|ms|mx|miss|sir|dame)\.?\s+", re.I)
SUFFIXES = re.compile(r",?\s+(?:ph\.?\s?d|m\.?d|jr|sr|ii|iii|iv|msc|bsc)\.?$", re.I)
PARTICLES = {
    "van",
    "von",
    "der",
    "den",
    "de",
    "del",
    "della",
    "da",
    "di",
    "du",
    "la",
    "le",
    "dos",
    "das",
    "ten",
    "ter",
    "bin",
    "al",
    "el",
    "st",
    "st.",
}
_SPLIT_PEOPLE = re.compile(r"\s*(?:;|\band\b|&|\+|/)\s*", re.I)


def normalize_experimenters(text: str | list[str]) -> RuleResult:
    """One or several people -> a list of "Last, First" names."""
    pieces = text if isinstance(text, list) else _people(clean(text))
    names, notes = [], []
    for piece in pieces:
        result = normalize_name(piece)
        if not result.ok:
            return reject(FIELD, result.error, result.example)
        names.append(result.value)
        if result.note:
            notes.append(result.note)
    if not names:
        return reject(FIELD, "No name was given.", EXAMPLE)
    unique = list(dict.fromkeys(names))
    return accept(FIELD, unique, " ".join(notes))


def _people(text: str) -> list[str]:
    people: list[str] = []
    for part in (p for p in _SPLIT_PEOPLE.split(text) if p.strip()):
        commas = [c.strip() for c in part.split(",") if c.strip()]
        # "Jane Smith, John Doe" lists people; "Smith, Jane" is one person in DANDI's order.
        if len(commas) > 1 and all(len(_words(c)) >= 2 for c in commas):
            people.extend(commas)
        elif len(commas) > 2 and len(commas) % 2 == 0 and all(len(_words(c)) == 1 for c in commas):
            people.extend(f"{commas[i]}, {commas[i + 1]}" for i in range(0, len(commas), 2))
        else:
            people.append(part)
    return people


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"\s+", TITLES.sub("", text.strip())) if w]


def normalize_name(text: str) -> RuleResult:
    raw = clean(text)
    name = SUFFIXES.sub("", TITLES.sub("", raw)).strip(" ,")
    if not name:
        return reject(FIELD, "The name is empty.", EXAMPLE)
    if re.search(r"[\d@/\\()]", name):
        return reject(FIELD, f"'{raw}' does not look like a person's name.", EXAMPLE)
    if "," in name:
        last, _, first = name.partition(",")
        last, first = last.strip(), first.strip()
    else:
        words = name.split()
        if len(words) < 2:
            return reject(FIELD, f"'{raw}' has one name only; DANDI needs a family and a given name.", EXAMPLE)
        split = len(words) - 1
        while split > 1 and words[split - 1].lower() in PARTICLES:
            split -= 1
        first, last = " ".join(words[:split]), " ".join(words[split:])
    if not first or not last:
        return reject(FIELD, f"'{raw}' needs both a family and a given name.", EXAMPLE)
    first, last = _capitalised(first), _capitalised(last)
    value = f"{last}, {first}"
    if not DANDI_NAME.fullmatch(value):
        return reject(FIELD, f"'{raw}' has characters DANDI does not accept in names.", EXAMPLE)
    note = "" if value == raw else f"'{raw}' -> '{value}'."
    return accept(FIELD, value, note)


def _capitalised(part: str) -> str:
    """Capitalise names typed all in lower or upper case; leave deliberate forms (McDonald, van) alone."""
    if part.islower() or part.isupper():
        words = []
        for word in part.split():
            lower = word.lower()
            if lower in PARTICLES and part.islower():
                words.append(lower)
            else:
                words.append("-".join(w[:1].upper() + w[1:].lower() for w in word.split("-")))
        return " ".join(words)
    return part
