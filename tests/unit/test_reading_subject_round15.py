"""General rules of the offline reader (issue 14, fifteenth round) for the subject and the session's
time and place: ids, species, strain, genotype, age, weight, brain area, start time. Each rule covers a
family of mistakes, not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.fields import validate_field
from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput) -> set[str]:
    return {c.field for c in parsed.confirmations}


# -- a number that goes on as a longer number ("31.2 g", "22-28 g") holds no id


@pytest.mark.parametrize(
    "text",
    [
        "the technician weighed the mouse: 27.4 g before the session",
        "range in the cohort 19-25 g; this one was 21.3 g",
        "the rat: 312.5 g on the scale",
        "this one was 18.9 g at recording",
    ],
)
def test_no_id_is_cut_from_a_longer_number(text: str) -> None:
    parsed = read(text)
    assert "subject_id" not in parsed.values
    assert "subject_id" not in asked_back(parsed)


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [("mouse 12, male", "12"), ("mouse M-3, 24.6 g", "M-3"), ("rat 12-3, 250 g", "12-3"), ("animal: KQ-41.", "KQ-41")],
)
def test_ids_before_a_pause_are_still_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_the_weight_after_a_colon_is_read() -> None:
    assert read("tech weighed the mouse: 27.4 g. I ran the session.").values.get("weight") == "27.4 g"


# -- another session's animal, or another animal, is not the subject


@pytest.mark.parametrize(
    "text",
    [
        "The last session's animal was QT-11; this time it is QT-12.",
        "yesterday's animal was BX-4",
        "The previous recording's mouse was AN-7.",
    ],
)
def test_another_sessions_animal_is_not_the_subject(text: str) -> None:
    parsed = read(text)
    assert parsed.values.get("subject_id") not in {"QT-11", "BX-4", "AN-7"}
    assert {c.proposals[0].value for c in parsed.confirmations if c.field == "subject_id"} <= {"QT-12"}


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("The last session's animal was QT-11; today's is QT-12b.", "QT-12b"),
        ("animal HB-2, yesterday's animal was HB-1", "HB-2"),
        ("Animal: KS-77", "KS-77"),
    ],
)
def test_this_sessions_animal_is_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- the time of the work on the data afterwards is not the start


@pytest.mark.parametrize(
    "text",
    [
        "Analysis done on 2023-05-04 at 15:00 CET.",
        "spike sorting on 2023-05-04 15:00 Europe/Paris",
        "uploaded on 2023-05-04 at 15:00 CET; the recording date I have to look up",
    ],
)
def test_an_analysis_or_upload_time_is_not_stored_as_the_start(text: str) -> None:
    assert "session_start_time" not in read(text).values


def test_the_start_beside_an_analysis_time_is_read() -> None:
    parsed = read("recorded 2023-05-04 at 15:00 Europe/Paris, analysed on 2023-06-01 at 10:00 Europe/Paris")
    assert parsed.values.get("session_start_time") == "2023-05-04T15:00:00+02:00"


# -- a weight said at another time: on arrival (a bare value between commas takes its clause's time), or "then"


@pytest.mark.parametrize(
    "text",
    [
        "we got the mouse at 6 weeks, 19 g, and recorded it at 12 weeks",
        "we obtained the rat at P40, 180 g, recorded much later",
        "vet check on 2023-11-02, weight 7.1 kg then; nothing weighed on the recording day",
        "checkup in March, 9.4 kg then",
    ],
)
def test_a_weight_of_another_time_is_not_stored(text: str) -> None:
    assert "weight" not in read(text).values


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("rat R9, F, 265 g", "265 g"),
        ("The recording was on 2023-03-03 at 09:00 UTC; QP-2 was 10 weeks and 22.8 g then.", "22.8 g"),
        ("mouse LM-4 (female, tamoxifen at P30), 14 weeks, 21.7 g.", "21.7 g"),
        ("mouse LM-5, P70 at recording (P50 at surgery), 23.1 g.", "23.1 g"),
        ("we got the rat at 8 weeks; recorded at 13 weeks, 305 g", "305 g"),
    ],
)
def test_a_weight_of_the_session_is_still_read(text: str, weight: str) -> None:
    assert read(text).values.get("weight") == weight


# -- species: a cross is no one species; a bare head word after a longer name is that animal again


@pytest.mark.parametrize(
    "text", ["Macaca mulatta x fascicularis hybrid", "Mus musculus x Mus spretus F1", "rhesus x cynomolgus hybrid"]
)
def test_a_cross_of_species_is_asked_back(text: str) -> None:
    result = validate_field("species", text)
    assert not result.ok and result.needs_confirmation


@pytest.mark.parametrize(
    ("text", "species"),
    [("mouse", "Mus musculus"), ("C57BL/6 x 129 mouse", "Mus musculus"), ("rat", "Rattus norvegicus")],
)
def test_one_species_is_still_read(text: str, species: str) -> None:
    assert validate_field("species", text).value == species


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("We trapped deer mice (Peromyscus maniculatus); mouse DM-4, female, was recorded.", "Peromyscus maniculatus"),
        ("A deer mouse was used; mouse DM-5, male.", "Peromyscus maniculatus"),
        ("mouse M-4, female, 22 g", "Mus musculus"),
    ],
)
def test_a_head_word_after_a_longer_name_is_that_animal(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("pig P3 (Sus scrofa domesticus, male, 38 kg)", "Sus scrofa domesticus"),
        ("minipig MP-2 (Sus scrofa domesticus; female)", "Sus scrofa domesticus"),
    ],
)
def test_a_subspecies_in_brackets_after_an_id_is_kept(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


# -- a P-number right after the animal's word is its id, not its age


@pytest.mark.parametrize("text", ["pig P4 (female, 40 kg)", "rat P12, male", "ferret P3 had the implant"])
def test_a_p_number_after_the_animal_word_is_no_age(text: str) -> None:
    parsed = read(text)
    assert "age" not in parsed.values
    assert "age" not in asked_back(parsed)


@pytest.mark.parametrize(
    ("text", "age"), [("pup P7, male", "P7D"), ("the mouse, P60, male", "P60D"), ("mouse at P45", "P45D")]
)
def test_an_age_after_a_pause_or_a_young_ones_word_is_read(text: str, age: str) -> None:
    assert read(text).values.get("age") == age


# -- a genotype at the end of a sentence in brackets keeps neither the bracket nor the full stop


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("We recorded mouse KV-2 (female, Ai93 x Rasgrf2-dCre).", "Ai93 x Rasgrf2-dCre"),
        ("the animal was Ai14 x Sst-Cre. Recorded at noon.", "Ai14 x Sst-Cre"),
        ("genotype: Tg(Thy1-GCaMP6f)GP5.17Dkim.", "Tg(Thy1-GCaMP6f)GP5.17Dkim"),
    ],
)
def test_a_genotype_before_a_full_stop(text: str, genotype: str) -> None:
    assert read(text).values.get("genotype") == genotype


# -- several areas: a list of Allen acronyms after a key, parts joined, a second site, areas asked to be written


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("location=VISp,VISam; depth=300um", "VISp,VISam"),
        ("site: MOs, ACAd", "MOs, ACAd"),
        ("probe: nucleus accumbens shell and core", "nucleus accumbens shell and core"),
        ("probe in the nucleus accumbens core & shell", "nucleus accumbens core & shell"),
        ("two arrays (one in V1, one in V4), so please write 'V1 and V4'", "V1 and V4"),
    ],
)
def test_several_areas_are_kept_as_said(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    "text",
    [
        "two arrays, one in primary visual cortex and one in area V4",
        "one tetrode bundle in CA1 and another in the dentate gyrus",
    ],
)
def test_an_area_with_a_second_site_after_it_is_not_stored_alone(text: str) -> None:
    assert "electrode_location" not in read(text).values


@pytest.mark.parametrize(
    ("text", "area"),
    [("site: nucleus accumbens core", "nucleus accumbens core"), ("recorded in V1 and LFPs saved", "VISp")],
)
def test_one_area_is_still_read(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


def test_quoted_words_that_are_no_area_are_left_to_other_fields() -> None:
    assert "electrode_location" not in read("please write 'Spontaneous activity' as the description").values


# -- lab slang for the C57 black strains names no one strain; a strain denied where said is not this one's


@pytest.mark.parametrize("text", ["black 6", "black six mice", "C57", "c57 black"])
def test_lab_slang_for_a_strain_is_asked_back(text: str) -> None:
    parsed = read(text, "strain")
    assert "strain" not in parsed.values
    assert "strain" in asked_back(parsed)


@pytest.mark.parametrize(("text", "strain"), [("C57BL/6J", "C57BL/6J"), ("C57BL/6N", "C57BL/6N")])
def test_registered_strains_are_still_read(text: str, strain: str) -> None:
    assert read(text, "strain").values.get("strain") == strain


@pytest.mark.parametrize(
    "text",
    ["this is worm W2-a, not the N2 strain", "the rat was not a Wistar", "it isn't the Long Evans, it's another"],
)
def test_a_denied_strain_is_not_stored(text: str) -> None:
    parsed = read(text)
    assert "strain" not in parsed.values
    assert parsed.values.get("species") != "Caenorhabditis elegans"


@pytest.mark.parametrize(
    ("text", "strain"),
    [("the rat was not a Wistar but a Long Evans", "Long-Evans"), ("C. elegans N2, hermaphrodite", "N2")],
)
def test_the_strain_said_beside_a_denied_one_is_read(text: str, strain: str) -> None:
    assert read(text).values.get("strain") == strain


@pytest.mark.parametrize(("text", "subject_id"), [("the animal (ID 'W2-a')", "W2-a"), ('mouse ID "KQ-4"', "KQ-4")])
def test_an_id_in_quotes_after_id_is_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- an area in quotes given as another field's value is not where the electrodes were


@pytest.mark.parametrize(
    "text",
    [
        "mouse QA-2, female; description 'Acute retina explant on a multi-electrode array'",
        "rat RT-9; notes 'Hippocampus was damaged in the other animal'",
    ],
)
def test_an_area_in_another_fields_quotes_is_not_the_location(text: str) -> None:
    assert "electrode_location" not in read(text).values


def test_an_area_said_beside_a_quoted_description_is_read() -> None:
    parsed = read("recorded in CA1; description: 'place cells on a linear track'")
    assert parsed.values.get("electrode_location") == "CA1"


# -- the animal's name after a later word for it, or in quotes on its own


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Three rhesus macaques (Macaca mulatta) were trained; these data are from monkey Rufus, 9 years.", "Rufus"),
        ("rat ~350g, F, 'Clementine', Long Evans", "Clementine"),
        ("A squirrel monkey; female; 'Pippa'", "Pippa"),
        ("the dog is 'Rex', male, 21 kg, Canis lupus familiaris", "Rex"),
        ("macaque 'Bo' (rhesus), male", "Bo"),
    ],
)
def test_the_animals_name_said_later_or_in_quotes_is_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize(
    "text",
    [
        "rat, male; experimenter 'Maria'",
        "mouse, female, lab 'Carandini'",
        "marmoset, male; his brother 'Pico' was not recorded",
        "rat, female, 'Wistar'",
    ],
)
def test_a_quoted_name_of_another_role_or_animal_is_not_the_id(text: str) -> None:
    assert "subject_id" not in read(text).values


def test_two_quoted_names_are_not_guessed_between() -> None:
    assert "subject_id" not in read("marmosets 'Kiki' and 'Lulu', both female").values


# -- tables: a Markdown table's rule and outer pipes, an id column named by the animal's kind or by BIDS


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("| subject | sex | age |\n|---|---|---|\n| QR-8 | F | 10 wk |", "QR-8"),
        ("| Subject | Sex |\n|:---|:---:|\n| KM-2 | M |", "KM-2"),
        ("fish_id,species,sex\nzf-0412,Danio rerio,F", "zf-0412"),
        ("sub;sex;age\nAB_044;M;P90", "AB_044"),
        ("name,species,sex,weight_g\nMango,Callithrix jacchus,F,380", "Mango"),
    ],
)
def test_a_tables_id_column_is_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_a_name_column_beside_people_fields_is_a_persons() -> None:
    parsed = read("name,institution\nAna Ruiz,UCL")
    assert "subject_id" not in parsed.values
    assert parsed.values.get("experimenter") == ["Ruiz, Ana"]


def test_a_markdown_table_reads_its_other_columns() -> None:
    parsed = read("| subject | sex | age |\n|---|---|---|\n| QR-8 | F | 10 wk |")
    assert parsed.values.get("sex") == "F"
    assert parsed.values.get("age") == "P10W"


# -- more registered mouse strains name their species


@pytest.mark.parametrize(
    ("text", "strain"),
    [("strain: FVB/NJ", "FVB/NJ"), ("the strain is 129S1/SvImJ", "129S1/SvImJ"), ("strain = NOD/ShiLtJ", "NOD/ShiLtJ")],
)
def test_a_registered_strain_says_the_species(text: str, strain: str) -> None:
    parsed = read(text)
    assert parsed.values.get("strain") == strain
    assert parsed.values.get("species") == "Mus musculus"


# -- sex: a sex denied where said is no rival; a lone letter before the message's last full stop


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("Correction: it's a male. Not female as in the sheet.", "M"),
        ("the rat (QT-4) is a female, not a male as I wrote.", "F"),
        ("rat R-2, female, not male", "F"),
        ("Mouse PQ-3, M.", "M"),
        ("mouse QA-1, F.\nrecorded today", "F"),
    ],
)
def test_the_sex_said_beside_a_denied_one_is_read(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


@pytest.mark.parametrize("text", ["not male", "mouse M-1 (not female)", "recorded by Jane, M. Smith"])
def test_a_denied_sex_or_an_initial_is_not_stored(text: str) -> None:
    parsed = read(text)
    assert "sex" not in parsed.values
    assert "sex" not in asked_back(parsed)


# -- a city right after a date and time is the place whose clocks it was read on


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("10:30 on 14 May 2024 in Oslo", "2024-05-14T10:30:00+02:00"),
        ("## 2023-11-02 09:15 Madrid ## rat MR-3", "2023-11-02T09:15:00+01:00"),
        ("The recording began at 16:00 on Friday 3 March 2023, Chicago.", "2023-03-03T16:00:00-06:00"),
        ("2023-05-09 15:30 CEST, Vienna", "2023-05-09T15:30:00+02:00"),
        ("on 2023-03-01 at 10:00 in Denver we recorded", "2023-03-01T10:00:00-07:00"),
    ],
)
def test_a_city_after_a_date_and_time_gives_its_zone(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


@pytest.mark.parametrize(
    "text", ["recorded 2023-03-01 10:00 at Boston University", "recorded 2023-03-01 10:00, Davis lab"]
)
def test_a_place_that_is_not_a_zone_city_gives_no_zone(text: str) -> None:
    assert "session_start_time" not in read(text).values


# -- a start keyed as an ISO date-time takes the zone another key gives


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("start=2023-08-01T14:20 tz=Europe/Madrid animal=MX-2", "2023-08-01T14:20:00+02:00"),
        ('{"session_start_time": "2023-01-10T09:00:00", "timezone": "America/Chicago"}', "2023-01-10T09:00:00-06:00"),
    ],
)
def test_a_keyed_iso_start_takes_the_keyed_zone(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


def test_a_keyed_iso_start_without_any_zone_is_not_stored() -> None:
    assert "session_start_time" not in read("start=2023-08-01T14:20 animal=MX-2").values


# -- an area the table does not hold, named in words after a recording cue, is kept as written


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("Monkey QZ-2 was recorded in the frontal eye field area.", "frontal eye field area"),
        ("a chronic array in the dorsal premotor cortex of monkey PB-1", "dorsal premotor cortex"),
        ("The barn owl was recorded in the optic tectum.", "optic tectum"),
        ("octopus OC-4 was recorded in the vertical lobe.", "vertical lobe"),
        ("the monkey was recorded in area MT", "MT"),
    ],
)
def test_an_unlisted_area_after_a_recording_cue_is_kept_as_said(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    "text",
    ["recorded in the same area.", "recorded in the afternoon", "the probe in the other area.", "recorded in the area"],
)
def test_no_area_is_made_of_words_that_name_none(text: str) -> None:
    assert "electrode_location" not in read(text).values


def test_a_bare_cortex_beside_a_named_area_is_no_rival() -> None:
    parsed = read("Electrode in the striatum, stimulation electrode in the cortex.")
    assert parsed.values.get("electrode_location") == "STR"


@pytest.mark.parametrize(
    ("text", "area"),
    [("hamster HS-4, female, with tetrodes in the SCN.", "SCN"), ("mouse PQ-1; probe in ALM, 1.2 mm deep", "ALM")],
)
def test_an_acronym_ending_a_devices_clause_is_the_area(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize("text", ["probe in the LED box", "electrodes in EEG", "array in the USB hub"])
def test_an_acronym_after_a_device_that_names_no_area_is_not_stored(text: str) -> None:
    assert "electrode_location" not in read(text).values


# -- more species in the table; a broad word that is the head of the exact species' common name names it


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("species: pigeon (Columba livia), ID PG-3", "Columba livia"),
        ("the bird is a carrion crow, Corvus corone", "Corvus corone"),
        ("Japanese quail, male, 5 weeks", "Coturnix japonica"),
        ("pond snail PS-2 (Lymnaea stagnalis)", "Lymnaea stagnalis"),
        ("bat CP-7 / Carollia perspicillata / M / 21 g", "Carollia perspicillata"),
    ],
)
def test_more_species_are_read(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


def test_a_broad_word_of_another_kind_beside_an_exact_species_is_still_asked() -> None:
    parsed = read("bat B-3 and a Tyto alba")
    assert "species" not in parsed.values


# -- a stock code after the word "strain" is the strain, kept as said


@pytest.mark.parametrize(
    ("text", "strain"),
    [("C. elegans, strain QW1217, young adult", "QW1217"), ("worms of strain AML32 were imaged", "AML32")],
)
def test_a_stock_code_after_strain_is_read(text: str, strain: str) -> None:
    assert read(text).values.get("strain") == strain


@pytest.mark.parametrize("text", ["not strain AQ3236 but another", "strain 2 of the plan", "the strain was lost"])
def test_no_strain_code_is_made_up(text: str) -> None:
    assert "strain" not in read(text).values
