"""Edits said as an instruction: "change the sex to male", "the ID should be m043, not m042".

A person correcting a value they were shown names the field and the new value in a sentence about
changing it. Such a sentence is rewritten as the keyed pairs it stands for ("sex: male; ID: m043"),
which the reader reads like any other key; the old value after "not" or "instead of" is dropped, as
it is the value being replaced.
"""

from __future__ import annotations

import functools
import re

from ..fields import FIELDS
from .words import field_named

# Names a field goes by in an edit; the vaguest aliases ("who", "when", "name", "animal", "time") are
# left out: "set the time to go" or "change the animal" name no value.
_TOO_VAGUE = {"who", "when", "how old", "name", "animal", "time", "date", "area", "region", "cell", "born", "weighs"}


@functools.cache
def _field_names() -> str:
    names = {alias for spec in FIELDS.values() for alias in (spec.name.replace("_", " "), *spec.aliases)}
    return "|".join(re.escape(n) for n in sorted(names - _TOO_VAGUE, key=len, reverse=True))


@functools.cache
def _edits() -> tuple[re.Pattern[str], tuple[re.Pattern[str], ...], re.Pattern[str]]:
    """(an instruction, the ways of saying a field's value is another one, an edit continued)."""
    field = rf"(?:the\s+|its\s+|her\s+|his\s+)?(?P<field>{_field_names()})"
    bare_field = rf"(?P<field>{_field_names()})"
    any_field = field.replace("?P<field>", "?:")
    value = r"(?P<value>[^,;.!?\n]+?)"
    # The value ends at the next field's edit, at an old value ("not m042"), or at the clause's end.
    end = (
        rf"(?=\s*(?:,|;|\band\b)\s*{any_field}\s+(?:to|should|must|is|was)\b|"
        r"\s*,?\s*(?:not|instead\s+of|rather\s+than)\b|\s*(?:[,;.!?\n]|$))"
    )
    instruction = rf"\b(?:change|set|update|correct|fix|switch|make)\s+{field}\s+(?:to|into|as)\s+{value}{end}"
    # "should be written 'X'", "is spelled X": how to write the value, then the value
    written = r"(?:(?P<how>written|spelled|spelt|entered|given|put\s+down)(?:\s+as)?\s+)?"
    should_be = (
        rf"\b{field}\s+(?:(?:should|must|needs\s+to)\s+be\s+{written}|"
        rf"(?:is|was)\s+(?:actually|really|(?P<spelled>spelled|spelt|written))\s+)"
        rf"{value}{end}"
    )
    # "the age is wrong, it is 14 weeks", "wrong ID - should be m043": the value said wrong, then the right one
    wrong = r"(?:wrong|incorrect|not\s+right|not\s+correct)"
    right_one = (
        r"\s*[,;:.\-–]?\s*(?:(?:it|that|she|he|they)(?:'s|\s+is|\s+was|\s+are|\s+should\s+be|\s+must\s+be)\s+"
        r"|(?:should|must)\s+be\s+)?"
    )
    field_said_wrong = rf"\b{field}\s+(?:is|was)\s+{wrong}{right_one}{value}{end}"
    wrong_field = rf"\b{wrong}\s+{bare_field}{right_one}{value}{end}"
    # "change the sex to male and the experimenter to John Doe": the verb said once for both
    continued = rf"\s*(?:,\s*and|,|and)\s+{field}\s+(?:to|into|as)\s+{value}{end}"
    said = tuple(re.compile(pattern, re.I) for pattern in (should_be, field_said_wrong, wrong_field))
    return re.compile(instruction, re.I), said, re.compile(continued, re.I)


# Fields whose values are words of a closed list ("male", "mouse"): such a word is a value as it is.
_CLOSED_LISTS = {"sex", "species"}


def _names_a_value(edit: re.Match[str]) -> bool:
    """ "the ID should be m043" names a value; "the institution must be spelled in full" or "the
    keywords should be short" says a rule about the field: only a name, a code or a number (or a
    word of a closed list) is taken as the value. Said how to write it ("should be written X"), the
    value is the words themselves, so they open with a quote, a capital or a digit ("in English" does not)."""
    value = edit.group("value")
    if any(edit.groupdict().get(how) for how in ("how", "spelled")) and not re.match(r"['\"‘“A-Z0-9]", value):
        return False
    return field_named(edit.group("field")) in _CLOSED_LISTS or bool(re.search(r"[A-Z0-9]", value))


# "the experimenter should be Dal Maso, Giovanni": a given name after the family name and a comma, then the end.
_GIVEN_NAME_AFTER = re.compile(r",[^\S\n]*[A-Z][\w'’\-]+(?:[^\S\n]+[A-Z][\w'’\-]+)?(?=\s*(?:[;.!?\n]|$))")
_OLD_VALUE = re.compile(r"\s*,?\s*(?:not|instead\s+of|rather\s+than)\s+[^,;.!?\n]*", re.I)


@functools.cache
def _asked_for_field() -> re.Pattern[str]:
    """'for the experiment description please use: X', 'I was asked for the keywords. We would like: X': the field
    named, then a request whose colon opens its value."""
    field = rf"(?:the\s+)?(?P<field>{_field_names()})"
    request = (
        r"(?:(?:please|pls|kindly)\s+)?(?:use|put|write|enter|take|add|list|fill\s+in)|"
        r"(?:we|I)(?:\s+would|['’]d)\s+like(?:\s+to\s+(?:use|put|have))?|(?:we|I)\s+want|(?:here\s+(?:they\s+)?are)"
    )
    lead = rf"\b(?:for|asked\s+for|asking\s+for|about)\s+{field}(?:\s*[,.]\s*|\s+)(?:{request})\s*:\s*(?=\S)"
    return re.compile(lead, re.I)


def _with_field_as_key(text: str) -> str:
    """'for the keywords please use: a, b' -> 'keywords: a, b'."""
    return _asked_for_field().sub(lambda m: f"{m.group('field')}: ", text)


def as_keyed(text: str) -> str:
    """The message with each edit said as an instruction written as its keyed pair."""
    text = _with_field_as_key(text)
    instruction, said_other_value, continued = _edits()
    said_should_be = [m for pattern in said_other_value for m in pattern.finditer(text) if _names_a_value(m)]
    found = sorted([*instruction.finditer(text), *said_should_be], key=lambda m: m.start())
    pieces: list[str] = []
    position = 0
    for first in found:
        if first.start() < position:
            continue  # inside an edit already rewritten
        pieces.append(text[position : first.start()])
        edit: re.Match[str] | None = first
        while edit is not None:
            given = (
                _GIVEN_NAME_AFTER.match(text, edit.end())
                if field_named(edit.group("field")) == "experimenter"
                else None
            )
            pieces.append(f"{edit.group('field')}: {edit.group('value').strip()}{given.group(0) if given else ''}")
            position = given.end() if given else edit.end()
            old = _OLD_VALUE.match(text, position)
            position = old.end() if old else position
            edit = continued.match(text, position)
            pieces.append("; ")  # the pair's end, whatever followed it ("not X - sorry! Best, Mara")
            if edit is None and (comma := re.match(r"\s*[,;]\s*", text[position:])):
                position += comma.end()
    if not pieces:
        return text
    pieces.append(text[position:])
    return "".join(pieces)


# "Lab: please write 'Vision Lab'", "description: put \"...\"": the words asking for a quoted value are not part of it.
# ("lab name is exactly "X"", "it's literally 'X'": a word saying the quote is to be taken as it is)
_WRITE_THE_QUOTE = re.compile(
    r"(?:(?:please|pls|just|then)\s+)*(?:write|put|use|enter|type|say|make\s+it|exactly|literally|verbatim|simply|"
    r"precisely|called|named)\s*:?\s*(?=['\"‘“])",
    re.I,
)


def quote_asked_for(text: str, start: int) -> int:
    """Where a keyed value starts once an instruction to write the quoted words after it is left out."""
    asked = _WRITE_THE_QUOTE.match(text, start)
    return asked.end() if asked else start


# "the experimenter is not Tomasz but Agnieszka Nowicka", "sex: not male but female": the value meant after "but".
_NOT_BUT = re.compile(r"[^\S\n]*not[^\S\n]+[^,;:\n]{1,40}?[^\S\n]*,?[^\S\n]+but[^\S\n]+(?:rather[^\S\n]+)?(?=\S)", re.I)


def meant_after_not_but(text: str, start: int) -> int:
    """Where a keyed value starts once the value it says it is not ('not A but B') is left out."""
    denied = _NOT_BUT.match(text, start)
    return denied.end() if denied else start
