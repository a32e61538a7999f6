"""The last look at a value kept as said (and at a subject ID) before it is stored: it must be the whole
of what was said for it, and nothing more.

Scoring files written apart from the code kept showing the same slips, made by whichever finder met a
sentence nobody foresaw, and each would go into the file wrong:
- a name cut where the words go on ("Pontificia [Universidad Católica de Chile]", "[University of
  Wisconsin]–Madison", "[Gad2-IRES-Cre]; Ai14", "[dorsomedial striatum] + OFC", "Mouse[28]");
- a value kept with what is around it: talk ("UCSF is the institution", "a Sprague Dawley male"), the
  next field ("Shank3B-/- › Sex: M"), half a bracket or quote ("Ai148 x Emx1-Cre)", "write 'X Lab");
- a value said and taken back at once ("ibl_witten_31? no, ibl_witten_33").
A cut name is asked back whole; anything else is asked again. The checks read what the person wrote,
after every finder (and a model's readings, metadata/extraction.py), so a finder wrong in a new way is
still caught. Each check was measured on the development corpus (it takes no value read right) and on
the values the reader wrote wrong on each fresh scoring file."""

from __future__ import annotations

import re

from ...domain import ValueConfirmation, ValueProposal
from ..fields import FIELDS
from ..parsed import ParsedInput, Rejection
from .words import KEYS, field_named

# Names: cut when the words around them go on as the same name.
NAMED = ("institution", "lab")
# Fields stored as said: no talk word belongs in them.
AS_SAID = ("institution", "lab", "strain", "genotype", "electrode_location")

_CAPITALISED = r"[A-ZÀ-ÖØ-Þ][\w'’&-]*(?<![.])"
# Lowercase words of talk; inside a run of capitalised words ("Institute ... in Cooperation with Max
# Planck Society") they are part of the name and stay.
_TALK = re.compile(
    r"\b(?:is|are|was|were|it'?s|it|she'?s|he'?s|they'?re|exactly|please|from|with|but|not|our|my|we|"
    r"this|that|these|just|only|also|okay|ok|yes|no|think|guess|maybe|probably)\b|^(?:a|an|the|its)\b"
)
# Words that open a run of capitalised words without being part of the name ("At Stanford University")
_NOT_OF_THE_NAME = {"The", "At", "In", "From", "By", "For", "Dear", "Hi", "Hello", "Affiliation"}
_NAME_BEFORE = re.compile(rf"(?:(?<=[ \t])|^)((?:{_CAPITALISED} )*{_CAPITALISED})( ?[–—] ?| |-)$")
_NAME_AFTER = re.compile(rf"^[–—-]{_CAPITALISED}(?: {_CAPITALISED})*")


def _as_text(value: object) -> str:
    return " ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


def talk_inside(value: str) -> str:
    """The first talk word in `value` that is not part of a capitalised name, or ""."""
    for match in _TALK.finditer(value):
        before = value[: match.start()].split()[-1:]
        after = value[match.end() :].split()[:1]
        # "... in Cooperation with Max Planck ...": between two words of one name (a comma ends a name)
        if before and after and before[0][:1].isupper() and before[0][-1].isalnum() and after[0][:1].isupper():
            continue
        return match.group(0)
    return ""


def _opens_the_run(word: str) -> bool:
    """A word before a name that is no part of it: "At", "The", a field's name ("Affiliation",
    "Institution's Universidade do Porto")."""
    word = re.sub(r"['’]s$", "", word)
    return word in _NOT_OF_THE_NAME or field_named(word) is not None


def _run_before(before: str) -> str:
    """Capitalised words on the same line just before a value that go on as its name ("Pontificia ",
    "Technion – "), or "" ("at ", "The ", a cell or line of its own)."""
    match = _NAME_BEFORE.search(re.split(r"[\n\t]", before)[-1])
    if not match:
        return ""
    words = match.group(1).split(" ")
    while words and _opens_the_run(words[0]):
        words.pop(0)
    return " ".join(words) + match.group(2) if words else ""


def whole_name(text: str, value: str) -> str:
    """The whole name when every place `value` is said is part of a longer name, else ""."""
    longer = ""
    for match in re.finditer(re.escape(value), text):
        before = _run_before(text[max(0, match.start() - 80) : match.start()])
        after = _NAME_AFTER.match(text[match.end() : match.end() + 60])
        if not before and not after:
            return ""
        longer = longer or before + value + (after.group(0) if after else "")
    return longer


_OPENERS = {"(": ")", "[": "]", "{": "}"}
_QUOTE_OPENED = re.compile(r"(?:^|(?<=[\s(]))['‘]")
_QUOTE_CLOSED = re.compile(r"['’](?=$|[\s.,;:)])")
# "ibl_witten_31? no, ..." "at the Nencki Institute? sorry — at ...": said, then taken back
_TAKEN_BACK_AFTER = re.compile(
    r"^\s*(?:\?\s*(?:(?:no|nope|sorry|oops|wait)(?:\s+wait)?\s*[,—–-]|I mean\b|actually\b)"
    r"|[—–]\s*(?:no|sorry|oops)\s*[,—–-]|,?\s*(?:no|sorry),?\s+I mean\b)",
    re.I,
)
# a field's key inside a value ("Harris lab / institution: ...", "Shank3B-/- › Sex: M"), or a separator
_KEY_INSIDE = re.compile(r"(?:^|[\s/|›;,])(?P<key>[A-Za-z][A-Za-z_ ]{1,25}?)\s*(?::|=)(?!\d)")
_STARTS_WITH_A_SEPARATOR = re.compile(r"^[=:>›|/,;.]")


def unbalanced(value: str) -> str:
    """The bracket or quote `value` opens or closes without its pair ("Ai148 x Emx1-Cre)", "write 'Lab"),
    or ""."""
    depth: list[str] = []
    for char in value:
        if char in _OPENERS:
            depth.append(_OPENERS[char])
        elif char in _OPENERS.values() and (not depth or depth.pop() != char):
            return char
    if depth:
        return next(opener for opener, closer in _OPENERS.items() if closer == depth[-1])
    if value.count('"') % 2 or value.count("“") != value.count("”"):
        return '"'
    if len(_QUOTE_OPENED.findall(value)) > len(_QUOTE_CLOSED.findall(value)):
        return "'"
    return ""


def another_key_inside(value: str) -> str:
    """A field's key said inside `value` (the value ran into the next one), or ""."""
    if _STARTS_WITH_A_SEPARATOR.match(value):
        return value[0]
    for match in _KEY_INSIDE.finditer(value):
        if field_named(match.group("key").strip()) or match.group("key").strip().lower() in KEYS:
            return match.group("key").strip()
    return ""


def said_then_taken_back(said: str, value: str) -> bool:
    """Every place `value` is said, it is taken back right after ("..._31? no, ..._33")."""
    places = [match.end() for match in re.finditer(re.escape(value), said)]
    return bool(places) and all(_TAKEN_BACK_AFTER.match(said[end : end + 30]) for end in places)


# Alleles and transgenes are joined by ";", ">", " x " into one genotype ("Gad2-IRES-Cre; Ai14",
# "w1118; UAS-GCaMP6m/+", "R58E02-GAL4>UAS-GCaMP7f"): an allele-like word there is more of it.
_ALLELE = (
    r"(?:[\w()\[\]:.+/-]*(?:Cre|GAL4|Gal4|UAS|LexA|Flp|tTA|tetO|IRES|GCaMP|RGECO|tdTomato|ChR2|flox|LSL|Tg\(|/\+|/wt"
    r"|/-|w\[?1118|Ai\d)[\w()\[\]:.+/-]*)"
)
_MORE_ALLELES_AFTER = re.compile(rf"^(?:\s*;\s*|\s*>\s*|\s+x\s+){_ALLELE}(?=$|[\s,.;)])")
_MORE_ALLELES_BEFORE = re.compile(rf"(?:^|(?<=[\s,:(]))({_ALLELE}(?:\s*;\s*|\s*>\s*|\s+x\s+))$")
# Areas joined into one site ("dorsomedial striatum + OFC", "V1, L2/3", "core + shell")
_MORE_AREA_AFTER = re.compile(r"^(?:\s*\+\s*[^\W\d]|/\d)")  # not "CA1 + 2 tetrodes"


def whole_genotype(said: str, value: str) -> str:
    """The whole genotype when every place `value` is said goes on with more alleles, else ""."""
    longer = ""
    for match in re.finditer(re.escape(value), said):
        after = _MORE_ALLELES_AFTER.match(said[match.end() : match.end() + 60])
        before = _MORE_ALLELES_BEFORE.search(said[max(0, match.start() - 60) : match.start()])
        if not after and not before:
            return ""
        longer = longer or (before.group(1) if before else "") + value + (after.group(0) if after else "")
    return longer


def _part_of_a_longer_site(said: str, value: str) -> bool:
    places = [match.end() for match in re.finditer(re.escape(value), said)]
    return bool(places) and all(_MORE_AREA_AFTER.match(said[end : end + 5]) for end in places)


def _glued_into_a_longer_word(said: str, value: str) -> bool:
    """An id said only inside a longer word or number ("Mouse28", "31.2 g", "or7bk3-2")."""
    places = [match.span() for match in re.finditer(re.escape(value), said)]
    return bool(places) and all(
        (start > 0 and said[start - 1].isalnum()) or re.match(r"\w|\.\d", said[end : end + 2]) for start, end in places
    )


def _doubt(name: str, value: str, said: str) -> tuple[str, str]:
    """(why `value` is not stored, the whole value to ask back or ""), or ("", "") when it is whole."""
    if said_then_taken_back(said, value):
        return "it was taken back right after it was said", ""
    if name == "subject_id":
        return ("it was said only inside a longer word", "") if _glued_into_a_longer_word(said, value) else ("", "")
    talk = talk_inside(value)
    if talk:
        return f"'{talk}' is not part of it", ""
    key = another_key_inside(value)
    if key:
        return f"it runs into what follows ('{key}')", ""
    stray = unbalanced(value)
    if stray:
        return f"its '{stray}' is not closed or opened in it", ""
    longer = whole_name(said, value) if name in NAMED else whole_genotype(said, value) if name == "genotype" else ""
    if longer:
        return "it was said as part of a longer name", longer
    if name == "electrode_location" and _part_of_a_longer_site(said, value):
        return "it was said as part of a longer site", ""
    return "", ""


def only_whole_values(parsed: ParsedInput, said: str) -> ParsedInput:
    """`parsed` with every value that is not the whole of what was said taken out: asked back whole
    (a cut name) or asked again (talk in the value, a value run into the next, one taken back)."""
    for name in [n for n in (*AS_SAID, "subject_id") if n in parsed.values]:
        value = _as_text(parsed.values[name])
        why, whole = _doubt(name, value, said)
        if not why:
            continue
        del parsed.values[name]
        parsed.found = [found for found in parsed.found if found.field != name]
        label = FIELDS[name].label
        if whole:
            question = f"Is the {label} '{whole}'? '{value}' was said as part of it."
            proposal = ValueProposal(value=whole, label=whole)
            parsed.confirmations.append(
                ValueConfirmation(field=name, said=whole, question=question, proposals=[proposal])
            )
        else:
            reason = f"'{value}' was not stored as the {label}: {why}. Please give the {label} alone."
            parsed.rejections.append(Rejection(field=name, raw=value, reason=reason, example=FIELDS[name].example))
    return parsed
