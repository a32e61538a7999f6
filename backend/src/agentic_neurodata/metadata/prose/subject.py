"""Where a sentence names the subject: species (with the id after it, "mouse m042", "rat #7",
"rat Bruno", "mouse 7 of cage C"), sex (also a lone "F" between commas), age, weight."""

from __future__ import annotations

import re

from .. import age as age_rule
from ..brain_areas import BY_NAME as AREA_NAMES
from ..species import ALL_NAMES, SPECIES
from ..strains import STRAINS, find_genotype

_LATIN_NAMES = {species.latin.lower() for species in SPECIES}

# Species words that are other things in running text; read there only beside an id or a sex.
_UNSAFE_IN_PROSE = {"people", "person", "fish", "bee", "bees", "owl", "primate", "primates", "cat", "pig", "dog"}
SPECIES_NAMES = sorted((n for n in ALL_NAMES if n not in _UNSAFE_IN_PROSE), key=len, reverse=True)
_SPECIES = re.compile(rf"(?<![\w/-])(?:{'|'.join(re.escape(n) for n in SPECIES_NAMES)})(?![\w/-])", re.I)


# "domestic pig P-4", "a cat, female": a word that is other things in prose names the animal beside an id or a sex.
_UNSAFE_BESIDE = re.compile(
    rf"(?<![\w/-])(?:{'|'.join(sorted(_UNSAFE_IN_PROSE, key=len, reverse=True))})"
    r"(?=\s+#?(?=[\w\-]*\d)[A-Za-z0-9]+(?:[\-_][A-Za-z0-9]+)*(?![\w/])|\s*,\s*(?:male|female|[MF])(?![\w-]))",
    re.I,
)
# "Prairie voles (Microtus ochrogaster)": a Latin binomial in brackets says exactly which species.
BRACKETED_BINOMIAL = re.compile(r"\(\s*(?P<latin>[A-Z][a-z]{2,} [a-z]{3,}(?: [a-z]{3,})?)\s*[;,)]")


def explained_by_the_bracket(text: str, end: int, bracket_start: int) -> bool:
    """Whether the animal word ending at text[end] is followed right away (its id between at most) by the bracket
    at text[bracket_start] that names the species: "Bengalese finch bk12wh5 (Lonchura striata domestica)"."""
    between = text[end:bracket_start]
    return 0 <= len(between) <= 30 and re.fullmatch(rf"\s*(?:{ID_TOKEN})?\s*", between) is not None


# "the zebrafish facility", "the mouse house", "a rat vivarium": a species word naming a place, not an animal.
_PLACE_AFTER = re.compile(r"\s+(?:facility|facilities|core|house|room|vivarium|husbandry|unit)\b", re.I)


def _said_just_before(pattern: re.Pattern[str], text: str, at: int, reach: int) -> bool:
    """Whether `pattern` ends in the `reach` characters before text[at] (what is said of the word there)."""
    return pattern.search(text[max(0, at - reach) : at]) is not None


def find_all_species(text: str) -> list[re.Match[str]]:
    found = [*_SPECIES.finditer(text), *_UNSAFE_BESIDE.finditer(text)]
    found = [m for m in found if not _PLACE_AFTER.match(text, m.end())]
    # ("guinea pig" holds "pig": a word inside a longer species name said is that name's, no other animal)
    # (one pass in order of start, longest first, keeps it linear on long lists of animal words)
    kept: list[re.Match[str]] = []
    furthest = -1
    for match in sorted(found, key=lambda m: (m.start(), -m.end())):
        if match.end() > furthest or (kept and kept[-1].span() == match.span()):  # (the same words found twice)
            kept.append(match)
        furthest = max(furthest, match.end())
    return kept


def _singular(word: str) -> str:
    lowered = word.lower()
    if lowered == "mice":
        return "mouse"
    return lowered[:-1] if lowered.endswith("s") and not lowered.endswith("ss") else lowered


def head_word_of(latin: str, word: str) -> bool:
    """'bat' for Carollia perspicillata (Seba's short-tailed bat): the word is the last word of the species'
    common name, so it names that animal too."""
    species = next((s for s in SPECIES if s.latin.lower() == latin.lower()), None)
    return species is not None and _singular(species.common.split()[-1]) == _singular(word.split()[-1])


def named_before_in_full(text: str, match: re.Match[str]) -> re.Match[str] | None:
    """'Deer mice (...) ...; mouse PM-8': a one-word animal word that is the last word of a longer species
    name (or of the common name of a Latin one) said before it is that animal again (the deer mouse), not the
    species the word alone names."""
    word = match.group(0)
    if " " in word.strip():
        return None
    for earlier in find_all_species(text[: match.start()]):
        words = earlier.group(0).split()
        if len(words) > 1 and _singular(words[-1]) == _singular(word):
            return earlier
        # "Peromyscus maniculatus bairdii mouse PM-3": the Latin name said, then the last word of its common name
        if earlier.group(0).lower() in _LATIN_NAMES and head_word_of(earlier.group(0), word):
            return earlier
    return None


def find_species(text: str) -> re.Match[str] | None:
    """The first species name in `text` (the longest one at that place)."""
    found = find_all_species(text)
    return min(found, key=lambda m: (m.start(), -len(m.group(0)))) if found else None  # longest first at each place


_ROLE = (
    r"(?:larva|larvae|tadpole|pup|neonate|adult|juvenile|participant|patient|subject|animal|bird|fly|worm|fish|"
    r"monkey|no\.?)"
)
# An id as labs write them: letters, digits, '-', '_' or '.', with a digit somewhere ("CSH_ZAD_019", "IBL-T4").
ID_TOKEN = r"#?(?=[\w.\-]*\d)[A-Za-z0-9]+(?:[\-_.][A-Za-z0-9]+)*"
# A number with a unit after it is an age, a weight or a time, not an id ("the animal was 10 weeks old", "rat 300 g").
# (nor the start of a longer number: "31.2 g", "22-28 g" hold no id "31" or "22")
_NO_UNIT_AFTER = (
    r"(?![\w])(?![.,\-–]\d)(?!\s*-?\s*(?:weeks?|wks?|w|months?|mos?|mo|days?|d|years?|yrs?|y|y/?o|old|g|kg|mg|grams?|dpf|hpf|"
    r"hours?|hrs?|h|min|minutes?|%)(?![\w]))"
)
_GROUPS = r"(?:cage|litter|box|group|cohort|batch|colony)"
# "7 of cage C", "4 from the Long-Evans cohort" (the group's name may come first; \x1f: words already read).
_GROUP = (
    rf"(?:(?:\s+(?:of|from|in)\s+(?:the\s+)?|\s*,\s*){_GROUPS}\s*#?\s*[\w\-]+"
    rf"|\s*\(\s*{_GROUPS}\s*#?\s*[\w\-]+\s*\)"  # "mouse 3 (cohort B)"
    rf"|\s+(?:of|from|in)\s+(?:the\s+)?[\w\-\x1f]+\s+{_GROUPS}\b)"
)
# "rat 1 of 4", "mouse 2 of 6 mice": a place among several, not an id ("rat CH-32 of 14 weeks" is one).
_NOT_A_PLACE_IN_A_COUNT = r"(?!\s+of\s+\d+(?:\s*[,;.()]|\s*$|\s+(?:animals|mice|rats)\b))"
ID_AFTER_SPECIES = re.compile(
    # "mouse is KM_12": a copula before a lab code (letters, then a digit; "mouse is 12 weeks" is no id)
    # ("mouse=TS-11": the animal word as a key; "the mouse itself is M-2291": the animal set apart from its cage)
    # ("rato (rat) LX-6": the English word in brackets after another language's, then the id)
    rf"(?P<colon>\s*[:=]\s*|\s+|\)\s+)(?:(?:(?:itself|herself|himself)\s+)?(?:is|was)\s+(?=(?!(?:P|E|PND)\d+(?:\.\d+)?[DWMY]?\b)[A-Za-z]+[-_]?\d))?(?:{_ROLE}\s+)?(?:(?:id|ID|#|number)\s*:?\s*)?"
    rf"(?P<subject>{ID_TOKEN}){_NO_UNIT_AFTER}{_NOT_A_PLACE_IN_A_COUNT}"
    rf"(?P<group>{_GROUP})?(?![\w/])",
    re.I,
)
# "rat Bruno, male", "monkey Ozzy;": a name right after the species, then a pause.
NAME_AFTER_SPECIES = re.compile(
    # "Rat: Pepper; sex: F", "| monkey Pepper | M |", "The rat Nibbles was recorded": a pause, a key or a verb after it
    # ("monkey U, a 10-year-old male": a lab's one-letter name; not M or F, which say the sex)
    # ("the monkey is Bruno": a name after the copula, ending the clause)
    r"(?:\s*[:=]\s*|\s+)(?:named\s+|called\s+|is\s+(?=[A-Z][a-z]{2,15}\s*(?:[,;.]|$)))?"
    r"(?P<subject>[A-Z][a-z]{2,15}(?:-\d+)?|[A-Z]{1,3}-[A-Z][a-z]{2,15}|[A-EG-LN-Z](?![\w'’.-])(?!\s*\([A-Z][a-z]+\)))"
    # ("marmoset Chai ♀ 3 y", "◆ rhesus Kaya ◆ ♀": a sign for the sex or a notebook's separator after it)
    r"(?=\s*(?:[,;)(|♀♂◆]|$)|\s+(?:was|is)\s+(?:recorded|implanted|trained|tested|imaged|used|head-fixed)\b)"
)
NAMED = re.compile(
    # "name EM-3": a bare "name" before a code with a digit names the animal (a person's name has none)
    r"\b(?:named|called|name\s+is|name(?=\s*[:=]?\s*[A-Za-z][\w\-]*\d))\s*[:=]?\s*(?P<subject>[A-Za-z][\w\-]*\d[\w\-]*|[A-Z][a-z]{2,15}(?:-\d+)?)(?![\w-])"
)
# "ID CM-Ru", "ID: Mango", "animal ID Lulu": a name after an explicit ID key, then a pause, is the id.
_NOT_A_NAME = r"(?!(?:Unknown|None|Pending|Missing|Same|Not|Unclear|Later|Tbd|Unsure|Skip|See)\b)"
NAME_AFTER_ID_KEY = re.compile(
    # ("ID 'Waffles'": the name in quotes)
    rf"(?:\bID|\b[Ii]d\s*[:=])\s*[:#=]?\s*{_NOT_A_NAME}(?P<q>['\"‘“])?(?P<subject>[A-Z]{{1,3}}-[A-Z][a-z]{{1,15}}|[A-Z][a-z]{{2,15}})"
    r"(?(q)['\"’”])(?=\s*(?:[,;.)|]|$))"
)
SUBJECT_CUE = re.compile(
    rf"\b(?:subject|animal|specimen|participant|patient|volunteer|mouse|rat|monkey|fish|fly|larva|pup|neonate|bird|ferret|marmoset|"
    rf"gerbil|vole|bat|"
    # (a word for one animal of a kind, a stage or a sex: "shrew TS-B07", "ewe OA-18", "tadpole XL-14"; "kit" only
    # after "ferret", read and so masked by then or not: "ferret kit GS-4", not "the RNA kit 3")
    rf"shrew|lemur|tadpole|(?<=ferret\s)kit|(?<=\x1f\s)kit|ewe|hamster|degu|rabbit|quail|canary|finch|frog|octopus|"
    rf"ID|id|this\s+one(?:\s+is)?|today['’]s(?:\s+one)?(?=\s+is\b)|"
    rf"the\s+(?:animal|subject)\s+(?:is|was)|officially|a\.?k\.?a\.?|(?:his|her|its)\s+(?:number|id|tag))"
    # "mouse is KM_12", "His number is WH-17", "officially BM-01": a copula or "officially" before the id
    rf"(?:\s*(?:id|ID|#|no\.?|number))?(?:\s+(?:is|was))?\s*[:#=]?\s*(?:(?<=ID\s)['\"‘“])?"  # "ID 'N2-b'"
    # (not glued to the cue's letters: "Mouse28" is one id, not "mouse" then "28")
    rf"(?<![A-Za-z])(?P<id>{ID_TOKEN}){_NO_UNIT_AFTER}",
    re.I,
)
# "this file is from her sister PB-13", "this dataset contains monkey Pollux only", "this is fish F03": the
# words say which of the animals named this file is about.
_THIS_FILE = (
    r"\b(?:this|the\s+present|the\s+current)\s+(?:file|dataset|data\s*set|session|upload|entry|recording|nwb\s+file)"
    r"(?:\s+(?:here|only))?\s+(?:is|was|comes?|came|contains?|holds?|has)(?:\s+(?:only|all|entirely))?"
    r"|\bthis\s+is"
    # "this particular one is JX-08", "the one you're converting is GL-1", "the one in the file is MM-3"
    r"|\bthis\s+particular\s+one\s+is|\bthe\s+recorded\s+(?:one|animal)\s+is|\bthe\s+one\s+(?:in\s+(?:the|this)\s+file|you'?re\s+converting|being\s+converted|"
    r"converted|here|(?:we\s+|I\s+)?recorded(?:\s+(?:here|today|now))?)\s+is"
    # "this one, Isis, is 9 years old", "this animal, SH-1, had the probe": the animal set apart by "this"
    r"|\bthis\s+(?:one|animal)\s*,"
    # "the mouse here is TX60", "the zebra finch in this file, or73bk12"
    r"|\bthe\s+(?:[a-z]+\s+)?(?:mouse|rat|animal|monkey|macaque|bird|finch|fish|bat|subject)\s+"
    r"(?:here|in\s+(?:this|the)\s+file)(?:\s+is|\s*,)"
    # "we recorded RT-7", "the mouse pup we recorded, P-882-3", "pupil recorded: gy22or4": the animal recorded,
    # named by a code (letters, then a digit somewhere)
    r"|\b(?:the\s+(?:[a-z]+\s+){0,2})?(?:we|I)\s+recorded(?:\s*,)?(?=\s+[A-Za-z][\w-]*\d)"
    r"|\b(?:pupil|animal|subject|bird|one)\s+recorded\s*:(?=\s+[A-Za-z][\w-]*\d)"
)
THIS_FILES_SUBJECT = re.compile(
    rf"(?i:{_THIS_FILE})\s+(?:(?:from|of)\s+)?(?:(?:the|her|his|its|their|one)\s+)?"
    # ("this file is the second one: RT-2": the words before a colon say which one, the id after it)
    rf"(?P<between>(?:[a-z][a-z-]*\s+){{0,3}}?(?:[a-z][a-z-]*:\s*)?)(?P<id>{ID_TOKEN}{_NO_UNIT_AFTER}|(?:[A-Z]{{1,3}}-)?[A-Z][a-z]{{2,15}}(?=\s*(?:[,;.()]|only\b|$)))"
    r"(?![\w-])"
)
# Words before a number that make it something other than an animal ("this file is from session 3").
_NOT_AN_ANIMAL_BEFORE = {
    "session", "sessions", "run", "day", "probe", "trial", "block", "channel", "shank", "week", "page", "figure",
    "cage", "litter", "cohort", "group", "batch", "rig", "box", "room", "series", "part", "version", "plate",
}  # fmt: skip


_A_NAME_SET_APART = re.compile(r"^this\s+(?:one|animal)\s*,", re.I)
_NAME_ENDS_APPOSITION = re.compile(r"\s*,\s*(?:is|was|had|has|weighs|weighed)\b")


def this_files_subject(text: str) -> re.Match[str] | None:
    """The animal the words say this file is about, or None: an id (with a digit), or a name right after
    a species word ("monkey Tonic")."""
    for match in THIS_FILES_SUBJECT.finditer(text):
        between = match.group("between").replace(":", " ").split()
        if set(between) & _NOT_AN_ANIMAL_BEFORE:
            continue
        said, after_species = match.group("id"), bool(between) and bool(_SPECIES.fullmatch(between[-1]))
        if (re.match(r"this\s+is\b", match.group(0), re.I) or AGE_POSTNATAL.fullmatch(said)) and not after_species:
            continue  # "this is P60": an age, a date or anything else; "this is fish F03" names the animal
        if re.search(r"\d", said) and looks_like_id(said, after_species=after_species):
            return match  # ("this file contains only the CA1 tetrodes": an area is no animal unless a species says so)
        if not re.search(r"\d", said) and (after_species or re.fullmatch(r"[A-Z]{1,3}-[A-Z][a-z]+", said)):
            return match  # "this file is from M-Tico": a lab's prefix before a name makes it an id
        if (
            not between
            and _A_NAME_SET_APART.search(match.group(0))
            and _NAME_ENDS_APPOSITION.match(text, match.end())
            and find_all_species(text)
            and _ANOTHER_ANIMAL_WORDS.search(text, 0, match.start())
        ):
            return match  # "the other monkey ...; this one, Isis, is 9 years old": the one set apart from the other
    return None


# "Monkey Fig's age is", "mouse M-3's weight:": a key said of an animal named by its possessive.
_POSSESSOR_BEFORE_KEY = re.compile(rf"(?P<id>{ID_TOKEN}|[A-Z][a-z]{{1,15}})['’]s\s+$")


def of_another_animal_than_this_files(text: str, key_start: int) -> str:
    """'Monkey Fig's age is 10 years, but this file is monkey Plum': the key's value is the possessor's,
    and the words say this file is about another animal; '' when not so."""
    possessor = _POSSESSOR_BEFORE_KEY.search(text, max(0, key_start - 30), key_start)
    this_one = this_files_subject(text) if possessor else None
    if possessor is None or this_one is None or this_one.group("id") == possessor.group("id"):
        return ""
    return f"said of {possessor.group('id')}, not of {this_one.group('id')}"


# "sub-NC07", "sub-BWH14": a BIDS subject label names the subject wherever it stands.
BIDS_ID = re.compile(r"(?<![\w-])(?P<id>sub-[A-Za-z0-9]{1,20})(?![\w-])")
# "deer mouse (Peromyscus maniculatus) PM-3": the Latin name in brackets after the species word stands
# between the species and the id.
LATIN_IN_BRACKETS = re.compile(r"\s*\([A-Z][a-z]+\s+[a-z]+(?:\s+[a-z]+)?\)")
# "session 4" counts sessions; only a key ("session id: 4", "session #4") or a lab-style code names one.
SESSION_CUE = re.compile(
    r"\bsession\s*(?:(?:id|#|no\.?|number)\s*(?:(?:is|was)\s+)?[:#=]?\s*|[:#=]\s*|\s+(?=[A-Za-z]+\d))(?P<id>[A-Za-z]*\d[\w.\-]*)\b",
    re.I,
)
# (a cell of a row between commas, semicolons or spaced slashes: "m123 / F / P60")
LONE_ID = re.compile(r"(?:^|(?<=[,;(])|(?<=\s/))\s*(?P<id>[A-Za-z]{1,5}[\-_]?\d{1,6}[A-Za-z]?)\s*(?=$|[,;)]|/\s)")
SEX = re.compile(
    r"(?<![\w-])(?P<sex>male|female|males|females|hermaphrodites?|intersex)(?![\w-])|"
    r"\bsex\s*(?:is\s+|[:=]\s*)?(?P<sx>unknown|[MFUO])\b|\b(?P<unk>unknown)\s+sex\b|"
    r"\bsex\s+(?:is\s+|was\s+)?(?P<nd>not\s+(?:yet\s+)?determined|undetermined)\b|"  # "sex not determined"
    # a lone letter between commas, bars, slashes or spaced dashes ("rat R7, F, 250 g", "m123 / F / P60", "- F -")
    # (or before the full stop that ends the message or its line: "Mouse CN-2, F.", not an initial: ", M. Smith")
    # (and between a notebook's spaced separators: "cat C4 -> M -> 4 kg", "mouse GC-2 :: F :: 15 wk", "** F **")
    # ("✔ F ✔", "· F ·", ">> F >>", "▸ F ▸", "✦ F ✦", " : M : ", "~ F ~": other notebook separators too)
    r"(?:^|(?<=[,;(|])|(?<=\s/)|(?<=\s[-–—])|(?<=\s->)|(?<=\s=>)|(?<=\s→)|(?<=\s::)|(?<=\s//)|(?<=\s\*\*)"
    r"|(?<=\s[✔·▸✦:~])|(?<=\s>>)|(?<=\s\+\+))"  # ("++ M ++")
    r"\s*(?P<lone>[MF])\s*(?=$|[,;)|]|/\s|[-–—]\s|(?:->|=>|→|::|//|\*\*|[✔·▸✦:~]|>>|\+\+)\s|\.[ \t]*(?:\n|$))|"
    # "45-year-old man", "an old girl", "29 y/o F": a person word or a letter right after an age names the sex
    r"(?:\b\d+(?:\.\d+)?[-\s]?(?:years?|yrs?|y|months?|mo|weeks?|wks?|days?)[-\s]old|\d\s*y/?o|\bold)\s+"
    r"(?P<aged>man|woman|boy|girl|[MF](?![\w-]))|"
    r"(?:^|(?<=[,;(]))\s*(?P<kid>boy|girl)\s*(?=$|[,;)])|"
    # "shrew TB-22 (Tupaia belangeri) F 2 y 174 g", "mouse DL-2 (Dlx5/6-Cre) F P45": a letter after the bracket
    # that closes the animal's name, before its age or weight
    r"(?<=\)\s)(?P<cell>[MF])(?=\s+(?:P\d|\d+(?:\.\d+)?\s*(?:y|yrs?|years?|mo|months?|wks?|weeks?|g|kg)\b))|"
    r"(?P<sym>[♀♂])",  # "♀, 19.0 g", "(♂, P52)": the signs for female and male
    re.I,
)
_UNITS = r"(?:years?|yrs?|yo|y\.o\.|months?|mos?|mths?|weeks?|wks?|days?)"
_NUMBER = r"(?:\d+(?:[.,]\d+)?|" + "|".join(w for w in age_rule.NUMBER_WORDS if len(w) > 2) + r")"
_NOT_AN_AGE_AFTER = r"(?!\s+(?:ago|after|post|since|before|later|earlier|of\s+(?:training|recording)))"
AGE_POSTNATAL = re.compile(
    r"(?<![\w-])(?:P|PND\s?|postnatal\s+day\s+)\d{1,4}D?(?![\w-])|(?<![\w-])P\d+(?:\.\d+)?[YMWD](?:\d+[YMWD])*(?![\w-])",
    re.I,
)
# ("10 and 12 weeks" without "between" lists two ages, one per animal: no range)
AGE_RANGE = re.compile(
    rf"(?<![\w.-])(?:between\s+\d+(?:\.\d+)?\s*(?:-|–|to|and)|\d+(?:\.\d+)?\s*(?:-|–|to))\s*\d+(?:\.\d+)?\s*-?\s*{_UNITS}"
    rf"(?:\s*-?\s*old)?(?![\w-]){_NOT_AN_AGE_AFTER}"
    # "P60 to P70", "between P60 and P70": a range of postnatal days (not its last day)
    r"|(?<![\w.-])(?:between\s+)?P\d{1,4}\s*(?:-|–|to|and)\s*P\d{1,4}(?![\w-])",
    re.I,
)
_NO_PLACE_BEFORE = "".join(
    rf"(?<!{word}\s)" for word in ("room", "rooms", "bay", "rack", "floor", "level", "wing", "building")
)
_HALF = r"(?:\s+and\s+(?:a\s+)?half)"  # "two and a half months", "3 month and half"
AGE_QUANTITY = re.compile(
    rf"(?<![\w.-])(?:aged?\s+)?(?:about\s+|around\s+|~\s*)?{_NUMBER}{_HALF}?\s*-?\s*{_UNITS}{_HALF}?"
    rf"(?:\s*(?:and|,)?\s*{_NUMBER}\s*-?\s*{_UNITS})?(?:\s*-?\s*old)?(?![\w-]){_NOT_AN_AGE_AFTER}"
    # "3 y 2 m", "11y 4m old", in a cell of its own: years and months
    r"|(?<![\w.-])\d+\s*y\s*\d{1,2}\s*m(?:\s+old)?(?=\s*(?:[,;)|\n?]|\s[-–—·/]\s|$))"
    # ("room 2W.301", "bay 3W": a place's code, not an age; a compact age is a token of its own)
    rf"|(?<![\w.-]){_NO_PLACE_BEFORE}\d+\s*(?:w|wk|mo|y)\b(?![.\-:]\w|/(?!o\b)\w){_NOT_AN_AGE_AFTER}"
    r"|(?<![\w.-])\d+\.\d+\s*(?:wk|mo|y)\b(?=\s*(?:[,;)|]|\s[-–—/]\s|$))"  # ("♂, 2.5 y, 402 g": a cell of its own)
    # ("♂ — 120 d", "F, 74 d, 21 g": days in a cell of their own; not "2 d" inside a sentence)
    r"|(?<=[,;(|]\s|—\s|–\s|·\s)\d{1,4}\s*d(?=\s*(?:[,;)|]|\s[-–—·/]\s|$))",
    re.I,
)
WEIGHT = re.compile(
    # ("21,5 g": a decimal comma is part of the number, never "5 g")
    r"(?:\bweigh(?:s|ed|ing)?\s+|\bweight\s+)?(?<![\w.])(?<!\d,)"
    r"(?P<weight>\d+(?:\.\d+|,\d{1,2}(?!\d))?\s*(?:kg|g|mg|grams?|kilograms?))\b"
    r"(?!\s*/\s*(?:kg|g|mg|day|d|h|hr|ml|l)\b)",  # "0.1 mg/kg" is a dose; "/ 390g /" between columns is not
    re.I,
)
# A mass in the same clause as one of these is not the animal's weight at the session: it weighs
# something else ("a 1.5 g head-plate", "the drive weighs 3 g") or the animal at another time
# ("weight at surgery 28 g", "pre-op weight", "baseline", "free-feeding weight").
NOT_THE_ANIMAL_NOW = re.compile(
    r"\b(?:head[\s-]?(?:plate|post|cap|bar|stage|fixation\s+bar)s?|headplates?|headposts?|headcaps?|implant(?:s|ed|ation)?|"
    r"(?:micro)?drives?|probes?|connectors?|cannula[es]?|fib(?:er|re)s?|electrodes?|tetrodes?|arrays?|batter(?:y|ies)|"
    r"loggers?|backpacks?|surgery|surgical|operation|pre[\s-]?op(?:erative)?|post[\s-]?op(?:erative)?|baseline|"
    r"at\s+birth|weaning|free[\s-]feeding|ad\s+lib(?:itum)?|"
    # another day: "24 g two days ago", "weighed 24 g yesterday"
    r"ago|yesterday|last\s+(?:week|night|month)|(?:the\s+)?(?:day|week)\s+before)\b",
    re.I,
)
# (a notebook's cell separators too: "10.4 kg · 11 y · arrays in PMd"; and a device said where it was placed:
# "a female of 17.5 g with a probe in the SC" is where the probe was, not what weighed 17.5 g)
_OTHER_EDGES = r"|\s[·▸✔✦~→—–]\s|\s(?:->|>>|::)\s|\swith\s+(?:an?|the|two|one)\s+(?:[\w-]+\s+){1,2}(?:in|into)\s"
_CLAUSE_EDGE = re.compile(
    r"[,;!?\n()|]|\s/\s|(?<!\d)\.(?!\d)|\s(?:and|but|while|whereas)\s" + _OTHER_EDGES
)  # "26.7 g (baseline 29 g)"
_CLAUSE_EDGE_OUTSIDE = re.compile(r"[,;!?\n|]|\s/\s|(?<!\d)\.(?!\d)|\s(?:and|but|while|whereas)\s" + _OTHER_EDGES)


def recording_note_after(text: str, end: int) -> bool:
    """'296 g (Wed, recording day)': a note in brackets right after a value that says it is the recording's."""
    note = re.match(r"\s*\(([^()\n]{0,40})\)", text[end:])
    if note is None or re.search(
        r"\b(?:pre|post|before|after|following|end(?:ed)?)\b|(?:pre|post)-", note.group(1), re.I
    ):
        return False  # "27.9 g (pre-session)": another time beside the session
    return bool(re.search(r"\b(?:record\w*|rec|session)\b", note.group(1), re.I))


def mass_clause(text: str, start: int, end: int) -> str:
    """The clause a mass stands in: from the last clause edge before it to the first after it. An aside in
    brackets is its own clause ("26.7 g (baseline 29 g)"), unless it holds only the mass ("weight (24.1 g)")."""
    alone = re.search(r"\(\s*$", text[max(0, start - 3) : start]) and re.match(r"\s*\)", text[end:])
    edge = _CLAUSE_EDGE_OUTSIDE if alone else _CLAUSE_EDGE
    before = max((m.end() for m in edge.finditer(text, 0, start)), default=0)
    after = edge.search(text, end)
    return text[before : after.start() if after else len(text)]


# "the cage weighs 500 g": what weighs it, named before the verb.
_WEIGHER = re.compile(
    r"\b(?:the|a|an|this|that|its|her|his|our)\s+(?P<thing>[a-z-]+)\s+(?:weighs|weighed)\s+(?:about\s+)?$", re.I
)
_ANIMAL_WORDS = {"animal", "subject", "pup", "female", "male", "one", "individual", "larva", "kit", "juvenile", "adult"}


def weighs_something_else(text: str, start: int) -> bool:
    """'the cage weighs 500 g', 'the drive weighed 3 g': something other than the animal weighs it."""
    weigher = _WEIGHER.search(text[max(0, start - 40) : start])
    if weigher is None:
        return False
    thing = weigher.group("thing").lower()
    return thing not in _ANIMAL_WORDS and not _SPECIES.fullmatch(thing)


# "pre-op weight was 27 g", "baseline weight: 29 g", "arrival age 6 weeks": a key naming another time of the
# animal's life than the session; what follows is that time's value, not the session's.
_OTHER_TIME_BEFORE_KEY = re.compile(
    r"\b(?:pre[\s-]?op(?:erative)?|post[\s-]?op(?:erative)?|pre[\s-]?(?:surgery|surgical|implant|restriction|"
    r"injection|training)|baseline|arrival|surgery|surgical|implant(?:ation)?|injection|starting|initial|original|"
    r"free[\s-]feeding|ad[\s-]lib(?:itum)?|weaning|birth|target|previous|former|earlier|shipping|delivery|"
    r"purchase)(?:['’]s)?[\s_-]+(?:body[\s_-]+)?$",
    re.I,
)


def key_of_another_time(text: str, key_start: int) -> str:
    """'pre-op weight was 27.0 g', 'baseline weight: 29 g': an age or weight key led by another time's word."""
    other = _OTHER_TIME_BEFORE_KEY.search(text[max(0, key_start - 30) : key_start])
    return f"the key names another time ('{other.group(0).strip()}')" if other else ""


def animal_weights(text: str, original: str) -> list[re.Match[str]]:
    """The masses in `text` (the message, parts already read masked) that are the animal's weight at
    the session; `original` gives each its clause (see NOT_THE_ANIMAL_NOW)."""
    return [
        m
        for m in WEIGHT.finditer(text)
        if not NOT_THE_ANIMAL_NOW.search(mass_clause(original, *m.span()))
        and not weighs_something_else(original, m.start("weight"))
        and not _RELATIVE_BEFORE.search(original[: m.start()], max(0, m.start() - 60))
    ]


# "his sister RX-4 weighed 250 g", "the cage mate was 27 g": a relative or companion named in the clause before the
# mass weighs it (a pup or the offspring may be the animal recorded, so they are not named here).
_RELATIVE_BEFORE = re.compile(
    r"\b(?:cage\s*mates?|littermates?|siblings?|sisters?|brothers?|mother|father|dam|sire|parents?|partner|"
    r"companion|twin)\b[^,;.()|\n]*$",
    re.I,
)


_OTHER_ANIMAL = re.compile(
    r"\b(?:cage\s*mates?|littermates?|siblings?|sister|brother|mother|father|dam|sire|parents?|pups?|offspring|"
    r"breeders?|partner|companion)\b",
    re.I,
)
_PERSON_AFTER = re.compile(
    r"\s+(?:experimenter|technician|student|postdoc|researcher|scientist|surgeon|investigator|PI|colleague|"
    r"person|people|author|undergrad\w*|tech|vet\w*|staff|doctor|professor)\b",
    re.I,
)


_PERSON_SEX = {"man": "M", "boy": "M", "woman": "F", "girl": "F"}


def sex_said(match: re.Match[str]) -> str:
    """The sex a SEX match says ("female", "F", "unknown", "girl" -> "F")."""
    said = next(
        match.group(g) for g in ("sex", "sx", "unk", "nd", "lone", "aged", "kid", "cell", "sym") if match.group(g)
    )
    return _PERSON_SEX.get(said.lower(), said)


def age_of_a_person(text: str, end: int) -> bool:
    """'the 30-year-old man who recorded it', '28 years old postdoc': an age said of a person."""
    after = re.match(r"(?:[-\s]+old)?\s+(?:(?:male|female)\s+)?(?:man|woman|men|women|guy|lady)\b", text[end:], re.I)
    return bool(after) or bool(
        re.match(r"(?:[-\s]+old)?(?:\s+(?:male|female))?" + _PERSON_AFTER.pattern, text[end:], re.I)
    )


# "needed 31 days", "it took them about 3 weeks", "trained for 5-7 weeks": a verb of time spent before the number.
_TIME_SPENT_BEFORE = re.compile(
    r"\b(?:need(?:s|ed)?|t(?:ake|akes|ook)|last(?:s|ed)|sp(?:end|ends|ent)|requir(?:e|es|ed)|wait(?:s|ed)?|"
    r"spanned|spans|[a-z]{3,}(?:ed|ing)\s+for)\s+(?:(?:it|them|him|her|us|me|about|around|roughly|nearly|almost|only|just|another|"
    r"a\s+further|over|under|less\s+than|more\s+than|some)\s+){0,3}$",
    re.I,
)
# "31 days to reach criterion", "3 weeks of training": a span followed by what filled it ("of age" is an age).
_TIME_SPENT_AFTER = re.compile(r"\s+(?:to\s+(?!\d)[a-z]+|of\s+(?!age\b|life\b)[a-z]+)", re.I)


def one_of_listed_ages(text: str, start: int) -> bool:
    """'10 and 12 weeks', '7, 9 and 11 months': the last of a list of numbers sharing the unit, one per animal."""
    return bool(re.search(r"(?<![\w.-])\d+(?:\.\d+)?\s*(?:and|&|or)\s*$", text[max(0, start - 12) : start], re.I))


_SPREAD_BEFORE = re.compile(r"(?:±|\+/-|\+-|plus\s+or\s+minus)\s*$", re.I)
_SPREAD_AFTER = re.compile(r"\s*\(?\s*(?:±|\+/-|\+-|plus\s+or\s+minus)", re.I)


def a_spread(text: str, start: int) -> bool:
    """'12 weeks (+/- 3 days)': the number after '+/-' is how far off the age may be, not an age."""
    return bool(_SPREAD_BEFORE.search(text[max(0, start - 16) : start]))


def given_with_a_spread(text: str, start: int, end: int) -> str:
    """'12 weeks (+/- 3 days)': an age given with how far off it may be is approximate."""
    return "the age is given with a spread" if _SPREAD_AFTER.match(text, end) else ""


# "6 weeks at surgery, 9 at the recording": a bare number at the recording, in the unit of the age before it.
_BARE_AT_RECORDING = re.compile(
    r"(?<![\w.])(?P<number>\d+(?:\.\d+)?)\s+(?:at|on|during|for)\s+(?:the\s+)?(?:recording|session|experiment)(?=\s*(?:$|[,;.)!\n]))",
    re.I,
)


def age_at_recording_in_the_unit_before(text: str, ages: list[re.Match[str]]) -> tuple[re.Match[str], str] | None:
    """The bare number said at the recording with the unit of the one age said before it, as an age."""
    bare = _BARE_AT_RECORDING.search(text)
    before = [a for a in ages if a.end() <= (bare.start() if bare else 0)]
    if bare is None or len(before) != 1:
        return None
    unit = re.search(rf"{_UNITS}(?![\w])", before[0].group(0), re.I)
    return (bare, f"{bare.group('number')} {unit.group(0)}") if unit else None


_LARGER_FIRST = "YMWDH"


def split_repeated_unit(text: str, age: re.Match[str]) -> list[re.Match[str]]:
    """'3 weeks, 12 weeks old', '3 days, 12 weeks' are two spans of time: a compound age goes from a larger unit
    to a smaller one ('1 year, 3 months' is one age)."""
    parts = list(age_rule.QUANTITY.finditer(age.group(0)))
    order = [_LARGER_FIRST.find(age_rule.UNITS.get(p.group(2).lower(), "?")) for p in parts]
    if len(parts) != 2 or order[0] < order[1]:
        return [age]
    first = re.compile(re.escape(age.group(0)[: parts[0].end()])).match(text, age.start())
    second = AGE_QUANTITY.match(text, age.start() + parts[1].start())
    return [m for m in (first, second) if m is not None]


def time_spent(text: str, start: int, end: int) -> bool:
    """'mouse TR-6 needed 31 days', 'it took 3 weeks to learn': how long something took, not an age."""
    return bool(_TIME_SPENT_BEFORE.search(text[max(0, start - 40) : start]) or _TIME_SPENT_AFTER.match(text, end))


def sex_span(match: re.Match[str]) -> tuple[int, int]:
    """Where the sex word of a SEX match is (an age said before it is not part of it)."""
    return match.span("aged") if match.group("aged") else match.span()


def sex_of_a_person(text: str, start: int, end: int) -> str:
    """'Male experimenter', 'the female technician': the sex word is said of a person."""
    if re.search(r"(?:^|[\s(=,])\d+\s+$", text[max(0, start - 8) : start]):
        return "a count of animals of that sex, not the subject's"  # "n = 12, 6 female"
    clause_start = max([m.end() for m in re.finditer(r"[,;.!?(]\s*", text[:start])], default=0)
    if _OTHER_ANIMAL.search(text[clause_start:start]):
        return "the sex is said of another animal"  # "her cage mate is male"
    return "the sex is said of a person, not the animal" if _PERSON_AFTER.match(text, end) else ""


def sex_beside_the_animal(text: str, end: int) -> bool:
    """'female mouse', 'male rat R7': the sex word names the animal right after it (not 'female rats')."""
    species = _SPECIES.match(text, end + 1)
    if species and plural(species.group(0)):
        return False
    return bool(species) or bool(re.match(r"\s+(?:animal|subject|pup)\b", text[end:], re.I))


_GROUP_WORD = re.compile(r"\s+(?:animals|subjects|ones|littermates|controls|siblings|pups|breeders)\b", re.I)
_LEFT_OUT = re.compile(r"\s+(?:were|are|was)\s+(?:all\s+)?(?:excluded|not\s+(?:used|included|recorded))\b", re.I)


def sex_of_a_group(text: str, sex: re.Match[str]) -> bool:
    """'the female rats in the study', 'males were used': a sex said of several animals, not of one."""
    start, end = sex_span(sex)
    said = text[start:end].lower()
    if said in ("males", "females"):
        return True
    species = _SPECIES.match(text, end + 1)
    return bool(species and plural(species.group(0))) or bool(_GROUP_WORD.match(text, end))


def sex_left_out(text: str, sex: re.Match[str]) -> bool:
    """'females were excluded': the animals of that sex were not used, so it says nothing of the subject's."""
    return bool(_LEFT_OUT.match(text, sex_span(sex)[1]))


# "mouse V1 recording", "rat CA1 neurons": an area after the species, then what was recorded there.
_RECORDED_AFTER = re.compile(
    r"\s+(?:recordings?|imaging|neurons|units|cells|data|sessions?|responses|activity|slices?|LFP)\b", re.I
)


def area_not_id(text: str, after: re.Match[str]) -> bool:
    """Whether the id read after a species is a brain area said before what was recorded in it."""
    return after.group("subject").lower() in AREA_NAMES and bool(_RECORDED_AFTER.match(text, after.end()))


# "cohort 3, mouse 5", "litter 12, pup 3", "animal #42 (cage 7)", "animal 42 from cage 7": a number counted within a
# group named beside it.
_GROUP_BEFORE_NUMBER = re.compile(rf"\b{_GROUPS}\s*#?\s*[\w\-]+\s*[,;:]\s*(?:(?:the|a|an)\s+)?(?:[a-z]+\s+)?#?$", re.I)
_GROUP_AFTER_NUMBER = re.compile(rf"\s*(?:,\s*|\(\s*|\s+(?:in|from|of)\s+)(?:the\s+)?{_GROUPS}\b", re.I)


def numbered_in_a_group(text: str, start: int, end: int) -> str:
    """Why a bare number read as the id counts an animal within a cage, litter or cohort ("" when it does not)."""
    if not re.fullmatch(r"#?\d+", text[start:end]):
        return ""
    if _GROUP_BEFORE_NUMBER.search(text[max(0, start - 40) : start]) or _GROUP_AFTER_NUMBER.match(text, end):
        return "the number counts the animal within a cage, litter or cohort named beside it"
    return ""


def strain_of(token: str, species: set[str]) -> bool:
    """'worm, N2', 'mouse B6': the word after the species is a strain of that species, not the animal's id
    ("mouse N2" is an id: N2 is a worm's strain). `species`: the Latin names the species word may mean."""
    known = STRAINS.get(token.lower())
    if "Caenorhabditis elegans" in species and _WORM_STRAIN.fullmatch(token):
        return True  # "worm AML310": a worm's strain designation (the lab's letters, a number), not the animal
    return known is not None and known[1] in species and re.search(r"[A-Za-z]", token) is not None


# C. elegans strain designations: two or three capitals naming the lab, then a number ("AML310", "QW1217").
_WORM_STRAIN = re.compile(r"[A-Z]{2,3}\d{1,5}")


# "The previous session's animal was KS090", "yesterday's mouse M-4", "the other rat R-2": another animal's id.
_ANOTHER_ANIMALS_BEFORE = re.compile(
    r"\b(?:(?:previous|prior|last|earlier|next|following|former|other)\s+(?:\w+\s+)?(?:session|recording|day|week|"
    r"run|experiment|time|cohort|batch)['’]s|yesterday['’]s|tomorrow['’]s|last\s+week['’]s|"
    r"(?:the|a|an|one)\s+(?:previous|prior|former|other|next|control|sham)(?:\s+[a-z-]+)?)\s+$",
    re.I,
)


# "The dam (ID D-882)", "tutor bird: gy5or10", "cage mate #4": the cue names a relative or companion of the subject.
_A_RELATIVE_BEFORE = re.compile(
    r"\b(?:dams?|sires?|mother|father|tutors?|parents?|breeders?|cage\s*mates?|littermates?|siblings?|sisters?|"
    r"brothers?|twin|foster(?:\s+\w+)?|stimulus|demonstrator|conspecific|intruder|partner|companion)['’]?s?\s*"
    r"(?:\s+(?:mouse|rat|bird|finch|fish|fly|monkey|animal|male|female))?\s*(?:\(\s*|:\s*|-\s*)?$",
    re.I,
)


# "Bat 7736 was recorded last week", "monkey 1187 yesterday": an animal said with another day than the session's.
_ANOTHER_TIME_AFTER = re.compile(
    r"[^;.\n]{0,40}?\b(?:last\s+(?:week|month|time|session|night)|yesterday|previously|the\s+day\s+before|"
    r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
    re.I,
)
# "today it's bat 7741", "this time rat 12": the animal of the session.
_NOW_BEFORE = re.compile(r"\b(?:today|now|this\s+time|this\s+session)\b[^;.\n]{0,20}$", re.I)
_NOW_AFTER = re.compile(r"[^;.\n]{0,30}?\b(?:today|now|this\s+time|this\s+session|instead)\b", re.I)
_RECORDED_IN_CLAUSE = re.compile(r"\b(?:recorded|recording|imaged|today|now|instead|this\s+(?:time|session))\b", re.I)


def said_at_another_time(text: str, end: int) -> bool:
    """Whether the clause after the animal ending at `end` says another day ('was recorded last week')."""
    return _ANOTHER_TIME_AFTER.match(text, end) is not None


def said_for_now(text: str, mention: re.Match[str]) -> bool:
    """Whether the animal mentioned is said as the session's ('today it's bat 7741')."""
    return _said_just_before(_NOW_BEFORE, text, mention.start(), 40) or bool(_NOW_AFTER.match(text, mention.end()))


def said_as_recorded(text: str, start: int) -> bool:
    """Whether the clause of the animal mentioned at `start` says it was recorded (or is the session's)."""
    clause_start = max(text.rfind(";", 0, start), text.rfind(".", 0, start), text.rfind("\n", 0, start)) + 1
    ends = [e for e in (text.find(";", start), text.find(". ", start), text.find("\n", start)) if e >= 0]
    return _RECORDED_IN_CLAUSE.search(text, clause_start, min(ends, default=len(text))) is not None


def of_another_animal(text: str, cue_start: int) -> bool:
    """The words just before an animal's cue word make it another session's or another animal."""
    return _said_just_before(_ANOTHER_ANIMALS_BEFORE, text, cue_start, 50) or _said_just_before(
        _A_RELATIVE_BEFORE, text, cue_start, 30
    )


# ("the other rats are for later" still says what kind the recorded one is: only "another" and "a different")
_ANOTHER_ONE_OF_ITS_KIND = re.compile(r"\b(?:another|a\s+different)\s+$", re.I)


def another_one_of_its_kind(text: str, cue_start: int) -> bool:
    """'the claustrum of another mouse': the animal word names another animal, not the subject."""
    return _said_just_before(_ANOTHER_ONE_OF_ITS_KIND, text, cue_start, 20)


# "the mother of this finch is or7", "the dam of the mouse: M4": the id after names a relative of the animal.
_A_RELATIVE_OF = re.compile(
    r"\b(?:mother|father|dam|sire|tutor|parents?|sisters?|brothers?|siblings?|cage\s*mates?|littermates?|twin)"
    r"\s+of\s+(?:this|the|our|that|my)\s+$",
    re.I,
)


def a_relative_of(text: str, cue_start: int) -> bool:
    """Whether the animal word at `cue_start` is said as the one whose relative is named ('mother of this finch')."""
    return _said_just_before(_A_RELATIVE_OF, text, cue_start, 40)


# "the controls were C57BL/6J", "control mice: wild-type", "shams are Wistar": what the control animals are.
_THE_CONTROLS_BEFORE = re.compile(
    r"\b(?:controls|control\s+(?:animals?|mice|mouse|rats?|group|cohort)|shams|sham\s+animals)\s*"
    r"(?:(?:were|are|was|is)\s+(?:all\s+)?|:\s*)(?:the\s+|an?\s+)?$",
    re.I,
)


def said_of_the_controls(text: str, start: int) -> bool:
    """Whether the value at `start` is said of the control animals ('the controls were C57BL/6J')."""
    return _said_just_before(_THE_CONTROLS_BEFORE, text, start, 40)


_YOUNG_ONES = re.compile(r"\b(?:pups?|larvae?|tadpoles?|embryos?|neonates?|juveniles?)$", re.I)


def id_after_an_animal_word(text: str, start: int) -> bool:
    """'pig P8', 'mouse P60': a P-number right after the animal's word is its id, not its age ('pup P7' is an age)."""
    if not re.match(r"P\d", text[start : start + 2]):
        return False
    window = text[max(0, start - 40) : start]
    head = window.rstrip(" \t")
    if head == window or _YOUNG_ONES.search(head):
        return False
    token = re.match(r"P\d{1,3}D?(?![\w-])", text[start:])
    if token and _STAGE_AFTER.match(text, start + token.end()):
        return False  # "mouse P8 pup JG-2": the stage of life after it makes it an age
    # (with the id itself after it: "pig" is read as an animal only beside an id)
    return any(m.end() == len(head) for m in find_all_species(window + text[start : start + 12]))


def looks_like_id(token: str, *, after_species: bool = False) -> bool:
    """A lab's id for an animal: holds a digit; not a date, an ordinal, a decimal, a weight, or (unless
    it follows the species: "monkey M2") a brain area."""
    token = token.lstrip("#")
    if not token or not re.search(r"\d", token) or (token.lower() in AREA_NAMES and not after_species):
        return False
    if re.fullmatch(r"([A-Za-z]+[-_]?)\d+[-–]\1\d+", token):
        return False  # "R10-R14": a range of animals
    if re.fullmatch(r"L[1-6][ab]?", token) and not after_species:
        return False  # "S1 (forelimb), L5": a cortical layer
    return not re.fullmatch(r"\d{4}-\d\d.*|\d+(?:st|nd|rd|th)|\d+\.\d+|\d+(?:g|kg|mg)", token, re.I)


# "Medaka MD-5 (Oryzias latipes, male)", "crab C-112 (Cancer borealis)", "Crow Mo-3 (carrion crow, Corvus corone)":
# an id after a word (the animal's common name) and right before a bracket naming the species in Latin.
_ID_BEFORE_LATIN = re.compile(
    rf"(?<=[A-Za-z]\s)(?P<id>{ID_TOKEN}){_NO_UNIT_AFTER}\s*\(\s*(?:[a-z][a-z ]{{2,30}},\s*)?"
    r"[A-Z][a-z]{2,} [a-z]{3,}(?: [a-z]{3,})?\s*[;,)]"
)


def ids_before_a_latin_name(text: str) -> list[re.Match[str]]:
    """The ids said right before the species' Latin name in brackets (not a line's, a strain's or an area's name)."""
    return [
        m
        for m in _ID_BEFORE_LATIN.finditer(text)
        if looks_like_id(m.group("id")) and not names_a_line(m.group("id")) and m.group("id").lower() not in STRAINS
    ]


def plural(species_word: str) -> bool:
    """'mice', 'rats', 'zebra finches': a species named in the plural."""
    lowered = species_word.lower()
    if lowered in _LATIN_NAMES or re.fullmatch(r"[a-z]\.\s*[a-z]+", lowered):
        return False  # a Latin name ("Xenopus laevis", "C. elegans") is no plural
    return lowered.endswith(("mice", "s")) and not lowered.endswith(("ss", "us"))


# "298 g, not 289 g", "(not 12 weeks)", "isn't 300 g": a value denied where it is said is the old or wrong one.
_DENIED_BEFORE = re.compile(r"(?:\bnot|\bisn't|\bwasn't|\bnever)\s*(?:the\s+|an?\s+)?$", re.I)


def denied(text: str, start: int) -> bool:
    """Whether the value said from text[start] on is denied right before it ("not 289 g")."""
    return _said_just_before(_DENIED_BEFORE, text, start, 12)


# "the birthday of the mouse", "the weight for the rat": the animal named only as the owner of another field, a
# reference to an animal spoken of before, not its species said.
_FIELD_OF_THE = re.compile(
    r"\b(?:birthday|birth\s*date|date\s+of\s+birth|dob|age|weight|sex|genotype|strain)\s+(?:of|for)\s+the\s+$", re.I
)


def owner_of_a_field(text: str, start: int) -> bool:
    """Whether the species word at text[start] only owns another field ("the birthday of the mouse")."""
    return _said_just_before(_FIELD_OF_THE, text, start, 40)


# "Session ID is 715093703", "probe id: 18005", "the file number is 4": an id of another thing than the animal.
_ANOTHER_THINGS_ID = re.compile(
    r"\b(?:session|experiment|recording|file|probe|cell|unit|run|trial|sample|dataset|protocol|ethics|licen[cs]e|"
    r"grant|order|invoice|ticket|issue|dandiset|stimulus|block|plane|fov)[\s_-]*$",
    re.I,
)


def id_of_another_thing(text: str, start: int) -> bool:
    """Whether the 'ID' cue at text[start] belongs to another thing named right before it ("Session ID")."""
    return _said_just_before(_ANOTHER_THINGS_ID, text, start, 20)


# "mouse BL6-CBA F1 hybrid", "rat LEW-BN cross": the name of a cross of strains, not the animal's id.
_CROSS_AFTER = re.compile(r"\s+(?:F[1-3]\b|hybrids?\b|cross(?:es|ed|bred)?\b|backcross\w*)", re.I)


def names_a_cross(text: str, end: int) -> bool:
    """Whether the word ending at text[end] is followed by what makes it a cross's name ("F1 hybrid")."""
    return _CROSS_AFTER.match(text, end) is not None


# "447 is the cage number", "Z7 is the cage", "R-12 was the rack": a code said to BE a place, a holder or a record
# of the animal names that thing, wherever else it stands ("mouse Z7 — wait, Z7 is the cage").
_THING_IT_IS = (
    r"(?:home\s+)?(?:cage|rack|room|box|rig|setup|set-up|slot|tank|aquarium|pen|enclosure|shelf|chamber|station|"
    r"tray|bay|bench|cage\s+card|card|litter|colony|cohort|batch|group|line|session|run|trial|file|protocol|"
    r"project|order|shipment|tag|ear\s+tag|microchip|chip|rfid)(?:\s+(?:number|no\.?|#|id|name|label|code))?\b"
)
_ID_OF_A_THING = re.compile(
    rf"(?<![\w.\-/])(?P<id>{ID_TOKEN})(?![\w\-/])\s+(?:is|was|=)\s+(?:(?:just|only|actually|really)\s+)?"
    rf"(?:the|a|an|our|its|his|her|their|my)\s+{_THING_IT_IS}",
    re.I,
)


def ids_of_other_things(text: str) -> list[tuple[int, int]]:
    """Every place a code said to be a cage, rack, rig, session... stands in `text` as a whole token."""
    codes = {m.group("id") for m in _ID_OF_A_THING.finditer(text)}
    return [m.span() for code in codes for m in re.finditer(rf"(?<![\w.\-/]){re.escape(code)}(?![\w\-/]|\.\w)", text)]


# "the colony is all Ai14", "our breeders are C57BL/6J": a line or strain said of a group kept together, not
# of the animal recorded (which may be another: "..., but this animal is Pvalb-IRES-Cre;Ai14").
_GROUP_IS_BEFORE = re.compile(
    r"\b(?:colony|colonies|room|rack|facility|stock|breeders?|breeding\s+pairs?|cages|cohort|litters?|"
    r"parents|dams?|sires?|rest|others|line\s+we\s+keep)\s+(?:is|are|was|were|ranges?|ranged|spans?|spanned)\s+"
    r"(?:(?:all|mostly|mainly|largely|usually|generally|normally|from|between)\s+)?(?:an?\s+)?$",
    re.I,
)


def said_of_a_group_kept(text: str, start: int) -> bool:
    """Whether the line, strain or age at text[start] is said to be a colony's, a room's or the breeders'."""
    return _said_just_before(_GROUP_IS_BEFORE, text, start, 50)


# A line's name ends in what makes it a line (a driver, a reporter); "Ai14-3", "GCaMP-22" go on with an animal's number.
def names_a_line(raw: str) -> bool:
    """'Pvalb-IRES-Cre', 'Pvalb-IRES-Cre;Ai14': the words are a line's name, which is never an animal's id."""
    said = raw.strip(" ,;.")
    line = find_genotype(said)
    return line is not None and line.group(0) == said and not re.search(r"[-_]\d{1,4}$", said)


# "mouse P8 pup JG-2", "rat P12 juvenile": a postnatal or embryonic day before a word for the animal's stage of
# life is its age, not its id.
_AGE_SHAPED = re.compile(r"(?:P|PND|E)\d{1,3}(?:\.5)?D?", re.I)
_STAGE_AFTER = re.compile(r"\s*(?:pups?|neonates?|neonatal|newborns?|juveniles?|embryos?|larva[el]?|old)\b", re.I)


def age_not_id(text: str, after: re.Match[str]) -> bool:
    """Whether the id read after the species is an age said before a stage of life ("mouse P8 pup JG-2")."""
    return (
        bool(_AGE_SHAPED.fullmatch(after.group("subject")))
        and _STAGE_AFTER.match(text, after.end("subject")) is not None
    )


# "Species: mouse, or rat?", "Sex: male, maybe female": another value offered right after a keyed one ("age: 12
# weeks, or P90" without a question mark gives two forms, as the app's own example does).
_ALTERNATIVE_AFTER = re.compile(
    r"\s*[,;/]?\s*(?:(?:maybe|perhaps|possibly)\s+(?:an?\s+|the\s+)?[^\s,;.?!]+|or\s+(?:an?\s+|the\s+)?[^\s,;.?!]+\s*\?)",
    re.I,
)


def alternative_after(text: str, end: int) -> str:
    """Why a keyed subject value is uncertain when another is offered right after it ("" when none is)."""
    other = _ALTERNATIVE_AFTER.match(text, end)
    return f"another value is offered after it ('{other.group(0).strip(' ,;/')}')" if other else ""


# "the same as last session", "same site as in mouse 3", "as before": a value given elsewhere, pointed to.
_POINTS_ELSEWHERE = re.compile(
    r"^\W*(?:(?:the\s+)?same(?:\s+[a-z]+){0,2}\s+as\b|(?:the\s+)?same\W*$|as\s+(?:before|usual|always|last\s+\w+)\b)",
    re.I,
)


def points_elsewhere(raw: str) -> bool:
    """Whether a keyed value only points to a value given elsewhere ("the same as last session")."""
    return _POINTS_ELSEWHERE.match(raw) is not None


# "the previous session's animal was female", "the sham rat R-20 is a male", "the cage mate (mouse C-4) is a female":
# a sex said, after a copula, of an animal the clause names as another one.
_SAID_OF_BEFORE_SEX = re.compile(
    r"(?P<who>[^,;.!?\n]{1,60}?)\s+(?:is|was|are|were)\s+(?:an?\s+|also\s+(?:an?\s+)?)?$", re.I
)
_ANOTHER_ANIMAL_WORDS = re.compile(
    r"\b(?:previous|prior|earlier|next|former|other|control|sham|yesterday['’]s|cage\s*mates?|littermates?|siblings?|"
    r"sisters?|brothers?|dams?|sires?|mother|father|tutors?|stimulus|demonstrator|intruder|partner|companion|twin)\b",
    re.I,
)


def sex_of_another_animal(text: str, sex: re.Match[str]) -> bool:
    """Whether the sex is said (after "is"/"was") of an animal its clause names as another one."""
    start = sex_span(sex)[0]
    clause = re.split(r"[,;.!?\n—–]|\s-\s|\bbut\b", text[max(0, start - 80) : start])[-1]
    said_of = _SAID_OF_BEFORE_SEX.search(clause)
    return said_of is not None and _ANOTHER_ANIMAL_WORDS.search(said_of.group("who")) is not None


# -- the animal's id or name said after a later word for it, or in quotes on its own

# "monkey 'Ozzy'", "Callithrix jacchus 'Kaju'": a name in quotes right after the animal's word.
_QUOTED_AFTER_SPECIES = re.compile(
    rf"\s*[:=]?\s*['\"‘“](?P<subject>[A-Z][a-z]{{1,15}}|{ID_TOKEN})['\"’”](?=\s*(?:[,;.)(|]|[-–—]\s|$))"
)
# "rat ~400g, M, 'Nestor', LE", "the cat is 'Tom'", "Subject is the pig 'Bacon'": a quoted name standing alone
# between pauses, or after "is (the <animal>)".
_QUOTED_ALONE = re.compile(
    r"(?:^|(?<=[,;(|])\s*|\s[-–—]\s|\b(?:is|named|called)\s+(?:the\s+[a-z]+\s+)?)"
    r"['\"‘“](?P<subject>[A-Z][a-z]{1,15})['\"’”](?=\s*(?:[,;.)(|]|[-–—]\s|$))"
)
# Words before a name that make it another animal's or another role's ("the twin brother 'Kiwi'", "tutor 'Bo'").
_ANOTHER_ONE_BEFORE = re.compile(
    r"\b(?:brothers?|sisters?|twins?|mother|father|dam|sire|tutor|other|previous|next|cage\s*mates?|littermates?|"
    r"control|sham|lab|laboratory|experimenter|surgeon|technician|PI|institution|description|project|rig|"
    r"keywords?|title|called\s+it|call\s+(?:it|him|her))\b[^,;.]{0,20}$",
    re.I,
)


def names_said_for_the_animal(text: str, mentions: list[re.Match[str]]) -> list[tuple[int, int, str]]:
    """Ids and names said right after the given mentions of the animal ("monkey Hendrix", "kit K-4", "monkey
    'Ozzy'") or in quotes on their own ("..., 'Nestor', LE"), without the words of another animal or role."""
    found: list[tuple[int, int, str]] = []
    for mention in mentions:
        after = ID_AFTER_SPECIES.match(text, mention.end())
        # (an area's name is no id here: "rat CA1 neurons"; nor a cross's: "mouse BL6-CBA F1 hybrid")
        if (
            after
            and not after.group("group")
            and looks_like_id(after.group("subject"))
            and not area_not_id(text, after)
            and not age_not_id(text, after)
            and not names_a_cross(text, after.end("subject"))
            and not strain_of(after.group("subject"), set(ALL_NAMES.get(mention.group(0).lower(), ())))
        ):
            found.append((after.start("subject"), after.end("subject"), after.group("subject")))
            continue
        named = NAME_AFTER_SPECIES.match(text, mention.end()) or _QUOTED_AFTER_SPECIES.match(text, mention.end())
        if named:
            found.append((named.start("subject"), named.end("subject"), named.group("subject")))
    found += [(m.start("subject"), m.end("subject"), m.group("subject")) for m in _QUOTED_ALONE.finditer(text)]
    return [
        (start, end, said)
        for start, end, said in found
        if not _ANOTHER_ONE_BEFORE.search(text[max(0, start - 40) : start])
        and not find_species(said)
        and said.lower() not in STRAINS
        and not SEX.fullmatch(said)
    ]
