"""The words around values: field names people write as keys ("sex: F", "age is 12 weeks"),
where such a value ends, and the small words that carry no value of their own."""

from __future__ import annotations

import re

from ..brain_areas import area_end, find_area, part_after
from ..fields import FIELDS
from ..strains import ALLELE_AHEAD

MASK = "\x1f"  # claimed characters; never part of a word, so patterns cannot run across them

# Field names too common as ordinary words to be keys by themselves.
_NOT_KEYS = {
    "who", "when", "what", "time", "date", "name", "area", "animal", "how old", "born", "line", "subject",
    "description", "experiment", "location", "region", "id", "cell", "university", "institute", "purpose",
}  # fmt: skip
KEYS: dict[str, str] = {}
for _spec in FIELDS.values():
    for _alias in (_spec.name.replace("_", " "), *_spec.aliases):
        if _alias not in _NOT_KEYS:
            KEYS.setdefault(_alias, _spec.name)
KEYS.update(
    {
        "session start": "session_start_time",
        "recording start": "session_start_time",
        "recording started": "session_start_time",
        "start date": "session_start_time",
        "recording date": "session_start_time",
        "subject": "subject_id",
        "id": "subject_id",
        "description": "session_description",
        "date": "session_start_time",
        "start": "session_start_time",
        "started": "session_start_time",
        "location": "electrode_location",
        "loc": "electrode_location",  # "Loc: DRN" (a note's short key)
        "region": "electrode_location",
        "area": "electrode_location",
        # "recording_area=LS", "Recording site: CA1": the key itself says the area is where it was recorded
        "recording area": "electrode_location",
        "recording site": "electrode_location",
        "recording region": "electrode_location",
        "recording location": "electrode_location",
        "dob": "date_of_birth",
        "born": "date_of_birth",
        "experimenters": "experimenter",
        "animal": "subject_id",
        "name": "experimenter",
        "our institution": "institution",
        "specimen id": "subject_id",  # the Allen Institute's name for the animal's id
        "donor id": "subject_id",
        # "Lab name: Moser Lab": the name of a lab or an institution, not a person's
        "lab name": "lab",
        "laboratory name": "lab",
        "institution name": "institution",
        "institute name": "institution",
        "university name": "institution",
        # "Experimentator: Jonas Weißenberger", "experimentadora: Lucía Martínez": the same key in German, Spanish
        "experimentator": "experimenter",
        "experimentador": "experimenter",
        "experimentadora": "experimenter",
        "session desc": "session_description",  # "session desc: 'Two-armed bandit'": the key cut short
        "operator": "experimenter",  # "Operator: Oliver Thompson" (an ELN's entry): who ran the rig
    }
)
PAIR = re.compile(
    # a key that opens a line or follows "; " may be followed by a dash ("Keywords - sleep; replay")
    r"(?:(?P<line>^|(?<=\n)|(?<=;\s))|(?<=[\s,;({]))(?P<key>"
    + "|".join(re.escape(k).replace(r"\ ", r"[\s_]+") for k in sorted(KEYS, key=len, reverse=True))
    # the value is looked ahead at: a heading with no value of its own ("Subject:\n  subject_id: X") hides no key;
    # a note in brackets may stand between the key and its colon ("Experimenters (in order):")
    # "the experimenter field should be X", "the keywords should be X": a field named, then what it should hold
    # ("keywords pls: ...": a please between the key and its colon)
    + r")(?:\s*\([a-z][a-z ,]{0,20}\)(?=\s*:))?(?:\s+(?:pls|please|plz)(?=\s*:))?(?:\s+field)?\s*"
    # "should be written 'X'", "is spelled X": how the value is written, then the value
    # "keywords => a; b", "lab -> Berg Lab": an arrow is a separator too
    # "Q: experimenter? A: Tanvi Deora": a question and its answer
    + r"(?:\?\s*(?-i:A|Answer)\s*:|=>|->|→|"
    # ("the session description is: X": a colon after the verb is no part of the value)
    + r":=|:|=|\b(?:is|was)\s+(?:spelled|spelt|written)(?:\s+as)?\b|\b(?:is|was|were|are)\b(?:\s*:(?!\S))?"
    + r"|\b(?:should|must)\s+(?:be(?:\s+(?:written|spelled|spelt)(?:\s+as)?)?|read|say)\b"
    + r"|(?(line)(?<=\S)\s+[-–—](?=\s)|(?!)))"
    + r"\s*(?=(?P<value>\S))",
    re.I,
)
# Fields whose key may be followed by a dash at a line's start ("Experimenter - Ana Gil"): free text and names.
DASH_KEYED = {"experimenter", "institution", "lab", "keywords", "session_description", "experiment_description"}
_NEXT_KEY = (
    r"\s*(?=(?i:" + "|".join(re.escape(k).replace(r"\ ", r"[\s_]+") for k in KEYS) + r")\s*(?::|=|\bis\b|\s[-–—]\s))"
)
_AND_NEXT_KEY = (
    r"\s+(?:and|but)\s+(?:the\s+|our\s+|my\s+)?(?=(?i:" + "|".join(re.escape(k) for k in KEYS) + r")\s+(?:is|was)\b)"
)

# "experimenters: A and B; Universidad de Granada": the list of people ends where a place begins.
_INSTITUTION_NEXT = (
    r"\s*(?=[^;,.(\n]*\b(?:Universit\w*|Universidad|Institut\w*|College|Center|Centre|Hospital|Laboratory|School|"
    r"Foundation|Academy)\b(?!\s*:))"
)


# Any key ("tamoxifen=", "Analysis:", "weight_at_arrival=") after a separator starts another value; so
# does a column separator (" | ") or " / key:". A value never runs into the next key.
_ANY_NEXT_KEY = r"(?:[;,|]|\s/)\s*(?=[A-Za-z][A-Za-z_ ]{0,30}?\s*(?:=|:(?!\d)))|\s+(?=[A-Za-z][A-Za-z_]{0,30}=)"
_COLUMN = r"\s[|›]\s"  # an ELN path's "›" between cells too ("KO-14 › Genotype: X › Sex: M")
# "genotype: Ai14 (reporter) injected with AAV-Cre": a short value ends where a verb begins.
_VERB_AFTER = (
    r"\s+(?=(?:injected|implanted|recorded|crossed|bred|purchased|received|obtained|was|were|is|are|has|had|"
    r"expressing|expresses)\b)"
)  # lists of people or keywords may use " | " between items


# "experimenter:\n  - Buccino, Alessio\n  - Trapani, Alessandra": a key whose value is a YAML list of items.
_LIST_ITEMS = re.compile(r"(?:[ \t]*-[ \t]+[^\n]+(?:\n|$))+")


def list_items(text: str, start: int) -> tuple[list[str], int] | None:
    """The items of a YAML-style list starting at `start` (on its own lines after a key), and its end."""
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip() or not text.startswith("-", start):
        return None
    block = _LIST_ITEMS.match(text, line_start)
    if block is None:
        return None
    items = [re.sub(r"^\s*-\s+", "", line).strip() for line in block.group(0).splitlines() if line.strip()]
    return items, block.end() - (1 if block.group(0).endswith("\n") else 0)


# "Lab: Carandini Lab and institution UCL": "and" then another field's name ends a lab or an institution.
_AND_FIELD_WORD = r"\s+and\s+(?=(?:the\s+|our\s+)?(?i:institution|lab|experimenters?|keywords|session\s+description)\b)"


def value_end(text: str, start: int, name: str, datetime_spans: list[tuple[int, int]]) -> int:
    """Where an explicit value ends: dates, names, descriptions and genotypes may hold commas or
    semicolons; other values stop at one. Brackets balance: a stop inside "(...)" does not end the
    value, and a ")" that closes an aside opened before the key does."""
    if name in ("session_start_time", "date_of_birth"):
        spans = [e for s, e in datetime_spans if s == start]
        if spans:
            return spans[0]
    end = _unbracketed_end(text, start, _stop_after(name))
    masked = text.find(MASK, start)
    end = min(end, masked) if masked >= 0 else end
    while end > start and text[end - 1] in " \t;,|/":  # a separator before words already read is not the value's
        end -= 1
    # "Recording site: piriform cortex, layer 2", "Site: CA1, stratum oriens": the layer or part belongs to it
    if name != "electrode_location":
        return end
    # (further areas join only an area: "left hemisphere, primary motor cortex" is a side, then the area)
    return area_end(text, end) if find_area(text[start:end]) else part_after(text, end)


# No value runs longer than this: the search for its end stays linear in a message of many keys.
_LONGEST_VALUE = 1000


def _unbracketed_end(text: str, start: int, stop: re.Pattern[str]) -> int:
    limit = min(len(text), start + _LONGEST_VALUE)
    stops = {match.start() for match in stop.finditer(text, start, limit)}
    depth = 0
    for index in range(start, limit):
        if index in stops and depth == 0:
            return index
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth < 0:  # "(genotype: A x B) for mouse 4": the aside's bracket ends the value
            return index
    return limit


def _stop_after(name: str) -> re.Pattern[str]:
    if name == "experimenter":
        # Names hold commas ("Smith, Jane") and initials ("J. Smith"); a sentence end or "from MIT" ends them.
        stop = re.compile(
            rf"\n|[;,]{_NEXT_KEY}|[;,]{_INSTITUTION_NEXT}|(?<!\b[A-Z])(?<!\bDr)(?<!\bProf)(?<!\bMrs)(?<!\bMs)(?<!\bMr)(?<!\bmed)(?<!\brer)(?<!\bnat)\.(?:\s+|$)|\s+(?i:from|at|of)\s+|{_AND_NEXT_KEY}"
            # "A and B, both from X", "A, who ran it": a comma then a word of a sentence ends the names
            r"|,\s+(?=(?:both|all|each|who|which|whose|together|respectively|they|he|she|we)\b)"
            # "Rolf Sprengel, MPI for Medical Research": a comma then an acronym ends the names
            r"|,\s+(?=[A-Z]{3,}\b)"
            # "Anna Kowalska (PhD student), supervised by Prof. X": a comma then a verb of another role
            r"|,\s+(?=(?-i:supervised|advised|helped|assisted|trained|under|with\s+help)\b)"
            # "Jonas Sørensen, the other name is our PI", "Dr. Miles Wells, and the mouse is ...", "Joana Sousa, not
            # João Sousa": a comma then a word no name starts with ends the names
            r"|,\s+(?=(?-i:(?:the|a|an|but|not|our|my|his|her|their|this|that|it|there|please|thanks|so|as|i)\b"
            r"|and\s+(?:the|a|an|our|my|this|that|it|its|i|we|he|she|they)\b))"
            # "A and B; the surgeries were ...", "Dr. Ben Engelhard and the mouse is ...": a clause of its own
            r"|;\s+(?=(?-i:(?:the|a|an|our|my|his|her|their|this|that|it|there|we|i|he|she|they)\b))"
            r"|\s+and\s+(?=(?-i:(?:the|a|an|our|my|this|that|it|its|i|we|he|she|they)\b))"
        )
    elif name == "keywords":
        # Keywords are listed with ";" as often as with ",": only a next key or a line ends them.
        stop = re.compile(rf"\n|[;,.]{_NEXT_KEY}|\.\s+(?=[A-Z])|{_AND_NEXT_KEY}")
    elif name in ("session_description", "experiment_description", "subject_description"):
        # "Open field, 20 min. experiment_description: ...": a sentence's end before the next key ends it
        stop = re.compile(rf"[;\n]|[,.]{_NEXT_KEY}|\.\s+(?=[A-Z])|{_AND_NEXT_KEY}")
    elif name == "genotype":
        # Alleles are joined by ";" or "," ("Pvalb-IRES-Cre;Ai32", "Sst-Cre; Ai14", "Dat-Cre (het), Ai32 (hom)");
        # a "; " or ", " before a word that is not one ends the genotype ("genotype: Ai14 x Gad2-Cre; mouse GD-5").
        stop = re.compile(rf"\n|[;,]{_NEXT_KEY}|\.\s|[;,]\s+(?!{ALLELE_AHEAD})|{_AND_NEXT_KEY}")
    elif name == "institution":
        # "Washington University in St. Louis", "St. Jude Children's Research Hospital": "St." is no sentence end
        stop = re.compile(rf"[,;\n]|(?<!\bSt)(?<!\bMt)(?<!\bDept)(?<!\bUniv)\.\s|\.$|{_AND_NEXT_KEY}|{_AND_FIELD_WORD}")
    elif name == "lab":
        # "Lab: Churchland Lab - Anne Churchland, UCLA": a dash between spaces ends a lab's name
        # ("Laboratory of Dr. Hailan Hu": the dot of a title ends no lab's name)
        stop = re.compile(rf"[,;\n]|(?<!\bDr)(?<!\bProf)\.\s|\.$|\s[-–—]\s|{_AND_NEXT_KEY}|{_AND_FIELD_WORD}")
    else:
        stop = re.compile(rf"[,;\n]|\.\s|\.$|{_AND_NEXT_KEY}")
    column = "" if name in ("experimenter", "keywords") else rf"|{_COLUMN}"
    if name in ("genotype", "strain", "species", "sex", "age", "weight", "subject_id", "session_id"):
        column += rf"|{_VERB_AFTER}"
    if name not in ("session_description", "experiment_description", "subject_description", "keywords"):
        column += r"|\s+(?:but|while|whereas|although|though|because|since)\s+"  # a second clause is not the value
    # "subject_id: JL-4  # the old id was ...", "Experimenter = Yuki Tanaka # recorded all": a comment after the value
    column += r"|\s+\#\s" if name in DASH_KEYED else r"|\s+#\s+(?=[^\d\s])"
    return re.compile(rf"{_ANY_NEXT_KEY}{column}|{stop.pattern}")


# Words that carry no value of their own once the values around them are taken.
STOPWORDS = {
    "ok", "okay", "thanks", "thank", "you", "please", "hi", "hello", "yes", "sure", "a", "an", "the", "and", "but",
    "it's", "its", "it", "is", "was", "were", "are", "i", "we", "our", "my", "dr", "prof", "by", "at", "on", "in",
    "of", "from", "for", "to", "with", "started", "starting", "start", "began", "session", "recording", "recorded",
    "old", "aged", "age", "sex", "species", "subject", "id", "that's", "this", "that", "so", "also", "here", "there",
    "about", "around", "approximately", "which", "who", "when", "then", "time", "zone", "date", "performed", "done",
    "collected", "experimenter", "experimenters", "did", "data", "ran", "run", "made", "one", "called", "named",
    "genotype", "strain", "weight", "weighs", "lab", "institution", "animal", "adult", "young", "juvenile", "dpf",
    "be", "has", "had", "have", "me", "i'm", "we're", "they", "these", "those", "as", "after", "before", "during",
}  # fmt: skip
PREAMBLE = re.compile(
    r"^\s*(?:(?:it'?s|it\s+is|its|that'?s|that\s+is|they\s+are|they'?re|we\s+used|i\s+used|i\s+think|probably|"
    r"the\s+answer\s+is|answer|well|um+|uh+|so|oh|it\s+was|that\s+was|(?:it\s+was\s+|that\s+was\s+)?(?:me|myself),?)"
    r"\b\s*[:,]?\s*)+(?:(?:an?|the)\b\s+)?",
    re.I,
)


def content_words(text: str) -> list[str]:
    words = re.findall(r"[\w'/+\-:]+", text)
    return [w for w in words if w.lower().strip("'") not in STOPWORDS]


def strip_preamble(text: str, name: str) -> str:
    text = PREAMBLE.sub("", text.strip())
    if name:
        spec = FIELDS.get(name)
        labels = [name.replace("_", " "), *(spec.aliases if spec else ())]
        label = "|".join(re.escape(a) for a in sorted(labels, key=len, reverse=True))
        text = re.sub(rf"^(?:the\s+)?(?:{label})\s*(?:is|was|were|:|=)\s*", "", text, flags=re.I)
    return text.strip().strip(MASK).strip()


# "we don't weigh the birds", "I forgot to weigh": a verb that names the field it measures.
_FIELD_VERBS = re.compile(r"(?<![\w-])weigh(?:ed|ing)?(?![\w-])", re.I)


def mentioned_fields(clause: str, common_words: bool = True) -> list[str]:
    """Fields a clause names ("I don't know the age" -> age). Without `common_words`, only by names that are no
    ordinary word ("the animal", "name it" are said of other things as often as of their fields)."""
    lowered = clause.lower()
    found = ["weight"] if _FIELD_VERBS.search(lowered) else []
    for spec in FIELDS.values():
        for alias in (spec.name.replace("_", " "), *spec.aliases):
            if not common_words and alias in _NOT_KEYS:
                continue
            if spec.name in found:
                break
            if re.search(rf"(?<![\w-]){re.escape(alias)}s?(?![\w-])", lowered):  # "the weights": plural too
                found.append(spec.name)
                break
    # "birth date" also mentions "date": the longer name wins.
    if "date_of_birth" in found and "session_start_time" in found and not re.search(r"start|session|record", lowered):
        found.remove("session_start_time")
    if "session_description" in found and "experiment_description" in found:
        found.remove("session_description" if "experiment" in lowered else "experiment_description")
    return found


def field_named(text: str) -> str | None:
    """The field `text` is exactly the name of ("keywords", "the weight", "date of birth"), if any."""
    said = re.sub(r"^(?:the|a|an|any)\s+", "", " ".join(text.lower().split()))
    for spec in FIELDS.values():
        if said in (spec.name.replace("_", " "), *spec.aliases):
            return spec.name
    return None
