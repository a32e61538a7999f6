"""The last look at a name or short text value before it is stored: it must be the whole of what was
said for it, and nothing more.

Scoring files written apart from the code showed two slips the finders make on sentences nobody
foresaw, in any field that keeps words as said: a name cut where the words go on ("Pontificia
[Universidad Católica de Chile]", "[University of Wisconsin]–Madison", "Technion – [Israel Institute
of Technology]") and a value kept with the talk around it ("UCSF is the institution", "a Sprague Dawley
male", "LGN it is"). Either would go into the file wrong. A cut name is asked back whole; a value with
talk in it is asked again. Both are checked on what the person wrote, after every finder ran, so a
finder that is wrong in a new way is still caught here."""

from __future__ import annotations

import re

from ...domain import ValueConfirmation, ValueProposal
from ..fields import FIELDS
from ..parsed import ParsedInput, Rejection
from .words import field_named

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


def only_whole_values(parsed: ParsedInput, said: str) -> ParsedInput:
    """`parsed` with every value that is not the whole of what was said taken out: asked back whole
    (a cut name) or asked again (talk in the value)."""
    for name in [n for n in AS_SAID if n in parsed.values]:
        value = _as_text(parsed.values[name])
        talk = talk_inside(value)
        longer = whole_name(said, value) if name in NAMED and not talk else ""
        if not talk and not longer:
            continue
        del parsed.values[name]
        parsed.found = [found for found in parsed.found if found.field != name]
        label = FIELDS[name].label
        if longer:
            question = f"Is the {label} '{longer}'? It was said as part of a longer name."
            proposal = ValueProposal(value=longer, label=longer)
            parsed.confirmations.append(
                ValueConfirmation(field=name, said=longer, question=question, proposals=[proposal])
            )
        else:
            reason = f"'{value}' has more words than the {label} ('{talk}' is not part of it); please give it alone."
            parsed.rejections.append(Rejection(field=name, raw=value, reason=reason, example=FIELDS[name].example))
    return parsed
