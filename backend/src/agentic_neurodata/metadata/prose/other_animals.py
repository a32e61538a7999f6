"""The clauses a message says of another animal than the one recorded: a companion in the test ("the stimulus
fish was a 3-week-old AB", "the intruder mouse (BALB/c) was 12 weeks"), a relative ("her sister was 25 g"), or
one of several animals the message says this file is not of ("The first (RT-1, female) was only habituated. This
file is the second one: RT-2"). Their ids, strains, ages, sexes and weights are that animal's, so the clause is
set aside before the subject's finders read the message."""

from __future__ import annotations

import re

from .subject import ID_TOKEN, find_all_species

# Words for an animal after a word saying which one it is ("the stimulus fish", "the other one").
_ANIMAL = (
    r"(?:one|animal|individual|subject|specimen|mouse|mice|rats?|fish|zebrafish|birds?|finch(?:es)?|flies|fly|"
    r"monkeys?|macaques?|marmosets?|bats?|voles?|gerbils?|ferrets?|pups?|males?|females?|juveniles?|adults?|"
    r"conspecifics?|hamsters?|cats?|pigs?|owls?|songbirds?|worms?|frogs?|tadpoles?|larvae?)"
)
# A role in the test that is always another animal than the recorded one ("the intruder", "a conspecific"); words
# that may name a thing or a person ("stimulus", "partner") count only with an animal's word after them. (Kin, cage
# mates and "the other" animal are weighed where each value is read: their clause often names the subject too.)
_ANOTHER_ANIMAL = re.compile(
    r"\b(?:the|a|an|its|her|his|their|our|one|each)\s+"
    r"(?:(?:male|female|younger|older|adult|juvenile|unfamiliar|familiar|novel|naive|naïve)\s+)?"
    rf"(?:(?:stimulus|demonstrator|partner|companion|social|target|intruder)\s+{_ANIMAL}|"
    r"intruders?|demonstrators?|conspecifics?)\b",
    re.I,
)
# A relative, a cage mate, "the other" animal or one used for another thing, opening its clause as what the clause
# is said of ("; his tutor is 2 years old", "RX-8 is its sibling (male)", "Training mouse: TR-3, 14 weeks"): the
# rest of the clause is that animal's. (The cue's own words stay for the finders that weigh them.)
_KIN = (
    r"(?:cage\s*mates?|littermates?|siblings?|sisters?|brothers?|mother|father|dam|sire|tutor|twin|parents?|"
    rf"(?:other|training|pilot|donor|previous|sham|control)\s+{_ANIMAL})"
)
_KIN_OPENING = re.compile(
    rf"(?:^|(?<=[;.!?\n(])|(?<=[;.!?]\s)|\s[—–]\s)\s*(?:(?:the|its|her|his|their)\s+)?(?P<cue>{_KIN})"
    # (its id, or where it was, may come between: "her littermate FF-13 is male", "the other monkey in the room, Zeus")
    rf"(?=(?:\s+{_ANIMAL})?(?:\s+{ID_TOKEN})?(?:\s+(?:in|from|of|at)\s+(?:the\s+)?[a-z]+)?\s*(?:[,:(]|\s(?:is|was|weighs|weighed|had|has)\b))",
    re.I,
)
# "RX-8 is its sibling (male)": an animal said to be the relative, then what is said of it.
_IS_KIN = re.compile(rf"\b(?:is|was)\s+(?:the|its|her|his|their)\s+(?P<cue>{_KIN})\b", re.I)


# One of several animals named by its place in a list ("The first (RT-1, ...)", "the second one: RT-2").
_ORDINAL = r"(?:first|second|third|fourth|fifth|last|other)"
_ORDINAL_ANIMAL = re.compile(rf"\bthe\s+(?P<ordinal>{_ORDINAL})(?:\s+{_ANIMAL})?\b", re.I)
# "This file is the second one", "today's recording is of the second rat", "the second one is this file".
_THIS_FILES_ORDINAL = re.compile(
    r"\b(?:this|the\s+present|today['’]s)\s+(?:file|recording|session|dataset|data|nwb(?:\s+file)?)\s+"
    rf"(?:is|was|comes|are)\s+(?:of\s+|from\s+)?the\s+(?P<ordinal>{_ORDINAL})\b|"
    rf"\bthe\s+(?P<said>{_ORDINAL})(?:\s+{_ANIMAL})?\s+(?:is|was)\s+(?:the\s+one\s+)?(?:in\s+)?this\s+"
    r"(?:file|recording|session)\b",
    re.I,
)
# Where the clause of the other animal ends: a sentence's or clause's edge, or words turning to the subject.
_CLAUSE_END = re.compile(
    r"[;!?\n]|\.(?!\w)|\s[—–]\s|\b(?:but|while|whereas)\b|"
    r",\s*(?:and\s+)?(?:the|this|our|my)\s+(?:subject|recorded|implanted|focal|resident|test)\b",
    re.I,
)
# The clause says the other animal is the one recorded after all ("the demonstrator rat D-4 was recorded").
_RECORDED = re.compile(
    r"\b(?<!not\s)(?<!never\s)(?:recorded|recording|imaged|implanted|this\s+file|the\s+subject)\b", re.I
)


_LONGEST_CLAUSE = 240  # (a bound keeps the reader linear on long messages without punctuation)


def _clause_from(text: str, start: int) -> tuple[int, int]:
    """The clause that begins at text[start]: up to its edge, brackets held whole ('(RT-1, female, 250 g)')."""
    depth = 0
    position = start
    while position < min(len(text), start + _LONGEST_CLAUSE):
        char = text[position]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if not depth:  # "(her sister LH-32 is the sham)": the clause said in brackets ends with them
                return start, position
            depth -= 1
        elif not depth and _CLAUSE_END.match(text, position):
            return start, position
        position += 1
    return start, position


# "was recorded last year", "recorded yesterday": another recording than this file's.
_ANOTHER_TIME_AFTER = re.compile(
    r"\s+(?:last\s+(?:year|month|week|time|session)|yesterday|previously|before|earlier|in\s+(?:19|20)\d\d)\b", re.I
)
# "this file is from her sister PB-13", "same genotype as her brother (...)": the other animal is said to be the
# one recorded, or to share the value with it.
_THE_SUBJECTS_BEFORE = re.compile(
    r"(?:\b(?:file|recording|session|data|dataset)\s+(?:is|was|comes?|came)\s+(?:from|of)|\brecorded(?:\s+from)?|"
    r"\bsame\b[^,;.()]{0,30}\bas)\s+$",
    re.I,
)


def _not_recorded(text: str, span: tuple[int, int]) -> bool:
    before = text[max(0, span[0] - 50) : span[0]]
    recorded = [m for m in _RECORDED.finditer(text, *span) if not _ANOTHER_TIME_AFTER.match(text, m.end())]
    return not recorded and not _THE_SUBJECTS_BEFORE.search(before)  # ("was recorded last year": not this file)


def _without_species_words(text: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    """The span in pieces around its species words: "the other rats are for later" still says what kind the
    recorded one is, and "(mouse SWC_041)" names the kind of both."""
    pieces, start = [], span[0]
    for word in find_all_species(text[: span[1]]):
        if word.start() >= span[0]:
            pieces.append((start, word.start()))
            start = word.end()
    return [(a, b) for a, b in [*pieces, (start, span[1])] if text[a:b].strip()]


def clauses_of_other_animals(text: str) -> list[tuple[int, int]]:
    """The spans of `text` said of another animal than the recorded one (its species words left out)."""
    spans = [_clause_from(text, m.start()) for m in _ANOTHER_ANIMAL.finditer(text)]
    spans += [_clause_from(text, m.end("cue")) for m in (*_KIN_OPENING.finditer(text), *_IS_KIN.finditer(text))]
    this_files = _THIS_FILES_ORDINAL.search(text)
    if this_files:  # "This file is the second one": the animals named by another place in the list are others
        own = (this_files.group("ordinal") or this_files.group("said")).lower()
        spans += [
            _clause_from(text, m.start())
            for m in _ORDINAL_ANIMAL.finditer(text)
            if m.group("ordinal").lower() != own and not (this_files.start() <= m.start() < this_files.end())
        ]
    return [piece for span in spans if _not_recorded(text, span) for piece in _without_species_words(text, span)]
