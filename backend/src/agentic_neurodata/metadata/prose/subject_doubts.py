"""The last look's checks of subject values and sites (prose/whole_values.py asks them): each says why a
value read for the subject or the recording site is not the one the words give it, or "".

Each is a kind of slip fresh scoring files showed, whichever finder made it: a number said to be the cage
("Z7 is the cage"), a line's name or a plain word read as the animal's ID ("Pvalb-IRES-Cre", a mail's
"Subject: transfer"), an age read inside a room number ("2W.301"), a postnatal day read as the ID ("P8
pup"), a site with its side dropped ("claustrum, both hemispheres") or read from a project's name
("Hippocampus project"), the house mouse read where the Latin name of another genus was said. Each check
was kept only if it takes none of the values read right on the development corpus and on the fresh files'
runs (docs/architecture.md, "Reading what people write")."""

from __future__ import annotations

import re

from ..species import SPECIES

# What an ID can be said to be instead of the animal's ("ID 447 is the cage number", "Z7 is the cage")
_NOT_THE_ANIMAL = r"(?:cage|room|rack|box|rig|slot|tank|chamber|setup|bench)"
# A mouse line's name alone ("Pvalb-IRES-Cre", "Ai162"): a genotype, never an animal's ID
_LINE_NAME = re.compile(r"Ai\d{2,3}|[A-Za-z0-9]+(?:-IRES2?)?-(?:Cre|CreERT2|Flp|FlpO|Dre|tTA)")
# A plain lowercase word ("transfer" from a mail's subject line); IDs carry digits, capitals or signs
_PLAIN_WORD = re.compile(r"[a-z]{4,}")
# A supplier's stock number ("JAX-000664", "stock #000664"): the line's, never the animal's
_STOCK_NUMBER = re.compile(r"(?i)(?:JAX|stock)[-_ #]*(\d{6})|(\d{6})")
_STOCK_SAID = r"(?i:JAX|stock|strain)\s*(?:#|no\.?|number)?\s*[-_ ]?"
# A postnatal day before the animal it is the age of ("mouse P8 pup JG-2")
_POSTNATAL_DAY = re.compile(r"P\d{1,3}")
_ANIMAL_AFTER = r"(?:pups?|animals?|mice|mouse|rats?|old)\b"
# A side after a site ("claustrum, both hemispheres", "posterior parietal cortex, right"): kept as said; the
# side ends the site
_SIDE_AFTER = re.compile(
    r"^,?[ \t]+(?:both (?:hemispheres|sides)|bilateral(?:ly)?|ipsilateral|contralateral|"
    r"(?:left|right)(?: (?:hemisphere|side))?)(?=[ \t]*(?:$|[,.;:)\n]|and\b))",  # not "right after surgery"
    re.I,
)
# What the words after a site say it was not the recording's ("aimed at CA1 but histology showed DG")
_ELSEWHERE_AFTER = re.compile(
    r"^[^.;\n]{0,15}?,?\s+but\b[^.;\n]{0,40}?\b(?:histology|actually|in fact|turned out|ended up|showed|revealed|"
    r"landed)\b",
    re.I,
)
# Another strain after a strain ("C57BL/6J and some 129", "mixed: C57BL/6J & 129S"): a mixed background
_UNIT = r"(?:g|kg|mg|days?|d|weeks?|wk|months?|mo|y|yrs?|years?)\b"  # "and 120 days" is an age, not "129"
_ANOTHER_STRAIN_AFTER = re.compile(
    rf"^\s+(?:and|&|\+)\s+(?:some\s+)?(?:\d{{3}}(?:[A-Z]\w*)?(?![\d.,]|\s*{_UNIT})|[A-Z][A-Za-z0-9]*\d|[A-Z]{{2,}})"
)
# An area's name as part of a project's, a group's or a notebook's ("ELN › Hippocampus project")
_PROJECT_AFTER = re.compile(r"^[ \t]+(?:project|study|grant|folder|consortium|paper|dataset|cohort|team|group)\b", re.I)
# Latin binomials of the species table, longest first ("Peromyscus maniculatus" in "species: ...")
_LATINS = sorted((species.latin for species in SPECIES if " " in species.latin), key=len, reverse=True)
_LATIN_NAMES = re.compile(r"\b(" + "|".join(map(re.escape, _LATINS)) + r")\b")


def _everywhere(said: str, value: str, after: re.Pattern[str], width: int = 30) -> list[re.Match[str]]:
    """What `after` finds right after each place `value` is said, when it finds it after every one."""
    places = [match.end() for match in re.finditer(re.escape(value), said, re.I)] if value else []
    found = [after.match(said[end : end + width]) for end in places]
    return [match for match in found if match] if places and all(found) else []


def subject_id_doubt(said: str, value: str) -> str:
    """Why `value` is not the animal's ID, or ""."""
    if _LINE_NAME.fullmatch(value):
        return "it names a mouse line, not an animal"
    if _PLAIN_WORD.fullmatch(value):
        return "it is a plain word, not an ID"
    said_to_be = re.search(
        rf"(?<![\w-]){re.escape(value)}(?![\w-])[ \t]+(?:is|was|=)[ \t]+(?:just |only )?(?:the |our |a |its )?"
        rf"({_NOT_THE_ANIMAL})\b",
        said,
    )
    if said_to_be:
        return f"it was said to be the {said_to_be.group(1)}"
    stock = _STOCK_NUMBER.fullmatch(value)
    if stock and re.search(_STOCK_SAID + (stock.group(1) or stock.group(2)), said):
        return "it is a supplier's stock number, not an animal's ID"
    if _POSTNATAL_DAY.fullmatch(value) and re.search(rf"\b{value}[ \t]+{_ANIMAL_AFTER}", said):
        return f"'{value}' is the animal's age (postnatal day)"
    return ""


def said_only_inside_a_longer_word(said: str, words: str, also_before: str = "") -> bool:
    """`words` said only inside a longer word or number ("Mouse28", "31.2 g", "or7bk3-2"); `also_before`
    are signs that glue it to what comes before too ("2W.301" holds no age)."""
    places = [match.span() for match in re.finditer(re.escape(words), said)] if words else []
    return bool(places) and all(
        (start > 0 and (said[start - 1].isalnum() or said[start - 1] in also_before))
        or re.match(r"\w|[./]\d", said[end : end + 2])
        for start, end in places
    )


def age_doubt(said: str, raw: str) -> str:
    """Why the age read from the words `raw` is no age said (only inside a longer token: "room 2W.301")."""
    return "it was said only inside a longer word" if said_only_inside_a_longer_word(said, raw, "._/") else ""


def site_with_side(said: str, raw: str) -> str:
    """The site as said with its side ("claustrum, both hemispheres"), when every place it is said has one."""
    sides = _everywhere(said, raw, _SIDE_AFTER)
    if not sides:
        return ""
    start = said.lower().find(raw.lower())
    return said[start : start + len(raw)] + sides[0].group(0)


def site_in_a_project_name(said: str, raw: str) -> bool:
    return bool(_everywhere(said, raw, _PROJECT_AFTER))


def another_latin_said(said: str, value: str) -> str:
    """A Latin name of another genus said in the words when the binomial `value` itself is not, or ""."""
    if " " not in value or value.startswith("http"):
        return ""
    said_in_latin = [match.group(1) for match in _LATIN_NAMES.finditer(said)]
    if value in said_in_latin:
        return ""
    others = [latin for latin in said_in_latin if latin.split()[0] != value.split()[0]]
    return others[0] if others else ""


def site_said_elsewhere(said: str, raw: str) -> bool:
    """Every place the site is said, the words after it say the recording was elsewhere."""
    return bool(_everywhere(said, raw, _ELSEWHERE_AFTER, width=80))


def strain_said_with_another(said: str, value: str) -> bool:
    """Every place the strain is said, another strain is said with it (a mixed background)."""
    return bool(_everywhere(said, value, _ANOTHER_STRAIN_AFTER))
