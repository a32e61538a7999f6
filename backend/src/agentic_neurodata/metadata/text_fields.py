"""Free-text fields: institution, lab, session and experiment descriptions, keywords.

Little to normalise here, but enough to catch answers that are not values ("n/a", "test",
one letter) and to keep the forms DANDI shows well (a lab named "Smith Lab", keywords as a list).
"""

from __future__ import annotations

import re

from ..domain import ValueProposal
from .result import RuleResult, accept, ask_back, clean, reject
from .zones import is_city

PLACEHOLDERS = {
    "n/a", "na", "none", "null", "unknown", "test", "tbd", "todo", "-", "?", "xxx", "asdf", "no", "nothing", "missing",
    "empty", "blank", "none yet", "not yet", "later",
}  # fmt: skip
# Well-known acronyms people type for their institution; the full name is what DANDI shows.
INSTITUTIONS = {
    "mit": "Massachusetts Institute of Technology",
    "ucl": "University College London",
    "ucsf": "University of California, San Francisco",
    "ucla": "University of California, Los Angeles",
    "ucsd": "University of California, San Diego",
    "uc berkeley": "University of California, Berkeley",
    "nyu": "New York University",
    "caltech": "California Institute of Technology",
    "epfl": "École Polytechnique Fédérale de Lausanne",
    "eth": "ETH Zurich",
    "eth zurich": "ETH Zurich",
    "eth zürich": "ETH Zurich",
    "janelia": "HHMI Janelia Research Campus",
    "hhmi janelia": "HHMI Janelia Research Campus",
    "janelia research campus": "HHMI Janelia Research Campus",
    "janelia farm": "HHMI Janelia Research Campus",
    "janelia farm research campus": "HHMI Janelia Research Campus",
    "allen institute": "Allen Institute",
    "cshl": "Cold Spring Harbor Laboratory",
    "upenn": "University of Pennsylvania",
    "penn": "University of Pennsylvania",
    "cmu": "Carnegie Mellon University",
    "jhu": "Johns Hopkins University",
    "harvard": "Harvard University",
    "stanford": "Stanford University",
    "oxford": "University of Oxford",
    "cambridge": "University of Cambridge",
    "mpi": "Max Planck Institute",
    "ist austria": "Institute of Science and Technology Austria",
    "kaist": "KAIST",
    "riken": "RIKEN",
    "sainsbury wellcome centre": "Sainsbury Wellcome Centre",
    "swc": "Sainsbury Wellcome Centre",
    "wustl": "Washington University in St. Louis",
    "ku leuven": "KU Leuven",
    "ut southwestern": "UT Southwestern",
    "charité - universitätsmedizin berlin": "Charité - Universitätsmedizin Berlin",
    "weill cornell medicine": "Weill Cornell Medicine",
    "weill cornell": "Weill Cornell Medicine",
    # a town that is part of the name, not where it is
    "king's college london": "King's College London",
    "imperial college london": "Imperial College London",
    "imperial college": "Imperial College London",
    "washu": "Washington University in St. Louis",
}


_JUDGEMENT = re.compile(
    r"(?:(?:still|also|all|just|a\s+bit|completely|totally|slightly)\s+)?(?:wrong|incorrect|right|correct|fine|ok(?:ay)?|"
    r"good|outdated|misspelt|misspelled|a\s+typo|mistyped|off|missing|incomplete)\W*",
    re.I,
)
_POINTS_ELSEWHERE = re.compile(
    r"(?:see|cf\.?|check|refer\s+to|look\s+(?:at|in)|as\s+in|(?:the\s+)?same\s+as)\s+\w|"
    r"(?:as\s+(?:above|before|usual|always)|ditto|idem|(?:the\s+)?usual|the\s+same)\W*$",
    re.I,
)
# "we're between two", "it depends": a sentence about the value, not a lab's or an institution's name.
_SENTENCE_OPENING = re.compile(r"(?!(?-i:[A-Z]{2}))(?:we|we'?re|i|i'?m|it|it'?s|they|they'?re|this|that|there)\b", re.I)


# ("we're the X lab", "it's the X lab" are read by normalize_lab's own lead; "I" alone may be a name's initial)
_SENTENCE_LEAD_OF_A_NAME = re.compile(
    r"(?:we'?re|we\s+are|it'?s|it\s+is|this\s+is|that'?s|i'?m\s+in|we'?re\s+in)\s+(?:from\s+|in\s+)?(?:the\s+)?"
    r"(?-i:[A-Z])"
    r"|I\.|I\s+[A-Z]",
    re.I,
)


_SOME_PLACE = re.compile(r"(?:a|an|some|any|one|the\s+one|the\s+other(?:\s+one)?)\s+(?-i:[a-z])", re.I)


def _placeholder(field: str, raw: str, example: str) -> RuleResult | None:
    if not raw:
        return reject(field, f"The {field.replace('_', ' ')} is empty.", example)
    if raw.lower() in PLACEHOLDERS:
        return reject(field, f"'{raw}' is a placeholder, not a {field.replace('_', ' ')}.", example)
    if _JUDGEMENT.fullmatch(raw):  # "the institution is wrong": what is said of the value, not a value
        return reject(field, f"'{raw}' says something of the {field.replace('_', ' ')}, not what it is.", example)
    if _POINTS_ELSEWHERE.match(raw):  # "see lab notebook", "same as session 1": the value is given elsewhere
        return reject(field, f"'{raw}' points to a value given elsewhere; please give the value itself.", example)
    if field in ("lab", "institution") and _SENTENCE_OPENING.match(raw) and not _SENTENCE_LEAD_OF_A_NAME.match(raw):
        return reject(field, f"'{raw}' is a sentence, not a {field}'s name.", example)
    if field in ("lab", "institution") and re.search(r"\s(?-i:or|either)\s", f" {raw} "):  # "Stanford or Berkeley"
        return reject(field, f"'{raw}' names alternatives; which one is it?", example)
    if field in ("lab", "institution") and _SOME_PLACE.match(raw):  # "a hospital in Lyon", "the one in Tübingen"
        return reject(
            field, f"'{raw}' describes {'an' if field == 'institution' else 'a'} {field} without naming it.", example
        )
    if re.match(r"not\s+(?:the\s+|a\s+|an\s+)?\S", raw, re.I) and field in ("lab", "institution"):
        return reject(field, f"'{raw}' says what the {field} is not.", example)  # "not the Ruiz lab"
    return None


def normalize_institution(text: str) -> RuleResult:
    raw = clean(text)
    example = "'Massachusetts Institute of Technology' or 'MIT'"
    bad = _placeholder("institution", raw, example)
    if bad:
        return bad
    if len(raw) < 2 or len(raw) > 200:
        return reject("institution", f"'{raw}' is not an institution name.", example)
    if (is_city(raw) or _COUNTRY.fullmatch(raw) or PLACE_SHORT.fullmatch(raw)) and raw.lower() not in INSTITUTIONS:
        return reject("institution", f"'{raw}' is a place, not an institution's name.", example)
    if _KIND_ALONE.fullmatch(raw):  # "the university", "our institute": a kind of place, no name
        return reject("institution", f"'{raw}' says what kind of place, not its name.", example)
    if _SOCIETY_OF_INSTITUTES.fullmatch(raw):  # "Max Planck": which of its many institutes is asked
        return reject("institution", f"'{raw}' names a society of many institutes; which institute was it?", example)
    if _WHEN_SAID.search(raw):  # "University of Bonn until 2022": a time says it may not be where this was recorded
        return reject("institution", f"'{raw}' says when; which institution was this recording made at?", example)
    # (a note in brackets that opens in lower case, "(not Stockholm University, where I moved later)", is left out too)
    place = re.fullmatch(
        r"(.{2,}?)\s*\(([^()]{1,40}|(?:Dep|Dept|Faculty|School|Division|Institute)[^()]{0,80}|[a-z][^()]{0,120})\)", raw
    )
    if place:  # "École normale supérieure (Paris)": the city or acronym in brackets is not part of the name
        kept = normalize_institution(place.group(1))
        if kept.ok:
            return accept("institution", kept.value, f"'{raw}' -> {kept.value} (the part in brackets left out).")
    inner = re.fullmatch(r"(.{2,}?)\s*\([A-Z][A-Za-z]{1,7}\)\s+(\S.*)", raw)
    if inner:  # "Ernst Strüngmann Institute (ESI) for Neuroscience": the short form said inside the name
        kept = normalize_institution(f"{inner.group(1)} {inner.group(2)}")
        if kept.ok:
            return accept("institution", kept.value, f"'{raw}' -> {kept.value} (the short form left out).")
    person = re.fullmatch(r"(.{2,}?)\s*[,;]\s*(?:Dr|Prof|Professor)\.?\s+[^\W\d_].*", raw)
    if person:  # "Universidade de Lisboa, Dr. Rosa Mendes": a person after the name is not part of it
        kept = normalize_institution(person.group(1))
        if kept.ok:
            return accept("institution", kept.value, f"'{raw}' -> {kept.value} (the person after it left out).")
    unit_after = re.fullmatch(r"(.{2,}?)\s*[,;]\s*(?:the\s+)?(?:Department|Dept\.?|Division|Faculty)\b.*", raw, re.S)
    if unit_after:  # "University of Bonn, Germany, Department of Epileptology": the unit after the name is no part
        kept = normalize_institution(unit_after.group(1))
        if kept.ok:
            return accept("institution", kept.value, f"'{raw}' -> {kept.value} (the department left out).")
    unit = _UNIT_BEFORE.match(raw)
    rest = raw[unit.end() :] if unit else ""
    while (more := re.match(r"([^,;()]+),\s*(?=\S)", rest)) and not _names_one(more.group(1)):
        rest = rest[more.end() :]  # "Department of Physiology, Anatomy and Genetics, University of Oxford"
    if unit and _names_one(re.split(r"\s*,", rest)[0]):  # "Department of Psychology, Cornell University"
        kept = normalize_institution(rest)
        if kept.ok:
            return accept("institution", kept.value, f"'{raw}' -> {kept.value} (the department left out).")
    if re.match(r"(?:the\s+)?(?:Department|Dept\.?|Division)\s+(?:of|for)\b", raw, re.I) and not _KIND_ANYWHERE.search(
        raw
    ):
        return reject("institution", f"'{raw}' names a department; which institution is it part of?", example)
    located = _without_city(raw)
    if located:  # "Rockefeller University, New York": where the institution is, not part of its name
        kept = normalize_institution(located)
        if kept.ok:
            return accept("institution", kept.value, f"'{raw}' -> {kept.value} (the place after the name left out).")
    if _two_institutions(raw):  # "MIT and Harvard", "SWC / UCL": which one recorded is asked
        return reject("institution", f"'{raw}' names two institutions; which one is where the recording was?", example)
    full = INSTITUTIONS.get(raw.lower().removeprefix("the ").strip())
    if full and full != raw:
        return accept("institution", full, f"'{raw}' -> {full}.")
    # "the University of Edinburgh": the sentence's article is not part of the name. A capital "The"
    # may be (The Ohio State University), so it is kept as written.
    named = re.sub(r"^the\s+(?=\S)", "", raw)
    if named != raw and len(named) >= 2:
        return accept("institution", named, f"'{raw}' -> {named}.")
    return accept("institution", raw)


# "Department of Psychology, ...", "Dept. of Neurobiology, ...": a unit of the institution named after it.
_UNIT_BEFORE = re.compile(
    r"(?:the\s+)?(?:Department|Dept\.?|Division|Faculty)\s+(?:of|for)\s+[^,;()]{2,80}?\s*,\s*(?=\S)", re.I
)
_WHEN_SAID = re.compile(r"\b(?:until|till|since|formerly|previously|currently|then|now)\b|\b(?:19|20)\d\d\b", re.I)


def _names_one(part: str) -> bool:
    part = part.strip().removeprefix("the ")
    return part.lower() in INSTITUTIONS or part in INSTITUTIONS.values() or bool(_KIND_ANYWHERE.search(part))


_KIND_ANYWHERE = re.compile(
    r"\b(?:University|Universit\w+|Institute|Institut\w*|College|Center|Centre|Hospital|Campus|School|Foundation|"
    r"Academy|Clinic)\b"
)


def _two_institutions(raw: str) -> bool:
    """'ETH Zurich / University of Zurich', 'MIT and Harvard': two names, each an institution by itself."""
    raw = re.sub(r"^(?:both\s+)|\s+(?:jointly|together|both|combined)\W*$", "", raw)  # "X and Y jointly"
    parts = re.split(r"\s+(?:and|&|\+)\s+|\s*/\s*", raw)
    return len(parts) == 2 and all(_names_one(p) for p in parts)


_KIND_LAST = re.compile(
    r"\b(?:University|Universit[äeé]t?|Institute|Institut|Institutet|College|Center|Centre|Hospital|Laboratory|"
    r"Campus|School|Foundation|Academy|Clinic|Medicine)$"
)
# "University of California, San Diego", "Universidad de Chile, Santiago"? a campus after a university
# "of" a state or system may be part of its name: never cut there.
# ("Universidade Federal do Rio Grande do Norte": capitalised words may stand between the kind and "do")
_OF_A_SYSTEM = re.compile(
    r"\b(?:University|Universit\w*|Universidade?|Univ\.)\s+(?:[A-Z]\w*\s+){0,2}(?:of|de|di|du|do|da)\s+[\w\s]+$"
)


# A country or a state after a name ("KU Leuven, Belgium", "Princeton, NJ"): where it is, never part of the name.
_COUNTRY = re.compile(
    r"(?:[A-Z]{2}|USA|U\.S\.A?\.?|U\.K\.|United\s+(?:States|Kingdom)|Germany|France|Switzerland|Netherlands|Belgium|"
    r"Sweden|Norway|Denmark|Finland|Spain|Portugal|Italy|Austria|Israel|Canada|Australia|Japan|China|(?:South\s+)?Korea|"
    r"Singapore|India|Brazil|Mexico|Chile|Argentina|Ireland|Poland|Czechia|Czech\s+Republic|Hungary|Greece|Turkey|"
    r"Taiwan|England|Scotland|Wales|"
    # the states of the USA, written out ("University of Chicago, Illinois")
    r"Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|"
    r"Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|"
    r"Montana|Nebraska|Nevada|New\s+Hampshire|New\s+Jersey|New\s+Mexico|North\s+Carolina|North\s+Dakota|Ohio|Oklahoma|"
    r"Oregon|Pennsylvania|Rhode\s+Island|South\s+Carolina|South\s+Dakota|Tennessee|Texas|Utah|Vermont|Virginia|"
    r"Washington|West\s+Virginia|Wisconsin|Wyoming)"
)
_KIND_ALONE = re.compile(
    r"(?:(?:the|our|my|this|a|an|local)\s+)?(?:university|universit[äé]t?|institute|institution|college|hospital|"
    r"school|clinic|cent(?:er|re)|campus|medical\s+school|research\s+institute)\.?",
    re.I,
)
# "Max Planck", "the Fraunhofer", "Helmholtz Association": a society of many institutes, alone, names none of them.
_SOCIETY_OF_INSTITUTES = re.compile(
    r"(?:the\s+)?(?:Max[\s\-]Planck(?:[\s\-](?:Society|Gesellschaft|Institutes?|Institut))?|MPG|MPI|"
    r"Fraunhofer(?:\s+Society|[\s\-]Gesellschaft|\s+Institutes?)?|Helmholtz(?:\s+Association|[\s\-]Gemeinschaft)?|"
    r"Leibniz(?:\s+Association|[\s\-]Gemeinschaft|\s+Institutes?)?)\.?",
    re.I,
)
# "..., NYC", "..., UK": a place's short name says where, never part of a name (an institution's own acronym
# after a comma, "Instituto Cajal, CSIC", is part of it).
PLACE_SHORT = re.compile(r"NYC|N\.Y\.C\.|CDMX|Philly|LA|SF|DC|USA?|UK|UAE")
# ", Mission Bay campus", ", the Rome site": one site of the institution named after it.
_CAMPUS_AFTER = re.compile(r"(.{2,}?)\s*,\s*(?:the\s+)?(?:[\w'\-]+\s+){0,3}(?:campus|site)\.?")
_PLACE = r"[A-Z][\w.'\-]*(?:\s+[A-Z][\w.'\-]*){0,2}"


def _without_city(raw: str) -> str:
    """The name without a place after a comma ("UCSD, La Jolla" -> "UCSD", "KU Leuven, Belgium" -> "KU Leuven"),
    when the place is a country or a state, or the name is whole by itself (a known name, or it ends with what
    kind of institution it is), or the place is a city; "" when nothing is cut."""
    name = raw
    campus = _CAMPUS_AFTER.fullmatch(raw)
    if campus:  # "UCSF, Mission Bay campus": which site of the institution, not part of its name
        return campus.group(1)
    within = re.fullmatch(rf"(.{{2,}}?),?\s+in\s+({_PLACE})\.?", name)
    # "EPFL in Lausanne", "Janelia, in Virginia", "the German Primate Center in Göttingen": a name and where it
    # is ("Washington University in St. Louis" is one name, known as such)
    if within and raw.lower() not in INSTITUTIONS and raw not in INSTITUTIONS.values():
        before, place = within.groups()
        known = before.lower().removeprefix("the ") in INSTITUTIONS
        kind_then_place = _KIND_LAST.search(before) and not _KIND_LAST.search(place)
        if known or is_city(place) or _COUNTRY.fullmatch(place) or kind_then_place:
            return before
    # ("Universidad de Granada - Spain": a spaced dash before the country, too)
    while (country := re.fullmatch(rf"(.{{2,}}?)(?:\s*,|\s+[-–—])\s*({_PLACE})\.?", name)) and _COUNTRY.fullmatch(
        country.group(2)
    ):
        name = country.group(1)  # "University of Oxford, UK", "Harvard Medical School, Boston, MA"
    placed = re.fullmatch(rf"(.{{2,}}?)\s*,\s*({_PLACE})\.?", name)
    # ("University of Oxford, Oxford": the town of the name said again)
    said_again = placed and placed.group(1).endswith(f" {placed.group(2)}")
    if placed and _OF_A_SYSTEM.search(placed.group(1)) and (_town_of_one_university(*placed.groups()) or said_again):
        return placed.group(1)  # "University of Washington, Seattle": the town, not a campus of a system
    if not placed or _OF_A_SYSTEM.search(placed.group(1)):
        return name if name != raw else ""
    before, place = placed.groups()
    if before.endswith(")"):  # "Instituto de Neurociencias (CSIC-UMH), Alicante": a name ends at its bracket
        return before
    if re.search(
        r"\b(?:Universit\w*|Institut\w*|College|Cent(?:er|re)|Hospital|Lab\w*|School|Department|Dept)\b", place
    ):
        return name if name != raw else ""  # "Columbia University, Zuckerman Institute": a second organisation
    known = before.lower().removeprefix("the ") in INSTITUTIONS or before in INSTITUTIONS.values()
    if known or _KIND_LAST.search(before) or is_city(place) or _kind_of_a_field_then_town(before, place):
        return before
    if PLACE_SHORT.fullmatch(place):
        return before
    return name if name != raw else ""


# Universities whose campuses are institutions of their own, named with the town ("University of California,
# Davis"); after any other "University of X" a town only says where it is.
_CAMPUS_SYSTEM = re.compile(
    r"\bof\s+(?:California|Texas|Wisconsin|Maryland|Massachusetts|Colorado|Illinois|Missouri|Nebraska|Hawai.i|"
    r"North\s+Carolina|Alabama|Tennessee|Minnesota|Arkansas|Michigan|Houston|South\s+Carolina|Louisiana|Pittsburgh)\b"
)


def _town_of_one_university(before: str, place: str) -> bool:
    """'University of Washington, Seattle', 'University of Oxford, Oxford': plain town words after a university
    that is not a system of campuses."""
    words = place.split()
    town = 0 < len(words) <= 3 and all(re.fullmatch(r"[A-Z][a-zà-ÿ'\-]+", word) for word in words)
    return town and place.lower() not in INSTITUTIONS and not _CAMPUS_SYSTEM.search(before)


# "Kavli Institute for Systems Neuroscience", "Champalimaud Centre for the Unknown": a kind of institution named
# for what it studies, whole by itself.
_KIND_OF_A_FIELD = re.compile(
    r".*\b(?:Institute|Institut|Instituto|Istituto|Center|Centre|College|School|Academy|Foundation|Laboratory|"
    r"Hospital|Clinic)\s+(?:of|for|de|di|du|für)\s+(?:the\s+|la\s+)?[A-Z][\w\-]*(?:\s+(?:and\s+|&\s+)?[A-Z][\w\-]*){0,4}"
)


def _kind_of_a_field_then_town(before: str, place: str) -> bool:
    """'Kavli Institute for Systems Neuroscience, Trondheim': a town in plain words after such a name says where
    it is. An acronym there ('Center for Neural Science, NYU') names the institution it belongs to: kept."""
    place = re.sub(r"\s+[A-Z]{2}$", "", place)  # "Seattle WA": a town and its state
    town = all(word[:1].isupper() and not word.isupper() for word in place.split())
    return town and place.lower() not in INSTITUTIONS and bool(_KIND_OF_A_FIELD.fullmatch(before))


# "we're the X lab", "it's the X lab", "our lab is the X lab": words that say a lab's name follows.
_SENTENCE_LEAD = re.compile(
    r"(?:we'?re|we\s+are|it'?s|it\s+is|this\s+is|that'?s|our\s+lab\s+is|i'?m\s+in|i\s+am\s+in|we'?re\s+in)\s+"
    r"(?:from\s+|in\s+)?(?:the\s+)?",
    re.I,
)
# "Karel Svoboda's lab", "Prof. Häusser's laboratory": a lab named by its head's family name; after a name
# ending in s the possessive is a bare apostrophe ("Lynne Kiorpes' laboratory"), which is no part of the name.
_HEAD_S_LAB = re.compile(
    r"(?:(?:dr|prof)\.?\s+)?(?:[^\W\d_][\w\-]*\s+)?([^\W\d_][\w\-]*)(?:['’]s|(?<=s)['’])\s+(?:lab|laboratory|group)",
    re.I,
)
# "the Moser lab in Trondheim", "Harvey lab at HMS": where the lab is, after its name.
_LAB_THEN_PLACE = re.compile(r"(.{2,}?\b(?:lab|laboratory))(?:\s+(?:in|at)|\s*,)\s+[A-Z][^,;]{0,60}", re.I)
# "part of the Allen Institute": an institution, not a lab's name.
_INSTITUTION_NOT_LAB = re.compile(
    r"(?:part\s+of\s+)?(?:the\s+)?[^\n]*\b(?:Institut\w*|Universit\w*|College|Hospital|Cent(?:er|re))\b[^\n]*",
    re.I,
)
# "our own", "mine", "the same lab": words saying whose lab, not its name.
_NOT_A_NAME = re.compile(
    r"(?:(?:our|my|their|his|her|the)\s+)?(?:own|ours|mine|same|usual)(?:\s+(?:lab|one))?|"
    r"(?:our|my|their|his|her|the|this|that|your)\s+(?:lab|laboratory|group|team)",  # "our lab": whose, no name
    re.I,
)


_FIELD_OF_STUDY = re.compile(
    r"\b(?:neur\w*|comput\w*|systems?|cognit\w*|behavio\w*|learning|memory|circuits?|physiolog\w*|biolog\w*|"
    r"dynamics|vision|visual|imaging|sciences?|research|development\w*|genetics|sensory|motor|sleep|brain|cortical|"
    r"molecular|cellular|integrative|theoretical|experimental|auditory|olfact\w*|plasticity)\b",
    re.I,
)


# "de la Rocha lab": a family name's particle stays in lower case, as the name is written.
_LAB_PARTICLE_FIRST = re.compile(r"(?:(?:de|del|della|di|da|dos|du|la|le|van|von|der|den|ter|ten)\s+){1,3}[A-Z]")


def _family_name(name: str) -> str:
    """'Anna de la Cruz' -> 'de la Cruz': the last word with the particles before it."""
    words = name.split()
    first = len(words) - 1
    while first > 1 and _LAB_PARTICLE_FIRST.match(f"{words[first - 1]} X"):
        first -= 1
    return " ".join(words[first:])


def normalize_lab(text: str) -> RuleResult:
    raw = clean(text)
    example = "'Smith Lab'"
    bad = _placeholder("lab", raw, example)
    if bad:
        return bad
    if re.fullmatch(r"(?:the\s+)?(?:lab|laboratory|room)\s*#?\d+\w?", raw, re.I):
        return reject("lab", f"'{raw}' is a room or a number, not a lab's name.", example)  # "Lab 3"
    if re.search(r"\blabs\b|\blaboratories\b", raw, re.I):
        return reject("lab", f"'{raw}' names more than one lab; which one recorded?", example)  # "Brody and Tank labs"
    if raw.lower().removeprefix("the ") in INSTITUTIONS or is_city(raw):
        return reject("lab", f"'{raw}' names an institution or a place, not a lab.", example)  # "Stanford"
    if re.fullmatch(r"(?:the\s+)?[A-Z]{3,6}", raw):  # "NTNU": an acronym, most often an institution's
        return reject("lab", f"'{raw}' looks like an institution's acronym; what is the lab's name?", example)
    of_form = re.fullmatch(r"(?:the\s+)?(?:lab|laboratory)\s+of\s+(?:dr\.?\s+|prof\.?\s+)?(.+)", raw, re.I)
    if of_form and _FIELD_OF_STUDY.search(of_form.group(1)):
        return accept("lab", raw)  # "Laboratory of Neural Computation": named after what it studies, kept as said
    if _WHEN_SAID.search(raw):  # "the Moss lab until 2021": a lab of another time, not named as this one's
        return reject("lab", f"'{raw}' says when; which lab recorded this session?", example)
    if of_form and re.fullmatch(r"(?:dr|prof|professor|mr|mrs|ms)\.?", of_form.group(1).strip(), re.I):
        return reject("lab", f"'{raw}' gives a title, not whose lab it is.", example)  # "Laboratory of Dr."
    if of_form:
        name = re.split(r"\s*,\s*|\s+(?:at|in|from)\s+", of_form.group(1).strip())[0]  # "... Ryan at Trinity"
        value = f"{_family_name(name)} Lab"
        return accept("lab", value, f"'{raw}' -> {value}.")
    lead = _SENTENCE_LEAD.match(raw)
    if lead and lead.end() < len(raw):  # "we're the Brody lab": the words saying it are not the name
        return normalize_lab(raw[lead.end() :])
    placed = _LAB_THEN_PLACE.fullmatch(raw)
    if placed:
        kept = normalize_lab(placed.group(1))
        return accept("lab", kept.value, f"'{raw}' -> {kept.value} (where it is left out).") if kept.ok else kept
    if _INSTITUTION_NOT_LAB.fullmatch(raw) and not re.search(r"\b(?:lab|laboratory|group)\b", raw, re.I):
        return reject("lab", f"'{raw}' names an institution, not a lab.", example)
    owner = _HEAD_S_LAB.fullmatch(raw)
    if owner:  # "Karel Svoboda's lab": the lab is named after the family name, as "the lab of Karel Svoboda"
        value = f"{owner.group(1)[:1].upper()}{owner.group(1)[1:]} Lab"
        return accept("lab", value, f"'{raw}' -> {value}.")
    aside = re.fullmatch(r"(.{2,}?)\s*\(([^()]{1,60})\)", raw)
    if aside and _NOT_A_NAME.fullmatch(aside.group(1)):  # "our own (Ölveczky lab)": the name is in the brackets
        return normalize_lab(aside.group(2))
    if _NOT_A_NAME.fullmatch(raw):
        return reject("lab", f"'{raw}' says whose lab, not its name.", example)
    if aside:  # "Dupret lab (MRC BNDU)": the unit or institute in brackets is not the lab's name
        kept = normalize_lab(aside.group(1))
        if kept.ok:
            return accept("lab", kept.value, f"'{raw}' -> {kept.value} (the part in brackets left out).")
    if len(raw) < 2 or len(raw) > 120:
        return reject("lab", f"'{raw}' is not a lab name.", example)
    studied = re.fullmatch(r"(?:the\s+)?((.+?)\s+Laboratory)", raw)
    if studied and _FIELD_OF_STUDY.search(studied.group(2)):
        return accept("lab", studied.group(1))  # "Cognitive Neurophysiology Laboratory": named after what it studies
    named = re.fullmatch(r"(?:the\s+)?([^\W\d_][\w\-' ]*?)\s+(?:lab|laboratory)", raw, re.I)
    if named:
        head = named.group(1)
        value = f"{head} Lab" if _LAB_PARTICLE_FIRST.match(head) else f"{head[:1].upper()}{head[1:]} Lab"
        return accept("lab", value, "" if value == raw else f"'{raw}' -> {value}.")
    if not re.search(r"\b(?:lab|laboratory|group|team|unit|center|centre)\b", raw, re.I) and len(raw.split()) == 1:
        value = f"{raw[:1].upper()}{raw[1:]} Lab"
        return accept("lab", value, f"'{raw}' -> {value}.")
    return accept("lab", raw)


# "20 min of spontaneous activity (ask Tom for details)": a note to the reader after a description is not part of it.
_NOTE_TO_US_AFTER = re.compile(
    r"\s*[(\[]\s*(?:ask|please|pls|I\s+will\s+send|will\s+send|tbd|todo|to\s+be\s+(?:confirmed|checked)|fill\s+in|"
    r"correct\s+me)\b[^()\[\]]*[)\]]\W*$",
    re.I,
)


def _description(field: str, text: str, example: str, minimum: int = 5) -> RuleResult:
    raw = clean(text)
    raw = _NOTE_TO_US_AFTER.sub("", raw) or raw
    bad = _placeholder(field, raw, example)
    if bad:
        return bad
    if len(raw) < minimum:
        return reject(field, f"'{raw}' is too short to describe anything.", example)
    if len(raw) > 5000:
        return reject(field, "The description is longer than 5000 characters; shorten it.", example)
    value = raw[:1].upper() + raw[1:]
    return accept(field, value, "" if value == raw else "Capitalised the first letter.")


def normalize_session_description(text: str) -> RuleResult:
    return _description("session_description", text, "'Neuropixels recording in V1 during passive viewing'")


def normalize_experiment_description(text: str) -> RuleResult:
    return _description("experiment_description", text, "'Spontaneous activity in primary visual cortex of awake mice'")


def normalize_subject_description(text: str) -> RuleResult:
    return _description(
        "subject_description", text, "'Adult C57BL/6J mouse, head-fixed, implanted with a Neuropixels probe'"
    )


def normalize_device_description(text: str) -> RuleResult:
    return _description("device_description", text, "'Neuropixels 1.0 probe (imec NP1000), 384 channels'")


def normalize_group_description(text: str) -> RuleResult:
    return _description("electrode_group_description", text, "'Shank 1 of the Neuropixels probe in V1'")


# "grid cells, etc.", "hippocampus and more": words that say the list goes on, not keywords.
_LIST_FILLERS = {"etc", "more", "others", "and so on", "so on", "", "and others", "tbd"}
_NOTE_AFTER_KEYWORDS = re.compile(
    r"\s*[(\[][^()\[\]]*\b(?:please|pls|if|add|more|needed|etc|e\.g|maybe|optional|tbd|todo|feel\s+free)\b"
    r"[^()\[\]]*[)\]]\W*$",
    re.I,
)


# "please use grid cells, ...", "could you add theta, gamma": the request before the list is no keyword.
_REQUEST_BEFORE_LIST = re.compile(
    r"^(?:(?:please|pls|plz|kindly)\s+|(?:could|can|would)\s+you\s+(?:please\s+)?|i'?d\s+like\s+(?:to\s+)?|"
    r"(?:we|i)\s+(?:want|would\s+like)\s+(?:to\s+)?)*"
    # said alone, only verbs that open no keyword ("set shifting" and "list learning" are tasks)
    r"(?:(?<=\s)(?:use|add|put(?:\s+in)?|include|list|enter|write|set|take|go\s+with)|"
    r"^(?:use|add|put(?:\s+in)?|include|list|enter|write)(?=\s+(?:the\s+following|these|them|as\s+follows)\b)|"
    r"^(?:use|add|put|include)(?=\s))\s+"
    r"(?:(?:the\s+following|these|them|as\s+follows)(?:\s+(?:keywords|ones|words|terms))?\s*:?\s*)?(?=\S)",
    re.I,
)

# (", I think", ", iirc" after the list: the words of talk are no keyword either)
_HEDGED_ITEM = re.compile(
    r"(?:maybe|perhaps|possibly|probably|not\s+sure|I\s+(?:think|guess|believe|suppose)|we\s+think|iirc|afaik)\b", re.I
)
# "sleep, replay, and I'll send the rest later", "theta, more to come": a promise of more is no keyword.
_MORE_LATER_ITEM = re.compile(
    r"(?:(?:I|we)(?:['’]ll|\s+will|\s+can|\s+may)\s|more\s+(?:to\s+come|later)\b|(?:the\s+)?rest\s+later\b|"
    r"tbd\W*$|etc\W*$|and\s+so\s+on\W*$|"
    # "whatever else you think fits", "anything you like", "others you choose": the rest is left to us
    r"(?:whatever|anything|any\s+others?|others?|something)(?:\s+else)?\s+(?:you|that\s+you)\s+(?:think|like|want|"
    r"choose|pick|see|find|prefer))",
    re.I,
)
# "I would say hippocampus and theta": the words saying it is an opinion are not a keyword.
_OPINION_LEAD = re.compile(r"^(?:i\s+would|i'?d)\s+(?:say|go\s+with)\s+(?:that\s+)?(?=\S)", re.I)


def normalize_keywords(text: str | list[str]) -> RuleResult:
    listed = clean(text) if isinstance(text, str) else ""
    asked_for = _REQUEST_BEFORE_LIST.sub("", _OPINION_LEAD.sub("", listed, count=1), count=1)
    if asked_for != listed:  # "could you add theta and gamma? thx": the request's question mark and thanks end it
        listed = re.sub(r"\s*\?(?:\s*(?:thx|thanks?|thank\s+you|ty|cheers|please|pls)\b)*\W*$", "", asked_for)
    while listed[-1:] in ("}", "]", ")") and listed.count(listed[-1]) > listed.count(
        {"}": "{", "]": "[", ")": "("}[listed[-1]]
    ):
        listed = listed[:-1].rstrip()  # "['olfaction', 'piriform']}": the dict's bracket closes after the list
    # "[hippocampus, theta, linear track]": brackets around the whole list are not part of its first and last keyword
    bracketed = re.fullmatch(r"\[([^\[\]]*)\]|\(([^()]*)\)|\{([^{}]*)\}", listed)
    if bracketed:
        listed = next(group for group in bracketed.groups() if group is not None)
    # "grid cells, entorhinal cortex (please add more if needed)": a note to us after the list is no keyword
    listed = _NOTE_AFTER_KEYWORDS.sub("", listed)
    # "sleep, ripples (for this session; the paper uses others)": a sentence in brackets after the list
    listed = re.sub(r"\s*\((?:[^()]*\s){3,}[^()]*\)\W*$", "", listed)
    # "sleep; replay -- ask Ana for more": a note after a spaced double dash or long dash is no keyword
    listed = re.sub(r"\s+(?:--|—|–)\s+(?:[^\s,;]+\s+){2,}[^,;]*$", "", listed)
    # "'attention' and 'V4'?": a list said as a question is asked back, its question mark no part of the last keyword
    as_a_question = isinstance(text, str) and bool(re.search(r"\?\W*$", listed))
    listed = re.sub(r"\s*\?+(?=\W*$)", "", listed) if as_a_question else listed
    # ("place cells / grid cells": a spaced slash lists too; "L2/3" holds one)
    items = text if isinstance(text, list) else re.split(r"\s*[,;\n]\s*|\s+and\s+|\s+/\s+", listed)
    # ", and theta": the joining word is not the keyword's; ", maybe theta": a guess is left out, not stored
    items = [re.sub(r"^(?:and|or|&|plus)\s+", "", k.strip(), flags=re.I) for k in items]
    items = [k for k in items if not _HEDGED_ITEM.match(k) and not _MORE_LATER_ITEM.match(k)]
    # "grid cells, MEC, (tentative)": an item wholly in brackets is an aside about the list, no keyword; one that
    # says the list is not final leaves the keywords to be confirmed
    asides = [k for k in items if re.fullmatch(r"\([^()]*\)", k.strip())]
    items = [k for k in items if k not in asides]
    unsure = any(_NOT_FINAL.search(aside) for aside in asides)
    if isinstance(text, str) and _JUDGEMENT.fullmatch(listed):  # "keywords are incomplete": said of them
        return reject("keywords", f"'{listed}' says something of the keywords, not what they are.", "'sleep, V1'")
    if isinstance(text, str) and _POINTS_ELSEWHERE.match(listed):  # "see above": the keywords are elsewhere
        return reject("keywords", f"'{listed}' points to keywords given elsewhere.", "'electrophysiology, V1'")
    keywords = list(
        dict.fromkeys(
            clean(k).strip(" -–—")  # "CA1 - and the experimenter is ...": the dash before other words
            for k in items
            if clean(k).strip(" -–—")
            and clean(k).lower() not in PLACEHOLDERS
            and clean(k).lower().strip(".") not in _LIST_FILLERS
        )
    )
    if not keywords:
        return reject("keywords", "No keywords were given.", "'electrophysiology, V1, Neuropixels'")
    too_long = [k for k in keywords if len(k) > 100]
    if too_long:
        return reject("keywords", f"'{too_long[0][:40]}…' is a sentence, not a keyword.", "'electrophysiology, V1'")
    as_a_question = as_a_question or any(str(k).rstrip().endswith("?") for k in items)  # "hippocampus?, theta"
    keywords = [k.rstrip("?").rstrip() for k in keywords] if as_a_question else keywords
    if unsure or as_a_question:
        label = ", ".join(keywords)
        if as_a_question:
            question = f"The keywords were said as a question; use {label}?"
            return ask_back("keywords", question, [ValueProposal(value=keywords, label=label)], "'sleep, V1'")
        proposal = ValueProposal(value=keywords, label=label)
        return ask_back("keywords", f"The keywords are said not to be final; use {label}?", [proposal], "'sleep, V1'")
    return accept("keywords", keywords, f"{len(keywords)} keyword(s).")


_NOT_FINAL = re.compile(
    r"\b(?:tentative|provisional|draft|maybe|perhaps|not\s+final|tbc|to\s+be\s+confirmed|unsure)\b", re.I
)
