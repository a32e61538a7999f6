"""Strain and genotype, NWB Subject's `strain` and `genotype`: kept as the person wrote them.

A strain is an inbred or outbred line ("C57BL/6J", "Long-Evans"); known ones are written in
their usual spelling and name their species. A genotype is what was engineered into the
animal ("Ai14 x Pvalb-Cre", "Pvalb-IRES-Cre;Ai32", "Thy1-GCaMP6s", "wild-type"): recognised
by the markers of transgenic lines (Cre, Flp, Ai14, GCaMP, ChR2, GFP, +/-, /wt, Tg(...)).
Neither is ever invented nor shortened: "C57BL/6J x CBA/CaJ F1" stays whole.
"""

from __future__ import annotations

import functools
import re

from ..domain import ValueProposal
from .result import RuleResult, accept, ask_back, clean, reject

# lower-case name -> (usual spelling, species). Only spellings of the same strain map to each other:
# "DBA/2J" is a substrain of DBA/2 and stays DBA/2J.
STRAINS: dict[str, tuple[str, str]] = {
    name.lower(): (spelling, species)
    for spelling, species, names in (
        ("C57BL/6J", "Mus musculus", ("C57BL/6J", "C57Bl/6J", "C57BL6/J", "B6J")),
        ("C57BL/6N", "Mus musculus", ("C57BL/6N", "C57Bl/6N", "B6N")),
        ("C57BL/6", "Mus musculus", ("C57BL/6", "C57Bl/6", "C57BL6", "C57 Black 6", "B6", "BL6")),
        ("BALB/cJ", "Mus musculus", ("BALB/cJ", "Balb/cJ")),
        ("BALB/c", "Mus musculus", ("BALB/c", "Balb/c")),
        ("CD-1", "Mus musculus", ("CD-1", "CD1")),
        ("FVB/NJ", "Mus musculus", ("FVB/NJ",)),
        ("FVB/N", "Mus musculus", ("FVB/N",)),
        ("FVB", "Mus musculus", ("FVB",)),
        ("DBA/2J", "Mus musculus", ("DBA/2J",)),
        ("DBA/2", "Mus musculus", ("DBA/2",)),
        ("CBA/CaJ", "Mus musculus", ("CBA/CaJ",)),
        ("CBA/J", "Mus musculus", ("CBA/J", "CBA")),
        ("C3H/HeJ", "Mus musculus", ("C3H/HeJ", "C3H")),
        ("129S6/SvEv", "Mus musculus", ("129S6/SvEv", "129S6")),
        ("129S1/SvImJ", "Mus musculus", ("129S1/SvImJ",)),
        ("129X1/SvJ", "Mus musculus", ("129X1/SvJ",)),
        ("C57BL/10J", "Mus musculus", ("C57BL/10J",)),
        ("NOD/ShiLtJ", "Mus musculus", ("NOD/ShiLtJ",)),
        ("DBA/1J", "Mus musculus", ("DBA/1J",)),
        ("129", "Mus musculus", ("129",)),
        ("Swiss Webster", "Mus musculus", ("Swiss Webster",)),
        ("ICR", "Mus musculus", ("ICR",)),
        ("Long-Evans", "Rattus norvegicus", ("Long-Evans", "Long Evans", "LE")),
        ("Sprague-Dawley", "Rattus norvegicus", ("Sprague-Dawley", "Sprague Dawley", "SD")),
        ("Wistar Han", "Rattus norvegicus", ("Wistar Han", "Wistar-Han", "RccHan:WIST")),
        ("Wistar", "Rattus norvegicus", ("Wistar",)),
        ("New Zealand White", "Oryctolagus cuniculus", ("New Zealand White", "NZW")),
        ("Lister Hooded", "Rattus norvegicus", ("Lister Hooded", "Lister-Hooded")),
        ("Fischer 344", "Rattus norvegicus", ("Fischer 344", "Fischer-344", "F344", "F-344")),
        ("Brown Norway", "Rattus norvegicus", ("Brown Norway",)),
        ("Lewis", "Rattus norvegicus", ("Lewis",)),
        ("Canton-S", "Drosophila melanogaster", ("Canton-S", "Canton S")),
        ("Oregon-R", "Drosophila melanogaster", ("Oregon-R", "Oregon R")),
        ("w1118", "Drosophila melanogaster", ("w1118",)),
        ("AB", "Danio rerio", ("AB",)),
        ("nacre", "Danio rerio", ("nacre",)),
        ("casper", "Danio rerio", ("casper",)),
        ("N2", "Caenorhabditis elegans", ("N2", "N2 Bristol", "Bristol N2")),
    )
    for name in names
}
# Strains named after the allele they carry: said as the genotype, the name is the genotype ("genotype w1118").
ALLELE_NAMED = {"w1118"}
# Short names that are other words in a sentence; trusted only as a whole answer or after "strain".
_SHORT = {
    "129", "b6", "bl6", "le", "sd", "ab", "cba", "icr", "lewis", "nacre", "casper", "fvb", "c3h", "b6j", "b6n", "n2",
}  # fmt: skip
# Lab nicknames of a strain ("B6", "BL6"): not its registered name, so the name they stand for is asked back.
_NICKNAMES = {"b6", "bl6", "b6j", "b6n"}
# Lab slang for the C57 black strains that names no one registered strain ("black 6", "black six", "C57").
_LAB_SLANG_FOR_C57 = re.compile(
    r"(?:(?:c57\s*)?black[\s-]*(?:6|six)|c57(?:\s*black)?)(?:\s+(?:mice|mouse|strain|line|background))?", re.I
)
# Marks of an engineered line in one token.
_MARKER = (
    r"(?:Cre(?:ERT2?)?|Flp[eo]?|Dre|r?tTA|Ai\d+|GCaMP\w*|jGCaMP\w*|j?RGECO\w*|ChR2|ChRmine|Chrimson\w*|GtACR\d|Arch\w*|NpHR|"
    r"[A-Za-z]*GFP|EYFP|YFP|tdTomato|mCherry|RFP|Cas9|DREADD|hM[34]Dq?|Tg\(|TITL|IRES\d?|"
    r"(?<![A-Za-z])(?:GAL4|Gal4|LexA|LexAop|UAS|QF2|QUAS)(?![a-z])|"  # the fly's binary expression systems
    # disease models named by their construct ("5xFAD", "R6/2", "APPswe/PS1dE9")
    r"(?<![\w-])(?:5xFAD|3xTg(?:-AD)?|R6/2|APPswe|PS1dE9|zQ175|YAC128|BACHD)(?![\w-])|"
    r"(?<=[A-Za-z0-9]-)null(?![\w-])|"  # "Mecp2-null": a knockout allele
    r"(?<![A-Za-z])KO(?![\w-])|fl/fl|fl/\+|flox(?:ed)?|\+/[-+]|-/-|/wt|/\+|[-+]/[yY](?![\w]))"  # "Fmr1-/y": X-linked
)
_TOKEN = r"[A-Za-z0-9][\w\-().:/+]*"
# One allele or line; ";" inside a token joins alleles written without a space ("Pvalb-Cre;Ai32"), and a
# bracketed line name right after belongs to it ("Thy1-GCaMP6s (GP4.3)").
_GENE_TOKEN = (
    rf"(?=[\w\-().:/+]*{_MARKER})[A-Za-z0-9][\w\-().:/+]*(?:;[\w\-().:/+]+)*"
    r"(?:\s\((?=[^)\s]*\d)[A-Za-z0-9.\-]{1,12}\))?"
    r"(?:\s+line\s+(?=[\w.\-]*\d)[A-Za-z0-9.\-]{1,12}(?![\w-]))?"  # "Thy1-ChR2-YFP line 18": the line is part of it
)
# The next word is another allele ("Pvalb-Cre; Ai32"): a "; " before it joins, before anything else it ends.
ALLELE_AHEAD = rf"(?=[\w\-().:/+]*{_MARKER})"
# (">" joins a fly's driver to its effector: "R58E02-GAL4>UAS-GCaMP7f" is one genotype)
_JOIN = r"\s*(?:x|×|;|and|>)\s*"
# "w1118; UAS-GCaMP6m/+; nSyb-GAL4/+": a fly's genotype lists its chromosomes from the first, background allele
# included; an allele-named strain before "; " and an allele is the genotype's first part, not the strain.
# ("w[1118]; ...", "y[1] w[*]; ...": FlyBase's bracketed allele names of the background, the same first part)
_FLYBASE_ALLELES = r"[a-z]{1,3}\[[\w*+-]{1,8}\](?:\s+[a-z]{1,3}\[[\w*+-]{1,8}\]){0,3}"
_FIRST_CHROMOSOME = rf"(?:(?:{'|'.join(sorted(ALLELE_NAMED))}|{_FLYBASE_ALLELES})\s*;\s*(?={_GENE_TOKEN}))?"
# Janelia's fly driver lines, named without their GAL4: split lines ("SS01062", "MB077B", "OL0017B") and
# Generation 1 lines ("R58E02", "GMR22D06", "VT019012"); before ">" they are the genotype's driver.
_FLY_DRIVER = r"(?:SS\d{5}|MB\d{3}[A-C]|OL\d{4}[A-C]|(?:GMR|R)\d{2}[A-H]\d{2}|VT\d{5,6})"
_DRIVER_BEFORE = rf"(?:{_FLY_DRIVER}\s*>\s*)?"
GENOTYPE_PHRASE = re.compile(
    rf"(?<![\w/-])(?:{_FIRST_CHROMOSOME}|{_DRIVER_BEFORE}){_GENE_TOKEN}(?:{_JOIN}{_GENE_TOKEN})*(?![\w])"
)
WILD_TYPE = re.compile(r"(?<![\w-])(?:wild[\s-]?type|wildtype|WT)(?![\w-])", re.I)
_STRAIN_NAMES = sorted(STRAINS, key=len, reverse=True)
STRAIN_PHRASE = re.compile(
    r"(?<![\w/-])(?:"
    + "|".join(re.escape(n) for n in _STRAIN_NAMES)
    # "C57BL/6JRj", "C57BL/6NCrl": a substrain's lab code after a name with a "/" is part of what was said
    # ("129S6/SvEvTac": after a longer name after the "/" too)
    + r")(?:(?<=/\w)(?:[A-Z][a-z]{1,3}){1,3}|(?<=/\w\w)(?:[A-Z][a-z]{1,3}){1,3}|(?<=/\w{4})(?:[A-Z][a-z]{1,3}){1,2})?"
    + r"(?:\s*(?:x|×)\s*(?:"
    + "|".join(re.escape(n) for n in _STRAIN_NAMES)
    # "C57BL/6J x 129S1 F1": the other parent of a cross may be a strain the table does not hold (not a line)
    + rf"|(?![\w\-().:/+]*{_MARKER})[A-Z0-9][\w/\-]*(?=\s+F[12]\b)))?(?:\s+F[12])?(?![\w/-])",
    re.I,
)


_GENOTYPE_KEY_BEFORE = re.compile(r"\bgenotypes?\s*(?:(?:is|was|:|=|-)\s*)?$", re.I)


def keyed_as_genotype(text: str, start: int) -> bool:
    """'genotype w1118', 'genotype: C57BL/6J': a name said as the genotype is never also read as the strain."""
    return bool(_GENOTYPE_KEY_BEFORE.search(text[max(0, start - 20) : start]))


def species_of_strain(strain: str) -> str | None:
    """The species a known strain (or a substrain of one, "C57BL/6JRj") names, as its Latin name."""
    lowered = strain.lower()
    known = STRAINS.get(lowered) or next(
        (
            STRAINS[name]
            for name in _STRAIN_NAMES
            if "/" in name and re.fullmatch(rf"{re.escape(name)}[a-z]{{2,9}}", lowered)
        ),
        None,
    )
    return known[1] if known else None


def find_strain(text: str, *, short_names: bool = False) -> re.Match[str] | None:
    """The first known strain (or a cross of two, "C57BL/6J x CBA/CaJ F1") named in `text`."""
    return next(iter(find_strains(text, short_names=short_names)), None)


def find_strains(text: str, *, short_names: bool = False) -> list[re.Match[str]]:
    """Every known strain (or cross of two) named in `text`, in order."""
    return [
        m
        for m in STRAIN_PHRASE.finditer(text)
        if short_names
        or m.group(0).lower() not in _SHORT
        or re.match(r"\s+strain\b", text[m.end() :], re.I)
        or _after_its_species(text, m)
        or _after_is_a(text, m)
        or _before_its_species(text, m)
    ]  # "AB strain": the word "strain" says a short name is one


def _before_its_species(text: str, strain: re.Match[str]) -> bool:
    """'Lewis rat', 'FVB mouse', 'on a nacre background', 'casper larvae': a short strain name (not a bare
    number: "129 mice" counts them) right before a name of its own species, 'background' or 'larvae'."""
    if strain.group(0).isdigit() or re.search(
        r"\b(?:Dr|Prof|Mr|Mrs|Ms)\.?\s+$", text[max(0, strain.start() - 6) : strain.start()]
    ):
        return False  # ("Dr. Lewis rat lab": a person's name)
    after = text[strain.end() : strain.end() + 40]
    if re.match(r"\s+\w+\s+(?:lab|laboratory|group|colony|room|facility|core)\b", after, re.I):
        return False  # "the Lewis rat colony": a place's animals, not this one's strain
    if re.match(r"\s+(?:background|larvae|larva)\b", after, re.I):
        return True
    return _names_after(STRAINS[strain.group(0).lower()][1]).match(after) is not None


@functools.lru_cache(maxsize=32)
def _names_after(latin: str) -> re.Pattern[str]:
    """The names of one species (from the species table) at the start of a text, after a space."""
    from .species import EXACT  # (species.py reads strains through this module)

    names = sorted((name for name, found in EXACT.items() if found.latin == latin), key=len, reverse=True)
    return re.compile(rf"\s+(?:{'|'.join(re.escape(name) for name in names)})(?![\w-])", re.I)


def _after_is_a(text: str, strain: re.Match[str]) -> bool:
    """'this one (LX-2) is a Lewis', 'is an adult casper': a short name after 'is a' (and a stage of life or a
    sex), ending the clause, names what the animal is."""
    before = re.search(
        r"\b(?:is|was)\s+an?\s+(?:(?:adult|juvenile|young|larval|male|female)\s+)?$",
        text[max(0, strain.start() - 24) : strain.start()],
        re.I,
    )
    return bool(before) and re.match(r"\s*(?:$|[,;.!)\n])", text[strain.end() :]) is not None


# After a strain: a room, colony or rack of animals ("from the Sprague Dawley room"), not one animal's strain.
_PLACE_AFTER = re.compile(
    r"\s+(?:room|colony|colonies|cages?|facility|rack|racks|stock|breeding|breeders?|holding)\b", re.I
)


def said_of_a_place(text: str, strain: re.Match[str]) -> bool:
    """'rat from the Sprague Dawley room', 'the C57 colony': the strain of a room or colony of animals."""
    return _PLACE_AFTER.match(text, strain.end()) is not None


def _after_its_species(text: str, strain: re.Match[str]) -> bool:
    """'C. elegans N2', 'zebrafish AB': a short strain name right after a name of its own species is the strain."""
    before = text[max(0, strain.start() - 40) : strain.start()].lower()
    return _names_of(STRAINS[strain.group(0).lower()][1]).search(before) is not None


@functools.lru_cache(maxsize=32)
def _names_of(latin: str) -> re.Pattern[str]:
    """The names of one species (from the species table) at the end of a text."""
    from .species import EXACT  # (species.py reads strains through this module)

    names = sorted((name for name, found in EXACT.items() if found.latin == latin), key=len, reverse=True)
    return re.compile(rf"(?<![\w-])(?:{'|'.join(re.escape(name) for name in names)})\s+$")


def spell_strain(said: str) -> str:
    """Known strains in their usual spelling; a cross keeps its parts and its generation."""

    def usual(match: re.Match[str]) -> str:
        return STRAINS[match.group(0).lower()][0]

    names = "|".join(re.escape(n) for n in _STRAIN_NAMES)
    return re.sub(rf"(?<![\w/-])(?:{names})(?![\w/-])", usual, " ".join(said.split()), flags=re.I)


def find_genotype(text: str) -> re.Match[str] | None:
    """The first engineered genotype named in `text` ("Ai14 x Pvalb-Cre", "Thy1-GCaMP6s")."""
    return next(iter(find_genotypes(text)), None)


def find_genotypes(text: str) -> list[re.Match[str]]:
    """Every engineered genotype named in `text`, in order."""
    found = []
    for match in GENOTYPE_PHRASE.finditer(text):
        said = match.group(0)
        # "(Thy1-GCaMP6f)": the closing bracket of the sentence is not part of the line's name.
        while said.endswith(")") and said.count(")") > said.count("("):
            said = said[:-1]
        start = match.start()
        gene = re.search(r"(?<![\w-])[A-Z][A-Za-z0-9]*\d[A-Za-z0-9]*\s+$", text[:start])
        if said.upper() == "KO" and gene:  # "Fmr1 KO": the gene names the knockout
            said, start = text[gene.start() : start] + said, gene.start()
        if re.search(r"[A-Za-z]", said) and not _heads_the_animals_note(text, start, said):
            found.append(re.compile(re.escape(said)).match(text, start))
    return [m for m in found if m is not None]


# "Mouse GCaMP-22: arrived ...", "rat Ai14-3:": one animal word, then a name ending in ":" heads that animal's
# note; the name is the animal's id, however much it looks like a line.
_ONE_ANIMAL_BEFORE = re.compile(
    r"(?<![\w-])(?:mouse|rat|animal|subject|fly|fish|larva|bird|finch|monkey|bat|ferret|pup|vole|gerbil)\s+$", re.I
)


def _heads_the_animals_note(text: str, start: int, said: str) -> bool:
    """Whether the genotype-looking word at `start` names the animal heading a note ('Mouse GCaMP-22: ...')."""
    if not _ONE_ANIMAL_BEFORE.search(text[max(0, start - 12) : start]) or re.search(r"\s", said.strip()):
        return False
    return said.endswith(":") or text.startswith(":", start + len(said))


def strain_and_genotype(text: str) -> dict[str, str]:
    """What a species answer says besides the species: {'strain': ..., 'genotype': ...}."""
    found: dict[str, str] = {}
    rest = text
    strain = find_strain(rest, short_names=len(rest.split()) <= 2)
    if strain and not _CROSS.search(strain.group(0)):  # a cross is the person's call: asked back, never an extra
        found["strain"] = spell_strain(strain.group(0))
        rest = rest[: strain.start()] + " " + rest[strain.end() :]
    genotype = find_genotype(rest)
    if genotype:
        found["genotype"] = genotype.group(0).strip(" ,;")
    elif WILD_TYPE.search(rest):
        found["genotype"] = "wild-type"
    return found


_CROSS = re.compile(r"\s(?:x|×)\s|\bhybrid\b|\bF[12]$", re.I)


# "Long-Evans, like her mother", "Pvalb-Cre, the dam was Ai14": a line said with another animal may be that
# animal's ("a WT littermate control" is what this animal is).
_ANOTHER_ANIMAL = re.compile(
    r"\b(?:sisters?|brothers?|mother|father|dams?|sires?|parents?|breeders?|cage\s*mates?|pups?|offspring)\b",
    re.I,
)


def _said_with_another_animal(field: str, raw: str) -> RuleResult | None:
    other = _ANOTHER_ANIMAL.search(raw)
    if other is None:
        return None
    question = f"Is '{raw}' this animal's {field}? (it speaks of another animal: '{other.group(0)}')"
    return ask_back(field, question, [ValueProposal(value=raw, label=raw)])


# "mixed", "a mixed background", "outbred": no one strain is named.
_NOT_ONE_STRAIN = re.compile(
    r"(?:an?\s+)?(?:mixed|various|several|outbred|hybrid)(?:\s+(?:background|strains?|lines?))?", re.I
)
# After a strain: it was crossed with another ("C57BL/6J background, crossed with 129"): a cross, not one strain.
CROSSED_AFTER = re.compile(r"\s*[,;]?\s*(?:(?:back)?crossed|bred)\s+(?:with|to|onto|into)\b|\s*[,;]?\s*(?:x|×)\s", re.I)


_POINTER = re.compile(r"(?:(?:is|was)\s+)?(?:the\s+)?(?:same\b|as\s+(?:before|usual|always|last)\b|unchanged\b)", re.I)


def normalize_strain(text: str) -> RuleResult:
    raw = clean(text)
    if not raw or len(raw) > 100:
        return reject("strain", "Give the strain name.", "'C57BL/6J'")
    if (asked := _said_with_another_animal("strain", raw)) is not None:
        return asked
    if _POINTER.match(raw):  # "the same as last time": a value given elsewhere, not a strain's name
        return reject("strain", f"'{raw}' points to a strain given elsewhere; which strain is it?", "'C57BL/6J'")
    if _NOT_ONE_STRAIN.fullmatch(raw):
        return reject("strain", f"'{raw}' names no one strain.", "'C57BL/6J'")
    background = re.fullmatch(r"(.+?)\s+background", raw, re.I)
    if background and find_strain(background.group(1), short_names=True):
        raw = background.group(1)  # "C57BL/6J background": the strain it is on
    if _CROSS.search(raw):
        # A cross names two strains; whether the archive should hold the cross or its registered name
        # (e.g. B6129SF1/J) is the person's call: asked back with the cross as said.
        spelled = spell_strain(raw)
        question = f"Did you mean the cross {spelled!r} as the strain? (a cross names two strains)"
        return ask_back("strain", question, [ValueProposal(value=spelled, label=spelled)])
    slang = _LAB_SLANG_FOR_C57.fullmatch(raw)
    if slang:  # "black 6", "C57": a lab's way of saying it, not the registered name (C57BL/6J, C57BL/6N, C57BL/10?)
        question = f"Which strain do you mean by '{raw}'? (C57BL/6J, C57BL/6N, ...)"
        return ask_back("strain", question, [ValueProposal(value="C57BL/6", label="C57BL/6")])
    known = find_strain(raw, short_names=True)
    aside = re.fullmatch(r"(.+?)\s*\(([^()]*)\)", raw)
    said_apart = aside and not re.search(_MARKER, aside.group(2)) and not find_strain(aside.group(2))
    if aside and said_apart and not known and re.search(r"\d|/", aside.group(1)):
        # "C57BL/6JRj (Janvier)": a strain code, then its vendor or a note: the bracket is not the strain
        kept = aside.group(1)
        return accept("strain", kept, f"'{raw}' -> {kept} (the words in brackets are not the strain).")
    if known and aside and known.group(0).strip() == aside.group(1):
        # "Long Evans (Janvier)": the vendor or a note in brackets is not part of the strain
        spelled = spell_strain(aside.group(1))
        return accept("strain", spelled, f"'{raw}' -> {spelled} (the words in brackets are not the strain).")
    if not known and GENOTYPE_PHRASE.fullmatch(raw):
        question = f"'{raw}' names an engineered line: did you mean it as the strain (not the genotype)?"
        return ask_back("strain", question, [ValueProposal(value=raw, label=raw)])
    if known and known.group(0).strip() == raw:
        spelled = spell_strain(raw)
        if raw.lower() in _NICKNAMES:  # "B6": a lab's short name; the registered name it stands for is asked back
            question = f"Did you mean {spelled} by '{raw}'?"
            return ask_back("strain", question, [ValueProposal(value=spelled, label=spelled)])
        return accept("strain", spelled, "" if spelled == raw else f"'{raw}' -> {spelled}.")
    breeding = _BREEDING_AFTER.fullmatch(raw, known.end()) if known and known.start() == 0 else None
    if known and breeding:  # "Sprague Dawley, outbred": how the stock is bred is no part of its name
        spelled = spell_strain(known.group(0).strip())
        return accept("strain", spelled, f"'{raw}' -> {spelled} (how it is bred is not part of the strain).")
    vendor = _FROM_A_VENDOR.match(raw, known.end()) if known and known.start() == 0 else None
    if known and vendor:  # "C57BL/6J from JAX", "Long Evans, bought from Envigo": where it came from is not the strain
        spelled = spell_strain(known.group(0).strip())
        return accept("strain", spelled, f"'{raw}' -> {spelled} (the vendor is not part of the strain).")
    return accept("strain", raw)


# After a strain's name: where the animals came from ("from JAX", ", bought from Envigo", "via Charles River").
_FROM_A_VENDOR = re.compile(
    r"\s*,?\s*(?:(?:bought|purchased|ordered|obtained|supplied|received|shipped|sourced)\s+)?(?:from|by|via)\s+"
    r"(?:the\s+)?[A-Z][\w&.' -]{1,40}$"
)


# What an animal expresses or a kind of line, said alone: no line is named ("GCaMP7f", "tdTomato", "the Cre line").
NOT_A_LINE = re.compile(
    r"^(?:an?\s+|the\s+)?(?:(?:single|double|triple|compound)[\s-]+)?(?:j?GCaMP\w*|jRGECO\w*|RCaMP\w*|tdTomato|mCherry|[A-Za-z]?GFP|EYFP|YFP|RFP|ChR2|ChRmine|"
    r"Chrimson\w*|ArchT?|NpHR|hM[34]Dq?|DREADDs?|Cre|Flp[eo]?|Dre|r?tTA|KO|knock-?out|het(?:erozygous)?|"
    r"hom(?:ozygous)?|transgenic|Cre\+|Cre-(?:positive|negative))"
    r"(?:\s+(?:line|driver|reporter|indicator|mouse|mice|animals?|littermates?|controls?))?$",
    re.I,
)


# After a strain's name: how the stock is bred ("Sprague Dawley, outbred", "Lewis (inbred)").
_BREEDING_AFTER = re.compile(
    r"\s*[,;(]?\s*(?:an?\s+)?(?:outbred|inbred)(?:\s+(?:stock|strain|line|colony|rats?|mice))?\s*\)?", re.I
)


# A person speaking ("I'd have to look up", "we need to check"): a sentence about the genotype, not one.
_NO_LINE_IN_A_SENTENCE = re.compile(
    r"\b(?:I|I'?d|I'?ll|I'?m|we|we'?d|we'?ll|we'?re|you)\b|\b(?:look\s+up|check|find\s+out|ask|remember|sure)\b",
    re.I,
)


# Words beside "wild type" that say the same: "plain", "just", "(no transgene)", ", non-transgenic", ", no Cre".
_SAME_AS_WILD_TYPE = re.compile(
    r"^(?:plain|just|pure|simply|normal)\s+|"
    r"\s*[,;(]?\s*(?:no\s+transgenes?|non-?transgenic|not\s+transgenic|no\s+(?:Cre|transgene|modifications?)|"
    r"unmodified|no\s+genetic\s+modifications?)\s*\)?$",
    re.I,
)


# "WT littermate of the mutants", "wild-type (littermate control for the Cre mice)": the animal's role in the
# study after its genotype, not part of it.
_ROLE_AFTER = re.compile(
    r"\s*[,;(]?\s*(?:(?:a|the|as)\s+)?(?:littermates?|controls?|siblings?)(?:\s+(?:littermates?|controls?|animals?))?"
    r"(?:\s+(?:of|for|from|to)\s+[^()]*)?\s*\)?$",
    re.I,
)


# "not yet known", "unknown", "to be determined", "pending": the value is not known, nothing is said.
_NOT_KNOWN = re.compile(
    r"(?:(?:is|was|still)\s+)*(?:not\s+(?:yet\s+)?(?:known|determined|genotyped|available|confirmed)|unknown|"
    r"undetermined|to\s+be\s+(?:determined|confirmed)|tbd|pending|not\s+sure)(?:\s+yet)?\W*",
    re.I,
)


def normalize_genotype(text: str) -> RuleResult:
    raw = clean(text)
    if not raw or len(raw) > 200:
        return reject("genotype", "Give the genotype.", "'Pvalb-IRES-Cre;Ai32' or 'wild-type'")
    if (asked := _said_with_another_animal("genotype", raw)) is not None:
        return asked
    if _NOT_KNOWN.fullmatch(raw):  # "the genotype is not yet known": no genotype said
        return reject("genotype", f"'{raw}' gives no genotype.", "'Pvalb-IRES-Cre;Ai32' or 'wild-type'")
    if NOT_A_LINE.match(raw):
        return reject(
            "genotype",
            f"'{raw}' names what the animal expresses or a kind of line, not the line it carries.",
            "'Thy1-GCaMP6s', 'Ai14 x Pvalb-IRES-Cre' or 'wild-type'",
        )
    if _NO_LINE_IN_A_SENTENCE.search(raw) and not re.search(rf"{_MARKER}|\d|/|\+", raw):
        # "double transgenic, I'd have to look up the exact lines": words about the genotype, no line named
        return reject("genotype", f"'{raw}' names no line.", "'Pvalb-IRES-Cre;Ai32' or 'wild-type'")
    without_role = _ROLE_AFTER.sub("", raw)
    line = find_genotype(without_role) if without_role != raw else None
    if line is not None and line.group(0) == without_role:  # "Pvalb-IRES-Cre littermate": the animal's role after it
        return accept("genotype", without_role, f"'{raw}' -> {without_role} (its role in the study is not the line).")
    if WILD_TYPE.fullmatch(_SAME_AS_WILD_TYPE.sub("", without_role)):
        # "WT, no transgene", "plain wild type": the words around it say the same
        return accept("genotype", "wild-type", "" if raw == "wild-type" else f"'{raw}' -> wild-type.")
    strain = find_strain(raw, short_names=True)
    if strain and strain.group(0).strip() == raw and raw.lower() not in ALLELE_NAMED:
        question = f"'{raw}' names a strain: did you mean it as the genotype (not the strain)?"
        return ask_back("genotype", question, [ValueProposal(value=raw, label=raw)])
    note = re.search(r"\s*\(([^()]*\s[^()]*)\)$", raw)
    if note and not re.search(_MARKER, note.group(1)):
        # "Sst-IRES-Cre/+ (confirmed by PCR)": a note on how it was found, not part of the genotype
        kept = raw[: note.start()].strip()
        return accept("genotype", kept, f"'{raw}' -> {kept} (the note in brackets is not part of the genotype).")
    return accept("genotype", raw)
