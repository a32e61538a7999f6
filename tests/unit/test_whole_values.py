"""The last look before a name or a value kept as said is stored (prose/whole_values.py): a name cut out of
a longer one is asked back whole, a value holding talk is asked again, and whole values pass untouched.
Checked on values as any finder (or a model) might hand them over, so the check holds whatever the finders
do next."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import FoundValue, ParsedInput
from agentic_neurodata.metadata.prose.whole_values import only_whole_values, talk_inside, whole_name
from tests.support.corpus import NOW


def _read(field: str, value: str) -> ParsedInput:
    return ParsedInput(values={field: value}, found=[FoundValue(field=field, value=value, raw=value)])


@pytest.mark.parametrize(
    ("said", "cut", "whole"),
    [
        (
            "Units were recorded at the University of Wisconsin–Milwaukee.",
            "University of Wisconsin",
            "University of Wisconsin–Milwaukee",
        ),
        (
            "The rig is at Pontificia Universidad Javeriana, Bogotá.",
            "Universidad Javeriana",
            "Pontificia Universidad Javeriana",
        ),
        ("we are at Weizmann – Institute of Science", "Institute of Science", "Weizmann – Institute of Science"),
        ("recorded by Ana Li at Rheinische Universität Bonn", "Universität Bonn", "Rheinische Universität Bonn"),
    ],
)
def test_a_name_said_as_part_of_a_longer_one_is_asked_back_whole(said: str, cut: str, whole: str) -> None:
    parsed = only_whole_values(_read("institution", cut), said)
    assert parsed.values == {} and parsed.found == []
    [asked] = parsed.confirmations
    assert (asked.field, asked.proposals[0].value) == ("institution", whole)
    assert whole in asked.question and cut in asked.question


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("Institution: Stanford University", "Stanford University"),
        ("PI: Lisa Giocomo. experimenter: Isabel Low. Stanford University.", "Stanford University"),
        ("The Salk Institute hosted the recordings", "Salk Institute"),
        ("done at the Champalimaud Centre for the Unknown", "Champalimaud Centre for the Unknown"),
        ("Experimenter\tInstitution\nAnna Kowalska\tNencki Institute", "Nencki Institute"),
        ("Institution's Universidade do Porto, not the building's name", "Universidade do Porto"),
        (
            "Ernst Strüngmann Institute for Neuroscience in Cooperation with Max Planck Society",
            "Ernst Strüngmann Institute for Neuroscience in Cooperation with Max Planck Society",
        ),
        ("At Stanford University, mouse S-3 was recorded", "Stanford University"),
        ("Institution - Stanford University", "Stanford University"),
        ("Affiliation Karolinska Institutet, rat R3", "Karolinska Institutet"),
        ("Institution Kyoto University", "Kyoto University"),
    ],
)
def test_a_whole_name_is_stored_as_read(said: str, value: str) -> None:
    parsed = only_whole_values(_read("institution", value), said)
    assert parsed.values == {"institution": value} and not parsed.confirmations


@pytest.mark.parametrize(
    ("field", "value", "talk"),
    [
        ("institution", "Allen Institute is where we are", "is"),
        ("strain", "Long-Evans, from Charles River", "from"),
        ("electrode_location", "CA1 only", "only"),
        ("lab", "our Hausser Lab", "our"),
        ("genotype", "Pvalb-Cre, I think", "I"),
        ("strain", "a C57BL/6J female", "a"),
    ],
)
def test_a_value_holding_talk_is_asked_again(field: str, value: str, talk: str) -> None:
    parsed = only_whole_values(_read(field, value), value)
    assert parsed.values == {} and not parsed.confirmations
    [refused] = parsed.rejections
    assert refused.field == field and f"'{talk}'" in refused.reason and refused.example


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("genotype", "Ai14 x Pvalb-Cre"),
        ("strain", "C57BL/6J"),
        ("electrode_location", "CA1 and dentate gyrus"),
        ("institution", "Norwegian University of Science and Technology"),
        ("lab", "Neural Circuits & Behaviour Lab"),
    ],
)
def test_a_value_without_talk_passes(field: str, value: str) -> None:
    assert talk_inside(value) == ""
    assert only_whole_values(_read(field, value), f"{field}: {value}").values == {field: value}


def test_a_name_said_whole_once_is_whole() -> None:
    """Said cut once and whole once ("Universität Bonn ... at Rheinische Universität Bonn"): the value is
    asked back only when every place it is said belongs to a longer name."""
    assert whole_name("Universität Bonn, i.e. Rheinische Universität Bonn", "Universität Bonn") == ""


def test_the_reader_never_stores_a_cut_name() -> None:
    parsed = parse_free_text("Recorded by Ana Li at the University of Wisconsin–Milwaukee; mouse AL-3", [], now=NOW)
    assert parsed.values.get("institution") in (None, "University of Wisconsin–Milwaukee")
    assert parsed.values["subject_id"] == "AL-3"


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("institution", "Wellcome Centre", "Recorded at the Wellcome Centre? no — at the Francis Crick Institute."),
        ("subject_id", "AB_12", "mouse AB_12? sorry, AB_21, female"),
        ("institution", "Karolinska Institutet", "at Karolinska Institutet — no, sorry, Stockholm University"),
        ("lab", "Sabatini Lab", "lab: Sabatini Lab? wait, it moved: Datta Lab"),
    ],
)
def test_a_value_taken_back_right_after_it_was_said_is_not_stored(field: str, value: str, said: str) -> None:
    parsed = only_whole_values(_read(field, value), said)
    assert parsed.values == {}
    [refused] = parsed.rejections
    assert refused.field == field and "taken back" in refused.reason


def test_a_value_confirmed_after_a_question_mark_stays() -> None:
    said = "Institution: Francis Crick Institute? yes, the Crick."
    assert only_whole_values(_read("institution", "Francis Crick Institute"), said).values
    assert only_whole_values(_read("subject_id", "AB_12"), "mouse AB_12? It is the one from cage 4").values


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("genotype", "Sst-Cre x Ai32)"),
        ("institution", "Institut Pasteur (Paris"),
        ("lab", 'write "Motor Control Lab'),
        ("institution", "should be 'Universitat de Barcelona"),
        ("genotype", "Pvalb-Cre › Sex: F"),
        ("lab", "Carandini Lab; institution: University College London"),
        ("strain", "= C57BL/6J"),
    ],
)
def test_a_value_with_a_stray_bracket_or_quote_or_run_into_the_next_is_asked_again(field: str, value: str) -> None:
    parsed = only_whole_values(_read(field, value), f"the {field} {value} and so on")
    assert parsed.values == {} and [r.field for r in parsed.rejections] == [field]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("institution", "Institut d'Investigacions Biomèdiques August Pi i Sunyer"),
        ("institution", "Brigham and Women's Hospital"),
        ("genotype", "Tg(Thy1-GCaMP6s)GP4.3Dkim"),
        ("institution", "University of California, San Francisco"),
        ("strain", "C57BL/6J x 129S1/SvImJ"),
        ("genotype", "w[1118]; P{20XUAS-IVS-GCaMP6f}attP40"),
    ],
)
def test_apostrophes_and_closed_brackets_are_part_of_a_value(field: str, value: str) -> None:
    assert only_whole_values(_read(field, value), f"{field}: {value}").values == {field: value}


@pytest.mark.parametrize(
    ("said", "cut", "whole"),
    [
        ("mouse PV-3: Pvalb-IRES-Cre; Ai32, female, P60", "Pvalb-IRES-Cre", "Pvalb-IRES-Cre; Ai32"),
        ("fly 7: w1118; UAS-CsChrimson/+ female", "UAS-CsChrimson/+", "w1118; UAS-CsChrimson/+"),
        ("flies of the genotype nSyb-GAL4>UAS-GCaMP8s were imaged", "UAS-GCaMP8s", "nSyb-GAL4>UAS-GCaMP8s"),
    ],
)
def test_a_genotype_said_with_more_alleles_is_asked_back_whole(said: str, cut: str, whole: str) -> None:
    parsed = only_whole_values(_read("genotype", cut), said)
    assert parsed.values == {}
    [asked] = parsed.confirmations
    assert asked.proposals[0].value == whole


@pytest.mark.parametrize(
    ("said", "genotype"),
    [
        ("Animal;Genotype;Sex\nGN-4;Drd1-Cre;M", "Drd1-Cre"),
        ("mouse TN-2; Tg(Thy1-jRGECO1a)GP8.20Dkim; F; 6 months", "Tg(Thy1-jRGECO1a)GP8.20Dkim"),
        ("genotype Pvalb-IRES-Cre; weight 24 g", "Pvalb-IRES-Cre"),
    ],
)
def test_a_genotype_beside_other_cells_is_whole(said: str, genotype: str) -> None:
    assert only_whole_values(_read("genotype", genotype), said).values == {"genotype": genotype}


@pytest.mark.parametrize(
    ("said", "cut"),
    [
        ("site: CA1 + CA3, tetrodes", "CA1"),
        ("shrew TS-4 — V1, L5/6", "V1, L5"),
        ("probe in NAc core + shell", "NAc core"),
    ],
)
def test_an_area_said_as_part_of_a_longer_site_is_asked_again(said: str, cut: str) -> None:
    parsed = only_whole_values(_read("electrode_location", cut), said)
    assert parsed.values == {} and [r.field for r in parsed.rejections] == ["electrode_location"]


def test_an_area_said_beside_another_is_whole() -> None:
    assert only_whole_values(_read("electrode_location", "CA1"), "CA1 and CA3: CA1 in this file").values


@pytest.mark.parametrize(
    ("said", "cut"),
    [("rat RT12 weighed 31.5 g", "31"), ("Mouse42 ran the task", "42"), ("bird or12bk4 sang", "or12")],
)
def test_an_id_said_only_inside_a_longer_word_is_asked_again(said: str, cut: str) -> None:
    parsed = only_whole_values(_read("subject_id", cut), said)
    assert parsed.values == {} and [r.field for r in parsed.rejections] == ["subject_id"]


@pytest.mark.parametrize(("said", "subject"), [("KO-17,M,P90,C57BL/6N,27.1 g", "KO-17"), ("rat 31, 31.5 g", "31")])
def test_an_id_said_as_a_word_of_its_own_is_whole(said: str, subject: str) -> None:
    assert only_whole_values(_read("subject_id", subject), said).values == {"subject_id": subject}


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("institution", "Stanford University", "recorded at Stanford University? no idea why you ask"),
        ("electrode_location", "CA1", "site: CA1 + 2 tetrodes"),
    ],
)
def test_words_after_a_value_that_take_nothing_back_or_add_no_site_leave_it_whole(
    field: str, value: str, said: str
) -> None:
    assert only_whole_values(_read(field, value), said).values == {field: value}


@pytest.mark.parametrize(
    ("said", "cut", "whole"),
    [
        (
            "recorded at the Norwegian University of Science and Technology",
            "Norwegian University of Science",
            "Norwegian University of Science and Technology",
        ),
        (
            "done at Icahn School of Medicine at Mount Sinai by R. Stein",
            "Icahn School of Medicine",
            "Icahn School of Medicine at Mount Sinai",
        ),
        ("patients of Brigham and Women's Hospital", "Women's Hospital", "Brigham and Women's Hospital"),
        ("at Oregon Health & Science University, Portland", "Science University", "Oregon Health & Science University"),
        (
            "from the Hospital of the University of Pennsylvania",
            "University of Pennsylvania",
            "Hospital of the University of Pennsylvania",
        ),
        ("please use 'Princeton Neuroscience Institute'", "Neuroscience Institute", "Princeton Neuroscience Institute"),
    ],
)
def test_a_name_joined_by_and_of_the_or_at_is_asked_back_whole(said: str, cut: str, whole: str) -> None:
    [asked] = only_whole_values(_read("institution", cut), said).confirmations
    assert asked.proposals[0].value == whole


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("institution", "Tribhuvan University", "imaged by Asmita Shrestha of Tribhuvan University"),
        ("lab", "Jadhav Lab", "we are the Jadhav Lab at Brandeis University"),
        ("institution", "Stanford University", "recorded at Stanford University and analysed at MIT"),
        ("lab", "Born Lab", "Recorded in MT by Richard Born (Born Lab)"),
        ("institution", "University of Oxford", "Recorded at the University of Oxford and Anna Smith helped."),
    ],
)
def test_a_person_of_an_institution_and_a_lab_at_one_are_not_one_name(field: str, value: str, said: str) -> None:
    assert only_whole_values(_read(field, value), said).values == {field: value}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("institution", "Experimenter Stanford University"),
        ("institution", "Institution National Eye Institute"),
        ("strain", "Genotype C57BL/6J"),
    ],
)
def test_a_value_that_begins_with_a_fields_name_is_asked_again(field: str, value: str) -> None:
    parsed = only_whole_values(_read(field, value), value)
    assert parsed.values == {} and [r.field for r in parsed.rejections] == [field]


@pytest.mark.parametrize(
    ("value", "without"),
    [
        ("Rockefeller University, New York", "Rockefeller University"),
        ("UCSD, La Jolla", "UCSD"),
        ("École normale supérieure (Paris)", "École normale supérieure"),
        ("Institut Pasteur in Paris", "Institut Pasteur"),
    ],
)
def test_an_institution_with_its_place_after_it_is_asked_back_without(value: str, without: str) -> None:
    [asked] = only_whole_values(_read("institution", value), value).confirmations
    assert asked.proposals[0].value == without


@pytest.mark.parametrize(
    "value",
    [
        "University of California, Davis",
        "Washington University in St. Louis",
        "Institute for Research in Fundamental Sciences",
        "Ernst Strüngmann Institute for Neuroscience in Cooperation with Max Planck Society",
        "University of Wisconsin, Madison",
    ],
)
def test_a_place_that_is_part_of_the_name_stays(value: str) -> None:
    assert only_whole_values(_read("institution", value), value).values == {"institution": value}


@pytest.mark.parametrize(
    ("people", "said"),
    [
        (["Me, Just", "Walsh, Aine"], "just me, Aine Walsh"),
        (["Okoro, Chidi", "Hamid Musa, Both"], "the experimenters were Chidi Okoro and Musa Hamid, both from Ibadan"),
        (["Ruiz, Pablo Profesor"], "Un saludo,\nPablo Ruiz\nProfesor"),
        (["Lab, Tank"], "Lab name: Tank Lab"),
        (["City, Mexico"], "Mexico City, 3 March 2022, 09:00"),
        (["Paulo, São"], "São Paulo, 4 May 2021"),
        (["- Okafor, Ada"], "experimenter:\n  - Okafor, Ada"),
    ],
)
def test_a_person_that_is_talk_a_title_or_a_place_is_asked_again(people: list[str], said: str) -> None:
    parsed = only_whole_values(ParsedInput(values={"experimenter": people}), said)
    assert parsed.values == {} and [r.field for r in parsed.rejections] == ["experimenter"]


@pytest.mark.parametrize(
    ("people", "said"),
    [
        (["Smith, Jane"], "jane smith"),
        (["ten Brink, Erik"], "Experimenter: Erik ten Brink"),
        (["Dalla Costa, Beatrice", "Berlin, Isaiah"], "Beatrice Dalla Costa and Isaiah Berlin"),
        (["Okun, Maria"], "experimenter = Maria Okun"),
    ],
)
def test_people_named_as_people_are_stored(people: list[str], said: str) -> None:
    assert only_whole_values(ParsedInput(values={"experimenter": people}), said).values == {"experimenter": people}


@pytest.mark.parametrize(
    ("said", "binomial", "whole"),
    [
        ("ferret FX-2 (Mustela putorius furo), male", "Mustela putorius", "Mustela putorius furo"),
        ("Bos taurus indicus calf, 60 kg", "Bos taurus", "Bos taurus indicus"),
        ("a Canis lupus familiaris named Rex", "Canis lupus", "Canis lupus familiaris"),
    ],
)
def test_a_species_said_with_its_subspecies_is_asked_back_whole(said: str, binomial: str, whole: str) -> None:
    [asked] = only_whole_values(ParsedInput(values={"species": binomial}), said).confirmations
    assert asked.proposals[0].value == whole


def test_a_hybrid_is_asked_again() -> None:
    parsed = only_whole_values(ParsedInput(values={"species": "Macaca mulatta"}), "Macaca mulatta x fascicularis")
    assert parsed.values == {} and [r.field for r in parsed.rejections] == ["species"]


@pytest.mark.parametrize(
    ("said", "binomial"),
    [
        ("Xenopus laevis tadpole XL-9, stage 48", "Xenopus laevis"),
        ("Danio rerio larvae, 6 dpf", "Danio rerio"),
        ("species: Mus musculus\nsex: F", "Mus musculus"),
        ("Drosophila melanogaster males of the genotype R58E02-GAL4", "Drosophila melanogaster"),
    ],
)
def test_a_species_followed_by_other_words_is_whole(said: str, binomial: str) -> None:
    assert only_whole_values(ParsedInput(values={"species": binomial}), said).values == {"species": binomial}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("strain", "C57BL/6N from Charles River"),
        ("strain", "FVB/NJ fyi"),
        ("genotype", "knock-in, I'd need to look it up"),
        ("electrode_location", "dorsal CA1, confirmed by histology"),
        ("electrode_location", "injected in VTA, recorded in NAc"),
    ],
)
def test_a_value_holding_a_hedge_a_supplier_or_a_verb_is_asked_again(field: str, value: str) -> None:
    parsed = only_whole_values(_read(field, value), value)
    assert parsed.values == {} and [r.field for r in parsed.rejections] == [field]


@pytest.mark.parametrize(
    "keywords",
    [["please use place cells", "theta"], ["[place cells", "theta]"], ["> decision making", "rats"], ["skip pls"]],
)
def test_keywords_holding_talk_or_a_stray_bracket_are_asked_again(keywords: list[str]) -> None:
    parsed = only_whole_values(ParsedInput(values={"keywords": keywords}), ", ".join(keywords))
    assert parsed.values == {} and [r.field for r in parsed.rejections] == ["keywords"]


@pytest.mark.parametrize("keywords", [["go/no-go task", "mPFC"], ["place cells (CA1)", "sharp-wave ripples"]])
def test_keywords_said_as_keywords_are_stored(keywords: list[str]) -> None:
    assert only_whole_values(ParsedInput(values={"keywords": keywords}), "x").values == {"keywords": keywords}


@pytest.mark.parametrize(
    ("said", "lab", "whole"),
    [
        ("recorded in the laboratory of J. Anthony Movshon at NYU", "Anthony Lab", "Movshon Lab"),
        ("we are the de la Prida lab in Madrid", "Prida Lab", "de la Prida Lab"),
        ("the lab of Lisa Giocomo Hernandez, Stanford", "Giocomo Lab", "Hernandez Lab"),
    ],
)
def test_a_lab_named_by_part_of_a_persons_name_is_asked_back(said: str, lab: str, whole: str) -> None:
    [asked] = only_whole_values(_read("lab", lab), said).confirmations
    assert asked.proposals[0].value == whole and lab in asked.question


@pytest.mark.parametrize(
    ("said", "lab"),
    [
        ("Laboratory of Dr. Wu, Fudan", "Dr Lab"),
        ("we are the lab", "lab Lab"),
        ("Karel Svoboda's lab", "Karel Svoboda's Lab"),
    ],
)
def test_a_lab_named_by_a_title_talk_or_a_possessive_is_asked_again(said: str, lab: str) -> None:
    parsed = only_whole_values(_read("lab", lab), said)
    assert parsed.values == {} and [r.field for r in parsed.rejections] == ["lab"]


@pytest.mark.parametrize(
    ("said", "lab"),
    [
        ("We are the Svoboda Lab at Janelia", "Svoboda Lab"),
        ("recorded in Carlos Brody's lab", "Brody Lab"),
        ("lab: van der Meer Lab", "van der Meer Lab"),
        ("the Movshon laboratory at NYU", "Movshon Lab"),
    ],
)
def test_a_lab_named_by_a_family_name_as_said_is_stored(said: str, lab: str) -> None:
    assert only_whole_values(_read("lab", lab), said).values == {"lab": lab}


@pytest.mark.parametrize(
    ("said", "acronym", "raw"),
    [
        ("Recording site: entorhinal cortex, layer 3", "ENT", "entorhinal cortex"),
        ("the tips were in CA3 stratum radiatum", "CA3", "CA3"),
        ("site: primary visual cortex, binocular region", "VISp", "primary visual cortex"),
    ],
)
def test_an_area_said_with_words_naming_a_part_of_it_is_asked_again(said: str, acronym: str, raw: str) -> None:
    read = ParsedInput(
        values={"electrode_location": acronym},
        found=[FoundValue(field="electrode_location", value=acronym, raw=raw)],
    )
    parsed = only_whole_values(read, said)
    assert parsed.values == {} and [r.field for r in parsed.rejections] == ["electrode_location"]


@pytest.mark.parametrize(
    ("said", "acronym", "raw"),
    [
        ("recorded in the dorsal striatum", "STR", "striatum"),
        ("Site: secondary motor cortex (M2)", "MOs", "secondary motor cortex"),
        ("probes in the thalamus (we could not tell which nucleus)", "TH", "thalamus"),
    ],
)
def test_an_area_said_with_words_saying_where_or_how_is_whole(said: str, acronym: str, raw: str) -> None:
    read = ParsedInput(
        values={"electrode_location": acronym},
        found=[FoundValue(field="electrode_location", value=acronym, raw=raw)],
    )
    assert only_whole_values(read, said).values == {"electrode_location": acronym}


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("We used California mice (Peromyscus californicus), animal PC-3", "Mus musculus"),
        ("spiny mice (Acomys cahirinus), AC-1", "Mus musculus"),
        ("cotton rat (Sigmodon hispidus) SH-4", "Rattus norvegicus"),
    ],
)
def test_a_species_the_latin_name_in_brackets_contradicts_is_asked_again(said: str, read: str) -> None:
    parsed = only_whole_values(ParsedInput(values={"species": read}), said)
    assert parsed.values == {} and [r.field for r in parsed.rejections] == ["species"]


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("mouse (Mus musculus), C57BL/6J", "Mus musculus"),
        ("mouse M-3 (Cre line, not sure which), 9:40 (Amsterdam time)", "Mus musculus"),
        ("a Norway rat (Rattus norvegicus)", "Rattus norvegicus"),
    ],
)
def test_a_species_its_latin_name_in_brackets_agrees_with_is_whole(said: str, read: str) -> None:
    assert only_whole_values(ParsedInput(values={"species": read}), said).values == {"species": read}


@pytest.mark.parametrize(
    ("said", "cut", "whole"),
    [
        (
            "recorded at the Université du Québec à Rimouski by L. Roy",
            "Université du Québec",
            "Université du Québec à Rimouski",
        ),
        (
            "done at the Hellenic Pasteur Institute of Athens",
            "Hellenic Pasteur Institute",
            "Hellenic Pasteur Institute of Athens",
        ),
    ],
)
def test_a_name_going_on_with_a_or_of_is_asked_back_whole(said: str, cut: str, whole: str) -> None:
    [asked] = only_whole_values(_read("institution", cut), said).confirmations
    assert asked.proposals[0].value == whole


def test_a_lab_named_with_a_possessive_apostrophe_is_asked_again() -> None:
    parsed = only_whole_values(_read("lab", "Kiorpes' Lab"), "in Lynne Kiorpes' laboratory")
    assert parsed.values == {} and [r.field for r in parsed.rejections] == ["lab"]


def test_a_species_with_a_tissue_word_after_it_is_asked_back_as_the_binomial() -> None:
    parsed = only_whole_values(ParsedInput(values={"species": "Aplysia californica ganglia"}), "x")
    [asked] = parsed.confirmations
    assert parsed.values == {} and asked.proposals[0].value == "Aplysia californica"


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("strain", "Long-Evans, hooded", "'hooded' after it is a comment"),
        ("genotype", "Ai14, heterozygous carrier", "'heterozygous carrier' after it"),
        ("strain", "C57BL/6J, bred in house", "'bred in house' after it"),
        ("genotype", "wild type sibling of the knockouts", "reads as a sentence"),
        ("strain", "usual outbred stock here", "reads as a sentence"),
    ],
)
def test_a_strain_or_genotype_with_a_comment_or_as_a_sentence_is_asked_again(field: str, value: str, why: str) -> None:
    parsed = only_whole_values(_read(field, value), value)
    assert parsed.values == {} and why in parsed.rejections[0].reason


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("genotype", "Chrm4-Cre/wt x Ai14/wt"),
        ("genotype", "Slc17a7-IRES2-Cre/wt;Camk2a-tTA/wt;Ai93(TITL-GCaMP6f)/wt"),
        ("genotype", "wild-type"),
        ("genotype", "Drd1-Cre het"),
        ("strain", "C57BL/6J"),
        ("strain", "Long-Evans"),
    ],
)
def test_a_strain_or_genotype_as_written_in_a_record_passes(field: str, value: str) -> None:
    assert only_whole_values(_read(field, value), f"{field}: {value}").values == {field: value}


@pytest.mark.parametrize(
    ("field", "value"),
    [("session_description", ": Reversal learning, day 2"), ("experiment_description", "; Rats learned two odours")],
)
def test_a_description_that_begins_with_a_separator_is_asked_again(field: str, value: str) -> None:
    parsed = only_whole_values(_read(field, value), f"the {field.replace('_', ' ')} is{value}")
    assert parsed.values == {} and f"its '{value[0]}'" in parsed.rejections[0].reason


def test_a_description_said_as_one_passes_even_with_talk_in_it() -> None:
    value = "Mice were not rewarded on probe trials, which we think is fine"
    assert only_whole_values(_read("session_description", value), value).values == {"session_description": value}


@pytest.mark.parametrize(
    ("value", "without"),
    [
        ("Columbia University, NYC", "Columbia University"),
        ("Allen Institute, USA", "Allen Institute"),
        ("Sainsbury Wellcome Centre, UK", "Sainsbury Wellcome Centre"),
    ],
)
def test_an_institution_with_a_places_abbreviation_after_it_is_asked_back_without(value: str, without: str) -> None:
    parsed = only_whole_values(_read("institution", value), value)
    assert parsed.values == {} and parsed.confirmations[0].proposals[0].value == without


def test_an_institutions_own_acronym_after_a_comma_stays() -> None:
    value = "Instituto Cajal, CSIC"
    assert only_whole_values(_read("institution", value), value).values == {"institution": value}


def _keywords(items: list[str]) -> ParsedInput:
    return ParsedInput(
        values={"keywords": items}, found=[FoundValue(field="keywords", value=items, raw=", ".join(items))]
    )


@pytest.mark.parametrize(
    ("said", "items"),
    [
        ("keywords: V1, sleep. Correction: V1, replay", ["V1", "sleep"]),
        ("keywords: V1, sleep. Correction: replay", ["V1", "sleep"]),
        ("Tags: whisking, texture; make that whisking, touch", ["whisking", "texture"]),
        ("Keywords: grid cells, theta; scratch that, place cells and theta", ["grid cells", "theta", "place cells"]),
        (
            "ripples, sleep, replay - make that ripples and sleep only",
            ["ripples", "sleep", "replay - make that ripples"],
        ),
    ],
)
def test_a_list_corrected_after_it_was_said_is_asked_again(said: str, items: list[str]) -> None:
    parsed = only_whole_values(_keywords(items), said)
    assert "keywords" not in parsed.values and parsed.rejections[0].field == "keywords"


@pytest.mark.parametrize(
    ("said", "items"),
    [
        ("Keywords: ripples, sleep", ["ripples", "sleep"]),
        ("grid cells, theta (or rather theta rhythm)", ["grid cells", "theta rhythm"]),  # read with the correction
        ("Keywords: sleep, replay. Age: 13 weeks (scratch that: 15 weeks)", ["sleep", "replay"]),  # another field's
    ],
)
def test_a_list_not_corrected_or_read_with_its_correction_passes(said: str, items: list[str]) -> None:
    assert only_whole_values(_keywords(items), said).values == {"keywords": items}


def test_a_corrected_keyword_list_is_asked_again_when_read_from_the_message() -> None:
    parsed = parse_free_text("keywords: V1, sleep. Correction: V1, replay", [], now=NOW)
    assert "keywords" not in parsed.values
    assert any(rejection.field == "keywords" for rejection in parsed.rejections)
