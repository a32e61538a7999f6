"""Species: what people call their animals -> the Latin binomial DANDI and NWB Inspector accept.

`dandischema` installs cleanly but ships no species table (it only types the field); the
table DANDI uses lives in the `dandi` client (`dandi.metadata.util.species_map`), too heavy a
dependency for one list. This table follows it (same names and NCBI Taxonomy ids), adds the
other species common in neurophysiology, and links each to its NCBITaxon term IRI, the form
NWB Inspector's `check_subject_species_form` accepts besides the binomial.
A strain given with the species ("C57BL/6 mouse") is kept in `strain`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .result import RuleResult, accept, clean, reject

FIELD = "species"
NCBI_TAXON_IRI = "http://purl.obolibrary.org/obo/NCBITaxon_{}"
EXAMPLE = "'mouse', 'Mus musculus' or 'C57BL/6J mouse'"


@dataclass(frozen=True)
class Species:
    latin: str
    common: str
    taxon_id: int
    aliases: tuple[str, ...] = ()

    @property
    def url(self) -> str:
        return NCBI_TAXON_IRI.format(self.taxon_id)


SPECIES: tuple[Species, ...] = (
    Species("Mus musculus", "house mouse", 10090, ("mouse", "mice", "house mouse", "lab mouse", "laboratory mouse")),
    Species("Rattus norvegicus", "Norway rat", 10116, ("rat", "rats", "norway rat", "brown rat", "lab rat")),
    Species("Rattus rattus", "black rat", 10117, ("black rat",)),
    Species("Homo sapiens", "human", 9606, ("human", "humans", "person", "patient", "participant", "people")),
    Species(
        "Macaca mulatta",
        "rhesus macaque",
        9544,
        ("rhesus", "rhesus macaque", "rhesus monkey", "macaque", "macaques", "monkey"),
    ),
    Species(
        "Macaca fascicularis",
        "crab-eating macaque",
        9541,
        ("cynomolgus", "cynomolgus monkey", "crab-eating macaque", "long-tailed macaque"),
    ),
    Species(
        "Macaca nemestrina", "pig-tailed macaque", 9545, ("pig-tailed macaque", "pigtail macaque", "pigtail monkey")
    ),
    Species("Callithrix jacchus", "common marmoset", 9483, ("marmoset", "common marmoset")),
    Species("Saimiri sciureus", "squirrel monkey", 9521, ("squirrel monkey",)),
    Species("Danio rerio", "zebrafish", 7955, ("zebrafish", "zebra fish", "zebra-fish")),
    Species("Drosophila melanogaster", "fruit fly", 7227, ("fruit fly", "fruitfly", "drosophila", "fly", "flies")),
    Species("Caenorhabditis elegans", "nematode", 6239, ("c. elegans", "c elegans", "worm", "nematode")),
    Species("Meriones unguiculatus", "Mongolian gerbil", 10047, ("gerbil", "mongolian gerbil", "mongolian jird")),
    Species("Canis lupus familiaris", "dog", 9615, ("dog",)),
    Species("Felis catus", "cat", 9685, ("cat",)),
    Species("Mustela putorius furo", "ferret", 9669, ("ferret",)),
    Species("Oryctolagus cuniculus", "rabbit", 9986, ("rabbit",)),
    Species("Sus scrofa", "pig", 9823, ("pig", "minipig")),
    Species("Ovis aries", "sheep", 9940, ("sheep",)),
    Species("Cavia porcellus", "guinea pig", 10141, ("guinea pig",)),
    Species("Mesocricetus auratus", "golden hamster", 10036, ("hamster", "golden hamster", "syrian hamster")),
    Species("Peromyscus maniculatus", "deer mouse", 10042, ("deer mouse",)),
    Species("Heterocephalus glaber", "naked mole-rat", 10181, ("naked mole-rat", "naked mole rat")),
    Species("Tupaia belangeri", "tree shrew", 37347, ("tree shrew",)),
    Species("Taeniopygia guttata", "zebra finch", 59729, ("zebra finch", "finch", "songbird")),
    Species("Gallus gallus", "chicken", 9031, ("chicken", "chick")),
    Species("Tyto alba", "barn owl", 56313, ("barn owl", "owl")),
    Species("Rousettus aegyptiacus", "Egyptian fruit bat", 9407, ("egyptian fruit bat", "fruit bat")),
    Species("Eptesicus fuscus", "big brown bat", 29078, ("big brown bat",)),
    Species("Xenopus laevis", "African clawed frog", 8355, ("xenopus", "clawed frog", "african clawed frog", "frog")),
    Species("Ambystoma mexicanum", "axolotl", 8296, ("axolotl",)),
    Species("Apis mellifera", "honey bee", 7460, ("honey bee", "honeybee", "bee")),
    Species("Aplysia californica", "California sea hare", 6500, ("aplysia", "sea hare")),
    Species("Octopus bimaculoides", "California two-spot octopus", 37653, ("octopus",)),
    Species("Octodon degus", "degu", 10160, ("degu",)),
    Species("Pan troglodytes", "chimpanzee", 9598, ("chimpanzee", "chimp")),
    Species("Bos taurus", "cattle", 9913, ("cow", "cattle")),
)

# Strains (and lines) that by themselves name the species.
STRAINS: dict[str, tuple[str, str]] = {
    "c57bl/6j": ("C57BL/6J", "Mus musculus"),
    "c57bl/6n": ("C57BL/6N", "Mus musculus"),
    "c57bl/6": ("C57BL/6", "Mus musculus"),
    "c57bl6": ("C57BL/6", "Mus musculus"),
    "bl6": ("C57BL/6", "Mus musculus"),
    "b6": ("C57BL/6", "Mus musculus"),
    "balb/c": ("BALB/c", "Mus musculus"),
    "cd-1": ("CD-1", "Mus musculus"),
    "fvb": ("FVB", "Mus musculus"),
    "dba/2": ("DBA/2", "Mus musculus"),
    "swiss webster": ("Swiss Webster", "Mus musculus"),
    "129": ("129", "Mus musculus"),
    "long-evans": ("Long-Evans", "Rattus norvegicus"),
    "long evans": ("Long-Evans", "Rattus norvegicus"),
    "sprague-dawley": ("Sprague-Dawley", "Rattus norvegicus"),
    "sprague dawley": ("Sprague-Dawley", "Rattus norvegicus"),
    "wistar": ("Wistar", "Rattus norvegicus"),
    "lister hooded": ("Lister Hooded", "Rattus norvegicus"),
    "fischer 344": ("Fischer 344", "Rattus norvegicus"),
}

BY_LATIN = {s.latin.lower(): s for s in SPECIES}
BY_ALIAS = {alias: s for s in SPECIES for alias in (s.latin.lower(), s.common.lower(), *s.aliases)}
BY_TAXON = {s.taxon_id: s for s in SPECIES}
_TAXON_URL = re.compile(r"(?:https?://purl\.obolibrary\.org/obo/)?NCBITaxon[_:](\d+)", re.I)
_BINOMIAL = re.compile(r"^[A-Z][a-z]+ [a-z]+$")
# Words around a species name that are neither species nor strain ("an adult male mouse").
_FILLER = {
    "a",
    "an",
    "the",
    "it",
    "it's",
    "its",
    "is",
    "was",
    "they",
    "are",
    "were",
    "adult",
    "young",
    "old",
    "male",
    "female",
    "wild",
    "type",
    "wild-type",
    "wildtype",
    "wt",
    "transgenic",
    "knockout",
    "lab",
    "laboratory",
    "animal",
    "animals",
    "strain",
    "species",
    "subject",
    "of",
    "our",
    "my",
    "one",
    "two",
    "juvenile",
    "pup",
}


def find_species(name: str) -> Species | None:
    return BY_ALIAS.get(name.strip().lower())


def normalize_species(text: str) -> RuleResult:
    raw = clean(text)
    if not raw:
        return reject(FIELD, "The species is empty.", EXAMPLE)
    url = _TAXON_URL.fullmatch(raw)
    if url:
        known = BY_TAXON.get(int(url.group(1)))
        if known:
            return accept(FIELD, known.latin, f"NCBITaxon {known.taxon_id} is {known.latin} ({known.common}).")
        return accept(FIELD, NCBI_TAXON_IRI.format(url.group(1)), "Kept the NCBI Taxonomy link as given.")
    lowered = raw.lower()
    # Longest known name inside the answer; what remains may be a strain.
    for alias in sorted(BY_ALIAS, key=len, reverse=True):
        match = re.search(rf"(?<![\w/-]){re.escape(alias)}(?![\w/-])", lowered)
        if match:
            species = BY_ALIAS[alias]
            rest = (raw[: match.start()] + " " + raw[match.end() :]).strip(" ,;()")
            return _with_strain(species, raw, _strain_in(rest, species))
    strain = _known_strain(lowered)
    if strain:
        species = BY_LATIN[strain[1].lower()]
        return _with_strain(species, raw, strain[0], inferred=True)
    if _BINOMIAL.fullmatch(raw):
        return accept(FIELD, raw, f"{raw} is not in DANDI's species table; kept as the Latin name you gave.")
    if _BINOMIAL.fullmatch(raw[:1].upper() + raw[1:].lower()) and len(raw.split()) == 2:
        fixed = raw[:1].upper() + raw[1:].lower()
        return accept(FIELD, fixed, f"Capitalised as a Latin binomial: {fixed} (not in DANDI's species table).")
    guess = difflib.get_close_matches(lowered, list(BY_ALIAS), n=1, cutoff=0.8)
    if guess:
        species = BY_ALIAS[guess[0]]
        return _with_strain(species, raw, None, note_prefix=f"Read '{raw}' as '{guess[0]}': ")
    return reject(
        FIELD,
        f"'{raw}' is not a species I know.",
        f"{EXAMPLE}; for other species the Latin name, e.g. 'Sminthopsis crassicaudata'",
    )


def _with_strain(
    species: Species, raw: str, strain: str | None, inferred: bool = False, note_prefix: str = ""
) -> RuleResult:
    if raw == species.latin and not strain:
        note = f"{species.latin} ({species.url})."
    elif inferred:
        note = f"{strain} is a strain of {species.common}: species {species.latin} ({species.url})."
    else:
        note = f"'{raw}' -> {species.latin} ({species.url})."
    if strain and not inferred:
        note += f" Strain kept: {strain}."
    extra = {"strain": strain} if strain else {}
    if not _BINOMIAL.fullmatch(species.latin):
        # NWB Inspector accepts a binomial or the taxon link; a trinomial gets the link.
        note += f" Stored as its NCBI Taxonomy link, since {species.latin} is not a two-word name."
        return accept(FIELD, species.url, note_prefix + note, **extra)
    return accept(FIELD, species.latin, note_prefix + note, **extra)


def _known_strain(text: str) -> tuple[str, str] | None:
    for name in sorted(STRAINS, key=len, reverse=True):
        if re.search(rf"(?<![\w/-]){re.escape(name)}(?![\w-])", text):
            return STRAINS[name]
    return None


def _strain_in(rest: str, species: Species) -> str | None:
    known = _known_strain(rest.lower())
    if known and known[1] == species.latin:
        return known[0]
    words = [w for w in re.split(r"\s+", rest) if w and w.lower().strip(",.;") not in _FILLER]
    candidate = " ".join(words).strip(" ,;")
    # Keep only what looks like a strain or line name (C57BL/6, Thy1-GCaMP6s), not free words.
    if candidate and re.search(r"[A-Z].*\d|\d.*[A-Z]|/|[A-Za-z]-[A-Za-z0-9]", candidate) and len(candidate) <= 40:
        return candidate
    return None
