"""Species: what people call their animals -> the Latin binomial DANDI and NWB Inspector accept.

`dandischema` installs cleanly but ships no species table (it only types the field); the
table DANDI uses lives in the `dandi` client (`dandi.metadata.util.species_map`), too heavy a
dependency for one list. This table follows it (same names and NCBI Taxonomy ids), adds the
other species common in neurophysiology, and links each to its NCBITaxon term IRI, the form
NWB Inspector's `check_subject_species_form` accepts besides the binomial. It is served to the
web app (GET /api/metadata/fields), which keeps no copy.

Precision first: a name that says exactly one species ("mouse", "rhesus", "zebrafish") is
stored; a broader one ("monkey", "macaque", "fly", "frog") or a misspelling is asked back
("Did you mean rhesus macaque (Macaca mulatta)?") and stored only once confirmed.
A strain or genotype given with the species ("C57BL/6 mouse", "Ai14 x Pvalb-Cre mice") is
kept in `strain` / `genotype` (strains.py).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from ..domain import ValueProposal
from .result import RuleResult, accept, ask_back, clean, reject
from .strains import species_of_strain, strain_and_genotype

FIELD = "species"
NCBI_TAXON_IRI = "http://purl.obolibrary.org/obo/NCBITaxon_{}"
EXAMPLE = "'mouse', 'Mus musculus' or 'C57BL/6J mouse'"


@dataclass(frozen=True)
class Species:
    latin: str
    common: str
    taxon_id: int
    aliases: tuple[str, ...] = ()  # names that say exactly this species

    @property
    def url(self) -> str:
        return NCBI_TAXON_IRI.format(self.taxon_id)

    @property
    def label(self) -> str:
        return f"{self.common} ({self.latin})"


SPECIES: tuple[Species, ...] = (
    Species(
        "Mus musculus", "house mouse", 10090, ("mouse", "mice", "lab mouse", "laboratory mouse", "laboratory mice")
    ),
    Species("Rattus norvegicus", "Norway rat", 10116, ("rat", "rats", "brown rat", "lab rat", "laboratory rat")),
    Species("Rattus rattus", "black rat", 10117, ("black rat",)),
    Species(
        "Homo sapiens",
        "human",
        9606,
        ("humans", "person", "people", "patient", "patients", "participant", "participants"),
    ),
    Species("Macaca mulatta", "rhesus macaque", 9544, ("rhesus", "rhesus monkey", "rhesus monkeys", "rhesus macaques")),
    Species(
        "Macaca fascicularis",
        "crab-eating macaque",
        9541,
        ("cynomolgus", "cynomolgus monkey", "cynomolgus macaque", "long-tailed macaque", "cyno"),
    ),
    Species(
        "Macaca nemestrina", "pig-tailed macaque", 9545, ("pigtail macaque", "pigtail monkey", "pig-tailed monkey")
    ),
    Species("Macaca fuscata", "Japanese macaque", 9542, ("japanese macaques", "japanese monkey", "snow monkey")),
    Species("Macaca radiata", "bonnet macaque", 9548, ("bonnet macaques", "bonnet monkey")),
    Species("Callithrix jacchus", "common marmoset", 9483, ("marmoset", "marmosets")),
    Species("Saimiri sciureus", "common squirrel monkey", 9521),
    Species("Saimiri boliviensis", "Bolivian squirrel monkey", 27679, ("black-capped squirrel monkey",)),
    Species("Aotus nancymaae", "Nancy Ma's night monkey", 37293, ("ma's night monkey",)),
    Species("Aotus trivirgatus", "three-striped night monkey", 9505, ("northern owl monkey",)),
    Species("Microcebus murinus", "gray mouse lemur", 30608, ("mouse lemur", "grey mouse lemur")),
    Species("Pan troglodytes", "chimpanzee", 9598, ("chimp",)),
    Species("Danio rerio", "zebrafish", 7955, ("zebra fish", "zebra-fish", "zebrafish larva", "zebrafish larvae")),
    Species("Drosophila melanogaster", "fruit fly", 7227, ("fruit flies", "fruitfly", "melanogaster")),
    Species("Caenorhabditis elegans", "C. elegans", 6239, ("c elegans",)),
    Species("Meriones unguiculatus", "Mongolian gerbil", 10047, ("mongolian jird", "mongolian gerbils")),
    Species("Microtus ochrogaster", "prairie vole", 79684, ("prairie voles",)),
    Species("Canis lupus familiaris", "dog", 9615, ("dogs",)),
    Species("Felis catus", "cat", 9685, ("cats",)),
    Species("Mustela putorius furo", "ferret", 9669, ("ferrets",)),
    Species("Oryctolagus cuniculus", "rabbit", 9986, ("rabbits",)),
    Species("Sus scrofa", "pig", 9823, ("pigs", "minipig", "minipigs")),
    Species("Ovis aries", "sheep", 9940),
    Species("Bos taurus", "cattle", 9913, ("cow", "cows")),
    Species("Cavia porcellus", "guinea pig", 10141, ("guinea pigs",)),
    Species("Mesocricetus auratus", "golden hamster", 10036, ("syrian hamster",)),
    Species("Peromyscus maniculatus", "deer mouse", 10042, ("deer mice",)),
    Species("Heterocephalus glaber", "naked mole-rat", 10181, ("naked mole rat",)),
    Species("Octodon degus", "degu", 10160, ("degus",)),
    Species("Tupaia belangeri", "northern tree shrew", 37347, ("northern treeshrew",)),
    Species("Tupaia chinensis", "Chinese tree shrew", 246437, ("chinese treeshrew",)),
    Species("Taeniopygia guttata", "zebra finch", 59729, ("zebra finches",)),
    Species("Serinus canaria", "common canary", 9135, ("canary", "canaries")),
    Species("Melospiza melodia", "song sparrow", 44393, ("song sparrows",)),
    Species("Gallus gallus", "chicken", 9031, ("chick", "chicks", "chickens")),
    Species("Tyto alba", "barn owl", 56313, ("barn owls",)),
    Species("Columba livia", "rock pigeon", 8932, ("pigeon", "pigeons", "rock dove", "homing pigeon")),
    Species("Corvus corone", "carrion crow", 56781, ("carrion crows",)),
    Species("Coturnix japonica", "Japanese quail", 93934, ("japanese quails",)),
    Species("Rousettus aegyptiacus", "Egyptian fruit bat", 9407, ("egyptian fruit bats", "egyptian rousette")),
    Species("Eptesicus fuscus", "big brown bat", 29078, ("big brown bats",)),
    Species("Carollia perspicillata", "Seba's short-tailed bat", 40233, ("short-tailed bat", "short-tailed bats")),
    Species("Xenopus laevis", "African clawed frog", 8355, ("clawed frog",)),
    Species("Xenopus tropicalis", "western clawed frog", 8364),
    Species("Ambystoma mexicanum", "axolotl", 8296),
    Species("Apis mellifera", "honey bee", 7460, ("honeybee", "honeybees", "honey bees")),
    Species("Aplysia californica", "California sea hare", 6500),
    Species("Lymnaea stagnalis", "great pond snail", 6523, ("pond snail", "pond snails")),
    Species("Octopus bimaculoides", "California two-spot octopus", 37653),
    Species("Octopus vulgaris", "common octopus", 6645),
)

BY_LATIN = {s.latin.lower(): s for s in SPECIES}
BY_TAXON = {s.taxon_id: s for s in SPECIES}
# Names that say exactly one species: its Latin name, its common name, its aliases.
EXACT = {name: s for s in SPECIES for name in (s.latin.lower(), s.common.lower(), *s.aliases)}


def _abbreviated_genus(latin: str) -> str:
    """'Macaca mulatta' -> 'm. mulatta': the Latin name with its genus cut to the initial, as papers write it."""
    genus, _, rest = latin.lower().partition(" ")
    return f"{genus[0]}. {rest}"


# "M. mulatta", "C. jacchus": the abbreviated form says exactly one species when no other in the table shares it.
_ABBREVIATED = [_abbreviated_genus(s.latin) for s in SPECIES if " " in s.latin]
for _species in SPECIES:
    if " " in _species.latin and _ABBREVIATED.count(_abbreviated_genus(_species.latin)) == 1:
        EXACT.setdefault(_abbreviated_genus(_species.latin), _species)
# Broader names: several species (or a genus) answer to them; the likeliest first.
BROAD: dict[str, tuple[str, ...]] = {
    name: tuple(latins)
    for names, latins in (
        (
            (
                "monkey",
                "monkeys",
                "macaque",
                "macaques",
                "macaque monkey",
                "macaque monkeys",
                "nonhuman primate",
                "non-human primate",
                "nhp",
            ),
            ("Macaca mulatta", "Macaca fascicularis", "Macaca nemestrina"),
        ),
        (("fly", "flies", "drosophila"), ("Drosophila melanogaster",)),
        (("frog", "frogs", "xenopus"), ("Xenopus laevis", "Xenopus tropicalis")),
        (("worm", "worms", "nematode", "nematodes"), ("Caenorhabditis elegans",)),
        (("bat", "bats", "fruit bat", "fruit bats"), ("Rousettus aegyptiacus", "Eptesicus fuscus")),
        (("finch", "finches", "songbird", "songbirds"), ("Taeniopygia guttata",)),
        (("owl", "owls"), ("Tyto alba",)),
        (("quail", "quails"), ("Coturnix japonica",)),
        (("fish",), ("Danio rerio",)),
        (("gerbil", "gerbils"), ("Meriones unguiculatus",)),
        (("hamster", "hamsters"), ("Mesocricetus auratus",)),
        (("tree shrew", "tree shrews", "treeshrew"), ("Tupaia belangeri", "Tupaia chinensis")),
        (("squirrel monkey", "squirrel monkeys", "saimiri"), ("Saimiri sciureus", "Saimiri boliviensis")),
        (
            ("owl monkey", "owl monkeys", "night monkey", "night monkeys", "aotus"),
            ("Aotus nancymaae", "Aotus trivirgatus"),
        ),
        (("bee", "bees"), ("Apis mellifera",)),
        (("octopus",), ("Octopus bimaculoides", "Octopus vulgaris")),
        (("aplysia", "sea hare"), ("Aplysia californica",)),
        (("mole rat", "mole-rat"), ("Heterocephalus glaber",)),
        (("primate", "primates"), ("Macaca mulatta", "Callithrix jacchus")),
        (("rodent", "rodents"), ("Mus musculus", "Rattus norvegicus")),
    )
    for name in names
}
ALL_NAMES = {**{name: (s.latin,) for name, s in EXACT.items()}, **BROAD}
_TAXON_URL = re.compile(r"(?:https?://purl\.obolibrary\.org/obo/)?NCBITaxon[_:](\d+)", re.I)
_BINOMIAL = re.compile(r"^[A-Z][a-z]+ [a-z]+$")
# How Latin species names end ("musculus", "rerio", "mulatta", "maniculatus", "belangeri", "caroliniensis").
_LATIN_EPITHET = re.compile(r"(?:us|um|a|ae|is|i|ii|ensis|oides|ax|ix|ex|ys|os|on|er|ans|ens)$")
# Words around a species name that are neither species nor strain ("an adult male mouse").
FILLER = {
    "a", "an", "the", "it", "it's", "its", "is", "was", "they", "are", "were", "adult", "young", "old", "aged",
    "male", "female", "males", "females", "wild", "lab", "laboratory", "animal", "animals", "strain", "species",
    "subject", "of", "our", "my", "one", "two", "juvenile", "pup", "pups", "larva", "larvae", "this", "these",
    "we", "used", "use", "i", "and", "with", "from",
}  # fmt: skip


def find_species(name: str) -> Species | None:
    return EXACT.get(name.strip().lower())


@lru_cache(maxsize=1)
def _names_longest_first() -> list[str]:
    return sorted(ALL_NAMES, key=len, reverse=True)


# "x fascicularis", "× M. fascicularis", "(cynomolgus) hybrid": a cross named after the species word.
_CROSS_AFTER = re.compile(
    r"\s*(?:x|×)\s+(?:[A-Z][a-z]+\s+|[A-Z]\.\s*)?[a-z]{3,}|(?:\s+[a-z.]+){0,3}?\s+(?:hybrids?|crossbreds?)\b"
)


def species_name_in(text: str) -> re.Match[str] | None:
    """The longest species name (exact or broad) in `text`, as a match on the lowered text."""
    lowered = text.lower()
    for name in _names_longest_first():
        match = re.search(rf"(?<![\w/-]){re.escape(name)}(?![\w/-])", lowered)
        if match:
            return match
    return None


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
    match = species_name_in(raw)
    if match:
        said = match.group(0)
        subspecies = subspecies_after(raw, *match.span())
        if subspecies:  # "Sus scrofa domesticus": a trinomial said is kept as said, not widened to its species
            return _trinomial(raw[match.start() : subspecies.end()], EXACT[said])
        if _CROSS_AFTER.match(raw, match.end()):  # "Macaca mulatta x fascicularis hybrid": not one species
            crossed = [BY_LATIN[latin.lower()] for latin in ALL_NAMES[said]]
            return _ask(raw, crossed, {}, broader=True, why="names a cross of species")
        rest = (raw[: match.start()] + " " + raw[match.end() :]).strip(" ,;()")
        extra = strain_and_genotype(rest)
        if said in EXACT:
            return _stored(EXACT[said], raw, extra)
        return _ask(raw, [BY_LATIN[latin.lower()] for latin in BROAD[said]], extra, broader=True)
    extra = strain_and_genotype(raw)
    strain = extra.get("strain")
    latin = species_of_strain(strain) if strain else None
    if latin:
        species = BY_LATIN[latin.lower()]
        return _stored(species, raw, extra, inferred=True)
    if _BINOMIAL.fullmatch(raw):
        return accept(FIELD, raw, f"{raw} is not in DANDI's species table; kept as the Latin name you gave.")
    if _unknown_trinomial(raw):  # "Lonchura striata domestica": a subspecies said is kept as said
        return accept(FIELD, raw, f"{raw} is not in DANDI's species table; kept as the Latin name you gave.")
    if len(raw.split()) == 2 and _BINOMIAL.fullmatch(raw[:1].upper() + raw[1:].lower()):
        fixed = raw[:1].upper() + raw[1:].lower()
        if not _LATIN_EPITHET.search(raw):  # "big brown", "see notes": two English words, not a Latin name
            return ask_back(
                FIELD,
                f"Is '{fixed}' the Latin name of the species? ('{raw}' is not in DANDI's species table.)",
                [ValueProposal(value=fixed, label=fixed)],
                "'Mus musculus' or 'mouse'",
            )
        return accept(FIELD, fixed, f"Capitalised as a Latin binomial: {fixed} (not in DANDI's species table).")
    of_genus = [s for s in SPECIES if s.latin.split()[0].lower() == raw.lower()]
    if of_genus:  # "macaca": a genus alone names several species (or one the table holds, still asked)
        return _ask(raw, of_genus, {}, broader=True)
    close = difflib.get_close_matches(raw.lower(), list(ALL_NAMES), n=1, cutoff=0.8)
    if close:
        return _ask(raw, [BY_LATIN[latin.lower()] for latin in ALL_NAMES[close[0]]], {}, broader=False)
    return reject(
        FIELD,
        f"'{raw}' is not a species I know.",
        f"{EXAMPLE}; for other species the Latin name, e.g. 'Sminthopsis crassicaudata'",
    )


# Words after a Latin binomial that end as Latin epithets do but are English ("Mus musculus versus ...").
_ENGLISH_ENDING_AS_LATIN = {"versus", "plus", "thus", "minus", "status", "corpus", "campus", "bonus", "data", "area",
                            "media", "via", "circa", "extra", "mania", "this", "is"}  # fmt: skip
_SUBSPECIES = re.compile(r"[ \t]+(?P<epithet>[a-z]{4,})(?![\w-])")
# "Aplysia californica ganglia", "Xenopus laevis oocytes", "Danio rerio larvae": a tissue, a preparation or
# a life stage after the binomial is what was recorded from the animal, no third word of its name.
_TISSUE_OR_STAGE = {
    "ganglia", "ganglion", "neurons", "neuron", "cells", "cell", "slices", "slice", "tissue", "tissues", "brain",
    "brains", "retina", "retinae", "retinas", "cortex", "cochlea", "hippocampus", "cerebellum", "nucleus", "medulla",
    "spinal", "cord", "nerve", "nerves", "muscle", "muscles", "organoids", "cultures", "culture", "explants",
    "preparation", "preparations", "prep", "oocytes", "oocyte", "eggs", "embryo", "embryos", "larva", "larvae",
    "pupa", "pupae", "tadpole", "tadpoles", "juvenile", "juveniles", "adults", "antenna", "antennae", "mantle",
    "arm", "arms", "optic", "lobe", "lobes", "abdominal", "buccal", "pedal", "pleural", "cerebral", "heart",
    "hearts", "tentacle", "tentacles", "axon", "axons", "synapse", "synapses", "specimen", "specimens",
}  # fmt: skip


_TRINOMIAL = re.compile(r"[A-Z][a-z]+ [a-z]{3,} (?P<epithet>[a-z]{4,})")


def _unknown_trinomial(raw: str) -> bool:
    """'Trachemys scripta elegans': a genus, a species and a Latin third word (no tissue, stage or English word)."""
    trinomial = _TRINOMIAL.fullmatch(raw)
    if trinomial is None:
        return False
    epithet = trinomial.group("epithet")
    return bool(_LATIN_EPITHET.search(epithet)) and epithet not in (
        _ENGLISH_ENDING_AS_LATIN | FILLER | _TISSUE_OR_STAGE
    )


def subspecies_after(text: str, start: int, end: int) -> re.Match[str] | None:
    """The third word of a trinomial ("Sus scrofa domesticus", "Peromyscus maniculatus bairdii") after the
    Latin binomial said at text[start:end], or None."""
    said = text[start:end]
    species = EXACT.get(said.lower())
    if species is None or said.lower() != species.latin.lower() or " " in species.latin.split(" ", 1)[1]:
        return None
    after = _SUBSPECIES.match(text, end)
    epithet = after.group("epithet").lower() if after else ""
    if after is None or epithet in _ENGLISH_ENDING_AS_LATIN or epithet in FILLER or epithet in _TISSUE_OR_STAGE:
        return None
    return after if _LATIN_EPITHET.search(after.group("epithet")) else None


def _trinomial(said: str, species: Species) -> RuleResult:
    name = " ".join(said.split())
    name = name[:1].upper() + name[1:]
    return accept(FIELD, name, f"Kept the subspecies as said: {name} (of {species.latin}, {species.url}).")


def stored_form(species: Species) -> str:
    """NWB Inspector accepts a binomial or the taxon link; a trinomial is stored as its link."""
    return species.latin if _BINOMIAL.fullmatch(species.latin) else species.url


def _stored(species: Species, raw: str, extra: dict[str, str], inferred: bool = False) -> RuleResult:
    if inferred:
        note = f"{extra['strain']} is a strain of {species.common}: species {species.latin} ({species.url})."
    elif raw == species.latin and not extra:
        note = f"{species.latin} ({species.url})."
    else:
        note = f"'{raw}' -> {species.latin} ({species.url})."
    kept = [f"{name} {value}" for name, value in extra.items() if not (inferred and name == "strain")]
    if kept:
        note += " Kept: " + "; ".join(kept) + "."
    value = stored_form(species)
    if value != species.latin:
        note += f" Stored as its NCBI Taxonomy link, since {species.latin} is not a two-word name."
    return accept(FIELD, value, note, **extra)


def _ask(raw: str, candidates: list[Species], extra: dict[str, str], broader: bool, why: str = "") -> RuleResult:
    proposals = [ValueProposal(value=stored_form(s), label=s.label, extra=dict(extra)) for s in candidates]
    first = candidates[0]
    why = why or ("names more than one species" if broader else "is not a name I know exactly")
    return ask_back(FIELD, f"Did you mean {first.label}? ('{raw}' {why}.)", proposals, EXAMPLE)


def table() -> list[dict[str, object]]:
    """The species table as served to the web app: every exact name, and the broad ones to ask back."""
    return [
        {
            "latin": s.latin,
            "common": s.common,
            "taxon_id": s.taxon_id,
            "url": s.url,
            "stored_as": stored_form(s),
            "names": sorted({s.common.lower(), *s.aliases}),
        }
        for s in SPECIES
    ]
