"""General rules of the offline reader (issue 14, tenth round): roles, clauses, events, brackets and
extents. Each rule covers a family of mistakes, not one sentence; the sentences are our own, from
no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind, ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


# -- bounds and halves: "> P60" is not an age, "and a half" belongs to the number


@pytest.mark.parametrize(
    ("text", "asked", "field"),
    [
        ("juvenile (<P30)", ["age"], "age"),
        ("mouse QR-1, female, older than 10 weeks", [], "age"),
        ("at least 8 weeks old", ["age"], "age"),
        ("rat QR-2, male, over 350 g", [], "weight"),
        ("mouse QR-3, P90 or older", [], "age"),
    ],
)
def test_a_bound_is_not_a_value(text: str, asked: list[str], field: str) -> None:
    parsed = read(text, *asked)
    assert field not in parsed.values and not asked_back(parsed, field)


def test_a_bound_answering_the_age_is_refused_with_the_reason() -> None:
    parsed = read("juvenile (<P30)", "age")
    assert any(r.field == "age" and "bound" in r.reason for r in parsed.rejections)


@pytest.mark.parametrize(
    ("text", "asked", "age"),
    [
        ("four and a half months", ["age"], "P4.5M"),
        ("rat QS-1, male, 2 years and a half", [], "P2.5Y"),
        ("mouse QS-2, age 5 month and half, female", [], "P5.5M"),
    ],
)
def test_and_a_half_belongs_to_the_number(text: str, asked: list[str], age: str) -> None:
    assert read(text, *asked).values.get("age") == age


# -- an age said of another event: when a series began, a training day


@pytest.mark.parametrize(
    "text",
    [
        "Chronic recordings in mouse QT-1 started at P40.",
        "Behavioural testing of rat QT-2 began at 9 weeks.",
        "Mouse QT-3 was 14 weeks old at the first habituation day.",
        "Rat QT-4 was P70 during training, recorded later.",
    ],
)
def test_an_age_at_another_event_is_not_stored(text: str) -> None:
    assert "age" not in read(text).values


def test_an_age_at_the_recording_is_still_read() -> None:
    assert read("Mouse QT-5 was recorded at P52.").values.get("age") == "P52D"


# -- areas: a layer after the area is part of it; a name and its acronym are one area


@pytest.mark.parametrize(
    ("text", "asked", "area"),
    [
        ("Recording site: entorhinal cortex, layer 3", [], "entorhinal cortex, layer 3"),
        ("we recorded in barrel cortex layer 4 of mouse QU-1", [], "barrel cortex layer 4"),
        ("V1 L2/3", ["electrode_location"], "V1 L2/3"),
        ("primary visual cortex (V1)", ["electrode_location"], "VISp"),
        ("area = M2 (secondary motor cortex)", [], "MOs"),
        ("V1 (CA1)", ["electrode_location"], "V1 (CA1)"),
    ],
)
def test_an_area_keeps_its_layer_and_a_name_with_its_acronym_is_one_area(
    text: str, asked: list[str], area: str
) -> None:
    assert read(text, *asked).values.get("electrode_location") == area


def test_an_area_under_a_recording_chamber_is_not_the_recording_site() -> None:
    parsed = read("Monkey QV-1: the recording chamber is centred over prefrontal cortex; all units were from FEF.")
    assert parsed.values.get("electrode_location") == "FEF"
    assert "institution" not in parsed.values


def test_an_area_acronym_after_from_is_not_an_institution() -> None:
    parsed = read("Today's neurons were all from MST, monkey QV-2.")
    assert "institution" not in parsed.values


def test_imaging_through_a_window_over_an_area_still_names_the_area() -> None:
    assert read("mouse QV-3, imaged through a cranial window over visual cortex").values.get("electrode_location") == (
        "visual cortex"
    )


# -- institutions: the city after the name, names with "and", an affiliation of another role


@pytest.mark.parametrize(
    ("answer", "institution"),
    [
        ("Allen Institute, Seattle", "Allen Institute"),
        ("Karolinska Institutet, Stockholm", "Karolinska Institutet"),
        ("UCL, Bloomsbury", "University College London"),
        ("University of California, Irvine", "University of California, Irvine"),
        ("Columbia University, Zuckerman Institute", "Columbia University, Zuckerman Institute"),
    ],
)
def test_a_place_after_an_institution_is_not_part_of_its_name(answer: str, institution: str) -> None:
    assert read(answer, "institution").values.get("institution") == institution


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Recorded at the Norwegian University of Science and Technology.",
         "Norwegian University of Science and Technology"),
        ("recordings done at the London School of Hygiene and Tropical Medicine",
         "London School of Hygiene and Tropical Medicine"),
        ("Recorded at Washington University in St. Louis.", "Washington University in St. Louis"),
    ],
)  # fmt: skip
def test_an_institution_name_goes_on_over_and_with_a_field_of_study(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


def test_an_and_before_a_person_does_not_join_an_institution() -> None:
    assert read("Recorded at the University of Oxford and Anna Smith helped.").values.get("institution") == (
        "University of Oxford"
    )


def test_the_affiliation_of_a_supervisor_in_brackets_is_asked_back() -> None:
    parsed = read("My supervisor is Dr. Rita Olsen (University of Bergen). I recorded everything, Ola Nygaard.")
    assert "institution" not in parsed.values and asked_back(parsed, "institution")


def test_the_experimenters_own_affiliation_in_brackets_is_read() -> None:
    parsed = read("The experimenter was myself, Jonas Weber (Institut Pasteur, Paris).")
    assert parsed.values.get("experimenter") == ["Weber, Jonas"]
    assert parsed.values.get("institution") == "Institut Pasteur"


# -- people: a contrasting clause of another role, asides in a list, "name" before a code


def test_an_answer_ends_before_a_clause_naming_another_role() -> None:
    parsed = read("Lena Park, but Dr. Ode supervised everything", "experimenter")
    assert parsed.values.get("experimenter") == ["Park, Lena"]


def test_an_aside_after_a_name_does_not_end_the_list_of_people() -> None:
    parsed = read("The session was run by Ida Berg (me) and Jon Ruiz (postdoc).")
    assert parsed.values.get("experimenter") == ["Berg, Ida", "Ruiz, Jon"]


def test_name_before_a_code_is_the_animals_id() -> None:
    parsed = read("The rat is a Long-Evans, name QW-12.")
    assert parsed.values.get("subject_id") == "QW-12" and "experimenter" not in parsed.values


# -- labs: where a lab is, a determiner, a lab that built the equipment


@pytest.mark.parametrize(
    "text", ["Our lab is located in Bergen.", "The lab is situated in the old building.", "Our lab records in mice."]
)
def test_where_a_lab_is_is_not_its_name(text: str) -> None:
    assert "lab" not in read(text).values


def test_a_lab_that_built_the_equipment_is_asked_back() -> None:
    parsed = read("We recorded mouse QX-1 with a microdrive designed by the Buzsaki lab.")
    assert "lab" not in parsed.values and asked_back(parsed, "lab")


# -- session ids, keywords, declines


def test_a_session_label_followed_by_more_words_is_not_a_session_id() -> None:
    parsed = read("Today's session: 3xTg mouse QY-2, male.")
    assert "session_id" not in parsed.values
    assert parsed.values.get("subject_id") == "QY-2"


def test_a_session_code_without_a_colon_is_still_read() -> None:
    assert read("Session s07 with rat QY-3").values.get("session_id") == "s07"


@pytest.mark.parametrize(
    "text", ["[grid cells, path integration]", "(grid cells; path integration)", "{grid cells, path integration}"]
)
def test_brackets_around_a_keyword_list_are_not_part_of_the_keywords(text: str) -> None:
    assert read(text, "keywords").values.get("keywords") == ["grid cells", "path integration"]


@pytest.mark.parametrize("answer", ["skip pls", "pass plz", "skip thx"])
def test_a_skip_with_a_short_please_is_a_decline(answer: str) -> None:
    parsed = read(answer, "keywords")
    assert not parsed.values
    assert any(i.kind == IntentKind.SKIP_FIELD and i.fields == ["keywords"] for i in parsed.intents)


# -- strains and genotypes


def test_a_cross_with_a_parent_the_table_does_not_hold_is_asked_back_whole() -> None:
    parsed = read("mouse QZ-1, female, BALB/c x 129X1 F1")
    assert "strain" not in parsed.values
    assert [p.value for c in parsed.confirmations if c.field == "strain" for p in c.proposals] == ["BALB/c x 129X1 F1"]


@pytest.mark.parametrize(
    ("answer", "strain"), [("C57BL/6NCrl (Charles River)", "C57BL/6NCrl"), ("DBA/2JRj (Janvier)", "DBA/2JRj")]
)
def test_a_vendor_in_brackets_after_a_strain_code_is_not_the_strain(answer: str, strain: str) -> None:
    assert read(answer, "strain").values.get("strain") == strain


def test_an_answer_naming_a_genotype_and_a_strain_gives_both() -> None:
    parsed = read("WT BALB/c", "genotype")
    assert parsed.values.get("strain") == "BALB/c" and parsed.values.get("genotype") == "wild-type"


def test_a_short_strain_name_before_the_word_strain_is_read() -> None:
    parsed = read("zebrafish, AB strain", "strain")
    assert parsed.values.get("strain") == "AB" and parsed.values.get("species") == "Danio rerio"


def test_a_vendor_does_not_leave_the_species_open_when_the_strain_names_it() -> None:
    assert read("Sprague Dawley rats, from Charles River", "strain").values.get("species") == "Rattus norvegicus"


def test_a_strain_after_the_species_word_is_read_when_the_id_is_given_elsewhere() -> None:
    parsed = read("rat Fischer 344, female, ID 5512")
    assert parsed.values.get("strain") == "Fischer 344" and parsed.values.get("subject_id") == "5512"


# -- intents in more phrasings


@pytest.mark.parametrize(
    "text", ["no more qs, convert", "Please proceed with the conversion now", "go on with what we've sent you"]
)
def test_no_more_questions_in_other_words(text: str) -> None:
    assert any(i.kind == IntentKind.SKIP_ALL for i in read(text).intents)


@pytest.mark.parametrize(
    "text", ["hold on, that was the wrong session, cancel it", "do not convert it, the folder is incomplete"]
)
def test_cancelling_after_a_reason(text: str) -> None:
    assert [i.kind for i in read(text).intents] == [IntentKind.CANCEL]


def test_cancel_inside_a_description_is_not_an_intent() -> None:
    parsed = read("We had to cancel the first session; mouse QA-10 was recorded the next day.")
    assert not any(i.kind == IntentKind.CANCEL for i in parsed.intents)


def test_leaving_named_fields_empty_declines_them() -> None:
    parsed = read("leave weight and age empty please")
    assert {f for i in parsed.intents if i.kind == IntentKind.SKIP_FIELD for f in i.fields} == {"weight", "age"}


def test_nothing_on_file_is_not_known() -> None:
    parsed = read("no weight on file", "weight")
    assert not parsed.values and any(i.kind == IntentKind.DONT_KNOW and i.fields == ["weight"] for i in parsed.intents)


# -- sex said with an age or as a person word


@pytest.mark.parametrize(
    ("text", "sex", "age"),
    [
        ("participant QB-11, 61-year-old woman", "F", "P61Y"),
        ("human subject QB-12 (34 y/o M)", "M", "P34Y"),
        ("rat QB-13, girl, 9 weeks", "F", "P9W"),
        ("mouse QB-14 is an old boy, 20 months", "M", "P20M"),
    ],
)
def test_a_person_word_or_letter_after_an_age_names_the_sex(text: str, sex: str, age: str) -> None:
    parsed = read(text)
    assert parsed.values.get("sex") == sex and parsed.values.get("age") == age


def test_a_man_or_woman_beside_an_animal_is_a_person() -> None:
    parsed = read("The 41-year-old woman who runs the rig recorded mouse QB-15.")
    assert "sex" not in parsed.values and "age" not in parsed.values


# -- start times: a time and its zone before the day, a time said elsewhere as the start, another event's key


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Session began 08:30, Berlin time, 2023-09-04.", "2023-09-04T08:30:00+02:00"),
        ("we started at 7pm Denver time on 2 March 2024", "2024-03-02T19:00:00-07:00"),
        ("recording started 13:10 Europe/Madrid on 2022-10-11", "2022-10-11T13:10:00+02:00"),
        ("10am Central on 2/27/2024, rat QC-1", "2024-02-27T10:00:00-06:00"),
    ],
)
def test_a_time_and_its_zone_before_the_day_are_one_start(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


def test_a_day_and_a_time_said_elsewhere_as_the_start_are_one_start() -> None:
    parsed = read("Mouse QC-2 was recorded on 2023-06-07 (Europe/Rome). The session started at 11:45.")
    assert parsed.values.get("session_start_time") == "2023-06-07T11:45:00+02:00"


def test_a_day_and_a_time_of_another_event_are_not_joined() -> None:
    parsed = read("Recorded on 2023-06-07, Europe/Rome. The injection was at 11:45.")
    assert "session_start_time" not in parsed.values


def test_a_date_key_led_by_another_event_is_not_the_start() -> None:
    parsed = read("the perfusion date was 9 June 2023; the recording date 2 June 2023, 15:00 Europe/Oslo")
    assert parsed.values.get("session_start_time") == "2023-06-02T15:00:00+02:00"


def test_an_ambiguous_zone_abbreviation_offers_its_zones() -> None:
    parsed = read("started 09:00 AST on 3 February 2022")
    assert "session_start_time" not in parsed.values
    [question] = [c for c in parsed.confirmations if c.field == "session_start_time"]
    assert [p.value for p in question.proposals] == ["2022-02-03T09:00:00-04:00", "2022-02-03T09:00:00+03:00"]


# -- substrains and table columns


@pytest.mark.parametrize(
    ("text", "strain"), [("mouse QD-1, C57BL/6NTac, male", "C57BL/6NTac"), ("BALB/cByJ mice, QD-2", "BALB/cByJ")]
)
def test_a_substrain_code_is_kept_and_names_its_species(text: str, strain: str) -> None:
    parsed = read(text)
    assert parsed.values.get("strain") == strain and parsed.values.get("species") == "Mus musculus"


def test_a_lone_sex_letter_between_columns_is_the_sex() -> None:
    assert read("QD-3 | M | 24.0 g | V1").values.get("sex") == "M"


# -- species: a word that is other things in prose beside an id or a sex; exact names over broad ones


@pytest.mark.parametrize(
    ("text", "species"),
    [("a dog, male, ID Rex-2", "http://purl.obolibrary.org/obo/NCBITaxon_9615"), ("pig QE-1, female", "Sus scrofa")],
)
def test_an_animal_word_that_is_other_things_in_prose_counts_beside_an_id_or_a_sex(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


def test_an_animal_word_in_passing_is_not_the_species() -> None:
    assert read("we fed the cat and left, mouse QE-2").values.get("species") == "Mus musculus"


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Degus (Octodon degus), male, subject QE-3", "Octodon degus"),
        ("Monkey QE-4, a male rhesus macaque", "Macaca mulatta"),
        ("Monkey QE-5 (Macaca radiata), female", "Macaca radiata"),
        ("fly QE-6, Drosophila melanogaster, male", "Drosophila melanogaster"),
    ],
)
def test_one_species_said_exactly_outranks_broader_words_for_it(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


def test_two_exact_species_are_still_asked_back() -> None:
    parsed = read("The rig also holds rats; monkey QE-7 is a rhesus macaque, the other a cynomolgus macaque.")
    assert "species" not in parsed.values


def test_a_genus_alone_is_asked_back_with_its_species() -> None:
    parsed = read("macaca", "species")
    assert not parsed.values and asked_back(parsed, "species")


# -- tables and blocks: a header row says each column's role; a heading hides no key; units in keys


def test_a_header_and_a_row_give_each_column_its_field() -> None:
    parsed = read("mouse_id\tSex\tAge (weeks)\tWeight at arrival\tRecording weight\nQF-1\tM\t10\t18 g\t23 g")
    wanted = {"subject_id": "QF-1", "sex": "M", "age": "P10W", "weight": "23 g"}
    assert {name: parsed.values.get(name) for name in wanted} == wanted


def test_a_row_without_a_header_is_not_read_as_a_table() -> None:
    assert "weight" not in read("QF-2, M, 10, 18\nQF-3, F, 11, 19").values


def test_a_heading_without_a_value_hides_no_key_below_it() -> None:
    parsed = read("Animal:\n  subject id: QF-4\n  sex: F")
    assert parsed.values.get("subject_id") == "QF-4" and parsed.values.get("sex") == "F"


def test_a_name_in_a_block_keeps_its_given_name_beside_an_institution_line() -> None:
    parsed = read("experimenter: Moreau, Luc\ninstitution: Université de Lyon")
    assert parsed.values.get("experimenter") == ["Moreau, Luc"]


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [("weight (g): 287; rat QF-5", "weight", "287 g"), ("age (days): 63; mouse QF-6", "age", "P63D")],
)
def test_a_unit_in_brackets_after_a_key_is_the_values_unit(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


def test_a_units_key_gives_bare_numbers_their_unit() -> None:
    assert read("weight_at_recording=24.5; units=g; id=QF-7").values.get("weight") == "24.5 g"


def test_a_specimen_id_is_the_subject_id() -> None:
    assert read("specimen_id: 550112 | sex: F").values.get("subject_id") == "550112"


def test_a_greeting_over_a_line_of_values_is_not_a_table() -> None:
    parsed = read("Hello, thanks\nmouse QF-8, female")
    assert parsed.values.get("subject_id") == "QF-8" and parsed.values.get("sex") == "F"


def test_a_longer_aside_after_a_name_does_not_cut_the_list_of_people() -> None:
    parsed = read("Recorded by Ada Lind (PhD student, Moser lab) and Per Holm at NTNU.")
    assert parsed.values.get("experimenter") == ["Lind, Ada", "Holm, Per"]


def test_several_layers_after_an_area_are_kept_together() -> None:
    assert read("We recorded from the barrel cortex, layer 4 and layer 5").values.get("electrode_location") == (
        "barrel cortex, layer 4 and layer 5"
    )


# -- people: each cue's clause says its role; "me (Name)"; relations between names; a key's note


def test_the_first_certain_cue_not_led_by_another_role_gives_the_experimenter() -> None:
    parsed = read("Injections were done by Dr. Eva Horn at KI; the recordings were made a month later by Jonas Berg.")
    assert parsed.values.get("experimenter") == ["Berg, Jonas"]


def test_a_recording_cue_far_before_by_still_says_who_recorded() -> None:
    parsed = read("Data were acquired on the two-photon rig in room 4 by Lina Haug and sorted by Per Dahl.")
    assert parsed.values.get("experimenter") == ["Haug, Lina"]


def test_a_name_after_another_act_by_is_asked_back() -> None:
    parsed = read("Data were collected last spring and curated by Ola Bakke.")
    assert "experimenter" not in parsed.values and asked_back(parsed, "experimenter")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("it was me (Ines Vidal) and Rui Costa on the rig", ["Vidal, Ines", "Costa, Rui"]),
        ("I, Mara Elm, ran the session.", ["Elm, Mara"]),
        ("The data are mine - Oskar Lund.", ["Lund, Oskar"]),
        ("Experimenters (alphabetical): Ada Berg; Ivo Tal", ["Berg, Ada", "Tal, Ivo"]),
    ],
)
def test_people_in_other_frames(text: str, names: list[str]) -> None:
    assert read(text).values.get("experimenter") == names


def test_a_person_who_supervised_in_another_clause_is_not_the_experimenter() -> None:
    parsed = read("Prof. Lene Moe supervised; I, Kari Nes, ran all recordings.")
    assert parsed.values.get("experimenter") == ["Nes, Kari"]


@pytest.mark.parametrize(
    ("answer", "names"),
    [("me (Petra Novak)", ["Novak, Petra"]), ("Dr. Ana Silva and her postdoc Rui Lopes", ["Silva, Ana", "Lopes, Rui"])],
)
def test_answers_naming_people_by_relation(answer: str, names: list[str]) -> None:
    assert read(answer, "experimenter").values.get("experimenter") == names


def test_a_guess_in_an_aside_about_the_animal_does_not_doubt_the_name() -> None:
    parsed = read("Mouse QG-1 (female, maybe 9 weeks) was recorded by Tove Lie.")
    assert parsed.values.get("experimenter") == ["Lie, Tove"] and "age" not in parsed.values


def test_a_strain_name_before_a_verb_is_not_a_person() -> None:
    assert "experimenter" not in read("Rat QG-2, male, Brown Norway, recorded in the VTA").values


# -- subject ids: after a copula or "officially"; ages and vendors are not ids or institutions


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("so the rat is RT_44, female", "RT_44"),
        ("Her number is QH-9.", "QH-9"),
        ("mouse 'Pickles', officially QH-10", "QH-10"),
        ("Breeders: Sst-Cre x Ai14; pup QH-11, male", "QH-11"),
        ("The mice came from Envigo. This one is QH-12, male.", "QH-12"),
    ],
)
def test_an_id_after_a_copula_or_officially(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize("text", ["the subject was P45", "the mouse was P60", "the rat is E18"])
def test_an_age_after_a_copula_is_not_an_id(text: str) -> None:
    assert "subject_id" not in read(text).values


def test_a_vendor_after_from_is_not_the_institution() -> None:
    parsed = read("mice from JAX, mouse QH-13")
    assert "institution" not in parsed.values
    assert parsed.values.get("species") == "Mus musculus" and parsed.values.get("subject_id") == "QH-13"


def test_animals_thanked_for_without_a_subject_stay_asked_back() -> None:
    parsed = read("Thanks to Taconic for the rats.")
    assert "species" not in parsed.values and asked_back(parsed, "species")


# -- areas, weights and lines: devices placed into an area, asides as clauses, constructs are no rival lines


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("Silicon probes were inserted into the dorsal striatum of mouse QJ-1.", "dorsal striatum"),
        ("AAV was injected into the VTA; tetrodes were later lowered into the NAc, rat QJ-2", "ACB"),
        ("Recordings targeted LIP in monkey QJ-3.", "LIP"),
        ("We plan to record from the claustrum next week; today it was the insula.", "insula"),
    ],
)
def test_a_recording_device_placed_into_an_area_or_todays_session_names_the_site(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


def test_an_optrode_beside_an_injection_site_stays_asked_back() -> None:
    parsed = read("ChR2 was injected into the BLA and an optrode was lowered into the NAc of rat QJ-4.")
    assert "electrode_location" not in parsed.values


def test_histology_showing_a_probe_elsewhere_stays_asked_back() -> None:
    assert "electrode_location" not in read("We aimed for LP but histology showed the probe in the hippocampus.").values


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("Weighed today: 23.9 g (pre-restriction 27 g). Mouse QK-1.", "23.9 g"),
        ("rat QK-2 / 402g / tetrodes in CA1 / 2024-01-02", "402 g"),
    ],
)
def test_an_aside_or_a_column_is_its_own_clause_for_a_weight(text: str, weight: str) -> None:
    assert read(text).values.get("weight") == weight


def test_a_mass_alone_in_brackets_keeps_the_words_before_it() -> None:
    assert "weight" not in read("Mouse QK-3, 85% of free-feeding weight (23.0 g)").values


def test_a_viral_construct_is_no_rival_to_the_animals_line() -> None:
    parsed = read("Pvalb-IRES-Cre mice were injected with AAV1-EF1a-DIO-ChR2-EYFP; mouse QK-4, male.")
    assert parsed.values.get("genotype") == "Pvalb-IRES-Cre"


# -- backgrounds, keyed sentences, institutions with words before "de", numbered areas


def test_a_strain_named_as_the_background_is_the_strain() -> None:
    parsed = read("Mouse QL-1 is a Shank3-/- on a C57BL/6J background, female.")
    assert parsed.values.get("strain") == "C57BL/6J"


def test_a_mixed_background_is_asked_back() -> None:
    parsed = read("Mouse QL-2, Fmr1 KO on a mixed C57BL/6J background")
    assert "strain" not in parsed.values and asked_back(parsed, "strain")


def test_a_key_followed_by_a_sentence_leaves_it_to_the_finders() -> None:
    assert read("About the weight: it was 31 g at surgery and 28 g at recording.").values.get("weight") == "28 g"


def test_words_between_a_university_and_de_are_part_of_its_name() -> None:
    assert read("We are at the Universidad Nacional de Córdoba.").values.get("institution") == (
        "Universidad Nacional de Córdoba"
    )


def test_an_area_named_by_its_number_keeps_its_word() -> None:
    assert read("Units were recorded in area 18 of cat QL-3.").values.get("electrode_location") == "area 18"


def test_an_age_said_of_a_group_beside_the_subjects_own_id_is_asked_back() -> None:
    parsed = read("We used 4-month-old females; rat QM-1 was the exception, a male.")
    assert "age" not in parsed.values and asked_back(parsed, "age")


def test_an_age_of_the_animals_without_a_subject_of_their_own_is_read() -> None:
    assert read("12-week-old male mice were recorded in V1").values.get("age") == "P12W"


def test_an_acronym_said_as_where_it_was_recorded_outranks_another_institution() -> None:
    parsed = read("Dr. Roy's lab at Caltech did the surgeries; we recorded at USC.")
    assert parsed.values.get("institution") == "USC"
    assert "lab" not in parsed.values and asked_back(parsed, "lab")


def test_a_lab_beside_another_clause_about_surgery_is_still_read() -> None:
    assert read("Moser lab, mouse QN-1, surgery on day 1").values.get("lab") == "Moser Lab"


def test_a_hedged_birth_date_is_asked_back_as_the_date_of_birth() -> None:
    parsed = read("mouse QP-1, born around 2023-02-14")
    assert "date_of_birth" not in parsed.values and asked_back(parsed, "date_of_birth")
    assert not any(r.field == "session_start_time" for r in parsed.rejections)


def test_a_cross_given_with_the_species_is_not_stored_as_the_strain() -> None:
    parsed = read("Species: mouse (BALB/c x DBA/2 F1)")
    assert parsed.values.get("species") == "Mus musculus" and "strain" not in parsed.values


def test_a_family_name_before_by_is_not_taken_for_a_verb() -> None:
    parsed = read("Performed at EPFL in the lab of Carl Petersen by Ana Ruiz")
    assert parsed.values.get("experimenter") == ["Ruiz, Ana"]


def test_another_events_day_without_a_zone_is_not_asked_for_its_zone() -> None:
    parsed = read("The perfusion was on 2023-06-01; mouse QW-1.")
    assert not any(r.field == "session_start_time" for r in parsed.rejections)
    assert "session_start_time" not in parsed.values


def test_words_saying_whose_lab_are_not_its_name() -> None:
    assert read("Lab: our own (Łukasik lab)").values.get("lab") == "Łukasik Lab"
    parsed = read("ours", "lab")
    assert not parsed.values and any(r.field == "lab" for r in parsed.rejections)


@pytest.mark.parametrize(
    ("answer", "institution"),
    [
        ("University of Bergen, Norway", "University of Bergen"),
        ("Karolinska Institutet, Stockholm, Sweden", "Karolinska Institutet"),
        ("Brown University, Providence, RI", "Brown University"),
        ("University of Michigan, Ann Arbor, USA", "University of Michigan, Ann Arbor"),
    ],
)
def test_a_country_or_state_after_an_institution_is_not_part_of_its_name(answer: str, institution: str) -> None:
    assert read(answer, "institution").values.get("institution") == institution
