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
import unicodedata
from collections.abc import Callable

from ...domain import ValueConfirmation, ValueProposal
from ..fields import FIELDS
from ..parsed import ParsedInput, Rejection
from ..text_fields import INSTITUTIONS, PLACE_SHORT
from ..zones import is_city
from .subject_doubts import (
    age_doubt,
    another_latin_said,
    said_only_inside_a_longer_word,
    site_in_a_project_name,
    site_said_elsewhere,
    site_with_side,
    strain_said_with_another,
    subject_id_doubt,
)
from .taken_back import correction_after
from .words import KEYS, field_named

# Names: cut when the words around them go on as the same name.
NAMED = ("institution", "lab")
# Fields stored as said: no talk word belongs in them.
AS_SAID = ("institution", "lab", "strain", "genotype", "electrode_location")

_CAPITALISED = r"[A-ZÀ-ÖØ-Þ][\w'’&-]*(?<![.])"
# Lowercase words of talk; inside a run of capitalised words ("Institute ... in Cooperation with Max
# Planck Society") they are part of the name and stay.
_TALK = re.compile(
    r"\b(?:is|are|was|were|it'?s|it|she'?s|he'?s|they'?re|exactly|please|pls|from|with|but|not|our|my|we|"
    r"this|that|these|just|only|also|okay|ok|yes|no|none|think|guess|maybe|probably|fyi|I|I'?d|I'?m|need|check|"
    r"skip|pass|use|recorded|injected|confirmed|went|targeted|aimed)\b(?!-)|^(?:a|an|the|its)\b"
)
# Words that join the words of a name and may stand between two capitalised words ("... Neuroscience in
# Cooperation with Max Planck Society"); any other talk word there is still talk ("C57BL/6J from JAX")
_IN_A_NAME = {"with"}
# Words that open a run of capitalised words without being part of the name ("At Stanford University")
_NOT_OF_THE_NAME = {"The", "At", "In", "From", "By", "For", "Dear", "Hi", "Hello", "Affiliation"}
# Small words that join the words of one name ("Brigham and Women's Hospital", "Oregon Health & Science
# University", "Hospital of the University of Pennsylvania", "Okinawa Institute of Science and Technology");
# a bare "of" before a name is a person's ("Asmita Shrestha of Tribhuvan University").
_JOINER = r"(?: | and | & | of the | of )"
_JOINER_BEFORE = r"(?: | and | & | of the )"
_NAME_BEFORE = re.compile(
    rf"(?:(?<=[ \t'‘\"“(])|^)((?:{_CAPITALISED}{_JOINER})*{_CAPITALISED})( ?[–—] ?|{_JOINER_BEFORE}|-)$"
)
# after a lab, "at" names its institution ("the Jadhav Lab at Brandeis University")
# after a name, "and" goes on with a field of study ("... of Science and Technology"), not with a person
# ("the University of Oxford and Anna Smith helped")
_FIELD_OF_STUDY = (
    r"(?:Technology|Sciences?|Medicine|Health|Mental|Research|Engineering|Arts|Humanities|Biology|Design)\b"
)
_NAME_AFTER = {
    "institution": re.compile(
        rf"^(?:[–—-]| & | at | à | of (?:the )?| | and (?={_FIELD_OF_STUDY})){_CAPITALISED}(?:{_JOINER}{_CAPITALISED})*"
    ),
    "lab": re.compile(rf"^(?:[–—-]| & | and (?={_FIELD_OF_STUDY})){_CAPITALISED}(?:{_JOINER}{_CAPITALISED})*"),
}


def as_text(value: object) -> str:
    """A stored value as words (several experimenters or keywords are a list)."""
    return " ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


def talk_inside(value: str) -> str:
    """The first talk word in `value` that is not part of a capitalised name, or ""."""
    for match in _TALK.finditer(value):
        before = value[: match.start()].split()[-1:]
        after = value[match.end() :].split()[:1]
        # "... in Cooperation with Max Planck ...": between two words of one name (a comma ends a name)
        inside_a_name = before and after and before[0][:1].isupper() and after[0][:1].isupper()
        if inside_a_name and before[0][-1].isalnum() and match.group(0) in _IN_A_NAME:
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
    while words and (_opens_the_run(words[0]) or not words[0][:1].isupper()):
        words.pop(0)
    return " ".join(words) + match.group(2) if words else ""


def _initials_of(name: str) -> str:
    return "".join(word[0] for word in name.split() if word[:1].isupper())


def whole_name(text: str, value: str, name: str = "institution") -> str:
    """The whole name when every place `value` is said is part of a longer name, else ""."""
    longer = ""
    for match in re.finditer(re.escape(value), text):
        before = _run_before(text[max(0, match.start() - 80) : match.start()])
        if _initials_of(value) == before.strip(" –—-"):  # "UCL – University College London": said twice
            before = ""
        after = _NAME_AFTER[name].match(text[match.end() : match.end() + 60])
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
_DESCRIPTIONS = ("session_description", "experiment_description")
# A comment after a strain or genotype ("Sprague Dawley, outbred", "WT, no transgene"); several lowercase
# words make a sentence about it ("WT littermate of the mutants"), not its name
_COMMENT_AFTER = re.compile(r",\s+([a-z][\w' -]*)")
_LOWERCASE_WORD = re.compile(r"(?<![\w/-])[a-z]{2,}(?![\w/-])")  # not "/wt", not the cross's "x"
_WORDS_OF_A_SENTENCE = 3
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


def another_key_inside(value: str, name: str) -> str:
    """A field's key said inside `value` (the value ran into the next one, or began with another's
    name: "Experimenter Stanford University" from a table's header), or ""."""
    if _STARTS_WITH_A_SEPARATOR.match(value):
        return value[0]
    first, _, rest = value.partition(" ")
    named = field_named(first) or KEYS.get(first.lower())
    # a lab is named by a person, whose family name may be a key's word ("Born Lab")
    if rest and named and name != "lab" and (named != name or first.lower() in ("institution", "affiliation")):
        return first
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


# What names a part of an area after it ("piriform cortex, layer 2", "CA1 stratum pyramidale", "primary
# somatosensory cortex, forelimb region"); a qualifier before it is the area finder's (brain_areas.py)
_PART_AFTER = re.compile(r"^\s*(?:,\s*)?(?:layers?\b|L\d|stratum\b|[a-z]+ region\b|subfield|shell\b|core\b)", re.I)


def area_said_narrower(said: str, raw: str) -> bool:
    """Every place the words an area was read from are said, words naming a part of it follow."""
    places = [match.end() for match in re.finditer(re.escape(raw), said)] if raw else []
    return bool(places) and all(_PART_AFTER.match(said[end : end + 25]) for end in places)


def _part_of_a_longer_site(said: str, value: str) -> bool:
    places = [match.end() for match in re.finditer(re.escape(value), said)]
    return bool(places) and all(_MORE_AREA_AFTER.match(said[end : end + 5]) for end in places)


# Words that make a name an institution's; a part after a comma, "in" or a bracket without one is its place
# ("Rockefeller University, New York", "German Primate Center in Göttingen", "Institut du Cerveau (Paris)")
_INSTITUTION_WORD = re.compile(
    r"(?i:\b(?:univ\w*|institut\w*|istituto|center|centre|centro|college|school|hospital|campus|laborator\w*|"
    r"academy|akademie|foundation|council|clinic|klinik\w*|ecole|école|polytechni\w*|normale)\b)|\b[A-Z]{2,}\b"
)
_PLACE = r"[A-ZÀ-Þ][\w.'’-]*(?: [A-ZÀ-Þ][\w.'’-]*)*"
_PLACE_AFTER = re.compile(
    rf"^(?P<head>.+?)(?:,\s+(?P<after_comma>{_PLACE})|\s+in\s+(?P<city>{_PLACE})|\s+\((?P<bracketed>{_PLACE})\))$"
)
# "University of California, Davis": a state's university names its campus after a comma
_SYSTEM_AND_CAMPUS = re.compile(r"^University of [A-Z]\w+$")


def institution_without_place(value: str) -> str:
    """`value` without a place said after it, or "" when no place follows its name."""
    match = _PLACE_AFTER.match(value)
    if not match or value in INSTITUTIONS.values() or not _INSTITUTION_WORD.search(match.group("head")):
        return ""
    place = match.group("after_comma") or match.group("city") or match.group("bracketed")
    if PLACE_SHORT.fullmatch(place):
        return match.group("head")
    if _INSTITUTION_WORD.search(place) or (match.group("city") and not is_city(place)):
        return ""
    if match.group("after_comma") and _SYSTEM_AND_CAMPUS.match(match.group("head")):
        return ""
    return match.group("head")


# After a Latin binomial on the same line: a subspecies ("Sus scrofa domesticus", "Peromyscus maniculatus
# bairdii") or a hybrid ("Macaca mulatta x fascicularis")
_MORE_OF_THE_SPECIES = re.compile(
    r"^ +(?:(?P<hybrid>x) |(?P<subspecies>(?!larvae)[a-z]{3,}(?:us|um|is|ii|ae|ica|ata|oides)|furo)\b)"
)


# A Latin binomial in brackets ("California mice (Peromyscus californicus)"): the species the words name
_LATIN_IN_BRACKETS = re.compile(
    r"\(\s*([A-Z][a-z]+) ([a-z]{2,}(?:us|um|is|ii|ae|ensis|icus|ica|ata|ans|ens|es|a|i))(?: [a-z]{3,})?\s*[),;]"
)


def another_species_in_brackets(said: str, value: str) -> str:
    """A binomial said in brackets of another genus than the binomial `value`, when none of its genus is."""
    if " " not in value or value.startswith("http"):
        return ""
    genus = value.split()[0]
    said_in_latin = [f"{match.group(1)} {match.group(2)}" for match in _LATIN_IN_BRACKETS.finditer(said)]
    if not said_in_latin or any(latin.split()[0] == genus for latin in said_in_latin):
        return ""
    return said_in_latin[0]


_WORD_AFTER_A_BINOMIAL = re.compile(
    r"^[A-Z][a-z]+ [a-z]+ (?![a-z]*(?:us|um|is|ii|ae|ica|ata|oides|ensis|furo)$)[a-z]+$"
)


def species_said_longer(said: str, value: str) -> tuple[str, str]:
    """(why, the trinomial to ask back) when every place the binomial `value` is said goes on as a
    subspecies or a hybrid, else ("", "")."""
    afters = [
        _MORE_OF_THE_SPECIES.match(said[match.end() : match.end() + 30])
        for match in re.finditer(re.escape(value), said)
    ]
    said_longer = [after for after in afters if after]
    if not afters or len(said_longer) < len(afters):
        return "", ""
    if any(after.group("hybrid") for after in said_longer):
        return "it was said as a hybrid", ""
    return "it was said with its subspecies", f"{value} {said_longer[0].group('subspecies')}"


_PARTICLE = r"(?:de|del|della|di|da|do|dos|du|la|le|van|von|der|den|ten|ter|zu|al|el|bin|lo)"
_TITLE = re.compile(r"(?i)^(?:dr|prof|professor|mr|mrs|ms|doctor|sir)\.?$")
_NAME_GOES_ON = re.compile(r"^ (?!Lab|Laboratory|Group|Lab's)([A-ZÀ-Þ][\w'’-]+)")
_PARTICLES_BEFORE = re.compile(rf"(?:^|\s)((?:{_PARTICLE} )+)$")


def lab_doubt(said: str, value: str) -> tuple[str, str]:
    """(why, the lab to ask back) when the person a lab "X Lab" is named after is not X as said: X is a
    title or talk ("Dr Lab", "lab Lab"), a possessive ("Karel Svoboda's Lab"), a given name whose family
    name follows ("laboratory of J. Anthony Movshon"), or a family name without its particles ("de la
    Rocha lab"); else ("", "")."""
    head = value.removesuffix(" Lab").strip()
    words = head.split()
    if not words:
        return "", ""
    if (words[0][:1].islower() and not re.fullmatch(_PARTICLE, words[0])) or _TITLE.match(words[-1]):
        return f"'{words[0] if words[0][:1].islower() else words[-1]}' is not a name", ""
    if re.search(r"['’](?:s\b|$)", head):  # "Karel Svoboda's Lab", "Lynne Kiorpes' Lab"
        return "it holds a possessive", ""
    family = words[-1]
    places = [match.span() for match in re.finditer(rf"(?<![\w-]){re.escape(family)}(?![\w-])", said)]
    if not places:
        return "", ""
    goes_on = [_NAME_GOES_ON.match(said[end : end + 40]) for _, end in places]
    if all(goes_on):
        return "the name goes on after it", f"{goes_on[0].group(1)} Lab" if goes_on[0] else ""
    particles = [_PARTICLES_BEFORE.search(said[max(0, start - 20) : start]) for start, _ in places]
    if len(words) == 1 and all(particles):
        return "its particles were left out", f"{particles[0].group(1)}{family} Lab" if particles[0] else ""
    return "", ""


def _doubt(name: str, value: str, said: str, raw: str = "") -> tuple[str, str]:
    """(why `value` is not stored, the whole value to ask back or ""), or ("", "") when it is whole."""
    if said_then_taken_back(said, value):
        return "it was taken back right after it was said", ""
    if name == "species":
        latin = another_species_in_brackets(said, value) or another_latin_said(said, value)
        if latin:
            return f"the words name {latin}", ""
        if _WORD_AFTER_A_BINOMIAL.match(value):  # "Aplysia californica ganglia": a tissue, not a subspecies
            return f"'{value.split()[-1]}' is not part of a species' name", " ".join(value.split()[:2])
        return species_said_longer(said, value)
    if name == "subject_id":
        if said_only_inside_a_longer_word(said, value):
            return "it was said only inside a longer word", ""
        return subject_id_doubt(said, value), ""
    if name == "age":
        return age_doubt(said, raw), ""
    if name in _DESCRIPTIONS:
        return (f"its '{value[0]}' is not part of it", "") if _STARTS_WITH_A_SEPARATOR.match(value) else ("", "")
    talk = talk_inside(value)
    if talk:
        return f"'{talk}' is not part of it", ""
    if name == "strain" and strain_said_with_another(said, value):
        return "it was said with another strain (a mixed background)", ""
    comment = _COMMENT_AFTER.search(value) if name in ("strain", "genotype") else None
    if comment:
        return f"'{comment.group(1)}' after it is a comment, not part of it", ""
    if name in ("strain", "genotype") and len(_LOWERCASE_WORD.findall(value)) >= _WORDS_OF_A_SENTENCE:
        return "it reads as a sentence", ""
    key = another_key_inside(value, name)
    if key:
        return f"it runs into what follows ('{key}')", ""
    stray = unbalanced(value)
    if stray:
        return f"its '{stray}' is not closed or opened in it", ""
    without_place = institution_without_place(value) if name == "institution" else ""
    if without_place:
        return f"the words after '{without_place}' say where it is", without_place
    if name == "lab":
        why, whole = lab_doubt(said, value)
        if why:
            return why, whole
    longer = (
        whole_name(said, value, name) if name in NAMED else whole_genotype(said, value) if name == "genotype" else ""
    )
    if longer:
        return "it was said as part of a longer name", longer
    if name == "electrode_location" and _part_of_a_longer_site(said, value):
        return "it was said as part of a longer site", ""
    if name == "electrode_location" and area_said_narrower(said, raw):
        return f"'{raw}' was said with words naming a part of it", ""
    if name == "electrode_location" and site_said_elsewhere(said, raw):
        return "the words after it say the recording was elsewhere", ""
    if name == "electrode_location" and site_in_a_project_name(said, raw):
        return f"'{raw}' was said as part of a project's name", ""
    with_side = site_with_side(said, raw) if name == "electrode_location" else ""
    if with_side:
        return "its side was left out", with_side
    return "", ""


# Words that say what a person is or where, never part of their name ("Dr. Luis Moreno / Profesor Titular")
_NOT_A_NAME_WORD = re.compile(
    r"(?i:^(?:lab|labs|laboratory|group|team|istituto|institute|institut|instituto|university|universität|universidad|"
    r"università|université|universidade|college|hospital|health|centre|center|professor|profesor|professora|"
    r"titular|postdoc|student|phd|msc|technician|supervisor|surgeon|pi)$)"
)


def _without_accents(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))


def person_doubt(person: str, said: str) -> str:
    """Why the stored person `person` ("Family, Given") is not a name said as one, or ""."""
    if not person[:1].isalpha():
        return f"'{person[:1]}' before it is not part of a name"
    words = [word for word in re.split(r"[\s,]+", person) if word]
    for word in words:
        if _NOT_A_NAME_WORD.match(word):
            return f"'{word}' is not part of a name"
        # a name's words are written capitalised ("just me", "also Maria", "both from ..." are talk), unless
        # nothing is ("jane smith")
        if word[:1].isupper() and not said.islower():
            written = re.findall(rf"(?<!\w){re.escape(word)}(?!\w)", said, re.I)
            if written and not any(w[:1].isupper() for w in written):
                return f"'{word.lower()}' is not part of a name"
    family, _, given = person.partition(", ")
    place = f"{given} {family}".strip()
    if is_city(place) or is_city(_without_accents(place)):  # "São Paulo, 6 June 2023": a dateline
        return f"'{given} {family}' is a place"
    return ""


# Talk in a keyword: a request or a decline ("please use grid cells", "skip pls"); free words a keyword may
# hold ("sleep only") stay
_KEYWORD_TALK = re.compile(r"\b(?:please|pls|skip|pass|none|use|need|we|our|my|I|I'?d|fyi|thanks)\b(?!-)")


def _keyword_doubt(keyword: str) -> str:
    """Why a keyword is no keyword said as one ("please use grid cells", "[hippocampus", "> auditory cortex")."""
    talk = _KEYWORD_TALK.search(keyword)
    if talk:
        return f"'{talk.group(0)}' is not part of it"
    stray = unbalanced(keyword) or (keyword[:1] if _STARTS_WITH_A_SEPARATOR.match(keyword) else "")
    return f"its '{stray}' is not part of it" if stray else ""


def list_corrected_after(said: str, items: list[str]) -> str:
    """Why a list read from `said` may not be the list meant: a correction right after it ("keywords: V1,
    sleep. Correction: V1, replay") or after one of its items still in it ("grid cells, theta; scratch that,
    place cells"). A list is not replaced item by item, so it is asked again whole; a list the finder already
    read with the replacement ("theta (or rather theta rhythm)") stays."""
    lowered, spoken = said.lower(), [item.lower() for item in items]
    first = lowered.find(spoken[0]) if spoken else -1
    marker = correction_after(said, first) if first >= 0 else None
    if marker is None:
        return ""
    spans = [(start, start + len(item)) for item in spoken if (start := lowered.find(item, first)) >= 0]
    if any(start <= marker < end for start, end in spans):
        return "one of its items holds a correction"
    last_end = max((end for _, end in spans), default=first)
    if marker >= last_end:
        right_after = said[last_end:marker].strip(" .,;") == ""
        return "it was corrected right after it was said" if right_after else ""
    item_before = re.split(r"[,;]|\band\b", lowered[first:marker])[-1].strip(" .")
    return f"'{item_before}' was corrected after it was said" if item_before in spoken else ""


def _items(value: object) -> list[str]:
    return [str(item) for item in value] if isinstance(value, (list, tuple)) else [str(value)]


def _first_doubt(items: list[str], doubt: Callable[[str], str]) -> str:
    """Why the first doubtful one of `items` is not stored, or "" when none is."""
    return next((why for why in map(doubt, items) if why), "")


def _why_not_whole(name: str, parsed: ParsedInput, said: str) -> tuple[str, str, str]:
    """(the value as shown, why it is not stored or "", the whole value to ask back or "")."""
    if name == "keywords":
        keywords = _items(parsed.values[name])
        return ", ".join(keywords), _first_doubt(keywords, _keyword_doubt) or list_corrected_after(said, keywords), ""
    if name == "experimenter":
        people = _items(parsed.values[name])
        return "; ".join(people), _first_doubt(people, lambda person: person_doubt(person, said)), ""
    value = as_text(parsed.values[name])
    raw = next((found.raw for found in parsed.found if found.field == name), "")
    return (value, *_doubt(name, value, said, raw))


def only_whole_values(parsed: ParsedInput, said: str) -> ParsedInput:
    """`parsed` with every value that is not the whole of what was said taken out: asked back whole
    (a cut name) or asked again (talk in the value, a value run into the next, one taken back)."""
    looked_at = (*AS_SAID, "subject_id", "species", "age", *_DESCRIPTIONS, "experimenter", "keywords")
    for name in [n for n in looked_at if n in parsed.values]:
        value, why, whole = _why_not_whole(name, parsed, said)
        if not why:
            continue
        del parsed.values[name]
        parsed.found = [found for found in parsed.found if found.field != name]
        label = FIELDS[name].label
        if whole:
            question = f"Did you mean '{whole}' as the {label}? I read '{value}', but {why}."
            proposal = ValueProposal(value=whole, label=whole)
            parsed.confirmations.append(
                ValueConfirmation(field=name, said=whole, question=question, proposals=[proposal])
            )
        else:
            reason = f"'{value}' was not stored as the {label}: {why}. Which {label} is it?"
            parsed.rejections.append(Rejection(field=name, raw=value, reason=reason, example=FIELDS[name].example))
    return parsed
