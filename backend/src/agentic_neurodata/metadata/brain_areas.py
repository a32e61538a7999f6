"""Electrode location: what people call a brain area, kept exactly as precise as they said it.

A name that means exactly one Allen Mouse Brain Atlas (CCF) area ("V1", "primary visual
cortex", "barrel cortex") is stored as that area's acronym ("VISp"), the vocabulary NWB's best
practices point to; the note gives the full name. Anything broader or narrower stays as
written: "visual cortex" is not VISp (V2 is visual cortex too), "hippocampus" is not HPF,
"dorsal CA1" is more than CA1. NWB takes free text here, so nothing is lost by keeping it."""

from __future__ import annotations

import re

from .result import RuleResult, accept, clean, reject

FIELD = "electrode_location"
EXAMPLE = "'V1', 'hippocampus CA1' or 'VISp'"
# acronym -> (full name, names that mean exactly this area)
AREAS: dict[str, tuple[str, tuple[str, ...]]] = {
    "VISp": ("primary visual area", ("v1", "visp", "primary visual cortex", "primary visual area", "striate cortex")),
    "VISl": ("lateral visual area", ("visl", "lateral visual area")),
    "MOp": ("primary motor area", ("m1", "mop", "primary motor cortex", "primary motor area")),
    "MOs": ("secondary motor area", ("m2", "mos", "secondary motor cortex", "secondary motor area")),
    "SSp": ("primary somatosensory area", ("s1", "ssp", "primary somatosensory cortex", "primary somatosensory area")),
    "SSp-bfd": ("primary somatosensory area, barrel field", ("barrel cortex", "ssp-bfd", "barrel field")),
    "AUDp": ("primary auditory area", ("a1", "audp", "primary auditory cortex", "primary auditory area")),
    "RSP": ("retrosplenial area", ("rsp", "retrosplenial cortex", "retrosplenial area")),
    "PL": ("prelimbic area", ("prelimbic cortex", "prelimbic area", "prelimbic")),
    "ILA": ("infralimbic area", ("ila", "infralimbic cortex", "infralimbic area")),
    "ACA": ("anterior cingulate area", ("aca", "anterior cingulate cortex", "anterior cingulate area")),
    "ORB": ("orbital area", ("orbitofrontal cortex", "orbital area")),
    "ENTm": ("entorhinal area, medial part", ("mec", "medial entorhinal cortex", "entm")),
    "ENTl": ("entorhinal area, lateral part", ("lec", "lateral entorhinal cortex", "entl")),
    "ENT": ("entorhinal area", ("entorhinal cortex", "entorhinal area")),
    "HPF": ("hippocampal formation", ("hippocampal formation", "hpf")),
    "CA1": ("field CA1", ("ca1", "hippocampal ca1", "hippocampus ca1", "field ca1")),
    "CA2": ("field CA2", ("ca2", "field ca2")),
    "CA3": ("field CA3", ("ca3", "hippocampal ca3", "hippocampus ca3", "field ca3")),
    "DG": ("dentate gyrus", ("dentate gyrus", "dg")),
    "SUB": ("subiculum", ("subiculum",)),
    "STR": ("striatum", ("striatum",)),
    "CP": ("caudoputamen", ("caudoputamen", "caudate putamen")),
    "ACB": ("nucleus accumbens", ("nac", "acb", "nucleus accumbens", "accumbens")),
    "TH": ("thalamus", ("thalamus",)),
    "LGd": ("dorsal part of the lateral geniculate complex", ("dlgn", "lgd", "dorsal lateral geniculate nucleus")),
    "HY": ("hypothalamus", ("hypothalamus",)),
    "LHA": ("lateral hypothalamic area", ("lha", "lateral hypothalamus", "lateral hypothalamic area")),
    "BLA": ("basolateral amygdalar nucleus", ("bla", "basolateral amygdala", "basolateral amygdalar nucleus")),
    "CEA": ("central amygdalar nucleus", ("cea", "central amygdala", "central amygdalar nucleus")),
    "VTA": ("ventral tegmental area", ("vta", "ventral tegmental area")),
    "SNc": ("substantia nigra, compact part", ("snc", "substantia nigra pars compacta")),
    "SNr": ("substantia nigra, reticular part", ("snr", "substantia nigra pars reticulata")),
    "IC": ("inferior colliculus", ("inferior colliculus",)),
    "PAG": ("periaqueductal gray", ("pag", "periaqueductal gray", "periaqueductal grey")),
    "LC": ("locus ceruleus", ("locus coeruleus", "locus ceruleus")),
    "DR": ("dorsal nucleus raphe", ("dorsal raphe", "dorsal raphe nucleus")),  # ("DRN", an acronym given, stays)
    "CB": ("cerebellum", ("cerebellum",)),
    "MOB": ("main olfactory bulb", ("mob", "main olfactory bulb")),
    "PIR": ("piriform area", ("piriform cortex", "piriform area", "piriform")),
    "CLA": ("claustrum", ("claustrum",)),
    "ZI": ("zona incerta", ("zona incerta",)),
    "LS": ("lateral septal nucleus", ("lateral septum", "lateral septal nucleus", "ls")),
    "MS": ("medial septal nucleus", ("medial septum", "medial septal nucleus")),
}
BY_NAME = {name: acronym for acronym, (_, names) in AREAS.items() for name in names}
# Areas people name that no single CCF acronym means exactly: recognised in sentences, kept as written.
AS_SAID = (
    "visual cortex", "auditory cortex", "motor cortex", "somatosensory cortex", "sensory cortex", "hippocampus",
    "prefrontal cortex", "medial prefrontal cortex", "mpfc", "pfc", "olfactory bulb", "superior colliculus", "lgn",
    "lateral geniculate nucleus", "amygdala", "substantia nigra", "cingulate cortex", "parietal cortex",
    "posterior parietal cortex", "ppc", "insula", "insular cortex", "brainstem", "spinal cord", "retina",
    "dorsal striatum", "ventral striatum", "dorsomedial striatum", "dorsolateral striatum", "globus pallidus",
    "frontal cortex", "barrel field", "septum", "habenula", "lateral habenula",
    "orbitofrontal", "secondary visual cortex", "higher visual areas", "drn",
)  # fmt: skip
# Short acronyms that are other words in prose; trusted only as a whole answer or after "in"/"area".
PROSE_UNSAFE = {
    "a1", "s1", "m1", "m2", "mec", "lec", "nac", "snc", "snr", "bla", "cea", "lha", "drn", "ila", "pfc", "dg", "ls",
}  # fmt: skip
# Words before an area that make it narrower ("dorsal CA1", "layer 5 of", "anterodorsal thalamus",
# "paraventricular thalamus"): the area is then kept as written.
_DETAIL = (
    r"(?:(?:left|right|dorsal|ventral|medial|lateral|anterior|posterior|rostral|caudal|deep|superficial|"
    r"intermediate|(?:antero|postero|dorso|ventro|medio|latero|rostro|caudo)[a-z]+|(?:para|peri)[a-z]+(?:al|ar))\s+"
    # "dorsal and ventral CA1": two parts were said (two sides, "left and right", are weighed by the finder)
    r"|(?:dorsal|ventral|medial|lateral|anterior|posterior|rostral|caudal|deep|superficial)\s*(?:and|&|/)\s*"
    r"(?:the\s+)?"  # "the lateral and the medial septum": two areas, kept as said
    r"|(?:layer|layers|[Ll])\s*\d(?:/\d)?(?:\s*(?:of|in))?\s+(?:the\s+)?){0,4}"  # (bounded: linear on long lists)
)
# A layer after an area ("piriform cortex, layer 2", "V1 L2/3", "barrel cortex layer 4"): part of the area said.
LAYER_AFTER = re.compile(
    r"(?:\s*,\s*|\s+)(?:layers?\s*|L)(?:\d|I{1,3}V?|VI?)(?:/\d|[ab])?"
    r"(?:\s*(?:and|&|to|-|/)\s*(?:layers?\s*|L)?\d[ab]?|\s*,\s*(?:layers?\s*|L)\d[ab]?)*(?![\w/])",
    re.I,
)
# A part named after an area ("CA1 stratum pyramidale", "nucleus accumbens core", "primary somatosensory
# cortex, forelimb region", "DG granule cell layer"): narrower than the area, so kept as written.
_PART_WORD = (
    r"(?!(?:the|a|an|this|that|its|our|their|and|or|in|of|at|to|from|was|were|is|are|which|same|other|"
    r"target|injection|stimulation|recording)\b)[\w-]+\s+"
)
_PART_HEAD = r"(?:region|subregion|subfield|representation|division|column|layer|zone|part)"
_PART_START = (
    r"(?:dorsal|ventral|medial|lateral|anterior|posterior|rostral|caudal|deep|superficial|upper|lower|"
    r"forelimb|hindlimb|trunk|whiskers?|barrel|face|mouth|core|shell|layers?|L\d|stratum|monocular|binocular|"
    # "somatosensory cortex (snout)", "M1 (hand area)": the body part the area maps is part of the area said
    r"snout|nose|lips?|jaw|tongue|paws?|hand|arm|legs?|foot|feet|digits?|fingers?|toes?|eye|neck|wrist)"
)
PART_AFTER = re.compile(
    r"(?:\s*,\s*|\s+)(?:stratum|str\.)\s+[a-z]+(?:[\s-]moleculare)?\b"
    r"|\s+(?:core|shell)(?:\s*(?:\+|&|/|and)\s*(?:core|shell))?\b"  # "nucleus accumbens core + shell"
    rf"|(?:\s*,\s*|\s+)(?:{_PART_WORD}){{1,2}}{_PART_HEAD}\b(?!\s*\d)"
    # "S1 (forelimb)", "barrel cortex (C2 whisker column)", "CA1 (dorsal)": a part in brackets (a side is no part)
    rf"|\s*\((?:{_PART_START}\b[^()\n]{{0,30}}|[^()\n]{{0,30}}\b{_PART_HEAD})\)",
    re.I,
)
_CUE = r"(?:in|from|into|area|of)\s+(?:the\s+)?"
# "recorded in ALM", "area LIP": an area named by an acronym this table does not hold, kept as written.
_NAMED_AREA = re.compile(
    r"(?:\b(?:recorded|recording|recordings|imaging|implanted|targeting)\s+(?:in|from|into)\s+(?:the\s+)?(?:area\s+)?"
    # "with tetrodes in the SCN", "a microdrive in HVC": a device in an acronym that ends its clause (not "probe in
    # the LED box", "in EEG")
    r"|\b(?:tetrodes?|electrodes?|probes?|arrays?|(?:micro)?drives?)\s+(?:in|into)\s+(?:the\s+)?"
    r"(?=(?!(?:EEG|EMG|ECG|EKG|LFP|MUA|EOG|LED|TTL|USB|PCR|DAQ|ADC)\b)[A-Z][A-Z0-9][A-Za-z0-9]{0,4}\s*(?:[,;.)]|$))"
    r"|\b(?i:recordings?|probes?|electrodes?|tetrodes?)\s+targeted\s+(?:the\s+)?(?:area\s+)?"
    # "today's units are all from LIP": what was recorded, then where from
    r"|\b(?:units|neurons|cells|spikes)\s+(?:(?:are|were|all|mostly|came|come)\s+){0,3}(?:in|from)\s+(?:the\s+)?"
    r"|\barea\s+)([A-Z][A-Z0-9][A-Za-z0-9]{0,4})\b(?![-_]?\d)"
)


# "recorded in area 17", "from Brodmann area 46": an area named by its number after a recording cue, kept as said.
_NUMBERED_AREA = re.compile(
    r"\b(?:recorded|recording|recordings|imaging|imaged|units|neurons)\s+(?:in|from)\s+(?:the\s+)?"
    r"((?:Brodmann\s+)?area\s+\d{1,2}[a-z]?)\b(?![-_.]?\d)",
    re.I,
)


# "recorded in the lateral intraparietal area", "a chronic array in the ventral premotor cortex", "recorded in the
# optic tectum": an area the table does not hold, named in words after a recording cue and ending in an area's
# head noun, kept as written.
_NAMED_REGION = re.compile(
    r"\b(?:recorded|recording|recordings|imaged|imaging|implanted|arrays?|probes?|tetrodes?|electrodes?)\s+"
    r"(?:[a-z-]+\s+){0,3}?(?:in|into|from)\s+(?:the\s+)?"
    r"((?!(?:the|a|an|same|other|this|that|its|his|her|their|our|whole|entire|target|wrong|right|correct)\b)"
    r"(?:[a-z-]+\s+){1,3}(?:cortex|area|nucleus|lobe|tectum|gyrus|nerve|ganglion|colliculus|thalamus|striatum|"
    r"pallium|cerebellum))\b(?=\s*(?:[,;.)]|$)|\s+(?:of|at|by|on|with|while|during|after|before|for)\b)"
)


def named_by_cue(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is an area named after a recording cue ("units from LIP", "area MT")."""
    return any(m.span(1) == (start, end) for m in _NAMED_AREA.finditer(text, max(0, start - 60), end))


# ("area 17" keeps its word: the number alone names nothing)
# ("Area X" too: the songbird nucleus; a lone letter names nothing either)
_LEADING_WORDS = re.compile(
    r"^(?:(?:recorded|recording|recordings|imaged|imaging|implanted|in|from|at|of|into|the|"
    r"area(?!\s+(?:\d|[A-Za-z]\b))|region)\s+)+",
    re.I,
)
_FILLER = {"the", "in", "of", "area", "region", "brain", "from"}


def find_area(text: str, in_prose: bool = False) -> tuple[str, int, int] | None:
    """The brain area named in `text`, as stored (acronym or the words), with its span.
    Modifiers before it ("dorsal", "layer 5 of") keep it as written."""
    lowered = text.lower()
    best: tuple[int, int] | None = None
    for name in sorted((*BY_NAME, *AS_SAID), key=len, reverse=True):
        cue = _CUE if in_prose and name in PROSE_UNSAFE else ""
        match = re.search(rf"(?<![\w-]){cue}{_DETAIL}{re.escape(name)}(?![\w-])", lowered)
        if match and len(name) <= 4 and in_prose and not _looks_like_acronym(text[match.start() : match.end()]):
            match = None
        if match and cue:
            match = re.search(rf"{_DETAIL}{re.escape(name)}$", lowered[: match.end()])
        if match and (best is None or match.start() < best[0] or (match.start() == best[0] and match.end() > best[1])):
            best = match.span()
    if best is None and in_prose:
        named = _NAMED_AREA.search(text) or _NUMBERED_AREA.search(text) or _NAMED_REGION.search(text)
        if named is None:
            return None
        end = part_after(text, named.end(1))
        return text[named.start(1) : end], named.start(1), end
    if best is None:
        return None
    best = (_qualifier_before(lowered, *best), best[1])
    best = (_part_of_before(lowered, best[0]), best[1])
    end = area_end(text, best[1])
    end = areas_in_brackets_after(text, end)
    said = text[best[0] : end]
    acronym = BY_NAME.get(said.lower()) if end == best[1] else None
    if acronym is None and (side := _SIDE_IN_BRACKETS.match(text, end)):
        end, said = side.end(), text[best[0] : side.end()]  # "LGN (right)": kept as written, so with its side
    if side := _SIDE_AFTER_A_COMMA.match(text, end):
        return text[best[0] : side.end()], best[0], side.end()  # "posterior parietal cortex, right": as written
    return (acronym or said), best[0], end


# "the tail of the striatum", "the rostral pole of the thalamus", "the lateral bank of the IPS": a part of an
# area named before it, narrower than the area, so kept as written.
_PART_OF_BEFORE = re.compile(
    r"(?<![\w-])(?:(?:dorsal|ventral|medial|lateral|anterior|posterior|rostral|caudal|upper|lower|inner|outer)\s+)?"
    r"(?:tail|head|body|tip|pole|border|edge|floor|roof|wall|surface|rim|banks?|fundus|lip|crest|genu|splenium|"
    r"apex|base|core|shell|margin|boundary|portion|part|segment|sector|aspect)"
    r"\s+of\s+(?:the\s+)?$"
)


def _part_of_before(lowered: str, start: int) -> int:
    """Where an area starting at `start` starts with 'the tail of' (a part of it) said before it."""
    part = _PART_OF_BEFORE.search(lowered, max(0, start - 40), start)
    return part.start() if part else start


# "posterior parietal cortex, right", "V1, left hemisphere": a side after a comma, ending the clause, is the
# area's side (kept as written); "CA1, right after surgery" is no side.
# ("claustrum, both hemispheres", "hippocampus, both sides": the two sides said in words)
_SIDE_AFTER_A_COMMA = re.compile(
    r"\s*,\s*(?:(?:left|right|bilateral|bilaterally|ipsilateral|contralateral)(?:\s+(?:hemisphere|side))?"
    r"|(?:in\s+)?both\s+(?:hemispheres|sides))"
    r"(?=\s*(?:[,;.)\n]|$))",
    re.I,
)


# "Site: V1 and the fiber over LP", "CA1, reference over the cerebellum": another device's place after the area.
_OTHER_DEVICE_AFTER = re.compile(
    r"\s*(?:,|;|\band\b|\bwith\b|\bplus\b)\s*(?:an?\s+|the\s+|its\s+)?(?:optic(?:al)?\s+)?"
    r"(?:fib(?:er|re)s?|cannula[es]?|virus|injections?|reference|ground|screws?|stimulat\w+|laser|LEDs?|EMG|EEG)\b",
    re.I,
)


def before_another_device(raw: str) -> str:
    """The keyed area without another device's place said after it ("V1 and the fiber over LP" -> "V1")."""
    other = _OTHER_DEVICE_AFTER.search(raw)
    return raw[: other.start()] if other and raw[: other.start()].strip() else raw


def end_of_its_side(text: str, end: int) -> int:
    """Where the side said after a comma ends ("Site: hippocampus, both sides"); `end` when none is said."""
    side = _SIDE_AFTER_A_COMMA.match(text, end)
    return side.end() if side else end


def with_its_side(text: str, answer: str) -> str:
    """The area answered with the side said after it in `text` ("posterior parietal cortex, right")."""
    at = text.find(answer)
    side = _SIDE_AFTER_A_COMMA.match(text, at + len(answer)) if answer and at >= 0 else None
    return text[at : side.end()] if side else answer


# "auditory striatum", "visual thalamus", "limbic striatum": an adjective before a structure named in words
# says which part of it was meant (a narrower area than the structure, kept as written).
_QUALIFIER = re.compile(r"(?<![\w-])(?P<word>[a-z]{3,}(?:ory|al|ar|ic|ive)|motor)\s+$")
_NOT_A_QUALIFIER = {
    "typical", "usual", "normal", "original", "actual", "total", "general", "special", "initial", "final",
    "critical", "several", "local", "electrical", "optical", "chronic", "acute", "similar", "regular", "particular",
    "whole", "bilateral", "unilateral", "ipsilateral", "contralateral", "experimental", "additional",
}  # fmt: skip


def _qualifier_before(lowered: str, start: int, end: int) -> int:
    """Where an area named in words starting at `start` starts with an adjective of a part before it."""
    said = lowered[start:end]
    if " " not in said and (len(said) < 6 or not said.isalpha() or said in PROSE_UNSAFE):
        return start  # (an acronym, "CA1": the words before it are the sentence's; "auditory brainstem" is a part)
    qualifier = _QUALIFIER.search(lowered, max(0, start - 25), start)
    if qualifier is None or qualifier.group("word") in _NOT_A_QUALIFIER:
        return start
    return qualifier.start()


# "Auditory brainstem recordings": a broad structure with an adjective of what it does, said only as the kind of
# the recordings (no "in the"), is no site said: which part of it is meant is a judgement (asked back).
_POSITIONS = r"(?:dorsal|ventral|medial|lateral|rostral|caudal|anterior|posterior|superior|inferior|central|frontal)"
_QUALIFIED_STRUCTURE = re.compile(rf"(?!{_POSITIONS}\s)(?:[a-z]{{3,}}(?:ory|al|ar|ic|ive)|motor)\s+[a-z]{{6,}}", re.I)
_KIND_OF_RECORDING_AFTER = re.compile(r"[\s-]+(?:recordings?|imaging|physiology|experiments?|data)\b", re.I)


def qualified_kind_of_recording(text: str, start: int, end: int) -> str:
    """Why an area read as '<adjective> <structure>' before 'recordings' is asked back ("" when it is not)."""
    said = text[start:end]
    if said.lower() in BY_NAME or said.lower() in AS_SAID or not _QUALIFIED_STRUCTURE.fullmatch(said):
        return ""
    if not _KIND_OF_RECORDING_AFTER.match(text, end):
        return ""
    return f"'{said}' names the kind of recording; which part of the structure is meant is not said"


# "LGN (right)", "auditory cortex (left hemisphere)": the side in brackets after an area kept as written.
_SIDE_IN_BRACKETS = re.compile(
    r"\s*\((?:(?:left|right|bilateral|ipsilateral|contralateral)(?:\s+(?:hemisphere|side))?|both\s+(?:hemispheres|sides))\)",
    re.I,
)


_AREAS_IN_BRACKETS = re.compile(r"\s*\(([^()\n]{1,60})\)")
_BETWEEN_AREAS = re.compile(r"\s*(?:-|–|,|/|\bto\b|\band\b|&)\s*", re.I)


def areas_in_brackets_after(text: str, end: int) -> int:
    """'the hippocampal formation (CA1-CA3)': areas in brackets right after an area say which parts of it were
    meant, so they are part of what was said (kept as written; the same area named twice reads as one)."""
    bracket = _AREAS_IN_BRACKETS.match(text, end)
    if bracket is None:
        return end
    pieces = [p.strip().lower() for p in _BETWEEN_AREAS.split(bracket.group(1))]
    known = all(p in BY_NAME or p in AS_SAID for p in pieces if p)
    return bracket.end() if known and any(pieces) else end


def area_end(text: str, end: int) -> int:
    """Where an area said up to `end` ends with its parts and the further areas listed after it
    ("piriform cortex, layer 2", "CA1 stratum oriens", "V1, layer 4, and LM")."""
    lowered = text.lower()
    # (the parts first: "V1, L2/3" is one area's layers, not "L2" as a further area)
    while (longer := part_after(text, _more_areas(text, lowered, part_after(text, end)))) > end:
        end = longer
    return end


def part_after(text: str, end: int) -> int:
    """Where an area ending at `end` ends with the layers and parts said after it."""
    while (part := LAYER_AFTER.match(text, end) or PART_AFTER.match(text, end)) is not None and part.end() > end:
        end = part.end()
    return end


# "CA1 and CA3", "the ACC and the prelimbic cortex", "V1, V2 and LM": several areas are kept as written.
_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s*/\s*|\s+plus\s+|\s+\+\s+)(?:the\s+)?")


# An area this table does not hold, said beside one it does ("the anterodorsal thalamus and postsubiculum",
# "V1 and perirhinal cortex"): a word built on an area's head noun, or an adjective before one.
_HEAD = r"(?:subiculum|thalamus|cortex|striatum|colliculus|septum|amygdala|hippocampus|habenula|nucleus|gyrus|area)"
_UNLISTED_AREA = re.compile(rf"{_DETAIL}(?:[a-z]+{_HEAD}|[a-z]+(?:al|ar|ic|ate)\s+{_HEAD})(?![\w-])")
# "V1 and LM", "ALM and M2": an area's acronym the table does not hold, beside one it does (not a signal's name)
# (Allen acronyms hold small letters too: "VISl,VISal", "ACAd")
_UNLISTED_ACRONYM = re.compile(
    r"(?!(?:EEG|EMG|ECG|EKG|LFP|MUA|EOG|IR|UV|USB|PCR|DAQ)s?\b)(?![PE]\d)(?:[A-Z][A-Z0-9]{1,4}|[A-Z]{2,4}[a-z]{1,3})\b(?![\w-])"
)


def _more_areas(text: str, lowered: str, end: int) -> int:
    """Where a list of known areas that starts before `end` ends."""
    while (join := _JOIN.match(lowered, end)) is not None:
        following = [
            found.end()
            for name in (*BY_NAME, *AS_SAID)
            if (found := re.compile(rf"{_DETAIL}{re.escape(name)}(?![\w-])").match(lowered, join.end())) is not None
            and (len(name) > 4 or _looks_like_acronym(text[found.start() : found.end()]))
        ]
        unlisted = _UNLISTED_AREA.match(lowered, join.end())
        if unlisted is None and not join.group(0).rstrip().endswith("the"):  # "V1 and the LED": a thing, not an area
            unlisted = _UNLISTED_ACRONYM.match(text, join.end())
        following += [unlisted.end()] if unlisted else []
        if not following:
            return end
        end = max(following)
    return end


def _looks_like_acronym(word: str) -> bool:
    """'V1', 'CA1', 'dLGN', 'mPFC' as people type them, not 'ca1' inside prose."""
    return bool(re.search(r"[A-Z]", word))


# "the cortex above CA1", "overlying the hippocampus", "lateral to V1": the area is a landmark, not the site.
# ("a window over somatosensory cortex" images that cortex: "above"/"over" make a landmark only after tissue)
_LANDMARK_BEFORE = re.compile(
    r"\b(?:overlying|underlying|near|beside|next\s+to|adjacent\s+to|close\s+to|"
    r"(?:dorsal|ventral|lateral|medial|anterior|posterior|rostral|caudal)\s+to|"
    r"(?:cortex|tissue|area|region|layers?|matter|callosum|structures?)\s+(?:just\s+)?(?:above|below|over|under))"
    r"\s+(?:the\s+)?$",
    re.I,
)


# "Not CA1 - the probe was in CA3", "it wasn't in V1": the area is said to be where the recording was not.
_NEGATED_BEFORE = re.compile(
    r"(?:\bnot|\bnever|n't)\s+(?:(?:in|from|into|at)\s+)?(?:the\s+)?$|^\s*no\s+(?:(?:in|from)\s+)?(?:the\s+)?$",
    re.I,
)


# "V1? I mean V2", "V1 - no, V2", "in V1; no, sorry, V2": the words after the area take it back.
_CORRECTED_AFTER = re.compile(
    r"\s*(?:\?\s*(?:I\s+mean|I\s+meant|no\b|sorry|rather|actually)|[\s,;.\-–]*(?:no\s*[,!.\-–]|sorry\b|"
    r"I\s+mean\b|I\s+meant\b|rather\b|correction\b|make\s+that\b|or\s+rather\b))",
    re.I,
)


def negated(text: str, start: int, end: int | None = None) -> bool:
    """Whether the area at text[start:end] is denied ("not CA1", "wasn't in V1") or taken back right
    after it ("V1? I mean V2", "V1 - no, V2")."""
    if _NEGATED_BEFORE.search(text[max(0, start - 20) : start]):
        return True
    if end is not None and _A_REFERENCE_AFTER.match(text, end):
        return True
    return end is not None and _CORRECTED_AFTER.match(text, end) is not None


# "CA3 was the reference wire", "cerebellum served as ground": the area holds the reference, not the recording.
_A_REFERENCE_AFTER = re.compile(
    r"\s+(?:was|is|were|are|as|served\s+as|used\s+as|for)\s+(?:the\s+|our\s+|a\s+)?(?:\w+\s+)?"
    r"(?:reference|ground|grounding)\b",
    re.I,
)


def landmark_doubt(text: str, start: int) -> str:
    landmark = _LANDMARK_BEFORE.search(text[max(0, start - 25) : start])
    if landmark:
        return f"the area is named as a landmark ('{landmark.group(0).strip()}'), not as the site"
    clause = re.split(r"[;\n]|(?<![Ff]ig)\.\s|,?\s+(?:but|whereas|while|however)\s", text[max(0, start - 60) : start])
    figure = _A_FIGURES_CLAUSE.search(clause[-1])
    return f"the area is said of a figure ('{figure.group(0)}'), not of this file" if figure else ""


# "Hippocampus project", "the V1 grant", "CA1 paper": an area naming a project, a paper or a team, not a site.
_THING_NAMED_AFTER = re.compile(
    r"(?:\s+(?:[Pp]roject|[Ss]tudy|[Gg]rant|[Pp]aper|[Mm]anuscript|[Cc]onsortium|[Tt]eam|[Mm]eeting|[Cc]ourse|"
    r"[Ss]ymposium|[Ww]orkshop|[Cc]hannel|[Ff]older|[Nn]otebook|[Ss]preadsheet))\b"
)


def names_a_thing(text: str, end: int) -> bool:
    """Whether the area ending at text[end] names a project, paper, team or folder ("Hippocampus project")."""
    return _THING_NAMED_AFTER.match(text, end) is not None


# "in figure 2 we show V1", "Figure 4B is from the claustrum": the clause is about the paper's figure.
_A_FIGURES_CLAUSE = re.compile(r"\b(?:figures?|fig(?=\.)|panels?|supplementary|insets?)\b", re.I)


_ONLY_A_SIDE = re.compile(
    r"\s*(?:the\s+)?(?:(?:left|right|both|contralateral|ipsilateral)\s+(?:hemispheres?|sides?)|bilateral(?:ly)?|"
    r"(?:left|right|both|contralateral|ipsilateral))\W*",
    re.I,
)


def only_a_side(text: str) -> bool:
    """'left hemisphere', 'bilateral': which side, not which area ("Site: left hemisphere, M1")."""
    return _ONLY_A_SIDE.fullmatch(text) is not None


# An aside saying no part was meant ("(no subdivision)", "(not further specified)", "(whole area)"): it adds
# nothing to the area, so it is not part of what is stored.
_NO_PART_ASIDE = re.compile(
    r"\s*\(\s*(?:(?:no|without)\s+(?:(?:specific|particular|further|finer|more\s+specific)\s+)?"
    r"(?:sub)?(?:divisions?|regions?|fields?|layers?|parts?|areas?|nuclei|nucleus)(?:\s+(?:given|known|specified))?"
    r"|not\s+(?:further\s+)?(?:specified|subdivided)|unspecified|undivided|(?:the\s+)?whole(?:\s+(?:area|region))?|"
    r"all\s+layers|any\s+layer)\s*\)\s*$",
    re.I,
)


_COORDINATES = re.compile(r"(?:AP|ML|DV|x|y|z)\s*[:=]?\s*[-+−]?\s*\d", re.I)


# "V1 (in the figure: V2)", "CA1 (see notes)": an aside about a figure, a paper or notes is not the area.
_OTHER_ROLE_ASIDE = re.compile(r"\s*\([^()]*\b(?:figures?|fig\.?|paper|see|notes?|legend|panel)\b[^()]*\)\s*$", re.I)


# "CA1 (2 shanks)", "V1 (n = 40 units)": an aside counting the devices or units adds no place to the area.
_DEVICE_ASIDE = re.compile(
    r"\s*\(\s*(?:(?:\d+|one|two|three|four|five|six|eight)\s+(?:shanks?|channels?|tetrodes?|electrodes?|probes?|"
    r"sites?|contacts?|wires?|arrays?|units?|cells?|neurons?)|n\s*=\s*\d+[^()]*)\s*\)\s*$",
    re.I,
)
# "M2 (as we call it)": the lab's own name for the place, kept as said (not mapped to an atlas acronym).
_OWN_NAME_ASIDE = re.compile(
    r"\s*\(\s*(?:as\s+(?:we|I|they|the\s+lab)\s+(?:call|calls|name|names|say|says|write|writes)\s+it|"
    r"(?:our|the\s+lab's|lab)\s+(?:own\s+)?(?:name|naming|term|nomenclature|label))\s*\)\s*$",
    re.I,
)


def normalize_location(text: str) -> RuleResult:
    raw = _LEADING_WORDS.sub("", clean(text))
    own_name = _OWN_NAME_ASIDE.search(raw)
    raw = _OTHER_ROLE_ASIDE.sub(
        "", _DEVICE_ASIDE.sub("", _NO_PART_ASIDE.sub("", raw[: own_name.start()] if own_name else raw))
    )
    bare = re.sub(r"\s*\([^()]*\)\s*$", "", raw).lower()  # "N/A (slice)": the note does not make it an area
    if not raw or bare in {"n/a", "na", "none", "unknown", "?", "-", "recording", "recordings", "imaging", "recorded"}:
        return reject(FIELD, "No brain area was given.", EXAMPLE)
    if len(raw) > 120:
        return reject(FIELD, "That is a description, not a brain area.", EXAMPLE)
    if _COORDINATES.match(raw):  # "AP -2.0, ML 1.5, DV 1.2": stereotaxic coordinates, not an area's name
        return reject(FIELD, f"'{raw}' gives coordinates; which brain area is it?", EXAMPLE)
    if re.match(r"(?:no\b\W*)?(?:not|never)\b", raw, re.I):  # "not CA1": where the recording was not
        return reject(FIELD, f"'{raw}' says where the recording was not; where was it?", EXAMPLE)
    if own_name:
        return accept(FIELD, raw, "Kept as written: the lab's own name for the area.")
    exact = BY_NAME.get(raw.lower())
    if exact:
        full = AREAS[exact][0]
        return accept(FIELD, exact, "" if raw == exact else f"'{raw}' -> {exact} ({full}, Allen CCF).")
    # ("V1 — primary visual cortex", "VTA: ventral tegmental area": a gloss after a dash or a colon, the same)
    named_twice = re.fullmatch(r"([^()]+?)\s*\(([^()]+)\)", raw) or re.fullmatch(
        r"([^()\s][^():–—]*?)(?:\s+[–—-]|\s*[–—:])\s+([^()\s][^():–—]*)", raw
    )
    if named_twice:  # "A1 (primary auditory cortex)": a name and its acronym stand for one area, or it is kept
        both = {normalize_location(part).value for part in named_twice.groups()}
        if len(both) == 1 and (area := both.pop()) in AREAS:
            return accept(FIELD, area, f"'{raw}' -> {area} ({AREAS[area][0]}, Allen CCF).")
    words = set(re.findall(r"[a-z0-9]+", raw.lower())) - _FILLER
    for name, acronym in BY_NAME.items():
        if words == set(re.findall(r"[a-z0-9]+", name)):
            return accept(FIELD, acronym, f"'{raw}' -> {acronym} ({AREAS[acronym][0]}, Allen CCF).")
    if raw.lower() in AS_SAID and raw[1:].islower() and raw[:1].isupper():
        raw = raw[0].lower() + raw[1:]  # "Auditory cortex recordings were ...": a capital that only starts a sentence
    return accept(FIELD, raw, "Kept as written.")


# "the probe went through RSP, but all units we kept are in SUB": after a "Location:" key, a sentence about the
# probe's path or the units, for the area finder to weigh, not one value.
_SENTENCE_ABOUT_THE_SITE = re.compile(
    r"^\s*(?:the\s+|our\s+|all\s+(?:the\s+)?|both\s+)?(?:probes?|electrodes?|shanks?|tetrodes?|fib(?:er|re)s?|arrays?|"
    r"units|cells|neurons|tracks?|tracts?|implants?)\s+(?:[\w']+\s+){0,3}?"
    r"(?:went|go|goes|passed|pass|passes|was|were|is|are|sat|sit|sits|ran|run|runs|crossed|entered|reached|"
    r"targeted|lay|lie|lies|ended|end)\b",
    re.I,
)


def a_sentence_about_the_site(text: str) -> bool:
    """Whether a keyed location value is a sentence about the probe or the units rather than an area's name."""
    return _SENTENCE_ABOUT_THE_SITE.match(text) is not None


# "this file contains only the CA1 tetrodes", "this session has only V1 units": the area the file's data come from.
_THE_FILES_OWN_BEFORE = re.compile(
    r"\bthis\s+(?:file|dataset|data\s*set|session|recording|upload|nwb\s+file)\s+"
    r"(?:only\s+)?(?:contains|has|holds|includes|is\s+from|comes\s+from|covers)\s+(?:only\s+)?(?:the\s+)?$",
    re.I,
)


def the_files_own(text: str, start: int) -> bool:
    """Whether the area at text[start] is said to be the one this file's data come from."""
    return _THE_FILES_OWN_BEFORE.search(text[max(0, start - 60) : start]) is not None


# "so put both please: 'M1 and PMd'", "write 'dorsal CA1' for it": areas in quotes the person asks to be written.
_REQUESTED_IN_QUOTES = re.compile(
    r"\b(?:put|write|use|enter|store)\b[^.'\"‘“\n]{0,40}?[:\s]\s*['\"‘“](?P<value>[^'\"’”\n]{1,60})['\"’”]", re.I
)


def requested_in_quotes(text: str) -> str:
    """The areas in quotes the person asks to be written ('' when none, or when the quotes hold anything else)."""
    for match in _REQUESTED_IN_QUOTES.finditer(text):
        value = match.group("value").strip()
        area = find_area(value)
        if area is not None and area[2] == len(value) and _ACRONYMS_LISTED_BEFORE.fullmatch(value[: area[1]]):
            return value
    return ""


# "'ALM and dorsal striatum'": area acronyms the table does not hold, listed before one it does.
_ACRONYMS_LISTED_BEFORE = re.compile(r"(?:[A-Z][A-Za-z0-9]{1,5}(?:\s*,\s*|\s+and\s+|\s*&\s*|\s*\+\s*))*")


# "two arrays, one in primary motor cortex and one in dorsal premotor cortex": a second site said after it.
_ANOTHER_SITE_AFTER = re.compile(
    r"(?:\s*[,;]\s*(?:and\s+|plus\s+)?|\s+(?:and|plus)\s+)(?:one|another|the\s+other|a\s+second)\s+(?:\w+\s+)?"
    r"(?:in|into|over|at|on)\b",
    re.I,
)


def another_site_after(text: str, end: int) -> bool:
    return _ANOTHER_SITE_AFTER.match(text, end) is not None


# "description 'Ex vivo retina on a multi-electrode array'": an area in quotes given as another field's value.
_QUOTED_OTHER_FIELD = re.compile(
    r"\b(?:description|keywords?|title|notes?|comments?|protocol)\s*[:=]?\s*['\"‘“][^'\"’”\n]{1,300}['\"’”]", re.I
)


def in_another_fields_quotes(text: str, start: int) -> bool:
    """Whether the area at text[start] is inside a quoted value of another field (a description, keywords)."""
    return any(m.start() < start < m.end() for m in _QUOTED_OTHER_FIELD.finditer(text))


# "vole PVL-6 — Microtus ochrogaster — ♂ — 42 g — LS", "fly F-2 / female / antennal lobe": a notebook line of the
# animal's values in cells; its last cell, when it names an area, is the recording site.
# ("cat C-2 → 3 kg → area 17", "mouse ION-7 ▸ ♂ ▸ VTA", "ferret F-7, ♀, 0.7 kg, 6 mo, A1": other separators too)
_CELL_SEPARATOR = r"(?:\s[—–/|~▸·✦✔→:]\s|\s*\*\*\s*|\s(?:->|>>|=>|::|//)\s|[,;]\s)"
_LAST_CELL = re.compile(
    rf"{_CELL_SEPARATOR}(?P<cell>(?:(?!{_CELL_SEPARATOR})[^—–/|~*▸·✦✔→,;\n]){{1,40}}?)\s*(?:\*\*)?\s*$"
)
_HEAD_NOUN_CELL = re.compile(
    r"(?:[a-z-]+\s+){0,2}(?:lobes?|ganglion|ganglia|nucleus(?:\s+[a-z]+)?|cortex|pallium|tectum|nerve|cord|ridge|"
    r"body|bodies)|area\s+\d{1,2}[a-z]?|Area\s+X|Field\s+L",
    re.I,
)
# "| SCN", "— left STN", "/ RA (right)", "| LIP + FEF": an acronym the table does not hold, as the last cell
# of a line of the animal's values (a side before or after it, or several joined by "+").
_ACRONYM_CELL = re.compile(
    r"(?:(?:left|right)\s+)?[A-Z]{2,5}(?:\s*\((?:left|right)\))?(?:\s*\+\s*[A-Z]{2,5}(?:\s*\((?:left|right)\))?)*"
)
# Short capitals in that place that name no area: a genotype's, a strain's or a note's.
_NOT_AN_AREA_CELL = {
    "WT", "KO", "HET", "HOM", "TBD", "NA", "OK", "PI", "SD", "LE", "ICR", "FVB", "CBA", "DBA", "BALB", "CD", "NMRI",
    "GFP", "YFP", "RFP", "CRE", "AAV", "DIO", "EEG", "EMG", "ECG", "LFP", "MUA", "USA", "UK", "EU", "NIH", "DPF",
}  # fmt: skip


def last_cell_area(text: str) -> tuple[str, int, int] | None:
    """The area in the last cell of a line of the animal's values (a separator or more before it)."""
    line_start = text.rfind("\n") + 1
    line = text[line_start:]
    cell = _LAST_CELL.search(line)
    if cell is None or "\x1f" in line[cell.start("cell") :]:
        return None  # ("ID <an id read>", "body <weight read>": the cell holds a value read, so it is that value's)
    said = cell.group("cell").strip()
    found = find_area(said)
    start = line_start + cell.start("cell")
    if found is not None and found[1] == 0 and found[2] == len(said):
        acronym = said.lower() in BY_NAME and len(said) <= 4
        return None if acronym and not _looks_like_acronym(said) else (found[0], start, start + len(said))
    if _HEAD_NOUN_CELL.fullmatch(said):
        return said, start, start + len(said)
    acronyms = re.findall(r"[A-Z]{2,5}", said)
    if _ACRONYM_CELL.fullmatch(said) and not set(acronyms) & _NOT_AN_AREA_CELL and _cells_before(line) >= 3:
        return said, start, start + len(said)
    return None


def names_an_area(text: str) -> bool:
    """'vertical lobe', 'CA1', 'dorsal striatum': the whole text names a brain area (known, or a structure's
    head noun); a place ('Boston', 'room 3') does not."""
    said = text.strip()
    found = find_area(said)
    return (found is not None and found[1] == 0 and found[2] == len(said)) or bool(_HEAD_NOUN_CELL.fullmatch(said))


def _cells_before(line: str) -> int:
    return len(re.findall(_CELL_SEPARATOR, line))
