"""General rules of the offline reader (issue 14, eleventh round): the structure of names, groups of
animals, ranges, guesses, words after a keyed value, table cells and places. Each rule covers a family
of mistakes; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.names import normalize_experimenters
from agentic_neurodata.metadata.parsed import ParsedInput
from agentic_neurodata.metadata.text_fields import normalize_institution, normalize_lab
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


def proposal(parsed: ParsedInput, field: str) -> object:
    return next(c.proposals[0].value for c in parsed.confirmations if c.field == field)


# -- names: particles nameparser does not know, two surnames, list items, "both"


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("Youssef Amine El Mansouri", "El Mansouri, Youssef Amine"),
        ("Omar Al Hashimi", "Al Hashimi, Omar"),
        ("Chiara Dalla Torre", "Dalla Torre, Chiara"),
        ("Jan de Vries", "de Vries, Jan"),
        ("Al Green", "Green, Al"),  # a given name that is also a particle stays the given name
    ],
)
def test_a_particle_opens_the_family_name(said: str, stored: str) -> None:
    assert normalize_experimenters(said).value == [stored]


def test_a_particle_name_is_read_in_a_sentence() -> None:
    assert read("The recordings were made by Karim Ben El Fassi.").values["experimenter"] == ["El Fassi, Karim Ben"]


def test_two_surnames_under_a_key_for_one_person_are_asked_not_split() -> None:
    parsed = read("Experimenter: Pérez Gómez, Ana María")
    assert "experimenter" not in parsed.values
    readings = next(c.proposals for c in parsed.confirmations if c.field == "experimenter")
    assert [r.value for r in readings] == [["Pérez Gómez, Ana María"], ["Gómez, Pérez", "María, Ana"]]


def test_two_people_under_a_plural_key_stay_two() -> None:
    assert read("Experimenters: Nina Park, Tom Weller").values["experimenter"] == ["Park, Nina", "Weller, Tom"]


@pytest.mark.parametrize("word", ["both", "all", "each", "who"])
def test_a_word_of_the_sentence_after_a_comma_ends_the_names(word: str) -> None:
    text = f"The experimenters were Lena Fischer and Marco Bianchi, {word} from the University of Basel."
    assert read(text).values["experimenter"] == ["Fischer, Lena", "Bianchi, Marco"]


def test_a_yaml_list_under_a_key_gives_each_item() -> None:
    text = "session:\n  experimenter:\n  - Okafor, Ngozi\n  - Lund, Erik\n  keywords:\n    - gamma\n    - attention\n"
    values = read(text).values
    assert values["experimenter"] == ["Okafor, Ngozi", "Lund, Erik"]
    assert values["keywords"] == ["gamma", "attention"]


# -- people: another act, a list cut by a clause of its own, "my student, X"


@pytest.mark.parametrize(
    "text",
    [
        "All surgeries and anaesthesia were handled, under supervision, by Dr. Mira Holm; we recorded later.",
        "Surgical implantation was carried out with care by Dr. Pavel Novak.",
        "The craniotomy was done under isoflurane by Dr. Ines Moreau.",
    ],
)
def test_a_name_after_a_surgical_act_is_not_stored_as_the_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


def test_a_name_with_its_own_verb_after_a_semicolon_ends_the_list() -> None:
    text = "Sessions were run by Hana Ito; Dr. Leo Brandt implanted the drives and Prof. Eva Lind supervised."
    assert read(text).values["experimenter"] == ["Ito, Hana"]


def test_the_student_named_after_made_by_outranks_the_writer_introducing_himself() -> None:
    text = "I am Prof. Stefan Maier from ETH Zurich. The data were made by my postdoc, Clara Vogt, last spring."
    assert read(text).values["experimenter"] == ["Vogt, Clara"]


# -- ages of a group: a range said of several animals is not the one subject's


@pytest.mark.parametrize(
    "text",
    [
        "Adult Wistar rats (10-14 weeks) were used; rat WR-3 was female.",
        "Three marmosets, 4 and 6 years old, were trained; this file is marmoset Kiko.",
        "Male mice (n = 6) aged 2-3 months were tested; mouse MM-5 weighed 25 g.",
    ],
)
def test_a_range_of_ages_said_of_several_animals_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "age" not in parsed.values and asked_back(parsed, "age")


def test_a_range_said_of_the_one_animal_is_still_its_age() -> None:
    assert read("mouse KL-2, female, 9-11 weeks").values["age"] == "P9W/P11W"


# -- start time: the end of a range is not the start


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("session 13:40-15:10 Europe/Paris 2024-02-06, rat P-9", "2024-02-06T13:40:00+01:00"),
        ("we recorded 9:00 to 10:30 Europe/Oslo on 2023-11-20", "2023-11-20T09:00:00+01:00"),
    ],
)
def test_a_time_range_starts_at_its_first_time(text: str, start: str) -> None:
    assert read(text).values["session_start_time"] == start


# -- guesses: "pretty sure", "I'd have to check", a guess in the sentence before a key


@pytest.mark.parametrize(
    "text",
    [
        "fairly sure he's a male, but I would need to verify",
        "male, I believe",
        "mouse OT-4, female I'd have to double-check",
    ],
)
def test_a_guessed_sex_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "sex" not in parsed.values and asked_back(parsed, "sex")


def test_a_guess_about_another_value_in_the_bracket_does_not_touch_the_sex() -> None:
    assert read("rat GH-2 (female, maybe 300 g)").values["sex"] == "F"


def test_a_guess_before_a_key_covers_its_value() -> None:
    parsed = read("Mouse AZ-1. I believe the strain is BALB/cJ.")
    assert "strain" not in parsed.values and proposal(parsed, "strain") == "BALB/cJ"


# -- words after a keyed value, a place under a location key


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("strain: 129S1/SvImJ btw", "strain", "129S1/SvImJ"),
        ("Location: dorsal CA3 today, not CA1", "electrode_location", "dorsal CA3"),
        ("genotype = Vglut2-IRES-Cre fyi", "genotype", "Vglut2-IRES-Cre"),
    ],
)
def test_words_about_a_keyed_value_are_not_part_of_it(text: str, field: str, value: str) -> None:
    assert read(text).values[field] == value


def test_a_city_under_a_location_key_is_not_a_brain_area() -> None:
    parsed = read("Location: Lisbon (the institution is the Champalimaud Foundation)")
    assert "electrode_location" not in parsed.values


# -- tables, institutions, labs, genotypes, places named after animals


def test_a_quoted_csv_cell_keeps_its_comma() -> None:
    values = read('Lab,Experimenter,Institution\nFiete Lab,"Khona, Mikail",MIT').values
    assert values["experimenter"] == ["Khona, Mikail"]
    assert values["institution"] == "Massachusetts Institute of Technology"


def test_an_and_before_a_possessive_joins_one_institution() -> None:
    parsed = read("The patient was recorded at Boston Children's Hospital by Dr. Amy Cole.")
    assert parsed.values["institution"] == "Boston Children's Hospital"
    text = "Participant P-12 was recorded at Brigham and Women's Hospital."
    assert read(text).values["institution"] == "Brigham and Women's Hospital"


@pytest.mark.parametrize(
    ("said", "stored"),
    [("UCL in London", "University College London"), ("Washington University in St. Louis", None)],
)
def test_a_known_institution_in_its_city(said: str, stored: str | None) -> None:
    assert normalize_institution(said).value == (stored or said)


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("Mala Murthy's lab", "Murthy Lab"),
        ("Prof. Häusser's laboratory", "Häusser Lab"),
        ("we are the Sternson lab", "Sternson Lab"),
        ("it's the Dan lab", "Dan Lab"),
    ],
)
def test_a_lab_named_by_its_head(said: str, stored: str) -> None:
    assert normalize_lab(said).value == stored
    assert read(said, "lab").values["lab"] == stored


def test_wild_type_with_words_around_it_is_wild_type() -> None:
    assert read("just wild type, nothing transgenic", "genotype").values["genotype"] == "wild-type"


@pytest.mark.parametrize(
    "text",
    [
        "We recorded at the University of Leeds; the animals came from the rat facility next door.",
        "Imaging was done at KU Leuven; larvae came from the zebrafish core there.",
    ],
)
def test_a_species_word_naming_a_facility_is_not_the_subject(text: str) -> None:
    assert "species" not in read(text).values


# -- recall: lab scripts and dumps, ids after a Latin name, a role word or a BIDS label


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ('Rec.subject = "KT-9";\nRec.sex = "M";', "subject_id", "KT-9"),
        ("s(2).sex = {'F'};", "sex", "F"),
        ("{'subject_id': 'QX-71', 'age': 'P84D'}", "subject_id", "QX-71"),
        ('{"session_id": "run_0042", "lab": "Harvey Lab"}', "session_id", "run_0042"),
        ("mouseID = 'B7-R'; sex = 'F';", "subject_id", "B7-R"),
    ],
)
def test_pairs_written_as_code_are_read_as_pairs(text: str, field: str, value: str) -> None:
    assert read(text).values[field] == value


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("prairie vole (Microtus ochrogaster) PV-14, female", "PV-14"),
        ("Egyptian fruit bat (Rousettus aegyptiacus) RB-2, male", "RB-2"),
        ("healthy volunteer HV-22, 40 years old, male", "HV-22"),
        ("mice: Ai14 reporters, this one is RX-4", "RX-4"),
        ("human participant, sub-LA03, 52 years, female", "sub-LA03"),
    ],
)
def test_the_id_after_a_latin_name_a_role_word_or_a_bids_label(text: str, subject_id: str) -> None:
    assert read(text).values["subject_id"] == subject_id


# -- found on our own sentences with distractors


def test_two_institutions_joined_after_one_frame_are_asked_back() -> None:
    parsed = read("we recorded at UCSF and Zuckerberg San Francisco General Hospital")
    assert "institution" not in parsed.values and asked_back(parsed, "institution")


def test_an_institution_beside_a_facility_the_animals_came_from_is_asked_back() -> None:
    parsed = read("the larvae are from the fish facility at the Karolinska Institutet; larva L-4, 5 dpf")
    assert "institution" not in parsed.values


@pytest.mark.parametrize("text", ["Location: Chicago", "Location: Lyon, France"])
def test_a_bare_location_key_gives_only_a_brain_area(text: str) -> None:
    assert "electrode_location" not in read(text).values


def test_a_brain_area_under_a_bare_location_key_is_read() -> None:
    assert read("Location: dorsal striatum").values["electrode_location"] == "dorsal striatum"


def test_a_guess_after_a_keyed_value_covers_it() -> None:
    parsed = read("Recording site: thalamus (VPM), but confirmation is still pending")
    assert "electrode_location" not in parsed.values and asked_back(parsed, "electrode_location")


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("It started at 08:50 and ended at 10:10 on 2023-07-07 (Europe/Vienna).", "2023-07-07T08:50:00+02:00"),
        ("began at 13:00, stopped at 14:30 on 2021-09-01, Europe/Dublin", "2021-09-01T13:00:00+01:00"),
    ],
)
def test_a_time_after_ended_is_not_the_start(text: str, start: str) -> None:
    assert read(text).values["session_start_time"] == start


def test_an_end_time_alone_is_not_stored_as_the_start() -> None:
    assert "session_start_time" not in read("the recording finished at 16:10 on 2023-07-07 (Europe/Vienna)").values


@pytest.mark.parametrize(
    ("said", "stored"), [("the Tank lab in Princeton", "Tank Lab"), ("Dr. Mackenzie Mathis's group", "Mathis Lab")]
)
def test_a_lab_answer_without_where_it_is(said: str, stored: str) -> None:
    assert read(said, "lab").values["lab"] == stored


def test_an_institution_given_as_the_lab_is_refused() -> None:
    parsed = read("we're part of the Salk Institute", "lab")
    assert "lab" not in parsed.values


def test_wild_type_said_of_a_control_animal_is_asked_back() -> None:
    parsed = read("mouse TG-3 (APP/PS1, 9 months) and a wild-type control TG-4")
    assert "genotype" not in parsed.values or parsed.values["genotype"] != "wild-type"


def test_a_contrasting_clause_after_a_genotype_answer_is_not_part_of_it() -> None:
    assert read("Sst-IRES-Cre, but the GCaMP came from a virus", "genotype").values["genotype"] == "Sst-IRES-Cre"


def test_mostly_in_an_area_is_asked_back() -> None:
    parsed = read("mostly M2, a few units in M1", "electrode_location")
    assert "electrode_location" not in parsed.values


# -- start times: a keyed or tabled time beside a day, times said in words


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("2024-01-09 | rat RQ-2 | F | 08:35 Europe/Lisbon | M1", "2024-01-09T08:35:00+00:00"),
        ("09:20 start, 2022-05-04, Asia/Tokyo; mouse TK-1", "2022-05-04T09:20:00+09:00"),
        ("day: 2023-03-14 | time: 16:05 | tz: America/Denver", "2023-03-14T16:05:00-06:00"),
        ("Date: 24.11.2022, Time: 11:15, Zone: Europe/Prague", "2022-11-24T11:15:00+01:00"),
    ],
)
def test_a_day_and_a_keyed_or_tabled_time_are_one_start(text: str, start: str) -> None:
    assert read(text).values["session_start_time"] == start


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("at twenty past eleven in the morning on 2023-06-06, Europe/Madrid", "2023-06-06T11:20:00+02:00"),
        ("half past two in the afternoon, 2021-11-11, Europe/London", "2021-11-11T14:30:00+00:00"),
        ("we began at 12 noon Pacific on 2022-08-01", "2022-08-01T12:00:00-07:00"),
        ("at 4 in the afternoon on 2020-02-20, Asia/Seoul", "2020-02-20T16:00:00+09:00"),
    ],
)
def test_a_time_said_in_words(text: str, start: str) -> None:
    assert read(text).values["session_start_time"] == start


@pytest.mark.parametrize("text", ["rat 5, ten to twelve weeks old", "mouse 9, 10 or 11 weeks"])
def test_an_age_ending_a_range_in_words_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "age" not in parsed.values


# -- people: degrees, "myself - Name", a name after a colon, an aside after an answer, quoted lists


def test_a_degree_is_not_part_of_the_name() -> None:
    assert read("Experimenter: Dr. rer. nat. Paul Hoffer").values["experimenter"] == ["Hoffer, Paul"]


def test_a_sentence_ending_after_a_unit_ends_the_other_role() -> None:
    text = "Rat QP-2 was implanted at 10 weeks (300 g) and now weighs 341.5 g. Recorded on 2022-03-03 by Ada Lenz."
    assert read(text).values["experimenter"] == ["Lenz, Ada"]


def test_myself_then_the_name() -> None:
    assert read("I ran the session myself - Nora Blom, Donders Institute.").values["experimenter"] == ["Blom, Nora"]


def test_an_aside_saying_who_the_answer_is() -> None:
    assert read("Ravi Shah (PhD student); the PI was away", "experimenter").values["experimenter"] == ["Shah, Ravi"]
    assert "experimenter" not in read("Greta Lund (our PI)", "experimenter").values


def test_a_quoted_list_under_a_key() -> None:
    values = read('experimenter: ["Moreau, Lise", "Tan, Wei Ling"]; keywords: ["grid cells", "theta"]').values
    assert values["experimenter"] == ["Moreau, Lise", "Tan, Wei Ling"]
    assert values["keywords"] == ["grid cells", "theta"]


def test_a_strain_named_after_its_transgene_gives_no_genotype_of_its_own() -> None:
    values = read("Strain: B6.Cg-Tg(Thy1-YFP)HJrs/J").values
    assert values["strain"] == "B6.Cg-Tg(Thy1-YFP)HJrs/J" and "genotype" not in values


@pytest.mark.parametrize(
    "text",
    [
        "Lab: Sabatini lab (HMS), but the recordings were made in the Datta lab",
        "Institution: Harvard, but the recordings were done at the Broad Institute",
    ],
)
def test_a_keyed_lab_or_institution_with_a_rival_after_a_contrast_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "lab" not in parsed.values and "institution" not in parsed.values


def test_an_animal_left_out_of_the_data_is_not_the_subject() -> None:
    for text in ("We tested six rats; rat RX-2 was excluded.", "mouse MB-9 died before the recording"):
        assert "subject_id" not in read(text).values


def test_two_time_ranges_leave_the_start_asked() -> None:
    assert "session_start_time" not in read("runs 09:00-09:30 and 10:00-10:30 on 2023-03-03, Europe/Rome").values


# -- the animal's pronoun, notes after an answer, cancels with a reason


def test_the_pronoun_of_the_animal_beside_its_age_or_weight_names_its_sex() -> None:
    assert read("rat LW-5, he weighs 402 g").values["sex"] == "M"
    assert read("mouse is QK-1, she's 11 weeks, recorded in LP").values["sex"] == "F"


def test_a_pronoun_after_a_named_person_is_not_the_animal() -> None:
    parsed = read("Recorded on mouse RN-3 by Dr. Ilse Korn; she is 41 years old")
    assert "sex" not in parsed.values and "age" not in parsed.values


def test_a_note_after_an_answer() -> None:
    assert read("F (confirmed at weaning)", "sex").values["sex"] == "F"
    assert "weight" not in read("19 g (on arrival)", "weight").values


@pytest.mark.parametrize("text", ["cancel the conversion pls", "stop - wrong recording uploaded, sorry"])
def test_a_cancel_with_a_courtesy_or_a_reason(text: str) -> None:
    assert [i.kind.value for i in read(text).intents] == ["cancel"]


def test_a_pronoun_in_the_sentence_after_a_named_person_is_the_person() -> None:
    parsed = read("Recorded by Mara Voss. She's 31 years old and new here; rat VX-1, 290 g.")
    assert "sex" not in parsed.values and "age" not in parsed.values


def test_a_pronoun_when_two_animals_are_named_is_asked_back() -> None:
    parsed = read("rat NB-1 and rat NB-2; she is 9 weeks old")
    assert "sex" not in parsed.values and "age" not in parsed.values


def test_an_answer_naming_the_lab_manager_is_not_stored_as_the_experimenter() -> None:
    assert "experimenter" not in read("Pia Holt (our lab manager)", "experimenter").values
