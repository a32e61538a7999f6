"""Electrode location: what people call a brain area -> a consistent name.

Known areas are stored as the Allen Mouse Brain Atlas (CCF) acronym, the vocabulary NWB's
best practices point to and the sample metadata uses ("VISp"); the note gives the full name so
nothing is lost. Other areas are kept as written (free text is valid in NWB)."""

from __future__ import annotations

import re

from .result import RuleResult, accept, clean, reject

FIELD = "electrode_location"
EXAMPLE = "'V1', 'hippocampus CA1' or 'VISp'"
# acronym -> (full name, other names people use)
AREAS: dict[str, tuple[str, tuple[str, ...]]] = {
    "VISp": ("primary visual area", ("v1", "visp", "primary visual cortex", "visual cortex", "striate cortex")),
    "VISl": ("lateral visual area", ("lm", "visl", "lateral visual area")),
    "MOp": ("primary motor area", ("m1", "mop", "primary motor cortex", "motor cortex")),
    "MOs": ("secondary motor area", ("m2", "mos", "secondary motor cortex")),
    "SSp": ("primary somatosensory area", ("s1", "ssp", "primary somatosensory cortex", "somatosensory cortex")),
    "SSp-bfd": ("primary somatosensory area, barrel field", ("barrel cortex", "ssp-bfd", "barrel field")),
    "AUDp": ("primary auditory area", ("a1", "audp", "primary auditory cortex", "auditory cortex")),
    "RSP": ("retrosplenial area", ("rsp", "retrosplenial cortex", "rsc")),
    "PL": ("prelimbic area", ("pl", "prelimbic cortex", "prelimbic")),
    "ILA": ("infralimbic area", ("il", "ila", "infralimbic cortex")),
    "ACA": ("anterior cingulate area", ("acc", "aca", "anterior cingulate cortex", "cingulate cortex")),
    "ORB": ("orbital area", ("ofc", "orb", "orbitofrontal cortex")),
    "PFC": ("prefrontal cortex", ("pfc", "mpfc", "medial prefrontal cortex", "prefrontal cortex")),
    "PTLp": ("posterior parietal association areas", ("ppc", "posterior parietal cortex", "parietal cortex")),
    "ENTm": ("entorhinal area, medial part", ("mec", "medial entorhinal cortex")),
    "ENT": ("entorhinal area", ("ec", "entorhinal cortex")),
    "HPF": ("hippocampal formation", ("hippocampus", "hpc", "hippocampal formation")),
    "CA1": ("field CA1", ("ca1", "hippocampus ca1", "hippocampal ca1")),
    "CA3": ("field CA3", ("ca3", "hippocampus ca3")),
    "DG": ("dentate gyrus", ("dg", "dentate gyrus")),
    "SUB": ("subiculum", ("subiculum",)),
    "STR": ("striatum", ("striatum", "str")),
    "CP": ("caudoputamen", ("cp", "caudoputamen", "dorsal striatum", "dms", "dls")),
    "ACB": ("nucleus accumbens", ("nac", "acb", "nucleus accumbens", "accumbens", "ventral striatum")),
    "GPe": ("globus pallidus, external segment", ("gpe", "globus pallidus")),
    "TH": ("thalamus", ("thalamus", "th")),
    "LGd": ("dorsal part of the lateral geniculate complex", ("lgn", "dlgn", "lgd", "lateral geniculate nucleus")),
    "HY": ("hypothalamus", ("hypothalamus", "hy")),
    "LHA": ("lateral hypothalamic area", ("lh", "lha", "lateral hypothalamus")),
    "BLA": ("basolateral amygdalar nucleus", ("bla", "basolateral amygdala")),
    "AMY": ("amygdala", ("amygdala", "amy")),
    "CEA": ("central amygdalar nucleus", ("cea", "central amygdala")),
    "VTA": ("ventral tegmental area", ("vta", "ventral tegmental area")),
    "SNc": ("substantia nigra, compact part", ("snc", "substantia nigra", "substantia nigra pars compacta")),
    "SCs": ("superior colliculus, sensory related", ("sc", "scs", "superior colliculus")),
    "IC": ("inferior colliculus", ("inferior colliculus",)),
    "PAG": ("periaqueductal gray", ("pag", "periaqueductal gray", "periaqueductal grey")),
    "LC": ("locus ceruleus", ("lc", "locus coeruleus", "locus ceruleus")),
    "DR": ("dorsal nucleus raphe", ("drn", "dorsal raphe", "dorsal raphe nucleus")),
    "CB": ("cerebellum", ("cerebellum", "cb")),
    "MOB": ("main olfactory bulb", ("ob", "olfactory bulb", "mob")),
    "PIR": ("piriform area", ("piriform cortex", "pir", "piriform")),
    "CLA": ("claustrum", ("claustrum", "cla")),
    "ZI": ("zona incerta", ("zi", "zona incerta")),
    "LS": ("lateral septal nucleus", ("ls", "lateral septum")),
    "MS": ("medial septal nucleus", ("ms", "medial septum")),
    "AI": ("agranular insular area", ("insula", "insular cortex", "ai")),
}
BY_NAME = {name: acronym for acronym, (_, names) in AREAS.items() for name in names}
# Short acronyms that are ordinary words or other things in prose; only trusted in a direct answer.
_AREA_FILLER = {
    "the",
    "in",
    "of",
    "area",
    "region",
    "recording",
    "recordings",
    "brain",
    "mouse",
    "rat",
    "cortex",
    "from",
}
PROSE_UNSAFE = {
    "pl",
    "il",
    "ec",
    "th",
    "hy",
    "lh",
    "sc",
    "lc",
    "cb",
    "ob",
    "ai",
    "ms",
    "ls",
    "cp",
    "str",
    "lm",
    "amy",
    "zi",
    "a1",
    "dg",
    "dr",
}


def find_area(text: str, in_prose: bool = False) -> tuple[str, int, int] | None:
    """The brain area named in `text`: (acronym, start, end), longest name first."""
    lowered = text.lower()
    for name in sorted(BY_NAME, key=len, reverse=True):
        if in_prose and name in PROSE_UNSAFE:
            continue
        match = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", lowered)
        if match:
            return BY_NAME[name], match.start(), match.end()
    return None


def normalize_location(text: str) -> RuleResult:
    raw = clean(text)
    if not raw or raw.lower() in {"n/a", "na", "none", "unknown", "?"}:
        return reject(FIELD, "No brain area was given.", EXAMPLE)
    exact = BY_NAME.get(raw.lower())
    if exact:
        full = AREAS[exact][0]
        return accept(FIELD, exact, "" if raw == exact else f"'{raw}' -> {exact} ({full}, Allen CCF).")
    if len(raw) > 120:
        return reject(FIELD, "That is a description, not a brain area.", EXAMPLE)
    found = find_area(raw)
    if found:
        acronym, start, end = found
        rest = set(re.findall(r"[a-z0-9]+", (raw[:start] + " " + raw[end:]).lower()))
        if rest <= _AREA_FILLER:
            return accept(FIELD, acronym, f"'{raw}' -> {acronym} ({AREAS[acronym][0]}, Allen CCF).")
        # More detail than the name alone (a layer, a side): keep the user's words.
        return accept(FIELD, raw, f"Kept as written; it names {acronym} ({AREAS[acronym][0]}).")
    return accept(FIELD, raw, f"'{raw}' is not in our list of brain areas; kept as written.")
