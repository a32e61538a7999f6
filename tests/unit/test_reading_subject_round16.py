"""General rules of the offline reader (issue 14, sixteenth round) for the subject and the session's
time and place: species, brain area, weight, start time, ids. Each rule covers a family of mistakes,
not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput) -> set[str]:
    return {c.field for c in parsed.confirmations}


# -- "squirrel monkey" names a genus of several species: asked back; the Latin name says which


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("a Bolivian squirrel monkey, female, 'Nina'", "Saimiri boliviensis"),
        ("squirrel monkey (Saimiri boliviensis) Z2, male", "Saimiri boliviensis"),
        ("Saimiri sciureus, F, 0.8 kg", "Saimiri sciureus"),
        ("the common squirrel monkey 'Lulu'", "Saimiri sciureus"),
    ],
)
def test_a_squirrel_monkeys_species_is_read_as_said(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


@pytest.mark.parametrize("text", ["squirrel monkey S7, male, 0.9 kg", "two squirrel monkeys were trained"])
def test_squirrel_monkey_alone_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "species" not in parsed.values
    assert "species" in asked_back(parsed)


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [("A squirrel monkey; female; 'Pippa'", "Pippa"), ("a macaque, male, 'Ozzie'", "Ozzie")],
)
def test_a_name_after_a_species_asked_back_is_still_the_animals(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_a_quoted_name_of_another_role_after_a_species_asked_back_is_no_id() -> None:
    assert "subject_id" not in read("a monkey; experimenter 'Maria'").values


# -- an area said as words keeps all its words: a side in brackets, layers with a slash, "+ another area"


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("ferret F3 -> M -> LGN (left)", "LGN (left)"),
        ("recorded in the auditory cortex (right hemisphere), mouse A4", "auditory cortex (right hemisphere)"),
        ("tree shrew T9 — V1, L2/3", "V1, L2/3"),
        ("site: barrel cortex, L5/6", "barrel cortex, L5/6"),
        ("site: dorsolateral striatum + ACC", "dorsolateral striatum + ACC"),
        ("location: CA1 + CA3", "CA1 + CA3"),
        ("site: dLGN (right hemisphere)", "LGd"),  # (an Allen acronym names the area on either side)
    ],
)
def test_an_area_said_in_words_keeps_its_side_layers_and_listed_areas(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("site: CA1 + 2 tetrodes", "CA1"),
        ("recorded in V1 (awake)", "VISp"),
    ],
)
def test_what_follows_an_area_that_is_no_area_is_not_kept(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        (
            "One probe in LIP and one in the dorsal striatum; please write 'LIP and dorsal striatum'.",
            "LIP and dorsal striatum",
        ),
        ("one in ACC and one in the striatum - so put 'ACC and striatum'", "ACC and striatum"),
    ],
)
def test_areas_requested_in_quotes_are_read_whole(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("Hippocampus recordings from mouse M12, female.", "hippocampus"),
        ("Visual cortex imaging was done on rat R2.", "visual cortex"),
    ],
)
def test_a_capital_that_only_starts_the_sentence_is_not_kept(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- an area that holds the reference or ground is not the recording site


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("location is DG, not CA3 - CA3 was the reference electrode", "DG"),
        ("recorded in CA1; the cerebellum was the reference", "CA1"),
        ("tetrodes in V1, with the cerebellum as ground", "VISp"),
    ],
)
def test_an_area_holding_the_reference_is_not_the_site(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize("text", ["the reference wire was in CA3", "CA3 was the reference wire."])
def test_only_a_reference_area_stores_no_site(text: str) -> None:
    assert read(text).values.get("electrode_location") is None


# -- an area said of a paper's figure is not this file's


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("Figure 2 shows V1. Recorded in LGN.", "LGN"),
        ("in Fig. 3 we plot CA1 units; this session: recorded in CA3", "CA3"),
        ("recorded in V1 (see figure 2)", "VISp"),
    ],
)
def test_an_area_of_a_figure_is_not_the_site(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize("text", ["Figure 5 panel C shows the claustrum.", "the inset of figure 1 is from CA1"])
def test_only_a_figures_area_stores_no_site(text: str) -> None:
    assert "electrode_location" not in read(text).values


# -- a species word that names another animal ("of another mouse") is not stored


@pytest.mark.parametrize(
    "text",
    [
        "panel B comes from another mouse; this session was in the claustrum",
        "the histology is from a different rat",
    ],
)
def test_a_species_said_of_another_animal_is_not_stored(text: str) -> None:
    assert "species" not in read(text).values


def test_a_species_said_of_the_animal_is_still_stored() -> None:
    assert read("mouse M3, recorded in CA1").values.get("species") == "Mus musculus"


# -- a weight alone in brackets belongs to the clause before it (arrival, a vet check)


@pytest.mark.parametrize(
    "text",
    [
        "got him at 6 weeks from Charles River (180 g), recorded at 12 weeks",
        "weighed at the vet check on 2024-01-05 (6.9 kg); no weight on the recording day",
        "she arrived from JAX (19 g) and was recorded at P90",
    ],
)
def test_a_weight_in_brackets_of_another_time_is_not_stored(text: str) -> None:
    assert "weight" not in read(text).values


@pytest.mark.parametrize(
    ("text", "weight"),
    [("rat R4, male (312 g)", "312 g"), ("recorded on Monday (24.1 g)", "24.1 g"), ("weight (24.1 g)", "24.1 g")],
)
def test_a_weight_in_brackets_of_the_animal_is_still_read(text: str, weight: str) -> None:
    assert read(text).values.get("weight") == weight


# -- a time when figures or plots were made is not the session's start


@pytest.mark.parametrize(
    "text",
    [
        "The figures were made on 2024-03-01 at 10:00 CET; I don't have the recording time.",
        "the plots were generated on 2024-01-02 14:00 UTC",
        "Fig. 2 rendered 2023-05-05 09:00 UTC",
    ],
)
def test_a_figures_time_is_not_the_start(text: str) -> None:
    assert "session_start_time" not in read(text).values


def test_a_recordings_time_is_still_the_start() -> None:
    parsed = read("the recording started 2023-05-01 at 10:00 UTC; figures were made later")
    assert parsed.values.get("session_start_time") == "2023-05-01T10:00:00+00:00"


# -- the id after "the mother/father/tutor of this <animal> is" is the relative's


@pytest.mark.parametrize(
    "text",
    [
        "The mother of this finch is or7.",
        "the father of the finch is bk3; he was not recorded",
        "The dam of this mouse is M4.",
    ],
)
def test_a_relatives_id_is_not_the_animals(text: str) -> None:
    assert "subject_id" not in read(text).values


def test_the_animals_own_id_is_read_beside_its_relatives() -> None:
    parsed = read("the tutor of the bird is bk3; zebra finch or7bk3-2, male")
    assert parsed.values.get("subject_id") == "or7bk3-2"


# -- a fly's genotype is one value, its background allele included


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("fly F-2: w1118; UAS-GCaMP6s/+; nSyb-GAL4/+, female", "w1118; UAS-GCaMP6s/+; nSyb-GAL4/+"),
        ("genotype: w1118; R58E02-GAL4>UAS-GCaMP7f", "w1118; R58E02-GAL4>UAS-GCaMP7f"),
    ],
)
def test_a_flys_genotype_keeps_its_first_chromosome(text: str, genotype: str) -> None:
    parsed = read(text)
    assert parsed.values.get("genotype") == genotype
    assert "strain" not in parsed.values


def test_a_fly_strain_alone_is_still_the_strain() -> None:
    assert read("flies: w1118, female").values.get("strain") == "w1118"


# -- a worm's strain designation after "worm" is no animal id


@pytest.mark.parametrize("text", ["worm AML310 (C. elegans), day-1 adult", "C. elegans worm QW1217, adult"])
def test_a_worm_strain_is_not_the_id(text: str) -> None:
    assert "subject_id" not in read(text).values


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [("worm QW-18, C. elegans", "QW-18"), ("worm w3, C. elegans N2", "w3"), ("mouse AB123, male", "AB123")],
)
def test_an_animals_id_is_still_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- a strain said of the control animals is not this animal's; "<gene>-null" is a genotype, no id


@pytest.mark.parametrize(
    "text",
    [
        "the controls were C57BL/6J from JAX, ours is a Shank3 knockout: Shank3-null, female, P50",
        "control mice: C57BL/6J; this mouse is Fmr1-null, male",
        "the sham animals were Wistar; rat R2 had the lesion",
    ],
)
def test_a_strain_of_the_controls_is_not_stored(text: str) -> None:
    parsed = read(text)
    assert "strain" not in parsed.values
    assert "null" not in str(parsed.values.get("subject_id", ""))


def test_a_strain_said_of_the_animal_is_still_stored() -> None:
    assert read("C57BL/6J mouse M4, male").values.get("strain") == "C57BL/6J"


def test_a_null_allele_alone_is_the_genotype() -> None:
    assert read("mouse M7, Mecp2-null, male").values.get("genotype") == "Mecp2-null"


# -- recall: a sex letter between a notebook's separators, one-letter monkey names, a species word in brackets
# after another language's word, quail


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("ferret F2 -> Mustela putorius furo -> F -> 0.8 kg", "F"),
        ("2024-01-02 :: rat R-9 :: M :: 12 wk", "M"),
        ("mouse DB-4 // F // C57BL/6J", "F"),
        ("** animal: mouse K1 ** M ** 24 g **", "M"),
    ],
)
def test_a_sex_letter_between_separators_is_read(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


def test_two_sex_letters_across_an_arrow_are_not_both_stored() -> None:
    assert "sex" not in read("sex: M -> F (typo fixed)").values


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Data are from monkey Q, a 9-year-old male rhesus macaque.", "Q"),
        ("recorded in monkey B (female rhesus monkey, 7 kg)", "B"),
    ],
)
def test_a_one_letter_name_after_the_animal_word_is_its_id(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize(
    "text",
    ["mouse F, 12 weeks", "rhesus monkey M, 9 kg", "rat A and rat B were trained", "the monkey I recorded was male"],
)
def test_a_sex_letter_or_a_pronoun_after_the_animal_word_is_no_id(text: str) -> None:
    assert "subject_id" not in read(text).values


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("rato (rat) PT-3, Wistar, female", "PT-3"),
        ("Maus (mouse) GT-2, weiblich", "GT-2"),
        ("quail Q-5 (female, 190 g)", "Q-5"),
    ],
)
def test_the_id_after_a_bracketed_or_broader_animal_word_is_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_quail_alone_is_asked_back() -> None:
    parsed = read("a quail, female")
    assert "species" not in parsed.values
    assert "species" in asked_back(parsed)


# -- the last cell of a line of the animal's values, when it names an area, is the site


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("vole V-2 — Microtus ochrogaster — ♀ — 40 g — LS", "LS"),
        ("snail S-4 / adult / buccal ganglion", "buccal ganglion"),
        ("2024-01-03 | mouse KB-2 | F | 9 wk | BLA", "BLA"),
        ("** bird: quail Q-3 ** M ** 200 g ** nucleus rotundus **", "nucleus rotundus"),
    ],
)
def test_an_area_in_the_last_cell_is_read(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    "text", ["rat R3 — M — Thomas Lee", "mouse K4 | F | no recording", "mouse M1 / F / ls", "I use ls -la / cd"]
)
def test_a_last_cell_that_names_no_area_stores_no_site(text: str) -> None:
    assert "electrode_location" not in read(text).values


# -- a city that opens the message before the date names the zone


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Lisbon, 31/01/2023 at 10:30", "2023-01-31T10:30:00+00:00"),
        ("Warsaw, 2022-05-09, 10:00", "2022-05-09T10:00:00+02:00"),
        ("Phoenix, 10 Dec 2021, 3:30 pm", "2021-12-10T15:30:00-07:00"),
    ],
)
def test_a_city_opening_the_message_gives_the_dates_zone(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


@pytest.mark.parametrize("text", ["Paris, mouse P3, 2023-05-05 10:00", "Dr. Smith, 2023-05-05 10:00"])
def test_a_city_or_name_not_right_before_the_date_gives_no_zone(text: str) -> None:
    assert "session_start_time" not in read(text).values


# -- an age with a decimal and a short unit, as a cell of its own


@pytest.mark.parametrize(("text", "age"), [("marmoset K-3, ♀, 2.5 y, 380 g", "P2.5Y"), ("ferret F3, 1.5 mo", "P1.5M")])
def test_a_decimal_age_with_a_short_unit_is_read(text: str, age: str) -> None:
    assert read(text).values.get("age") == age


@pytest.mark.parametrize("text", ["version 2.5 y axis", "we plot 3.5 y values"])
def test_a_decimal_before_a_letter_in_running_text_is_no_age(text: str) -> None:
    assert "age" not in read(text).values


# -- a table of several animals, then a line naming the one converted: that row is read


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "animal,sex,age\nKT-1,M,P70\nKT-2,F,P72\n-> converting KT-2 now",
            {"subject_id": "KT-2", "sex": "F", "age": "P72D"},
        ),
        (
            "| rat | sex | weight |\n| Rex | M | 300 g |\n| Zoe | F | 250 g |\nConverting: Zoe.",
            {"subject_id": "Zoe", "weight": "250 g"},
        ),
        ("subject | sex\nAB-1 | F\nAB-2 | M\n(this upload is AB-2)", {"subject_id": "AB-2", "sex": "M"}),
    ],
)
def test_the_row_named_after_a_table_is_read(text: str, values: dict[str, str]) -> None:
    parsed = read(text)
    assert {name: parsed.values.get(name) for name in values} == values


@pytest.mark.parametrize(
    "text",
    [
        "animal,sex,age\nKT-1,M,P70\nKT-2,F,P72\nconverting KT-2 and KT-1",
        "animal,sex,age\nKT-1,M,P70\nKT-2,F,P72\nconverting KT-3 now",
    ],
)
def test_no_row_is_read_when_the_line_names_none_or_several(text: str) -> None:
    assert "subject_id" not in read(text).values


# -- a sex letter right after the bracket that closes the animal's description, before its age or weight


@pytest.mark.parametrize(
    ("text", "sex"),
    [("tree shrew TS-4 (Tupaia belangeri) M 3 y 190 g", "M"), ("mouse K1 (Ai14) F P60", "F")],
)
def test_a_sex_letter_after_the_animals_bracket_is_read(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


@pytest.mark.parametrize("text", ["mouse K1 (Ai14) M-2 probe", "rat R2 (see notes) F1 hybrid"])
def test_a_letter_after_a_bracket_that_starts_a_word_is_no_sex(text: str) -> None:
    assert "sex" not in read(text).values


# -- "->" between a notebook's cells is an arrow, not "more than"


@pytest.mark.parametrize(
    ("text", "weight"), [("rat R1 -> M -> 300 g", "300 g"), ("cat C2 -> Felis catus -> F -> 3.1 kg -> V1", "3.1 kg")]
)
def test_a_weight_after_an_arrow_is_read(text: str, weight: str) -> None:
    assert read(text).values.get("weight") == weight


@pytest.mark.parametrize("text", ["rat R1, > 300 g", "rat R1, >300 g, male"])
def test_a_weight_after_more_than_is_still_a_bound(text: str) -> None:
    assert "weight" not in read(text).values
