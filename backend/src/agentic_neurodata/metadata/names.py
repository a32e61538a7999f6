"""People's names: "Dr. Jane Smith", "jane smith", "Smith, Jane" -> "Smith, Jane" (DANDI's form).

nameparser splits a name into title, given, middle, family and suffix, and knows the family-name
particles ("Jan de Vries" -> "de Vries, Jan", "Anna van der Berg" -> "van der Berg, Anna").
Several people may be given at once ("Jane Smith and John Doe", "Smith, J.; Doe, John").
The web app sends what the person typed; this is the one place names are split.
"""

from __future__ import annotations

import re

from nameparser import HumanName
from nameparser.config import Constants

from ..domain import ValueProposal
from .result import RuleResult, accept, ask_back, clean, reject

FIELD = "experimenter"
EXAMPLE = "'Jane Smith' or 'Smith, Jane' (several: 'Jane Smith and John Doe')"
# DANDI's pattern for a person's name (dandischema NAME_PATTERN, as NWB Inspector copies it).
DANDI_NAME = re.compile(r"^([\w\s\-\.']+),\s+([\w\s\-\.']+)$")
_SPLIT_PEOPLE = re.compile(r"\s*(?:;|\band\b|&|\+|/|\|)\s*", re.I)  # "Chen, Ling | Müller, Jakob": a pipe lists too
_NOT_A_NAME = re.compile(r"[\d@/\\()]")
# Words of a sentence, not of a name: "my PI knows, I don't", "ask the postdoc", "not me".
_SENTENCE_WORDS = re.compile(
    r"(?<![\w'])(?:me|my|mine|you|your|we|our|us|he|she|they|them|his|him|knows?|know|don'?t|doesn'?t|didn'?t|"
    r"ask|asked|not|nobody|someone|somebody|who|did|does|was|is|are|were|sure|idea|maybe|see|check|notebook|sheet|"
    r"records?|file|unknown|tbd|same|above|below|previous|postdoc|student|technician|undergrad|the|i'?ll|i'?d|i'?m|"
    # "pass on this question": words of talk about the question, in lower case ("Skip" may be a given name)
    r"(?-i:this|that|question|questions|answer|please|pls|skip|et\s+al|or|either|neither|nor|it|about|email|"
    r"contact|tell|call|for|of|at|in|from))(?![\w'])|"
    # "Ana Ruiz's student": a possessive says whose, it is no name
    r"(?<=\w)['’]s(?![\w'])|"
    r"(?<![\w'])an?(?![\w'.])|"
    r"(?<![\w'])(?-i:I)(?![\w'.])",
    re.I,
)
# Words of an organisation, a role or a device, never of a person's name: "Smith Lab", "Lab Manager", "Core Facility",
# "Open Ephys Acquisition Board", "Neuralynx Digital Lynx".
_NOT_NAME_WORDS = re.compile(
    r"(?<![\w'])(?:labs?|laboratory|team|group|members?|facility|staff|manager|assistant|tech|technician|doc|"
    r"acquisition|system|rig|device|digital|amplifier|software|version|ephys|university|institute|center|centre|"
    r"college|school|department|hospital|clinic|foundation|company|inc|ltd|gmbh|core|everyone|anonymous|"
    r"neuropixels|intan|spikeglx|neuralynx)(?![\w'])",
    re.I,
)
# A piece of a list of people that names an institution (in any of its languages), not a person.
# "PhD student", "postdoc", "research technician": a role said after a name, alone between commas.
_ROLE_PIECE = re.compile(
    r"(?:(?:the|a|an|our|my)\s+)?(?:(?:PhD|Ph\.D\.|MSc|master'?s|doctoral|graduate|grad|undergrad(?:uate)?|senior|"
    r"junior|visiting|research|lab|staff)\s+)?(?:students?|postdocs?|technicians?|assistants?|scientists?|fellows?|"
    r"PI|engineers?|interns?|researchers?|candidates?|manager)",
    re.I,
)
_INSTITUTION_PIECE = re.compile(
    r"\b(?:Universit\w*|Universidad\w*|Instituto?|Institut\w*|Istituto|Hochschule|Hospital|Hôpital|Ospedale|"
    r"College|Centre|Center|Centro|Academy|Akademie|School|Klinik\w*|Clinic)\b"
)
# Particles nameparser does not know as such: "Fatima Zahra El Idrissi", "Omar Al Hashimi", "Beatrice
# Dalla Costa", "Chiara Lo Russo", "Erik ten Brink", "Tomás Ó Briain" keep them with the family name (its own
# table has only "el-", "al-", "della", and not the Italian "Lo", the Dutch "ten" or the Irish "Ó", "Ní").
_EXTRA_PREFIXES = ("el", "al", "dalla", "dalle", "lo", "ten", "ó", "ní", "nic", "uí")
_NAME_RULES = Constants()
_NAME_RULES.prefixes.add(*_EXTRA_PREFIXES)
# Particles that start a family name in nameparser's reading ("de Vries", "van der Berg").
_PARTICLES = {
    *_EXTRA_PREFIXES,
    "dal",
    "de",
    "del",
    "della",
    "di",
    "da",
    "dos",
    "das",
    "du",
    "van",
    "von",
    "der",
    "den",
    "la",
    "le",
    "ter",
    "ten",
    "'t",  # "van 't Hof": the Dutch article after "van"
    "’t",
}


def normalize_experimenters(text: str | list[str]) -> RuleResult:
    """One or several people -> a list of "Last, First" names."""
    pieces = text if isinstance(text, list) else split_people(clean(text))
    people = [piece for piece in pieces if not _INSTITUTION_PIECE.search(piece)]
    pieces = people or pieces  # "Dr. Rosa Mendes, Universidade de Lisboa": the place is no second person
    named = [piece for piece in pieces if not _ROLE_PIECE.fullmatch(clean(piece))]
    pieces = named or pieces  # "Lena Holm, PhD student": who the person is, after the name, is no second person
    names, notes, other_reading, unsure = [], [], [], []
    for piece in pieces:
        result = normalize_name(piece)
        if result.needs_confirmation:
            names.append(result.proposals[0].value)
            other_reading.append(result.proposals[1].value)
            unsure.append(clean(piece))
            continue
        if not result.ok:
            return reject(FIELD, result.error, result.example)
        names.append(result.value)
        other_reading.append(result.value)
        if result.note:
            notes.append(result.note)
    if not names:
        return reject(FIELD, "No name was given.", EXAMPLE)
    if unsure:
        first, second = list(dict.fromkeys(names)), list(dict.fromkeys(other_reading))
        return ask_back(
            FIELD,
            f"Which is the family name in {', '.join(repr(u) for u in unsure)}? Did you mean {'; '.join(first)}?",
            [ValueProposal(value=first, label="; ".join(first)), ValueProposal(value=second, label="; ".join(second))],
            EXAMPLE,
        )
    return accept(FIELD, list(dict.fromkeys(names)), " ".join(notes))


_TWO_BY_TWO = re.compile(r"\s*(?P<first>[^\s,;]+\s+[^\s,;]+)\s*,\s*(?P<second>[^\s,;]+\s+[^\s,;]+)\s*")


def one_person_or_two(text: str) -> RuleResult | None:
    """'Experimenter: García Martínez, José Luis' under a key for one person: two surnames and two given
    names in DANDI's order, or two people ('Jane Smith, John Doe'); the words cannot tell, so it is asked."""
    pair = _TWO_BY_TWO.fullmatch(clean(text))
    if pair is None:
        return None
    one, two = normalize_experimenters([pair.group(0).strip()]), normalize_experimenters(pair.group(0))
    if not (one.ok and two.ok) or one.value == two.value:
        return None
    return ask_back(
        FIELD,
        f"Is '{clean(text)}' one person ({one.value[0]}) or two ({'; '.join(two.value)})?",
        [
            ValueProposal(value=one.value, label=one.value[0]),
            ValueProposal(value=two.value, label="; ".join(two.value)),
        ],
        EXAMPLE,
    )


def split_people(text: str) -> list[str]:
    people: list[str] = []
    for part in (p for p in _SPLIT_PEOPLE.split(text) if p.strip()):
        commas = [c.strip() for c in part.split(",") if c.strip()]
        # "Jane Smith, John Doe" lists people; "Smith, Jane" is one person in DANDI's order.
        if len(commas) > 1 and all(len(_given_words(c)) >= 2 for c in commas):
            people.extend(commas)
        elif len(commas) > 2 and len(commas) % 2 == 0 and all(len(_given_words(c)) == 1 for c in commas):
            people.extend(f"{commas[i]}, {commas[i + 1]}" for i in range(0, len(commas), 2))
        else:
            people.append(part)
    return people


def _given_words(text: str) -> list[str]:
    name = HumanName(text, constants=_NAME_RULES)
    return [w for w in f"{name.first} {name.middle} {name.last}".split() if w]


# "Dr. med. Johanna Weiß-Lehmann", "Dr. rer. nat. X", "X, PhD": degrees are not part of the name.
_DEGREE = re.compile(
    r"^(?:(?:dr|prof)\.?\s+)+(?:med|rer\.?\s*nat|phil|habil|vet|med\.?\s*vet)\.?\s+|,?\s+(?:PhD|Ph\.D\.|MD|M\.D\.|MSc|DVM)\.?$",
    re.I,
)


# Common Vietnamese family names, said first ("Nguyen Van Minh"); a lab may write them in either order, so the
# order is asked (a name of the West ends with the family name). "Le", "Do", "Ho" are left out: words of other names.
_FAMILY_NAME_FIRST = {
    "nguyen", "nguyễn", "tran", "trần", "pham", "phạm", "huynh", "huỳnh", "hoang", "hoàng", "phan", "vu", "vũ",
    "vo", "võ", "dang", "đặng", "bui", "bùi", "duong", "dương", "ngo", "ngô", "truong", "trương", "dinh", "đinh",
}  # fmt: skip


# Common Korean and Chinese family names: "Kim Ji-woo", "Park Seo-yeon", "Chen Yu-Ting" (a given name of two
# syllables joined by a hyphen) are most often said family name first, but a lab may write them given name first
# ("Ji-woo Kim"); the order is asked. ("Zhang Qiang", "Shin Kira": no hyphen, the order of the West is kept.)
_EAST_ASIAN_FAMILY_NAMES = {
    "kim", "lee", "park", "choi", "jung", "jeong", "kang", "cho", "yoon", "jang", "lim", "shin", "kwon", "hwang",
    "ahn", "hong", "yoo", "seo", "baek", "nam", "moon", "bae",
    "wang", "zhang", "liu", "chen", "yang", "zhao", "huang", "zhou", "wu", "xu", "sun", "zhu", "gao", "lin", "guo",
    "luo", "liang", "zheng", "xie", "tang", "feng", "dong", "xiao", "cao", "yuan", "deng", "shen", "zeng", "peng",
    "jiang", "cai", "jia", "ding", "wei", "xue", "ye", "yan", "pan", "du", "dai", "xia", "zhong", "tian", "ren",
    "fan", "fang", "shi", "yao", "tan", "liao", "zou", "xiong", "jin", "hao", "kong", "bai", "cui", "mao", "qiu",
    "qin", "gu", "hou", "shao", "meng", "duan", "qian", "yin", "li", "han", "song", "hu", "ma", "yu", "su", "lu",
}  # fmt: skip


def _east_asian_family_name_first(words: list[str]) -> bool:
    """'Kim Ji-woo', 'Chen Yu-Ting': two words, the first a common family name, the second a hyphenated given name."""
    return (
        len(words) == 2
        and words[0].lower() in _EAST_ASIAN_FAMILY_NAMES
        and re.fullmatch(r"[A-Z][a-z]+-[A-Za-z][a-z]+", words[1]) is not None
    )


def _family_name_first(raw: str) -> RuleResult | None:
    """'Nguyen Van Minh', 'Kim Ji-woo': a family name said first, or a given name? Both readings are asked."""
    words = raw.split()
    if "," in raw or len(words) < 2:
        return None
    if words[0].lower() not in _FAMILY_NAME_FIRST and not _east_asian_family_name_first(words):
        return None
    first = f"{words[0]}, {' '.join(words[1:])}"
    last = f"{words[-1]}, {' '.join(words[:-1])}"
    return _which_family_name(raw, (words[0], first), (words[-1], last))


def _which_family_name(raw: str, *readings: tuple[str, str]) -> RuleResult:
    """Both readings of a name whose family name the words cannot tell: (family name, name as stored)."""
    families = " or ".join(f"'{family}'" for family, _ in readings)
    proposals = [ValueProposal(value=stored, label=stored) for _, stored in readings]
    return ask_back(FIELD, f"Is the family name of '{raw}' {families}?", proposals, EXAMPLE)


# "Tran Thi Thu Ha (family name Tran)", "Rubén Ortega Álvarez (surname Ortega Álvarez)": the family name said.
# ("Lee Min-ji (Lee is the family name)": the same said the other way round)
_FAMILY_NAME_SAID = re.compile(
    r"(?P<name>[^()]+?)\s*\(\s*(?:(?:(?:the\s+)?(?:family\s+name|surname|last\s+name)s?|apellidos?|cognome|nachname)"
    r"\s*(?:is\s+|:\s*|=\s*)?(?P<family>[^()]+?)|"
    r"(?P<family_first>[^()]+?)\s+is\s+(?:the|her|his|their)\s+(?:family\s+name|surname|last\s+name))\s*\)",
    re.I,
)


def with_family_name_said(raw: str) -> str:
    """'Tran Thi Thu Ha (family name Tran)' -> 'Tran, Thi Thu Ha': the name in the order its bracket says, when the
    family name is the name's first or last words; the text as it is otherwise."""
    said = _FAMILY_NAME_SAID.fullmatch(raw.strip())
    if said is None:
        return raw
    name, family = said.group("name").strip(), (said.group("family") or said.group("family_first")).strip()
    if name.startswith(family + " "):
        return f"{family}, {name[len(family) :].strip()}"
    if name.endswith(" " + family):
        return f"{family}, {name[: -len(family)].strip()}"
    return raw


def normalize_name(text: str) -> RuleResult:
    # "O’Connor" typed on a phone: the curly apostrophe is DANDI's straight one
    raw = _DEGREE.sub("", clean(text)).strip().replace("’", "'")
    raw = with_family_name_said(raw)
    if not raw:
        return reject(FIELD, "The name is empty.", EXAMPLE)
    if _NOT_A_NAME.search(raw) or _SENTENCE_WORDS.search(raw):
        return reject(FIELD, f"'{raw}' does not look like a person's name.", EXAMPLE)
    if _NOT_NAME_WORDS.search(raw):
        return reject(FIELD, f"'{raw}' names a group, a role or a device, not a person.", EXAMPLE)
    family_first = _family_name_first(raw)
    if family_first is not None:
        return family_first
    name = HumanName(raw, constants=_NAME_RULES)
    initials = re.fullmatch(r"[A-Z]{2,3}", name.first) and not name.last.isupper()  # "Doe, JK": initials stay
    if name.first and name.last and (name.first.islower() or name.first.isupper()) and not initials:
        name.capitalize(force=True)
    given = " ".join(part for part in (name.first, name.middle) if part)
    family = name.last
    if not given or not family:
        return reject(FIELD, f"'{raw}' has one name only; DANDI needs a family and a given name.", EXAMPLE)
    value = f"{family}, {given}"
    if "," not in raw and re.fullmatch(r"[A-Z]\.?", family) and " " not in given:
        # "Smith J": a family name then an initial (the citation order); "J, Smith" would be wrong
        cited = f"{given}, {family.rstrip('.')}."
        return ask_back(
            FIELD,
            f"Is the family name of '{raw}' '{given}' or '{family}'?",
            [ValueProposal(value=cited, label=cited), ValueProposal(value=value, label=value)],
            EXAMPLE,
        )
    if not DANDI_NAME.fullmatch(value):
        return reject(FIELD, f"'{raw}' has characters DANDI does not accept in names.", EXAMPLE)
    words = family.split()
    if (
        "," not in raw
        and words[0].lower() in _PARTICLES
        and len([w for w in words if w.lower() not in _PARTICLES]) >= 2
    ):
        # "Maria del Mar Ruiz": the particle may open the family name or belong to the given name.
        other = f"{words[-1]}, {given} {' '.join(words[:-1])}"
        return ask_back(
            FIELD,
            f"Is the family name of '{raw}' '{family}' or '{words[-1]}'?",
            [ValueProposal(value=value, label=value), ValueProposal(value=other, label=other)],
            EXAMPLE,
        )
    two_surnames = _two_surnames_or_middle_name(raw, name.first, name.middle, family)
    if two_surnames is not None:
        return two_surnames
    return accept(FIELD, value, "" if value == raw else f"'{raw}' -> '{value}'.")


# Particles of Spanish and Portuguese family names: after them a second family name may follow the first.
_IBERIAN_PARTICLES = {"de", "del", "da", "dos", "das"}


def _two_surnames_or_middle_name(raw: str, first: str, middle: str, family: str) -> RuleResult | None:
    """'Álvaro García de la Fuente': 'García' may be a middle given name or the first of two family names
    ('García de la Fuente, Álvaro'); the words cannot tell, so both readings are asked."""
    if "," in raw or not middle or family.split()[0].lower() not in _IBERIAN_PARTICLES:
        return None
    middle_words = middle.split()
    both = f"{middle_words[-1]} {family}, {' '.join([first, *middle_words[:-1]])}"
    given = f"{family}, {first} {middle}"
    return _which_family_name(raw, (f"{middle_words[-1]} {family}", both), (family, given))


# "(Martín Pérez is the surname)", "her family name is Ruiz Soler": which words are the family name, said outright.
_SURNAME_SAID = re.compile(
    # ("(family name Wang)": in brackets the name may follow the words with nothing between)
    # ("apellidos: Martínez Ortega", "Nachname: Weiß", "sobrenome: Lima": the same key in Spanish, German, Portuguese)
    r"\b(?:(?:the|her|his|my|their)\s+)?(?:surname|family[\s\-]name|last\s+name|apellidos?|nachname|sobrenome|"
    r"cognome|nom\s+de\s+famille)\s*(?:is|=|:|(?<=\(surname)|"
    r"(?<=\(family name)|(?<=\(last name))\s*"
    r"['\"“]?(?P<after>[^\W\d_][\w'\-]*(?:\s+[^\W\d_][\w'\-]*){0,3}?)['\"”]?(?=\s*(?:[,;.)!]|$))|"
    r"['\"“]?(?P<before>[^\W\d_][\w'\-]*(?:\s+[^\W\d_][\w'\-]*){0,3})['\"”]?\s+(?:is|are)\s+(?:the|her|his|my|their)\s+"
    r"(?:surname|family[\s\-]name|last\s+name)s?\b",
    re.I,
)


def surname_said(text: str) -> str:
    """The family name a message says outright ('Martín Pérez is the surname'), or ''."""
    said = _SURNAME_SAID.search(text)
    return (said.group("after") or said.group("before") or "").strip() if said else ""


def order_said(asked: RuleResult, surname: str) -> RuleResult:
    """A name asked back for its order ('Chen Yi-Ting': 'Chen' or 'Yi-Ting'?) when the message says the family name:
    the reading that has it is taken; the question stands otherwise."""
    for proposal in asked.proposals if surname else []:
        names = proposal.value if isinstance(proposal.value, list) else [proposal.value]
        if names and all(isinstance(name, str) and name.startswith(f"{surname}, ") for name in names):
            return accept(FIELD, names, f"the message says the family name is '{surname}'")
    return asked


def with_surname_said(names: list[str], surname: str) -> list[str]:
    """'Pérez, Carlos Martín' with 'Martín Pérez' said to be the surname -> 'Martín Pérez, Carlos': the words of
    a name are split where the message says, when the surname is the end or the start of that name."""
    wanted = surname.split()
    kept = []
    for name in names:
        family, _, given = name.partition(", ")
        for words in (f"{given} {family}".split(), f"{family} {given}".split()):
            if len(words) > len(wanted) and words[-len(wanted) :] == wanted:
                name = f"{surname}, {' '.join(words[: -len(wanted)])}"
                break
            if len(words) > len(wanted) and words[: len(wanted)] == wanted:
                name = f"{surname}, {' '.join(words[len(wanted) :])}"
                break
        kept.append(name)
    return kept
