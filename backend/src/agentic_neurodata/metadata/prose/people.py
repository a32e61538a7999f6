"""Where a sentence names people, institutions and labs. Names are then split by nameparser
(names.py); these patterns only find them: after a cue ("by", "experimenter:", "Dr."), before
a verb of doing ("Jan de Vries ran the session"), or leading a description ("Jane Smith, MIT, ...")."""

from __future__ import annotations

import re

from ..brain_areas import AREAS, AS_SAID
from ..brain_areas import BY_NAME as AREA_NAMES
from ..hedges import GUESS
from ..strains import STRAINS
from ..text_fields import INSTITUTIONS
from ..zones import find_zone

# Latin letters with their accents, Latin Extended-A included ("Yılmaz", "Dvořák", "Łukasz", "Ğ").
_UPPER = r"A-ZÀ-ÖØ-ÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽ"
_LOWER = r"a-zß-öø-ÿā-žı"
NAME_WORD = (
    rf"(?:[{_UPPER}][{_LOWER}]+(?:[-'’][{_UPPER}]?[{_LOWER}]+)*|[{_UPPER}]\.(?:-?[{_UPPER}]\.)?"
    rf"|O['’][{_UPPER}][{_LOWER}]+)"
)
PARTICLE = r"(?:van|von|der|den|de|del|della|da|di|du|la|le|ten|ter|dos|das|y|Ó|Ní|Nic|Uí|Mac|['’]t)"
# The words of one name stand on one line: "Dr. Luis Moreno\nProfesor Titular" is a name, then a title line.
FULL_NAME = (
    rf"(?:{NAME_WORD}(?:[^\S\n]+(?:{PARTICLE}[^\S\n]+)*{NAME_WORD}){{1,3}}"
    rf"|(?:{PARTICLE}\s+)*{NAME_WORD}(?:\s+{NAME_WORD})?,\s*{NAME_WORD}(?:\s+{NAME_WORD})?)"
)
# "Dr. med. Karl-Heinz Schmitt", "prof. Keller": a degree after the title, and a title in lower case
_TITLE = r"(?:(?:[Dd]r|[Pp]rof|[Pp]rofessor|Mr|Mrs|Ms)\.?\s+(?:(?:med|rer\.\s*nat|phil|habil|vet)\.\s+)?)"
# Each name is an atomic group and the list is bounded: "Jane Smith, " * 800 must not backtrack
# through every way of pairing the words into names.
# "Mehmet Öztürk (me) and Ayşe Kaya": a short aside after a name (who it is) does not end the list.
_ASIDE = r"(?:\s*\([^()\n]{1,40}\))?"
# "me (Tom Okafor)": the person writing, named in brackets.
ME_NAMED = re.compile(rf"\b(?:me|myself)\s*\((?P<name>{FULL_NAME})\)")
# "her student Omar Farouk", "my colleague Ana Ruiz", "Yang Dan's postdoc Zhe Chen": who the next person is to
# the one before (the one named before the possessive is not the one who did it).
_WHOSE = rf"(?:her|his|their|my|our|{_TITLE}*[{_UPPER}][{_LOWER}\-]+(?:\s+[{_UPPER}][{_LOWER}\-]+)?['’]s)"
RELATION = re.compile(
    rf"(?<![\w'’]){_WHOSE}\s+(?:student|PhD\s+student|grad(?:uate)?\s+student|postdoc|colleague|technician|"
    r"assistant|research\s+assistant|intern|labmate|lab\s+mate)(?:\s*,\s*|\s+)"
)
_ITEM = rf"(?:(?>{FULL_NAME}){_ASIDE}|(?:me|myself)\s*\((?>{FULL_NAME})\))"
PEOPLE = rf"{_ITEM}(?:\s*(?:;|,|\band\b|&)\s*(?:{RELATION.pattern})?{_TITLE}*{_ITEM}){{0,8}}+"
_WHO_RECORDED = (
    r"the\s+(?:person|one|people)\s+(?:(?:who|that)\s+(?:actually\s+|really\s+)?(?:recorded|"
    r"ran\s+(?:it|the\s+(?:session|recording))|did\s+the\s+recordings?)(?:\s+(?:it|them|this|the\s+\w+))?|at\s+the\s+rig)\s+(?:was|were)|"
    r"the\s+recording\s+(?:person|people)\s+(?:was|were)"
)
# "enregistrées par X", "gravada por X", "lo hizo X", "fatto da X", "durchgeführt von X": who recorded, in French,
# Spanish, Portuguese, Italian or German
_RECORDED_BY_ABROAD = (
    r"(?:(?:enregistr|réalis|effectu)[ée]e?s?\s+par|(?:gravad|realizad|hech|registrad|grabad)[oa]s?\s+por|"
    r"(?:lo|la)\s+hizo|(?:fatt|eseguit|registrat|condott)[oaie]\s+da|(?:aufgenommen|durchgeführt|gemessen)\s+von)"
)
_RECORDING_ABROAD = re.compile(
    r"\b(?:experimento|esperimento|expérience|Experiment|sess[ãa]o|sessione|sesión|séance|session|données|dados|datos|"
    r"dati|Daten|enregistrements?|registrazion[ei]|grabaci[óo]n|gravaç[ãa]o|Aufnahmen?|Messung(?:en)?|Ableitung(?:en)?)\b",
    re.I,
)
_OTHER_ACT_ABROAD = re.compile(
    r"\b(?:cirug\w*|chirurg\w*|Operation|opération|operaç\w*|operazione|histolog\w*|istolog\w*|perfus\w*|"
    r"inyec\w*|iniez\w*|inject\w*|Injektion|an[áa]lis\w*|analis\w*|analyse|Auswertung)\b",
    re.I,
)
# "I am not the experimenter, it was Sara Kühn", "not me - it was X": the writer denied, then the one who recorded named
_WRITER_DENIED = (
    r"(?:(?:I'?m|I\s+am|I\s+was)\s+not\s+the\s+(?:experimenter|one\s+who\s+recorded)|"
    r"I\s+(?:did\s+not|didn'?t)\s+record(?:\s+(?:it|this|them|the\s+\w+))?|"
    r"(?:it\s+was|that\s+was)\s+not\s+me|(?<![\w'])[Nn]ot\s+me)"
)
WRITER_NOT_THE_EXPERIMENTER = re.compile(rf"\b{_WRITER_DENIED}\b", re.I)
PEOPLE_WITH_CUE = re.compile(
    rf"(?:\b{_TITLE}+|\b(?:by|experimenters?|recorded\s+by|performed\s+by|collected\s+by|done\s+by|run\s+by|"
    rf"made\s+by|experimenter\s+was|experimenters\s+were|it\s+was\s+me|me|mine|myself|"
    # "the person who recorded was X", "the recording person was X", "the person at the rig was X"
    rf"{_WHO_RECORDED}|{_RECORDED_BY_ABROAD}|"
    rf"{_WRITER_DENIED}\s*[,;.:\-–—]+\s*(?:it\s+was|that\s+was|the\s+experimenter\s+was)|"
    # "I'm the one who recorded, Mateo Rossi"
    rf"(?:I'?m|I\s+am)\s+the\s+one\s+who\s+(?:recorded(?:\s+(?:it|them|the\s+\w+))?|did\s+(?:it|the\s+recordings?)|ran\s+it)|"
    # "I ran it myself (Marta Kowalczyk)": the writer, named in brackets after "myself"
    rf"I\s+(?:ran|did|recorded|performed|collected)(?:\s+(?:it|this|them|the\s+(?:session|recordings?|experiment)))?"
    rf"(?=\s+myself\s*\())"
    rf"\s*[:,\-–]?\s+"
    rf"(?:{RELATION.pattern})?{_TITLE}*)(?P<people>{PEOPLE})"
)
# A verb right after a list of names: the last names are the subject of their own clause.
_OWN_VERB = re.compile(r"\s+(?:[a-z]{3,}ed|did|ran|was|were|is|has|had|helped|wrote|built)\b")


def without_own_clause(text: str, end: int, names: str) -> str:
    """'done by Lucía Ferrer; Dr. Ramón Gil performed the craniotomy': the names after the last ';' are
    the subject of their own verb, another act, not more people of the list."""
    if ";" in names and _OWN_VERB.match(text, end):
        return names[: names.rfind(";")].rstrip()
    return names


# "Jan de Vries ran the session", "I, Rita Sousa, ran all sessions", "it was Jess Alvarez and me (Tom Okafor) on
# the rig".
_DOING = r"(?:ran|did|performed|recorded|conducted|collected|made|carried\s+out|(?:(?:was|were)\s+)?on\s+the\s+rig)\b"
PERSON_BEFORE_VERB = re.compile(
    # "I (Arjun Mehta) recorded the mouse": the writer named in brackets
    rf"(?:^|(?<=[,;.:]\s)|(?<=[,;]))\s*(?:(?:it|that)\s+was\s+|(?P<me>I\s*,\s*)|(?P<bracket>I\s*\(\s*))?{_TITLE}*"
    rf"(?P<people>{PEOPLE})(?(me)\s*,\s+|(?(bracket)\s*\)\s+|\s+)){_DOING}"
)
# Cues whose role is certain: the person named after them recorded the data.
_CERTAIN_CUE = re.compile(
    r"\b(?:experimenters?|recorded\s+by|performed\s+by|collected\s+by|done\s+by|run\s+by|made\s+by|the\s+one\s+who|"
    r"experimenter\s+was|experimenters\s+were|person\s+(?:who|that)\s+recorded|person\s+at\s+the\s+rig|"
    r"recording\s+(?:person|people)|didn'?t\s+record|did\s+not\s+record|not\s+me)\b",
    re.I,
)
# "by" after words about recording ("the recordings were done by", "sessions recorded by", "data ... by").
_RECORDING_BEFORE_BY = re.compile(
    r"\b(?:record\w*|sessions?|data|acquired|collected|ephys|electrophysiology|imaging)\b[^.;,]{0,60}$", re.I
)


def certain_cue(text: str, match: re.Match[str]) -> bool:
    """Whether the words before the names in a PEOPLE_WITH_CUE match say who recorded, not a title alone."""
    cue = text[match.start() : match.start("people")]
    if _CERTAIN_CUE.search(cue):
        return True
    if re.search(_RECORDED_BY_ABROAD, cue):  # "el experimento lo hizo X", not "la cirugía fue realizada por X"
        before = text[max(0, match.start() - 60) : match.start()]
        return bool(_RECORDING_ABROAD.search(before)) and not _OTHER_ACT_ABROAD.search(before)
    if re.search(r"\b(?:by|me|mine)\b", cue, re.I):  # "the recordings are mine - Lukas Hoffmann"
        frame = _RECORDING_BEFORE_BY.search(text[max(0, match.start() - 70) : match.start()])
        # "data were collected in 2023 and shared by X": another verb between names another act
        other_verb = frame and re.search(
            r"\b(?!(?:record|collect|acquir|perform|conduct|carri|obtain|gather)ed\b)[a-z]{3,}ed\b", frame.group(0)[4:]
        )
        return bool(frame) and not other_verb
    return False


def uncertain_cue_abroad(text: str, match: re.Match[str]) -> bool:
    """'La cirugía fue realizada por X': a cue in another language whose sentence is not about the recording."""
    return bool(re.search(_RECORDED_BY_ABROAD, text[match.start() : match.start("people")])) and not certain_cue(
        text, match
    )


def act_abroad(sentence_before: str) -> str:
    """'Die Operation wurde ... von X': another act named in another language before a name."""
    act = _OTHER_ACT_ABROAD.search(sentence_before)
    return f"the sentence names another act ('{act.group(0)}')" if act else ""


def keyed_as_experimenter(text: str, match: re.Match[str]) -> bool:
    """'the experimenter Jun Wang', 'the experimenter was Thomas Akam': the role word itself right before the names."""
    cue = text[match.start() : match.start("people")]
    return bool(re.search(r"\bexperimenters?\s*(?:was|is|were|are|[:=\-–])?\s*$", cue, re.I))


# "also Maria (Maria Okun)", "Tom (Tom Hale)": a first name, then the same person's full name in brackets.
_FULL_NAME_IN_BRACKETS = re.compile(
    rf"\s*(?:(?:also|again|too|likewise|as\s+well)\s+)?(?P<short>{NAME_WORD})\s*\((?P<full>{FULL_NAME})\)(?=[^\S\n]*(?:[;,.\n]|$))"
)


def full_name_in_brackets(raw: str) -> re.Match[str] | None:
    """The match whose group 'full' is the person named in brackets after their first name, or None."""
    found = _FULL_NAME_IN_BRACKETS.match(raw)
    return found if found and found.group("short") in found.group("full").split() else None


# "Institution National Eye Institute", "Affiliation Kyoto University": the field's name, then the value.
_KEY_WORD_BEFORE_NAME = re.compile(r"(?:Institution|Affiliation)[^\S\n]+(?=[A-Z])")


def after_key_word(text: str, start: int, end: int) -> int:
    """Where an institution's name found at text[start:end] starts once a key word before it is left out."""
    key = _KEY_WORD_BEFORE_NAME.match(text, start, end)
    return key.end() if key else start


# "Carl von Ossietzky Universität Oldenburg", "Ruhr-Universität Bochum", "Sapienza Università di Roma": in these
# languages the name's own words stand before the university word (hyphenated or not), a particle among them.
_UNIVERSITY_WORD_AHEAD = re.compile(r"Universit(?:ät|à|é|at|ade|idad)\b|Universida(?:d|de)\b")
_NAME_WORDS_BEFORE = re.compile(
    r"(?:(?<![\w\-'’])(?!(?:The|At|In|And|Of|Our|My|We|Institution|Institut|Affiliation|Universit\w*)\b)"
    r"[A-Z][\w'’]*(?:-[A-Z][\w'’]*)*(?:[^\S\n]+(?:von|van|de|der|di|la|le|del|della)(?=[^\S\n]))?(?:[^\S\n]+|-)){1,4}$"
)


def whole_name_start(text: str, start: int) -> int:
    """Where an institution's name found at text[start:] starts once the name words before its university word
    ('Carl von Ossietzky', 'Georg-August-', 'Pontificia') or a short name joined by a dash ('Technion – ') are
    taken with it: a name is taken whole, not cut at that word."""
    short_name = _SHORT_NAME_AND_DASH_BEFORE.search(text[max(0, start - 40) : start])
    if short_name:
        return start - len(short_name.group("name"))
    if not _UNIVERSITY_WORD_AHEAD.match(text, start):
        return start
    before = _NAME_WORDS_BEFORE.search(text[max(0, start - 80) : start])
    return start - len(before.group(0)) if before else start


# "at Technion – Israel Institute of Technology": one title-case word right after "at"/"from" (or a key), then a
# dash, then the name found: the short name and the long one are one name (an acronym before a dash is not taken:
# "UCL – University College London" gives the long name).
_SHORT_NAME_AND_DASH_BEFORE = re.compile(
    r"(?:\b(?:at|from|the)|[:\n])[^\S\n]+(?P<name>(?!(?:The|At|In|And|Our|My|We)\b)[A-Z][a-z][\w'’]*[^\S\n]+[–—-][^\S\n]+)$"
)
# "University of Wisconsin–Madison": a campus joined by a dash with no space goes on with the name.
# ("Minnesota–Twin Cities": a second title-case word goes with it; "Oxford-Mouse 3", an animal's number, does not)
_JOINED_CAMPUS = re.compile(r"[–-][A-Z][\w'’]+(?:[^\S\n]+[A-Z][a-z][\w'’]*)?(?![\w\-–]|[^\S\n]*\d)")


def whole_name_end(text: str, end: int) -> int:
    """Where an institution's name found at text[:end] ends once a campus joined to it by a dash is taken."""
    campus = _JOINED_CAMPUS.match(text, end)
    if campus:
        return campus.end()
    unit = _UNIT_AFTER_ACRONYM.match(text, end) if re.search(r"\b[A-Z]{2,6}$", text[:end]) else None
    return unit.end() if unit else end  # "NYU Langone Health", "MIT McGovern Institute": one name


# "NYU Langone Health", "UCL Queen Square Institute": capitalised words ending in a kind of organisation after an
# acronym go on with its name.
_UNIT_AFTER_ACRONYM = re.compile(
    r"(?:[^\S\n]+[A-Z][\w'’\-]+){1,3}?[^\S\n]+(?:Health|Medicine|Medical[^\S\n]+Cent(?:er|re)|Hospital|Institute|"
    r"Cent(?:er|re)|School(?:[^\S\n]+of[^\S\n]+Medicine)?)\b"
)


# "- please use that as the institution", "; take this one as our institution": words pointing back at a name.
_USE_THAT_AS_INSTITUTION = re.compile(
    r"[\s,;:\-–—(]*(?:(?:so|please|pls|just|and)\s+)*(?:use|take|put|write|list|give)\s+(?:that|this|it|this\s+one|"
    r"that\s+one)\s+(?:as|for)\s+(?:the|our|my)\s+institution\b",
    re.I,
)


def pointed_to_as_institution(text: str, found: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The institution's name right before words that say to use it as the institution, or None."""
    for start, end in sorted(found, key=lambda span: span[1]):
        if _USE_THAT_AS_INSTITUTION.match(text, end) and not _USE_THAT_AS_INSTITUTION.match(text, start):
            return start, end
    return None


def guess_next_to(text: str, start: int, end: int) -> str:
    """'probably Janelia', 'at UCL, I think': a guess said right before or after a name (in its own words, not in
    a clause about another value: '(probably 5 months) was recorded at X' is a guess of the age)."""
    before = re.split(r"[,;.()\n]", text[max(0, start - 30) : start])[-1]
    after = re.match(r"[^\S\n]*[,;]?[^\S\n]*(?P<guess>[^,;.()\n]{0,30})", text[end:])
    guess = GUESS.search(before) or (GUESS.match(after.group("guess")) if after else None)
    return f"the words say '{guess.group(0)}'" if guess else ""


LEADING_NAME = re.compile(
    rf"^\s*{_TITLE}*(?P<people>{NAME_WORD}\s+(?:{PARTICLE}\s+)*{NAME_WORD})(?=\s*(?:,|$|\bhere\b))"
)
# "São Paulo, 6 June 2023, 13:45", "Rio de Janeiro, Monday 3 May": a place and a date heading a message (a dateline)
_DATE_AFTER_COMMA = re.compile(
    r"\s*,\s*(?:\d|(?:on\s+)?(?:the\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
    r"[a-z]*\b)"
)


def heads_a_dateline(text: str, end: int) -> bool:
    """'São Paulo, 6 June 2023': words leading a message right before a comma and a date are a place, no name."""
    return bool(_DATE_AFTER_COMMA.match(text, end))


_INSTITUTION_WORD = r"[A-Z][\w\-'&]*"
# The words of one name stand on one line: "Dept. of Neurobiology\nWeizmann Institute" are two lines of a signature.
_INSTITUTION_KINDS = (
    r"University|Institute|College|Institut|Center|Centre|Hospital|Laboratory|Laboratories|Campus|School|"
    r"Foundation|Academy|Clinic|Medical\s+Center|Institutet|"
    # "Københavns Universitet", "Stockholms universitet": the Nordic word after the name
    r"Universitet|universitet"
)
# "of Science and Technology", "of Medicine and Dentistry": a field of study after "and" goes on with the name.
_FIELD_WORD = (
    r"(?:Technology|Science|Sciences|Medicine|Engineering|Health|Research|Design|Arts|"
    r"Dentistry|Pharmacy|Biology|Neuroscience|Agriculture|Applied|Natural|Life|Social|Humanities|Economics|"
    r"Tropical|Mental|Public|Behavioral|Behavioural|Cognitive|Brain|Rehabilitation)\b"
)
_AND_FIELD = rf"(?:\s+(?:and|&)(?=\s+{_FIELD_WORD}))?"
# "Institute for Research in Fundamental Sciences": "in" before a field of study goes on with the name ("in Zurich",
# a town, does not).
_IN_FIELD = rf"(?:[^\S\n]+in[^\S\n]+(?:[A-Z][\w\-]*[^\S\n]+){{0,2}}{_FIELD_WORD})?"
# "Icahn School of Medicine at Mount Sinai", "University of Texas at Austin": a name goes on after "at" when both
# sides are name words (title case, no second kind of institution, and nothing capitalised after them).
_AT_NAME_WORD = rf"(?!(?:{_INSTITUTION_KINDS})\b)[A-Z][a-z][\w\-'’]*"
# ("Université du Québec à Montréal": the French "à" joins the same way)
_AT_PART = rf"(?:[^\S\n]+(?:at|à)[^\S\n]+{_AT_NAME_WORD}(?:[^\S\n]+{_AT_NAME_WORD}){{0,2}}(?![\w\-'’&]|[^\S\n]+[A-Z]))?"
UNIVERSITY_OF = re.compile(
    rf"\b(?:University|Univ\.|Universit[éeà]|Universidad|Universidade|Universitat|Università|Universität|Universiteit|"
    rf"Instituto|Istituto|"
    # "Universidad Nacional Autónoma de México": capitalised words may stand between the kind and "de"
    # ("Universidad de los Andes", "Institut de la Vision": an article after "de")
    rf"Institut|Centro)\s+(?:{_INSTITUTION_WORD}\s+){{0,3}}?(?:of|de|di|du|degli|do|da|zu)\s+"
    rf"(?:(?:los|las|la|le|les)\s+|l['’](?=[A-Z]))?{_INSTITUTION_WORD}"
    rf"(?:{_AND_FIELD}[ ,]+(?:(?:de|di|du|des|del|della|für|do|da|dos|das)\s+)?"
    rf"(?!(?:and|I|We|It|Our|My)\b)"
    rf"{_INSTITUTION_WORD}){{0,3}}{_AT_PART}|"
    # "Universidad Peruana Cayetano Heredia", "Université Paris Cité": the name words after the kind
    # ("Universitätsklinikum Hamburg-Eppendorf": a university hospital, named the same way)
    rf"\b(?:Universit(?:y|ät|é|à)|Universida(?:d|de)|Universitätsklinikum)"
    rf"(?:[^\S\n]+(?!(?:The|In|At|We|I|Our|My|Dr|Prof|Mr|Mrs|Ms|And|But|By)\b){_INSTITUTION_WORD}){{1,3}}"
)
# "University Medical Center Hamburg-Eppendorf": a hyphenated place name after the kind is part of the name.
_HYPHENATED_PLACE = r"[^\S\n]+[A-Z][\w']+-[A-Z][\w']+(?![\w\-])"
# "Biomedical Research Foundation of the Academy of Athens", "Medical School of the University of Crete": a
# kind of institution "of the" another kind of institution, with what that one is "of": one name, not cut at "of".
_OF_THE_KIND_OF = (
    rf"[^\S\n]+of[^\S\n]+the[^\S\n]+(?:{_INSTITUTION_WORD}[^\S\n]+){{0,2}}?(?:{_INSTITUTION_KINDS})[^\S\n]+of[^\S\n]+"
    rf"{_INSTITUTION_WORD}(?:{_AND_FIELD}[^\S\n]+{_INSTITUTION_WORD}){{0,3}}"
)
# Left boundaries are lookbehinds, not \b: a word may hold '-', and each start must be a word's start.
NAMED_INSTITUTION = re.compile(
    # "Brigham and Women's Hospital", "Boston Children's Hospital": an "and" before a possessive joins one name
    # "Oregon Health & Science University": an "and" before a field of study joins one name too
    # "'Princeton Neuroscience Institute'": an opening quote starts a name; an apostrophe inside a word does not
    rf"(?<![\w\-&])(?<!\w['’])(?:{_INSTITUTION_WORD}[^\S\n]+(?:(?:and|&)\s+(?=[A-Z][a-z]+['’]s\s|{_FIELD_WORD}\s))?){{1,4}}(?:{_INSTITUTION_KINDS})(?![\w\-])(?:{_OF_THE_KIND_OF}|\s+(?:of|for)(?:\s+the)?\s+"
    rf"{_INSTITUTION_WORD}(?:{_AND_FIELD}\s+{_INSTITUTION_WORD}){{0,3}}{_AT_PART}|{_HYPHENATED_PLACE}|\s+{_INSTITUTION_WORD}(?=\s*(?:[,;.)]|$)))?|"
    # "Institut d'Investigacions Biomèdiques August Pi i Sunyer": an elided article opens the name, and "i", "y", "e",
    # "de" join its words
    rf"\b(?:Institut|Institute|Instituto|Istituto)[^\S\n]+(?:d['’]|de[^\S\n]+l['’])(?=[A-Z]){_INSTITUTION_WORD}"
    rf"(?:[^\S\n]+(?:(?:i|y|e|de|del|de[^\S\n]+la|des|du)[^\S\n]+)?{_INSTITUTION_WORD}){{0,5}}|"
    rf"\b(?:Institut|Institute|Instituto)\s+{_INSTITUTION_WORD}"
    rf"(?:\s+{_INSTITUTION_WORD}){{0,2}}|"
    # "at the Institute for Basic Science": an institute named for its field alone, with no word before it
    rf"(?<![\w\-'&])(?:Institute|Institut|Instituto|Istituto)\s+(?:of|for|de|di|für)\s+(?:the\s+)?"
    rf"{_INSTITUTION_WORD}(?:{_AND_FIELD}\s+{_INSTITUTION_WORD}){{0,3}}{_IN_FIELD}(?:{_OF_THE_KIND_OF})?|"
    # "the Hospital of the University of Pennsylvania": a hospital or school of a university is named with it
    rf"(?<![\w\-'&])(?:{_INSTITUTION_KINDS})\s+of\s+the\s+Universit(?:y|ies)\s+of\s+{_INSTITUTION_WORD}"
    rf"(?:\s+{_INSTITUTION_WORD}){{0,2}}"
)
_ACRONYMS = sorted((k for k in INSTITUTIONS if len(k) <= 5 and " " not in k), key=len, reverse=True)
# The full names first: "ETH Zurich" is one name, not the acronym "ETH" and a word after it.
KNOWN_INSTITUTION = re.compile(
    r"(?<![\w-])(?:(?i:"
    + "|".join(
        re.escape(k)
        for k in sorted({*INSTITUTIONS, *(v.lower() for v in INSTITUTIONS.values())}, key=len, reverse=True)
        if k not in _ACRONYMS
    )
    + r")|"
    + "|".join(re.escape(a.upper()) for a in _ACRONYMS)
    + r")(?![\w-])"
)
# "at NTNU", "from NCBS": an acronym after "at"/"from" names where it was done.
ACRONYM_AFTER_AT = re.compile(r"\b(?:at|from)\s+(?:the\s+)?(?P<acronym>[A-Z]{3,6})\b(?![\-_]?\d)")
# "Jane Roe, NCBS, rat R1": an acronym alone between commas right after a person.
ACRONYM_AFTER_PERSON = re.compile(r"\s*[,(]\s*(?P<acronym>[A-Z]{2,6})\s*(?=[,;.)]|$)")


# "from the NIA colony", "rats from the MMRRC": where the animals came from, not where the work was done.
_SOURCE_AFTER = re.compile(
    r"\s+(?:aged\s+)?(?:colon(?:y|ies)|stocks?|breeding|vivarium|repository|supplier|vendor|resource|"
    r"rodent|mice|rats|animals|strain|line)\b",
    re.I,
)
_ANIMALS_FROM = re.compile(
    r"\b(?:mice|rats|animals|monkeys|macaques|marmosets|pups|breeders|litters?|fish|larvae|voles|birds|"
    r"mouse|rat|animal)\b[^.;]{0,40}\bfrom\s+(?:the\s+)?$",
    re.I,
)


# "copy-paste from the ELN", "exported from the LIMS": where the words were taken from, a notebook or a file.
_WORDS_TAKEN_FROM = re.compile(
    r"\b(?:cop(?:y|ied|ying)|paste[ds]?|pasting|export(?:s|ed|ing)?|pulled|taken|quot(?:ed|ing)|forward(?:ed|ing)?|"
    r"excerpt|screenshot|dump(?:ed)?|extract(?:ed)?|read\s+out)\b[^.;:\n]{0,20}\bfrom\s+(?:the\s+|our\s+|my\s+)?$",
    re.I,
)
# A notebook, a database or a file format: where text is kept, never where the work was done.
_RECORD_KEEPING = frozenset(
    {"ELN", "LIMS", "PDF", "CSV", "TSV", "JSON", "YAML", "XML", "NWB", "HTML", "XLSX", "DOCX", "SQL", "API", "SOP"}
)


def acronym_is_a_source(text: str, match: re.Match[str]) -> bool:
    """'rats from the NIA colony', 'mice from the MMRRC': an acronym after 'from' that says where the
    animals came from (a colony, a stock, a vendor), not where they were recorded; 'copied from the ELN': where
    the words came from."""
    start, end = match.span("acronym")
    if _SOURCE_AFTER.match(text, end) or match.group("acronym") in _RECORD_KEEPING:
        return True
    before = text[max(0, start - 60) : start]
    return bool(_ANIMALS_FROM.search(before) or _WORDS_TAKEN_FROM.search(before))


# "the laser was aimed at the MGB", "the probe targeted at LP": a place the words aim at is an area, not a workplace.
_AIMED_AT = re.compile(
    r"\b(?:aim(?:ed|ing)?|target(?:ed|ing)?|point(?:ed|ing)?|direct(?:ed|ing)?|cent(?:er|re)d|position(?:ed)?|"
    r"placed|implanted|injected|lowered|angled|focus(?:s?ed)?)\s+(?:at|on)\s+(?:the\s+)?$",
    re.I,
)


def acronym_is_a_target(text: str, match: re.Match[str]) -> bool:
    """'the laser was aimed at the MGB': an acronym after words aiming at it names a target, not where one works."""
    return bool(_AIMED_AT.search(text[max(0, match.start("acronym") - 40) : match.start("acronym")]))


# "Peromyscus Genetic Stock Center", "Mutant Mouse Resource Center": a name that says it supplies animals.
_SUPPLIER_WORDS = re.compile(
    r"\b(?:Stock|Resources?|Repository|Colony|Breeding|Vivarium|Supply|Supplier)\b|"
    r"\b(?:Charles\s+River|Jackson\s+Laborator(?:y|ies)|Envigo|Taconic|Janvier|Harlan|Inotiv)\b"
)


def animals_came_from(text: str, start: int, end: int) -> bool:
    """'a deer mouse ... from the Peromyscus Genetic Stock Center': a supplier the animal came FROM (its name says it
    supplies animals) is not where it was recorded ('mouse AL031 from the Allen Institute' is where it was)."""
    said_from = re.search(r"\bfrom\s+(?:the\s+)?$", text[max(0, start - 20) : start], re.I)
    return bool(said_from and _SUPPLIER_WORDS.search(text, start, end))


def names_something_else(acronym: str) -> bool:
    """An acronym that is a time zone, a brain area or a strain ('CET', 'VTA', 'ICR'), not a place of work."""
    lowered = acronym.lower()
    area = lowered in AREA_NAMES or lowered in AS_SAID or acronym.upper() in {a.upper() for a in AREAS}  # "from LGN"
    return area or lowered in STRAINS or find_zone(acronym) is not None


def names_an_institution(text: str) -> bool:
    return any(p.search(text) for p in (UNIVERSITY_OF, NAMED_INSTITUTION, KNOWN_INSTITUTION))


def affiliation_after_people(raw: str) -> int | None:
    """'Giulia Conti, Istituto Italiano di Tecnologia': where an institution starts after the people of a keyed
    value (the comma before it), or None. Its words are no second person; they are left for the institution."""
    for comma in re.finditer(r"\s*[,;]\s*", raw):
        rest = raw[comma.end() :]
        if comma.start() and any(p.match(rest) for p in (UNIVERSITY_OF, NAMED_INSTITUTION, KNOWN_INSTITUTION)):
            return comma.start()
    return None


# "the lab of Anna de la Cruz": the family name's particles are read with it; "the laboratory of J. Anthony Movshon":
# an initial and a middle name before the family name (the lab is named by the last)
LAB_OF = re.compile(
    rf"\b(?:the\s+)?[Ll]ab(?:oratory)?\s+of\s+{_TITLE}*{NAME_WORD}(?:\s+(?:(?-i:{PARTICLE})\s+){{0,3}}{NAME_WORD}){{0,2}}"
)
# "Our lab", "This lab", "Another lab": a determiner before "lab" is not its name.
_NOT_A_LAB_NAME = (
    r"(?!(?:Our|My|Your|His|Her|Their|Its|This|That|These|The|Same|Other|Another|Each|Every|Whole|One|Host|Home|"
    r"Partner|Sister)\s)"
)
# "the de la Rocha lab", "van der Meer lab": the particles of the head's family name are part of the lab's name.
_NAME_PARTICLES = r"(?:(?:de|del|della|di|da|dos|du|la|le|van|von|der|den|ter|ten)[^\S\n]+){0,3}"
NAMED_LAB = re.compile(
    rf"(?<![\w-])(?:the\s+)?(?<![\w-]){_NOT_A_LAB_NAME}(?-i:{_NAME_PARTICLES})(?<![\w-])[{_UPPER}][\w\-'’&]+\s+[Ll]ab(?:oratory)?\b(?!\s+of\b)"
)


# "sorry, not Tom", "no wait", "I mean", "scratch that": words that take back what was just said ("sorry for the
# delay" apologises, it corrects nothing).
_CORRECTION = re.compile(
    r"\b(?:sorry(?!\s+(?:for|about|to|if|that))|oops|no\s+wait|wait\s*,?\s+no|correction|I\s+mean(?:t)?|"
    r"actually\s*,?\s+no|no\s*,\s*actually|"
    r"scratch\s+that|my\s+(?:bad|mistake)|(?:that\s+was|that'?s)\s+wrong)\b|"
    # "Laboratory of Dr. Hu? no, that's Zhejiang": a value said as a question, then answered no
    r"\?\s*no\b(?!\s+(?:idea|clue)\b)",
    re.I,
)


def correction_inside(raw: str) -> int | None:
    """Where a correction starts inside a keyed value ('UCSF - no wait, UCSD' -> before ' - no wait'), or None."""
    found = _CORRECTION.search(raw)
    if found is None or not raw[: found.start()].strip(" -–—,;:"):
        return None
    return len(raw[: found.start()].rstrip(" -–—,;:"))


# "Texas A&M? no - University of Texas at Austin", "X? No, sorry: it was Y": a name asked, answered no, then another.
_ANSWERED_NO = re.compile(
    r"\?\s*[—–-]?\s*[Nn]o\b(?!\s+(?:idea|clue)\b)\s*[,:\-–—]?\s*(?:[Ss]orry\s*[,:\-–—]?\s*)?"
    r"(?:(?:it'?s|it\s+is|it\s+was)\s+)?(?:by\s+)?(?=[A-Z'\"‘“])"
)


def replacement_after_no(raw: str) -> int | None:
    """Where the name that replaces one asked and answered no starts ('X? no - Y' -> Y's index), or None. ('Dr. Hu?
    no, that's Zhejiang' says where X is, not who: no name follows the no.)"""
    found = _ANSWERED_NO.search(raw)
    if found is None or not raw[: found.start()].strip() or _CORRECTION.search(raw, found.end()):
        return None
    return found.end()


# ", then the Li lab after 2020", ", now Oxford", "; later at UCL": another one for another time, after a value.
_CHANGED_AFTER = re.compile(r"\s*[,;]\s*(?:and\s+)?(?:then|now|later|since|afterwards|until|before)\b", re.I)


def changed_after(text: str, end: int) -> str:
    """'Lab: Svoboda lab, then Li lab after 2020': the words after a lab or institution name another for another
    time, so which one this recording's is is asked."""
    changed = _CHANGED_AFTER.match(text, end)
    return f"the words after it name another time ('{changed.group(0).strip(' ,;')}')" if changed else ""


def corrected_after(text: str, value: str, end: int) -> str:
    """'Experimenter: Tom Hale. Sorry, not Tom, it was Rita Hale': the words after a value take it back, right
    after it or by saying 'not' and one of its words."""
    if _CORRECTION.match(text[end : end + 30].lstrip(" .,;:-–—!([")):  # ("Ana Ruiz (scratch that: Eva Lund)")
        return "the words after it correct what was said"
    rest = text[end : end + 200]
    if not _CORRECTION.search(rest):
        return ""
    for denied in re.finditer(r"\bnot\s+(?:the\s+)?(?P<said>[^,;.!?\n]{2,40}?)\s*(?=[,;.!?\n]|$)", rest):
        # "Sorry, not Tom, it was Rita": what is denied is (part of) this value, not another one
        if denied.group("said").lower() in value.lower():
            return f"a correction after it says 'not {denied.group('said')}'"
    return ""


# Acts other than recording that a sentence may place at an institution.
_OTHER_ACT = re.compile(
    r"\b(?:surger(?:y|ies)|operated|(?:spike\s+)?sort(?:ed|ing)|analy[sz]\w*|histolog\w*|perfus\w*|stain\w*|"
    r"genotyp\w*|bred|breeding|raised|housed|trained|training|sequenc\w*|curat\w*|"
    r"stored|archived|processed|hosted|present(?:ed|ing)|visit(?:ed|ing)|studied|graduated|conference|seminar|workshop|"
    r"craniotom\w*|convert(?:ed|ing)|upload(?:ed|ing)|export(?:ed|ing)|model(?:l?ing|l?ed)|simulat(?:ed|ions?|ing))\b",
    re.I,
)
_RECORDING_WORD = re.compile(
    r"\b(?:record\w*|imag(?:ed|ing)|collected|acquired|sessions?|experiments?|data|ephys|electrophysiology|"
    r"monitor\w*)\b",
    re.I,
)


def about_the_recording(sentence: str) -> bool:
    """The words of a sentence say it is about the recording ('the experiment ... by B', 'recorded by B')."""
    return bool(_RECORDING_WORD.search(sentence))


def other_act_at(sentence_before: str) -> str:
    """'Spike sorting was done by X at Y': the words before an institution in its sentence place another act
    there (sorting, surgery, histology) and no recording."""
    act = _OTHER_ACT.search(sentence_before)
    if act and not _RECORDING_WORD.search(sentence_before):
        return f"the sentence places another act there ('{act.group(0)}')"
    return ""


# "The sister mouse was recorded by X", "Next week's session will be recorded by X": the sentence is about another
# animal or a time to come, not this recording.
_ANOTHER_ANIMAL_OR_LATER = re.compile(
    r"\b(?:sister|brother|littermates?|cage\s*mates?|twin|(?:other|control|previous|next|first|second)\s+"
    r"(?:mouse|mice|rat|rats|animals?|monkey|bird|fish)|will\s+(?:be\s+)?[a-z]+ed|going\s+to\s+be|"
    r"next\s+(?:week|month|session|time|year)(?:['’]s)?)\b",
    re.I,
)


def another_animal_or_later(sentence_before: str) -> str:
    """Why the words before a value in its sentence make it another animal's or a later session's, or ''."""
    said = _ANOTHER_ANIMAL_OR_LATER.search(sentence_before)
    return f"the sentence is about another animal or a later time ('{said.group(0)}')" if said else ""


# "(formerly at CSHL)", "which used to be at Janelia", "until 2021 at UCL": a place said of an earlier time; "(not the
# Smith from Oxford)": a place in an aside denying a person or place.
_EARLIER_OR_DENIED_PLACE = re.compile(
    r"\b(?:formerly|previously|used\s+to\s+(?:be|work)|until|till|earlier|former(?:ly)?|moved\s+(?:from|out\s+of))\b"
    r"[^().;\n]{0,40}$|\(\s*not\b[^()]{0,60}$",
    re.I,
)


# "Experimenter: Jan Novak (the data were recorded by Eva Horak)", "(corrected: Berta Gómez-Ruiz)": an aside after
# a keyed name that corrects it or names who recorded.
_ASIDE_SAYS_OTHERWISE = re.compile(
    r"\((?=[^()\n]*\b(?:corrected|correction|correct\s+is|actually|rather|sorry|I\s+mean|recorded\s+by|run\s+by|"
    r"done\s+by|collected\s+by|performed\s+by|who\s+recorded|not\s+(?:him|her|them|this|that)|scratch\s+that)\b)"
    r"[^()\n]*\)",
    re.I,
)


# "(Tom only did the surgery)", "(he didn't record)": one of the people keyed had another role ("(she did the
# histology too)", "(..., but he should be listed)" keep them).
_ASIDE_ANOTHER_ROLE = re.compile(
    r"\((?![^()\n]*\b(?:too|as\s+well|also|listed|include[ds]?)\b)(?=[^()\n]*\b(?:only\s+(?:did|helped|assisted)|"
    r"did\s+(?:only\s+)?the\s+(?:surger(?:y|ies)|histology|analysis|sorting|injections?|perfusions?|training)|"
    r"did\s*n[o'’]t\s+record|not\s+recording)\b)[^()\n]*\)",
    re.I,
)


def aside_says_otherwise(value_and_after: str, of_people: bool = False) -> str:
    """The first aside in brackets on the line of a keyed name, when it corrects the name or names who recorded
    (or, `of_people`, gives one of the people another role)."""
    line = value_and_after.split("\n", 1)[0]
    first = re.search(r"\([^()\n]*\)", line)
    if first and (
        _ASIDE_SAYS_OTHERWISE.fullmatch(first.group(0)) or (of_people and _ASIDE_ANOTHER_ROLE.fullmatch(first.group(0)))
    ):
        return f"the aside after it says otherwise ('{first.group(0)}')"
    return ""


# "lab: Berg Lab  # the old lab", "institution: UCL  # where I did my PhD": a comment making it another time's
_NOTE_OF_ANOTHER_TIME = re.compile(
    r"\b(?:old|former(?:ly)?|previous(?:ly)?|earlier|before|until|used\s+to|moved|where\s+(?:I|we|she|he)\s+"
    r"(?:did|was|were|studied|trained|worked)|PhD|postdoc|not\s+(?:this|the\s+one|where))\b",
    re.I,
)


def note_of_another_time(note: str) -> bool:
    """A comment after a keyed lab or institution that makes it another time's, or a guess."""
    return bool(_NOTE_OF_ANOTHER_TIME.search(note) or GUESS.search(note))


# "Jean Dupont, then Léa Martin for the second half": another person after the names, for another part
_THEN_ANOTHER = re.compile(
    rf"[^\S\n]*[,;]?[^\S\n]*(?:and[^\S\n]+)?(?:then|later|afterwards|followed[^\S\n]+by|replaced[^\S\n]+by)[^\S\n]+"
    rf"{_TITLE}*{FULL_NAME}"
)


def another_person_then(text: str, end: int) -> str:
    """Why a person named right after the names, for a later part, leaves who recorded open; '' otherwise."""
    then = _THEN_ANOTHER.match(text, end)
    return f"another person is named after them ('{then.group(0).strip(' ,;')}')" if then else ""


def earlier_or_denied_place(text: str, start: int) -> str:
    """'Svoboda Lab (formerly at CSHL)', 'Dr. Smith (not the Smith from Oxford)': the words right before a place
    say it was another time's, or deny it; '' otherwise."""
    said = _EARLIER_OR_DENIED_PLACE.search(text[max(0, start - 70) : start])
    return f"the words before it say it is another time's or denied ('{said.group(0).strip()}')" if said else ""


# "Mouse A was recorded by Ola, mouse B by Kari Hansen": a "by" whose clause has no verb, after another "by" in the
# sentence, names the person of another part.
def by_of_another_part(text: str, match: re.Match[str]) -> str:
    before = text[max(0, match.start() - 120) : match.start()]
    before = re.split(r"[.;!?\n]", before)[-1]
    if parallel_by(text, match) and re.search(r"\bby\b", before, re.I):
        return "the sentence names someone else for another part"
    return ""


# "..., days 3-4 by Emil Berg", "... and by Kofi Mensah in the afternoon": a second "by" whose clause has no verb of
# its own says the first clause's act again, of another part of the work.
_ELLIPTIC_CLAUSE = re.compile(r"(?:^|[,;]|\band\b)\s*(?P<clause>[^,;]{0,40}?)\s*$")


def parallel_by(text: str, match: re.Match[str]) -> bool:
    """A 'by' cue (match of PEOPLE_WITH_CUE) in a clause with no verb of its own: another part of the same act."""
    cue = text[match.start() : match.start("people")]
    if not re.match(r"\s*by\b", cue, re.I):
        return False
    clause = _ELLIPTIC_CLAUSE.search(text[max(0, match.start() - 60) : match.start()])  # (bounded: stays linear)
    if clause is None:
        return False
    return not re.search(r"\b[a-z]{3,}(?:ed|en)\b|\b(?:did|ran|was|were|is)\b", clause.group("clause"))


# "Department of Neuroscience, Columbia University": a unit, then the institution it belongs to.
DEPARTMENT = re.compile(
    r"(?:the\s+)?(?:Dept\.?|Department|Faculty|Division|Section|Unit|School|Graduate\s+School|Program(?:me)?)\s+"
    r"(?:of|for)\s+[^,;\n]+",
    re.I,
)
# "CC: Dr. Maria Lopez", "Reviewer: Prof. X": a name under a key of its own, which is not the experimenter's.
_NOT_A_LABEL = re.compile(
    r"\b(?:say|said|mention\w*|note|add|update|correction|fyi|btw|ps|info|also|thing|way|reminder|forgot)\b", re.I
)
_KEY_BEFORE = re.compile(r"(?P<key>[A-Za-z][\w ]{0,25}?)\s*[:=]\s*$")


def key_before(text: str, start: int) -> str:
    """The key right before a name on its line ('CC' in 'CC: Dr. Maria Lopez'), or ''."""
    line = text[text.rfind("\n", 0, start) + 1 : start]
    line = re.sub(rf"{_TITLE}+$", "", line)
    key = _KEY_BEFORE.search(line)
    if key is None or _NOT_A_LABEL.search(key.group("key")):
        return ""  # "forgot to say: X recorded it": words leading a sentence, not a key naming a role
    return key.group("key").strip()


# "..., not the Datta lab", "not at Stockholm University": a name said after "not" is denied.
# "don't put UCL as the institution": a name said to be left out is denied too.
DENIED_BEFORE = re.compile(
    r"\bnot\s+(?:at\s+|in\s+|from\s+)?(?:the\s+)?$|"
    r"\b(?:don'?t|do\s+not|never|please\s+don'?t)\s+(?:put|write|use|enter|list|add|set)\s+(?:the\s+)?$",
    re.I,
)


# ", I just did the analysis", "; Tamar Cohen did the surgeries": a clause with a subject of its own.
_OTHER_SUBJECT = re.compile(
    rf"\s*(?:[,;]|\band\b|\bwhile\b|\bwhereas\b)\s*(?:and\s+|but\s+)?(?:I|we|he|she|they|(?:{FULL_NAME}))\s+"
    r"(?:\w+ly\s+|just\s+|only\s+|also\s+)?(?:did|do|does|was|were|am|is|handled|performed|made|ran|ran|took|"
    r"[a-z]{3,}ed)\b"
)


def own_clause_end(text: str, end: int) -> int:
    """Where the clause of a person who did something ends: at the next clause with a subject of its own
    ("Riya Kapoor ran it, I just did the analysis" -> after "ran it"); the end of the text otherwise."""
    for match in _OTHER_SUBJECT.finditer(text, end, min(len(text), end + 200)):
        return match.start()
    return len(text)


# Known names that are also towns: "in Cambridge, MA" is a place, not the University of Cambridge.
_TOWN_NAMES = {"cambridge", "oxford"}


# "Cheers from Cambridge,", "Greetings from sunny Lisbon": where the writer is, said in a greeting or a sign-off.
_GREETING_FROM = re.compile(
    r"\b(?:cheers|greetings|regards|hello|hi|love|best(?:\s+wishes)?|wishes|hugs|thanks)\s+from\s+(?:[a-z]+\s+)?$",
    re.I,
)


def greeting_from(text: str, start: int) -> bool:
    """'Cheers from Cambridge': a place in a greeting says where the writer is, not where the data were recorded."""
    return bool(_GREETING_FROM.search(text[max(0, start - 40) : start]))


# "Diego Contreras' group", "Chris Harris' lab": a possessive after a name ending in s, then the group's word.
_GROUP_OF = re.compile(r"['’]s?\s+(?:group|lab|laboratory|team|people|members)\b", re.I)


def head_of_group(text: str, end: int) -> bool:
    """A name followed by its possessive and a group's word names the group's head, not who recorded."""
    return bool(_GROUP_OF.match(text, end))


def town_not_institution(text: str, start: int, end: int) -> bool:
    """'we recorded in Cambridge, MA': a known name that is also a town, said as a place ('in' before it,
    or a state or country after it)."""
    if text[start:end].lower() not in _TOWN_NAMES:
        return False
    after_in = re.search(r"\bin\s+$", text[max(0, start - 5) : start], re.I)
    placed = re.match(r"\s*,\s*(?:[A-Z]{2}\b|Massachusetts|Ohio|England|UK\b)", text[end:])
    return bool(after_in or placed)


# A lab's clause that says the work was done there ("we ran it in the Witten lab", "recorded by us, the Tank lab").
_WORK_VERB = re.compile(r"\b(?:record\w*|ran|run|performed|conducted|collected|acquired|done|carried\s+out)\b", re.I)
_MADE_VERB = re.compile(r"\b(?:designed|built|developed|written|made|sent|gave|provided|shared|lent)\b", re.I)


def _clause_around(text: str, start: int, end: int) -> str:
    clause_start = max((m.end() for m in re.finditer(r"[,;.!?(]\s*", text[max(0, start - 120) : start])), default=0)
    clause_start += max(0, start - 120)
    clause_end = re.search(r"[,;.!?)](?:\s|$)", text[end:])
    return text[clause_start : end + (clause_end.start() if clause_end else len(text) - end)]


def lab_did_the_work(text: str, start: int, end: int) -> bool:
    """The lab's own clause says the work was done there, and nothing there says it made or gave something."""
    clause = _clause_around(text, start, end)
    own = re.search(r"\b(?:we|us|our)\b", text[max(0, start - 25) : start], re.I)  # "by us, the Tank lab", "We (X lab)"
    return bool((_WORK_VERB.search(clause) or own) and not _MADE_VERB.search(clause))


def lab_of_something(text: str, start: int, end: int) -> str:
    """'The Witten lab's rig', 'Brody lab mice', 'the Tank lab colony': the lab named as whose thing it is, not as the
    one that recorded."""
    after = re.match(
        r"['’]s\s+(?P<thing>\w+)|\s+(?P<animals>mice|rats|animals|strains?|lines?|pups|breeders|colon(?:y|ies)|stocks?)\b",
        text[end:],
    )
    if after is None:
        return ""
    return f"the lab is named as whose {after.group('thing') or after.group('animals')} it is"


# "(before, it was part of the Pachitariu lab)", "we were formerly the X lab": words of an earlier time.
_FORMER_TIME = re.compile(
    r"\b(?:before|previously|formerly|former|earlier|used\s+to|until|till|back\s+then|originally|old|then(?!\s*[:,]))\b",
    re.I,
)  # ("OK the lab then: ..." is the "then" of "in that case", not an earlier time)


def former_lab(text: str, start: int) -> str:
    """'it is now the Stringer Lab (before, it was part of the Pachitariu lab)': a lab said in a clause or
    bracket of an earlier time is not the lab now."""
    opening = max(text.rfind("(", 0, start), *(text.rfind(stop, 0, start) for stop in (". ", "; ", "\n")))
    words = text[max(opening + 1, start - 80) : start]
    earlier = _FORMER_TIME.search(words)
    # "we were the Schmidt lab before 2020": the earlier time said after the lab, in its clause
    after = re.match(r"[^.;()\n]{0,60}", text[start:])
    later = _EARLIER_AFTER.search(after.group(0)) if after and not earlier else None
    earlier = earlier or later
    return f"the lab is said of an earlier time ('{earlier.group(0)}')" if earlier else ""


_EARLIER_AFTER = re.compile(
    r"\b(?:(?:before|until|till)\s+(?:\d{4}|last\s+\w+|the\s+move|we\s+moved)|previously|formerly|back\s+then)\b", re.I
)


# "Ana Ruiz, Tom Berg, and the PI": the list goes on with someone not named.
_UNNAMED_AFTER = re.compile(
    r"\s*,?\s*(?:and|&|plus)\s+(?:the|a|an|our|my|his|her|their|some|other|two|several)\s+(?:\w+\s+)?"
    r"(?:PI|supervisor|postdocs?|students?|technicians?|techs?|team|lab|others?|rest|colleagues?|assistants?|"
    r"undergrads?|interns?|people|members?)\b(?!\s+(?:is|was|are|were)\b)|"  # ("and the lab is X": a new clause)
    # "Tim Berg and others", "Tim Berg et al.", "Tim Berg and colleagues": more people, not named
    r"\s*,?\s*(?:(?:and|&|plus)\s+(?:others|colleagues|co-?workers|co\.?|team)\b|et\s+al\b)",
    re.I,
)


def unnamed_after(text: str, end: int) -> str:
    """Why a list of people read is not everyone: it goes on with someone unnamed ("and the PI")."""
    more = _UNNAMED_AFTER.match(text, end)
    return f"the list goes on with someone not named ('{more.group(0).strip(' ,')}')" if more else ""


# "family name Zhang, given name Yuhan", "first name Ana, last name Ruiz": a name said part by part.
_PART = rf"{NAME_WORD}(?:[^\S\n]+(?:{PARTICLE}[^\S\n]+)*{NAME_WORD})?"
_FAMILY_KEY = r"(?:family|last)[\s-]+name|surname"
_GIVEN_KEY = r"(?:given|first)[\s-]+name"
_NAME_IN_PARTS = re.compile(
    rf"\b(?:{_FAMILY_KEY})\s*(?:is|:|=)?\s*(?P<family>{_PART})\s*[,;]?\s*(?:and\s+)?(?:the\s+|her\s+|his\s+)?"
    rf"(?:{_GIVEN_KEY})\s*(?:is|:|=)?\s*(?P<given>{_PART})\b|"
    rf"\b(?:{_GIVEN_KEY})\s*(?:is|:|=)?\s*(?P<given_first>{_PART})\s*[,;]?\s*(?:and\s+)?(?:the\s+|her\s+|his\s+)?"
    rf"(?:{_FAMILY_KEY})\s*(?:is|:|=)?\s*(?P<family_after>{_PART})\b",
    re.I,
)


def name_said_in_parts(text: str) -> tuple[str, int, int] | None:
    """'family name Zhang, given name Yuhan' -> ('Zhang, Yuhan', start, end): a name whose parts are said by their
    keys, in DANDI's order; None when none is."""
    said = _NAME_IN_PARTS.search(text)
    if said is None:
        return None
    family = said.group("family") or said.group("family_after")
    given = said.group("given") or said.group("given_first")
    return f"{family}, {given}", said.start(), said.end()


# "Experimenter and institution: Clara Lindqvist, Uppsala University", "Name & affiliation: A, B", "PI / lab: X, Y
# Lab": a key naming two fields (or a role and a field) is followed by one value per field, in order.
_KEY_FIELDS = {
    "experimenter": "experimenter", "experimenters": "experimenter", "experimenter(s)": "experimenter",
    "name": "experimenter", "researcher": "experimenter", "recorded by": "experimenter",
    "institution": "institution", "affiliation": "institution", "institute": "institution", "university": "institution",
    "organisation": "institution", "organization": "institution",
    "lab": "lab", "laboratory": "lab", "lab name": "lab",
    "pi": "", "supervisor": "",  # another role: its value is the first, and no field's
}  # fmt: skip
_KEY_WORD = "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in sorted(_KEY_FIELDS, key=len, reverse=True))
_TWO_FIELD_KEY = re.compile(
    # (the key opens the text, a line or a clause: "Harris lab / institution: UCL" is a value, then a key)
    rf"(?:^|(?<=[\n,;(.|]))[^\S\n]*(?P<first>{_KEY_WORD})[^\S\n]*(?:and|&|/|\+)[^\S\n]*(?P<second>{_KEY_WORD})[^\S\n]*:"
    # the values end at a full stop after a word (not "Dr." nor an initial), a ";" or the line's end
    r"[^\S\n]*(?P<values>[^;:\n]*?)[^\S\n]*(?=(?<!\b[A-Z])(?<!\bDr)(?<!\bProf)(?<!\bSt)\.(?:\s|$)|[;\n]|$)",
    re.I,
)


def two_fields_one_key(text: str) -> list[tuple[int, int, list[tuple[str, str]]]]:
    """Each key naming two fields and its values: (start, end, [(field, value), ...]), a role's value left out; no
    values when they are not one per field ('Experimenter and institution: Clara Lindqvist' names one)."""
    found: list[tuple[int, int, list[tuple[str, str]]]] = []
    for pair in _TWO_FIELD_KEY.finditer(text):
        fields = [_KEY_FIELDS[re.sub(r"\s+", " ", pair[key].lower())] for key in ("first", "second")]
        said = [part.strip() for part in pair["values"].split(",")]
        if len(said) > 2 and fields[1] == "institution" and len(said[0].split()) > 1:
            said = [said[0], ", ".join(said[1:])]  # "Ana Ruiz, University of California, San Diego": the campus
        if fields[0] == fields[1] or len(said) != 2 or not all(said):
            found.append((pair.start(), pair.end(), []))  # no order to follow: nothing is read
            continue
        found.append(
            (pair.start(), pair.end(), [(name, value) for name, value in zip(fields, said, strict=True) if name])
        )
    return found
