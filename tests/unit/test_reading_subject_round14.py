"""General rules of the offline reader (issue 14, fourteenth round) for the subject and the session's
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


# -- a trinomial said is kept as said, not widened to its species


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Mus musculus domesticus", "Mus musculus domesticus"),
        ("mus musculus castaneus", "Mus musculus castaneus"),
        ("Canis lupus familiaris", "http://purl.obolibrary.org/obo/NCBITaxon_9615"),  # in the table: its IRI
        ("Mus musculus", "Mus musculus"),
        ("Mus musculus versus", "Mus musculus"),
    ],
)
def test_a_trinomial_is_kept_as_said(text: str, species: str) -> None:
    assert validate_field("species", text).value == species


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Wild mice (Mus musculus castaneus) were trapped; mouse CA-3, male, 14 g.", "Mus musculus castaneus"),
        ("subject KT-2, Rattus norvegicus domestica, female", "Rattus norvegicus domestica"),
        (
            "Two dogs (Canis lupus familiaris) were trained; dog Rex, male.",
            "http://purl.obolibrary.org/obo/NCBITaxon_9615",
        ),
        ("mouse WM-5 (Mus musculus) was used", "Mus musculus"),
        ("Mus musculus were housed in pairs; mouse WM-6", "Mus musculus"),
    ],
)
def test_a_trinomial_in_a_sentence_is_the_species(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Farm pigs (Sus scrofa domesticus) were used; pig KP-3, male, 41 kg.", "Sus scrofa domesticus"),
        ("House mice (Mus musculus domesticus); mouse HM-2, female", "Mus musculus domesticus"),
        ("Pigs (Sus scrofa) were used; pig KP-4, male", "Sus scrofa"),
    ],
)
def test_a_subspecies_in_brackets_after_the_animal_word_is_kept(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


# -- brain areas: asides that add no place; the lab's own name; 'Area X'


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("left CA1 (3 shanks)", "left CA1"),
        ("dorsal striatum (32 channels)", "dorsal striatum"),
        ("V1 (n = 54 units)", "VISp"),
        ("CA1 (dorsal)", "CA1 (dorsal)"),  # a part in brackets is kept
        ("M1 (as we call it)", "M1"),  # the lab's own name: not mapped to an atlas acronym
        ("vS1 (our name)", "vS1"),
        ("M1", "MOp"),
        ("Area X", "Area X"),
        ("area X", "area X"),
        ("area 17", "area 17"),
        ("area LIP", "LIP"),
    ],
)
def test_an_area_keeps_only_what_names_the_place(text: str, area: str) -> None:
    assert validate_field("electrode_location", text).value == area


def test_area_x_in_a_table_is_the_songbird_nucleus() -> None:
    parsed = read("bird;electrode_location\nZF-12;Area X")
    assert parsed.values.get("electrode_location") == "Area X"


def test_a_shank_count_after_areas_in_a_sentence_is_dropped() -> None:
    parsed = read("Recording location: right CA3 and right DG (4 shanks)")
    assert parsed.values.get("electrode_location") == "right CA3 and right DG"


# -- nested JSON: the closing braces are no part of the value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ('{"animal": {"subject_id": "QR_4", "genotype": "Sst-IRES-Cre"}}', "genotype", "Sst-IRES-Cre"),
        ('{"a": {"b": {"strain": "C57BL/6J"}}}', "strain", "C57BL/6J"),
        ("{'subject': {'sex': 'F', 'subject_id': 'QR_5'}}", "subject_id", "QR_5"),
        ("expt(2).sex = {'F'};", "sex", "F"),
    ],
)
def test_closing_braces_of_nested_dicts_are_not_kept(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


# -- a value denied where it is said ("298 g, not 289 g") is the old one; a correction key is no other role


@pytest.mark.parametrize(
    "text",
    [
        "rat KQ-1 is 312 g, not 321 g",
        "weight 312 g (not 321 g)",
        "not 321 g but 312 g",
        "my earlier email had a typo: the rat is 312 g, not 321 g",
    ],
)
def test_a_denied_weight_is_not_stored(text: str) -> None:
    assert read(text).values.get("weight") == "312 g"


def test_a_previous_key_without_correction_is_still_another_time() -> None:
    assert "weight" not in read("previous email: rat is 312 g.").values


# -- an animal named only as the owner of another field is no species said


@pytest.mark.parametrize(
    "text",
    [
        "For the date of birth of the mouse I only know the month, so leave it out.",
        "the weight of the rat is 301 g",
        "the sex for the mouse I will send later",
    ],
)
def test_the_owner_of_a_field_gives_no_species(text: str) -> None:
    assert "species" not in read(text).values


@pytest.mark.parametrize(
    ("text", "species"),
    [("the age of the mouse QT-3 is 9 weeks", "Mus musculus"), ("the rat is 301 g", "Rattus norvegicus")],
)
def test_an_animal_said_is_still_the_species(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


# -- an id of another thing ("Session ID is ...", "recording ID: ...") is not the animal's


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Session ID is 802291413 (from the portal)", {"session_id": "802291413"}),
        ("recording ID: RX-12; animal ID: BQ-4", {"subject_id": "BQ-4"}),
        ("Probe ID 18005, mouse ID KM-3", {"subject_id": "KM-3"}),
        ("file number: 7", {}),
        ("Subject ID is 802291413 (from the portal)", {"subject_id": "802291413"}),
        ("ID: BQ-5", {"subject_id": "BQ-5"}),
    ],
)
def test_an_id_of_another_thing_is_not_the_subjects(text: str, values: dict[str, str]) -> None:
    parsed = read(text)
    assert parsed.values.get("subject_id") == values.get("subject_id")
    if "session_id" in values:
        assert parsed.values.get("session_id") == values["session_id"]


# -- a date with its time said in another language keeps the time (never midnight)


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("Aufnahme am 23.05.2023 um 9:40 Uhr (Europe/Berlin)", "2023-05-23T09:40:00+02:00"),
        ("Kayıt 23.05.2023 saat 09:40'da başladı (Europe/Istanbul)", "2023-05-23T09:40:00+03:00"),
        ("enregistrement le 23.05.2023 à 9h40 (Europe/Paris)", "2023-05-23T09:40:00+02:00"),
        ("registrazione 23.05.2023 alle 9:40 (Europe/Rome)", "2023-05-23T09:40:00+02:00"),
        ("gravação 23.05.2023 às 9:40 (Europe/Lisbon)", "2023-05-23T09:40:00+01:00"),
        ("opname 23.05.2023 om 9:40 (Europe/Amsterdam)", "2023-05-23T09:40:00+02:00"),
        ("started 2023-05-23 at 9:40, Europe/Berlin", "2023-05-23T09:40:00+02:00"),
    ],
)
def test_a_time_after_a_foreign_at_word_is_kept(text: str, iso: str) -> None:
    assert read(text).values.get("session_start_time") == iso


# -- a fly's driver > effector genotype is one value


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("Flies of the genotype GMR57C10-GAL4>UAS-CsChrimson were used; fly CS-2", "GMR57C10-GAL4>UAS-CsChrimson"),
        ("fly FL-4 (nSyb-GAL4 > UAS-GCaMP6s)", "nSyb-GAL4 > UAS-GCaMP6s"),
        ("genotype: Orco-LexA>LexAop-GCaMP6f", "Orco-LexA>LexAop-GCaMP6f"),
        ("mouse M-7, Pvalb-Cre; Ai32, weight > 20 g", "Pvalb-Cre; Ai32"),
    ],
)
def test_a_driver_and_effector_genotype_is_one_value(text: str, genotype: str) -> None:
    assert read(text).values.get("genotype") == genotype


# -- an age said at another session, a virus injection or a weighing is not the session's


@pytest.mark.parametrize(
    "text",
    [
        "mouse KZ-4 was 10 weeks old at the first session; this file is its fourth session",
        "mouse KZ-5 | M | 24 g | virus: AAV9-hSyn-GCaMP6f in CA1 at P45",
        "rat KZ-6, recorded the day after its 14-week weighing",
    ],
)
def test_an_age_of_another_time_is_not_stored(text: str) -> None:
    assert "age" not in read(text).values


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("mouse KZ-7 was 10 weeks old at its first session", "P10W"),
        ("mouse KZ-8 | M | P75 | 24 g", "P75D"),
        ("mouse KZ-9 (third session), 12 weeks old", "P12W"),
    ],
)
def test_an_age_of_the_session_is_still_read(text: str, age: str) -> None:
    assert read(text).values.get("age") == age


# -- a value put in quotes by someone who says they are not sure is asked back


@pytest.mark.parametrize(
    "text",
    [
        "Maybe put 'possibly PL' for the location? not sure",
        "please put 'IL' as the location, we're not sure",
        "put 'probably IL' for the location",
    ],
)
def test_a_quoted_guess_is_not_stored(text: str) -> None:
    parsed = read(text)
    assert "electrode_location" not in parsed.values
    assert any(c.field == "electrode_location" for c in parsed.confirmations)


def test_a_quoted_value_without_doubt_is_stored() -> None:
    assert read("put 'IL' for the location").values.get("electrode_location") == "IL"


# -- a keyed location that is a sentence about the probe is left to the area finder; the file's own area wins


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("Location: the probe passed through the cortex, but all units we kept are in the subiculum.", "SUB"),
        ("as to the location: the probe went through the cortex, but all units we kept are in the subiculum", "SUB"),
        ("Location: the dorsal CA1", "dorsal CA1"),
        ("tetrodes in CA3 and the dentate gyrus; this file contains only the CA3 tetrodes", "CA3"),
        ("tetrodes in CA1 and the subiculum; this recording has only the CA1 tetrodes", "CA1"),
    ],
)
def test_the_site_said_of_the_file_is_read(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


def test_an_area_is_not_the_animal_of_the_file() -> None:
    parsed = read("this file contains only the CA3 tetrodes")
    assert "subject_id" not in parsed.values


def test_an_animal_of_the_file_is_still_read() -> None:
    assert read("this file is from mouse M2").values.get("subject_id") == "M2"


# -- a cross's name after the species is not the id; a keyed ID is


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("mouse B6-129 F1 hybrid, ID HY-3, male", "HY-3"),
        ("rat LEW-BN cross, ID LB-2", "LB-2"),
        ("mouse HY-4, female", "HY-4"),
    ],
)
def test_a_cross_name_is_not_the_id(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- words about a genotype without a line are not the genotype; a nickname of a strain is asked back


@pytest.mark.parametrize(
    "text", ["triple transgenic, we'd need to check the lines", "double transgenic", "transgenic, I'll ask the PI"]
)
def test_words_about_a_genotype_name_no_line(text: str) -> None:
    assert "genotype" not in read(text, "genotype").values


@pytest.mark.parametrize(
    ("text", "genotype"), [("Pvalb-Cre", "Pvalb-Cre"), ("APP/PS1", "APP/PS1"), ("WT", "wild-type")]
)
def test_a_line_answered_is_still_the_genotype(text: str, genotype: str) -> None:
    assert read(text, "genotype").values.get("genotype") == genotype


@pytest.mark.parametrize("text", ["BL6", "B6"])
def test_a_strain_nickname_is_asked_back(text: str) -> None:
    parsed = read(text, "strain")
    assert "strain" not in parsed.values
    assert [p.value for c in parsed.confirmations if c.field == "strain" for p in c.proposals] == ["C57BL/6"]


@pytest.mark.parametrize(
    ("text", "strain"), [("C57BL/6J", "C57BL/6J"), ("C57BL/6", "C57BL/6"), ("Long Evans", "Long-Evans")]
)
def test_a_strain_name_is_still_stored(text: str, strain: str) -> None:
    assert read(text, "strain").values.get("strain") == strain


# -- the signs for female and male; a flow dict's closing brace is not part of the last value


@pytest.mark.parametrize(
    ("text", "sex"),
    [("mouse QS-1, ♀, 21.0 g", "F"), ("mouse QS-2 - ♂ - 24 g", "M"), ("ferret QS-3 (♂, P40)", "M")],
)
def test_a_sex_sign_is_the_sex(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


def test_two_sex_signs_are_not_one_sex() -> None:
    assert "sex" not in read("mouse QS-4 from a ♀ x ♂ breeding pair").values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Subject: {id: QS-5, sex: F, age: P84D}", "age", "P84D"),
        ("subject: {age: P90D, sex: M}", "sex", "M"),
        ("{weight: 25 g}", "weight", "25 g"),
        ("keywords: [place cells, theta]", "keywords", ["place cells", "theta"]),
    ],
)
def test_a_closing_brace_ends_the_last_value(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


# -- a zone keyed apart from the start, or a city after an ambiguous abbreviation, completes the start


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("Start (local): 2023-11-16 09:15\nZone: Europe/Athens\nAnimal: QZ-6", "2023-11-16T09:15:00+02:00"),
        ("rig=1;start=2022-08-23 18:40;tz=America/Toronto", "2022-08-23T18:40:00-04:00"),
        ("Recording start: 19 September 2024, 10:05 IST (Mumbai)", "2024-09-19T10:05:00+05:30"),
        ("started 2024-09-19 10:05 IST, Tel Aviv", "2024-09-19T10:05:00+03:00"),
    ],
)
def test_a_zone_said_apart_completes_the_start(text: str, iso: str) -> None:
    assert read(text).values.get("session_start_time") == iso


@pytest.mark.parametrize("text", ["start: 2022-08-23 18:40", "2024-09-19 10:05 IST"])
def test_a_start_without_a_zone_is_not_stored(text: str) -> None:
    assert "session_start_time" not in read(text).values


# -- more species said exactly: Japanese and bonnet macaques, prairie vole, canary, song sparrow, Seba's bat


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("only Hana, a female Japanese macaque", "Macaca fuscata"),
        ("bonnet macaque BM-2, male", "Macaca radiata"),
        ("prairie voles, female, ID PV-9", "Microtus ochrogaster"),
        ("canary CN-4, male, 210 days", "Serinus canaria"),
        ("song sparrow SS-2, wild-caught", "Melospiza melodia"),
        ("Seba's short-tailed bat SB-3, female", "Carollia perspicillata"),
        ("Mongolian gerbils of either sex; gerbil MG-4, male", "Meriones unguiculatus"),
    ],
)
def test_more_species_are_said_exactly(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


@pytest.mark.parametrize("text", ["macaque monkeys were trained; monkey MK-1", "a vole, female"])
def test_a_broad_animal_word_is_still_asked_back(text: str) -> None:
    assert "species" not in read(text).values


# -- a time before the date in another language; a dotted date is no time; a dotted time after a date is one


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("Começamos às 09:10 do dia 2024-07-12, Europe/Lisbon.", "2024-07-12T09:10:00+01:00"),
        ("Beginn 9:40 Uhr am 23.05.2023 (Europe/Berlin)", "2023-05-23T09:40:00+02:00"),
        ("start 23.05.2023 9.40 Europe/Berlin", "2023-05-23T09:40:00+02:00"),
        ("9:40 on 23.05.2023 (Europe/Berlin)", "2023-05-23T09:40:00+02:00"),
    ],
)
def test_the_time_beside_a_date_is_kept(text: str, iso: str) -> None:
    assert read(text).values.get("session_start_time") == iso


def test_a_weight_after_a_date_is_not_its_time() -> None:
    parsed = read("on 2023-05-23, 9.4 g, Europe/Berlin")
    assert parsed.values.get("weight") == "9.4 g"
    assert "session_start_time" not in parsed.values


# -- a range of postnatal days is kept as a range, not its last day


@pytest.mark.parametrize(("text", "age"), [("P60 to P70", "P60D/P70D"), ("between P50 and P65", "P50D/P65D")])
def test_a_postnatal_range_is_a_range(text: str, age: str) -> None:
    assert read(text, "age").values.get("age") == age


# -- disease models named by their construct are the genotype; 'DRN' stays as given; 'Loc:' keys the area


@pytest.mark.parametrize(
    ("text", "genotype"),
    [("the mice were 5xFAD; mouse FX-2, F, 6 months", "5xFAD"), ("Mouse HD-7: R6/2, male, 9 weeks", "R6/2")],
)
def test_a_disease_model_is_the_genotype(text: str, genotype: str) -> None:
    assert read(text).values.get("genotype") == genotype


@pytest.mark.parametrize(
    ("text", "area"), [("Loc: DRN", "DRN"), ("recorded in the DRN", "DRN"), ("dorsal raphe", "DR")]
)
def test_drn_stays_as_given(text: str, area: str) -> None:
    assert read(text, "electrode_location").values.get("electrode_location") == area


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("9:15am 14 Jan 2023 PST", "2023-01-14T09:15:00-08:00"),
        ("Beginn 14:40 Uhr am 23.05.2023 (Europe/Berlin)", "2023-05-23T14:40:00+02:00"),
    ],
)
def test_english_am_is_not_the_german_on(text: str, iso: str) -> None:
    assert read(text).values.get("session_start_time") == iso


@pytest.mark.parametrize("text", ["recording", "imaging"])
def test_a_recording_word_alone_is_no_area(text: str) -> None:
    assert "electrode_location" not in read(text, "electrode_location").values


# -- a start said of one of several numbered sessions is asked back


def test_a_start_of_another_numbered_session_is_not_stored() -> None:
    parsed = read("session 3 of mouse KQ-5; session 2 was on 2023-03-01 10:00 Europe/Berlin")
    assert "session_start_time" not in parsed.values


def test_a_start_of_the_one_session_named_is_stored() -> None:
    parsed = read("session 3 started 2023-03-02 10:00 Europe/Berlin")
    assert parsed.values.get("session_start_time") == "2023-03-02T10:00:00+01:00"


# -- a time said of another event that day (anaesthesia, injection) is not the start


def test_the_time_of_another_event_is_not_the_start() -> None:
    parsed = read("recording started 11:20, anesthesia induced 10:35, 2023-06-07, Europe/Madrid")
    assert "session_start_time" not in parsed.values


def test_the_start_beside_another_events_time_is_read() -> None:
    parsed = read("anesthesia induced at 10:35; recording started 11:20 on 2023-06-07, Europe/Madrid")
    assert parsed.values.get("session_start_time") == "2023-06-07T11:20:00+02:00"


def test_the_start_of_the_session_said_to_be_this_files_is_read() -> None:
    parsed = read(
        "session 2 was on 2023-03-01 10:00 Europe/Berlin; this file is session 3, 2023-03-02 11:00 Europe/Berlin"
    )
    assert parsed.values.get("session_start_time") == "2023-03-02T11:00:00+01:00"
