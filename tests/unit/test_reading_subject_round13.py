"""General rules of the offline reader (issue 14, thirteenth round) for the subject and the session's
time and place: ids, species, strain, genotype, age, weight, brain area, start time. Each rule covers a
family of mistakes, not one sentence; the sentences are our own, from no corpus file.

DECISION (the lead's, round thirteen): a relative day ("yesterday", "today", "this morning", "last
Tuesday", "two days ago") is never stored as the start time, because an upload read days later makes
it wrong. When the rest is complete (a time and a zone), it is asked back as a confirmation proposing
the resolved date-time (one click confirms); otherwise it is left unread."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.dates import normalize_session_start_time
from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> list[str]:
    """The values proposed when `field` is asked back (empty when it is not)."""
    return [str(p.value) for c in parsed.confirmations if c.field == field for p in c.proposals]


# -- how long something took ("needed 31 days", "took 3 weeks to learn") is not an age


@pytest.mark.parametrize(
    "text",
    [
        "Mice were trained for 5-7 weeks; mouse QB-2 needed 40 days.",
        "rat QB-3 took 19 days to reach criterion",
        "mouse QB-4, it took them about 3 weeks to learn the lever",
        "Habituation lasted 2 weeks for mouse QB-5",
        "mouse QB-6 spent 10 days on the wheel before surgery",
        "mouse QB-7 required another 12 days of training",
        "After 3 weeks of handling, mouse QB-8 was recorded.",
    ],
)
def test_time_spent_is_not_an_age(text: str) -> None:
    parsed = read(text)
    assert "age" not in parsed.values and not asked_back(parsed, "age")


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("mouse QC-1 was 40 days old", "P40D"),
        ("mouse QC-2, 12 weeks of age, female", "P12W"),
        ("rat QC-3 (10 weeks) took about 3 weeks to reach criterion", "P10W"),
        ("mouse QC-4 needed a rest; she is 9 weeks old", "P9W"),
    ],
)
def test_an_age_beside_a_time_spent_is_still_read(text: str, age: str) -> None:
    assert read(text).values.get("age") == age


# -- a relative day is asked back with the day it means now, never stored


@pytest.mark.parametrize(
    ("text", "proposed"),
    [
        ("Recorded yesterday at 16:20 CET", "2025-12-31T16:20:00+01:00"),
        ("we started today at 9:05 Europe/Berlin, mouse QD-1", "2026-01-01T09:05:00+01:00"),
        ("yesterday 4pm Eastern", "2025-12-31T16:00:00-05:00"),
    ],
)
def test_a_relative_day_with_time_and_zone_is_asked_back(text: str, proposed: str) -> None:
    parsed = read(text)
    assert "session_start_time" not in parsed.values
    assert asked_back(parsed, "session_start_time") == [proposed]


@pytest.mark.parametrize("text", ["recorded yesterday at 2pm", "yesterday, Pacific time", "today, around noon"])
def test_a_relative_day_without_time_or_zone_is_left(text: str) -> None:
    parsed = read(text)
    assert "session_start_time" not in parsed.values and not asked_back(parsed, "session_start_time")


def test_a_relative_day_is_not_kept_to_be_completed_by_a_zone_later() -> None:
    result = normalize_session_start_time("yesterday at 2pm", now=NOW)
    assert not result.ok and not result.partial


def test_a_relative_day_answering_the_question_is_asked_back() -> None:
    parsed = read("yesterday 3pm PST", "session_start_time")
    assert parsed.values == {} and asked_back(parsed, "session_start_time") == ["2025-12-31T15:00:00-08:00"]


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("Recorded on 2025-12-30 at 15:00 CET; analysed yesterday", "2025-12-30T15:00:00+01:00"),
        ("session 2024-03-05 14:30 Europe/Paris", "2024-03-05T14:30:00+01:00"),
    ],
)
def test_a_written_date_is_still_stored(text: str, iso: str) -> None:
    assert read(text).values.get("session_start_time") == iso


# -- "in the afternoon", "in the evening", "at night" make a 12-hour clock time pm; "in the morning" am


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        (
            "The session of 2023-05-09 began at 3:45 in the afternoon, Central European Summer Time.",
            "2023-05-09T15:45:00+02:00",
        ),
        ("started 2023-03-02 at 9.15 in the morning, Europe/Paris", "2023-03-02T09:15:00+01:00"),
        ("2023-03-02, 10:40 at night, Europe/Paris", "2023-03-02T22:40:00+01:00"),
        ("2023-03-02, 7:05 in the evening (Europe/Paris)", "2023-03-02T19:05:00+01:00"),
        ("2023-03-02, 16:40 in the afternoon, Europe/Paris", "2023-03-02T16:40:00+01:00"),
        ("2023-03-02 at 12:15 in the afternoon, Europe/Paris", "2023-03-02T12:15:00+01:00"),
    ],
)
def test_a_part_of_the_day_sets_a_12_hour_clock(text: str, iso: str) -> None:
    assert read(text).values.get("session_start_time") == iso


def test_a_small_hour_at_night_is_not_made_pm() -> None:
    assert read("2023-03-02, 2:10 at night, Europe/Paris").values.get("session_start_time") == (
        "2023-03-02T02:10:00+01:00"
    )


# -- a strain of a room or colony is not the animal's; "this one is a Lewis" says the animal's


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("rat from the Wistar room, but this one (QE-1) is a Lewis", "Lewis"),
        ("mouse QE-2 came from the C57BL/6J colony, but she is a BALB/c", "BALB/c"),
        ("rat QE-3, Long Evans, from the Wistar room next door", "Long-Evans"),
        ("rat QE-4, she is a Lewis", "Lewis"),
    ],
)
def test_the_animals_own_strain_wins_over_a_rooms(text: str, strain: str) -> None:
    assert read(text).values.get("strain") == strain


@pytest.mark.parametrize("text", ["rat QE-5 from the Sprague Dawley room", "mouse QE-6 from our C57BL/6J colony"])
def test_a_rooms_strain_alone_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "strain" not in parsed.values and asked_back(parsed, "strain")


# -- a value keyed "genotype" is the genotype, never also the strain


@pytest.mark.parametrize(
    "text",
    [
        "Drosophila melanogaster, male, fly 7, genotype w1118",
        "fly QF-2, genotype: w1118, strain Canton-S",
        "Genotype - w1118; fly 9, female",
    ],
)
def test_an_allele_named_line_keyed_as_genotype_is_the_genotype(text: str) -> None:
    parsed = read(text)
    assert parsed.values.get("genotype") == "w1118" and parsed.values.get("strain") != "w1118"


def test_a_strain_keyed_as_genotype_is_asked_back_not_stored_as_strain() -> None:
    parsed = read("mouse QF-4, genotype C57BL/6J")
    assert "strain" not in parsed.values and "genotype" not in parsed.values
    assert asked_back(parsed, "genotype") == ["C57BL/6J"]


@pytest.mark.parametrize(
    ("text", "strain", "genotype"),
    [
        ("mouse QF-5, genotype Pvalb-Cre, C57BL/6J background", "C57BL/6J", "Pvalb-Cre"),
        ("w1118 flies; fly QF-6, female", "w1118", None),
    ],
)
def test_strain_and_genotype_said_apart_are_both_read(text: str, strain: str, genotype: str | None) -> None:
    parsed = read(text)
    assert parsed.values.get("strain") == strain and parsed.values.get("genotype") == genotype


# -- an aside saying no part was meant is not part of the area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("Recording location: the auditory cortex (no subdivision)", "auditory cortex"),
        ("location: barrel cortex (not further specified)", "SSp-bfd"),
        ("Site: V1 (whole area)", "VISp"),
        ("mouse QG-1, recorded in the motor cortex (no specific layer)", "motor cortex"),
    ],
)
def test_an_aside_saying_no_part_is_dropped(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    ("text", "area"),
    [("location: S1 (forelimb region)", "S1 (forelimb region)"), ("Site: CA1 (dorsal)", "CA1 (dorsal)")],
)
def test_an_aside_naming_a_part_is_kept(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- an area said not to be the site is no site and no rival of the one that is


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("Not CA3 - the tetrodes were in CA1", "CA1"),
        ("it wasn't V1, we recorded in V2", "V2"),
        ("recorded in the dentate gyrus, not in CA3", "DG"),
        ("Location: dorsal CA1 today, not CA3", "dorsal CA1"),
    ],
)
def test_a_denied_area_yields_to_the_one_said(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize("text", ["not CA1", "no, not the thalamus"])
def test_a_denied_area_alone_is_not_stored(text: str) -> None:
    parsed = read(text, "electrode_location")
    assert "electrode_location" not in parsed.values and not asked_back(parsed, "electrode_location")


# -- two areas said with one head noun, or an area with its parts in brackets, are kept as said


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("Recorded in the lateral and the medial septum", "lateral and the medial septum"),
        ("recorded in the dorsal and ventral CA1", "dorsal and ventral CA1"),
        ("tetrodes in the hippocampal formation (CA1-CA3), rat QH-1", "hippocampal formation (CA1-CA3)"),
        ("location: hippocampal formation (CA1, CA3 and DG)", "hippocampal formation (CA1, CA3 and DG)"),
        ("recorded in visual cortex (V1)", "visual cortex (V1)"),
    ],
)
def test_areas_said_together_are_kept_as_said(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("recorded in V1 (primary visual cortex)", "VISp"),
        ("recorded in CA1 (the injection was in CA3)", "CA1"),
    ],
)
def test_a_bracket_naming_the_same_area_or_another_role_is_not_a_part(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- "10 and 12 weeks" lists two ages (one per animal), it is no range; "between 10 and 12 weeks" is one


def test_listed_ages_are_not_a_range() -> None:
    parsed = read("mice QH-2 and QH-3, female and male, 10 and 12 weeks; this file is QH-3")
    assert "age" not in parsed.values


@pytest.mark.parametrize(
    ("text", "asked", "age"),
    [
        ("between 9 and 11 weeks", ["age"], "P9W/P11W"),
        ("mouse QH-4, 1 year and 3 months", [], "P1Y3M"),
        ("mouse 7, 12 weeks", [], "P12W"),
    ],
)
def test_a_range_and_a_compound_age_are_still_read(text: str, asked: list[str], age: str) -> None:
    assert read(text, *asked).values.get("age") == age


# -- distractors of our own (step 2): what the reader stored wrongly, and what it must still read


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [("rat 1 of 4 (ID RQ-1), female", "RQ-1"), ("mouse 2 of 6 (KL-2), male", "KL-2")],
)
def test_a_place_in_a_count_before_a_bracket_is_no_id(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize(
    "text",
    [
        "the session started 15 min after 2023-04-04 14:00 Europe/Paris",
        "recording began 2 hours after 2023-04-04 09:00 CET",
        "we began half an hour past 2023-04-04 09:00 CET",
    ],
)
def test_a_moment_counted_from_a_time_is_not_that_time(text: str) -> None:
    parsed = read(text)
    assert "session_start_time" not in parsed.values and not asked_back(parsed, "session_start_time")


@pytest.mark.parametrize(
    "text",
    [
        "started 2023-04-04 around 2 pm, maybe 2:30, Europe/London",
        "started 2023-04-04 at 2 pm or maybe 2:30, Europe/London",
        "started 2023-04-04 at 2 pm Europe/London, probably",
    ],
)
def test_an_approximate_start_time_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "session_start_time" not in parsed.values
    assert asked_back(parsed, "session_start_time") == ["2023-04-04T14:00:00+01:00"]


def test_a_start_time_said_for_sure_is_stored() -> None:
    parsed = read("started 2023-04-04 at 2 pm Europe/London, 30 min after the injection")
    assert parsed.values.get("session_start_time") == "2023-04-04T14:00:00+01:00"


@pytest.mark.parametrize(
    "text", ["mouse QJ-1, the genotype is not yet known", "genotype: to be determined", "genotype - pending"]
)
def test_a_genotype_not_known_is_no_genotype(text: str) -> None:
    assert "genotype" not in read(text).values


@pytest.mark.parametrize(
    ("text", "guessed"),
    [
        ("probably a Thy1-GCaMP6s mouse, ID QJ-2", "genotype"),
        ("maybe a Pvalb-Cre mouse, QJ-3", "genotype"),
        ("probably a C57BL/6J mouse, ID QJ-4", "strain"),
    ],
)
def test_a_guessed_line_and_its_animal_are_asked_back(text: str, guessed: str) -> None:
    parsed = read(text)
    assert guessed not in parsed.values and "species" not in parsed.values and asked_back(parsed, guessed)


def test_a_line_said_for_sure_is_read() -> None:
    parsed = read("a Thy1-GCaMP6s mouse, ID QJ-5")
    assert parsed.values.get("genotype") == "Thy1-GCaMP6s" and parsed.values.get("species") == "Mus musculus"


@pytest.mark.parametrize(
    "text",
    [
        "mouse QK-1; its control QK-2 is wild-type",
        "mouse QK-3 (Drd1-Cre); her littermate QK-4, a female, was wild type",
    ],
)
def test_another_animals_wild_type_is_not_the_subjects(text: str) -> None:
    assert read(text).values.get("genotype") != "wild-type"


def test_the_subjects_own_wild_type_is_read() -> None:
    assert read("mouse QK-5 is wild-type").values.get("genotype") == "wild-type"


# -- a sex said of a group ("the female rats", "females were excluded") is not the subject's


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("rat QL-1, male, 400 g; the female rats in the study weighed 250-280 g", "M"),
        ("mouse QL-2, female; the male mice were littermates", "F"),
        ("a female mouse, QL-3; males were used as controls", "F"),
    ],
)
def test_the_subjects_own_sex_wins_over_a_groups(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


@pytest.mark.parametrize("text", ["mouse QL-4; females were excluded", "rat QL-5, males were not used"])
def test_the_sex_of_animals_left_out_says_nothing(text: str) -> None:
    assert "sex" not in read(text).values


@pytest.mark.parametrize(
    ("text", "sex"), [("Male Wistar rats were used; rat QL-6, 300 g", "M"), ("female mouse QL-7", "F")]
)
def test_a_sex_said_only_of_the_animals_used_is_still_read(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


# -- a decimal comma is part of the weight


@pytest.mark.parametrize(
    ("text", "asked", "weight"),
    [("mouse QM-1, 21,5 g", [], "21.5 g"), ("21,5 g", ["weight"], "21.5 g"), ("rat QM-2, 0,35 kg", [], "0.35 kg")],
)
def test_a_decimal_comma_is_read(text: str, asked: list[str], weight: str) -> None:
    assert read(text, *asked).values.get("weight") == weight


def test_a_comma_before_three_digits_is_not_guessed() -> None:
    assert "weight" not in read("1,250 g", "weight").values


# -- a keyed subject value said as a question is asked back; several questions give no value


@pytest.mark.parametrize(
    ("text", "field", "proposed"),
    [("strain: C57BL/6J?", "strain", "C57BL/6J"), ("age: 12 weeks?", "age", "P12W"), ("Sex: F?", "sex", "F")],
)
def test_a_keyed_value_said_as_a_question_is_asked_back(text: str, field: str, proposed: str) -> None:
    parsed = read(text)
    assert field not in parsed.values
    if field != "sex":  # ("F?" alone is read as a question to us)
        assert asked_back(parsed, field) == [proposed]


@pytest.mark.parametrize("text", ["Species: mouse? rat? I don't remember", "Subject ID: M7? M8?"])
def test_keyed_questions_give_no_value(text: str) -> None:
    parsed = read(text)
    assert "species" not in parsed.values and "subject_id" not in parsed.values


def test_a_keyed_experimenter_with_a_question_mark_is_left_to_its_own_rules() -> None:
    assert "strain" not in read("Experimenter: Jan Clemens? No - it was Christa Baker.").values


# -- a strain that points elsewhere, coordinates for an area, a listed area after a layer


@pytest.mark.parametrize("text", ["Strain is the same as last time", "strain: as before", "strain: unchanged"])
def test_a_strain_pointing_elsewhere_is_no_strain(text: str) -> None:
    assert "strain" not in read(text).values


@pytest.mark.parametrize(
    "text", ["Recording site: AP -2.0, ML 1.5, DV 1.2 (dorsal hippocampus)", "location: ML 0.5, AP 1.8"]
)
def test_coordinates_are_no_area(text: str) -> None:
    assert "electrode_location" not in read(text).values


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("area: V1, layer 4, and LM", "V1, layer 4, and LM"),
        ("recorded in CA1, stratum oriens, and CA3", "CA1, stratum oriens, and CA3"),
        ("Recording site: left hemisphere, primary motor cortex.", "MOp"),
        ("Recording site: piriform cortex, layer 2; mouse QN-1", "piriform cortex, layer 2"),
    ],
)
def test_an_area_list_goes_on_after_a_part(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- an age at a treatment (tamoxifen, induction, a lesion) is not the age at the session


@pytest.mark.parametrize(
    "text", ["Ai148 x Cux2-CreERT2; mouse QN-2, tamoxifen at P30", "mouse QN-3, lesioned at 8 weeks"]
)
def test_an_age_at_a_treatment_is_not_stored(text: str) -> None:
    assert "age" not in read(text).values


def test_the_age_beside_a_treatment_age_is_read() -> None:
    assert read("mouse QN-4, P60, tamoxifen given at P30").values.get("age") == "P60D"


# -- a bare number counted within a cage, litter or cohort named beside it is asked back, not stored


@pytest.mark.parametrize(
    "text", ["cohort 3, mouse 5", "litter 12, pup 3, P9", "animal #42 (cage 7)", "mouse 6 (cage B2)"]
)
def test_a_number_within_a_group_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "subject_id" not in parsed.values and asked_back(parsed, "subject_id")


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [("mouse 7, female", "7"), ("subject 0043, mouse, male", "0043"), ("mouse QP-1, from cage 4", "QP-1")],
)
def test_an_id_beside_no_group_or_with_letters_is_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- a strain's name after a species word is not the animal's id


@pytest.mark.parametrize("text", ["worm, N2, adult hermaphrodite", "mouse B6, male"])
def test_a_strain_name_is_not_an_id(text: str) -> None:
    assert "subject_id" not in read(text).values


def test_an_id_built_on_a_strain_name_is_still_an_id() -> None:
    assert read("mouse B6-4, male").values.get("subject_id") == "B6-4"


# -- a comment after a keyed value ("# before restriction") is not part of it, and may make it another time's


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("subject_id: QR-4  # the old id was QR-04b", "subject_id", "QR-4"),
        ("sex: M  # confirmed", "sex", "M"),
        ("weight: 25 g  # at the recording", "weight", "25 g"),
    ],
)
def test_a_comment_after_a_keyed_value_is_not_part_of_it(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "field"),
    [("weight: 25 g  # before restriction", "weight"), ("age: P60  # at surgery; recording was at P75", "age")],
)
def test_a_comment_saying_another_time_asks_the_value_back(text: str, field: str) -> None:
    parsed = read(text)
    assert field not in parsed.values and asked_back(parsed, field)


# -- recall (step 3): zones said by country, with accents, or an ambiguous abbreviation with its country


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("Recorded 5 March 2021 at 10:40 New Zealand time", "2021-03-05T10:40:00+13:00"),
        ("started 2023-02-14 at 08:20, São Paulo time", "2023-02-14T08:20:00-03:00"),
        ("2024-06-11 11:45 IST (India)", "2024-06-11T11:45:00+05:30"),
        ("2024-06-11 11:45 IST (Ireland)", "2024-06-11T11:45:00+01:00"),
        ("2024-06-11 11:45, Swiss time", "2024-06-11T11:45:00+02:00"),
    ],
)
def test_zones_said_by_country_or_with_accents(text: str, iso: str) -> None:
    assert read(text).values.get("session_start_time") == iso


def test_an_ambiguous_abbreviation_alone_is_still_asked_back() -> None:
    parsed = read("2024-06-11 11:45 IST")
    assert "session_start_time" not in parsed.values and len(asked_back(parsed, "session_start_time")) == 3


# -- recall: ids that are names ("ID Mango", "ID CM-Ru", "M-Tico")


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("common marmoset, male, 410 g, ID CM-Ka", "CM-Ka"),
        ("Marmoset, 3 years, female, ID Pippa", "Pippa"),
        ("We recorded 4 marmosets; this file is from M-Rio, male.", "M-Rio"),
        ("marmoset M-Tico, female", "M-Tico"),
    ],
)
def test_an_id_that_is_a_name(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize("text", ["Animal ID: Unknown", "ID: Pending, mouse", "this file is from Jean-Luc"])
def test_a_word_after_an_id_key_that_names_nothing_is_no_id(text: str) -> None:
    assert "subject_id" not in read(text).values


# -- recall: a short strain name before its species or "background"; "age at rec"; a weight noted as the recording's


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("Lewis rat, QS-1", "Lewis"),
        ("FVB mouse QS-2, male", "FVB"),
        ("zebrafish larvae on a nacre background; fish QS-3", "nacre"),
        ("Fish were casper larvae (Danio rerio) at 6 dpf; fish QS-4", "casper"),
    ],
)
def test_a_short_strain_name_before_its_species(text: str, strain: str) -> None:
    assert read(text).values.get("strain") == strain


@pytest.mark.parametrize("text", ["129 mice were used; mouse QS-5", "AB mouse QS-6", "an LE rat-sized cage"])
def test_a_short_name_before_another_species_or_a_count_is_no_strain(text: str) -> None:
    assert "strain" not in read(text).values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("dob: 2023-01-02; age at rec: 88 d; mouse: QT-1", "age", "P88D"),
        ("rat QT-2 weight log: 305 g (Mon), 301 g (Tue, recording day), 299 g (Wed)", "weight", "301 g"),
        ("mouse QT-3: 24.8 g (Mon), 24.2 g (session), 24.5 g (Wed)", "weight", "24.2 g"),
    ],
)
def test_a_value_keyed_or_noted_as_the_recordings(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    "text", ["wt 27.4g (pre-session), 26.9g (post) - mouse QT-4", "mouse QT-5: 25 g (after the session), 24 g (Mon)"]
)
def test_a_note_of_before_or_after_the_session_is_not_the_recordings(text: str) -> None:
    assert "weight" not in read(text).values


# -- recall: dates with a dash before the time, a weekday in lower case, a zone after a start time said apart


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("Wed 2023-06-14 - 4:10 pm Pacific - mouse QU-1 - CA1", "2023-06-14T16:10:00-07:00"),
        ("2023-06-15 – 10:20 Europe/Paris", "2023-06-15T10:20:00+02:00"),
        ("monday 4th march 2024 3.15pm GMT", "2024-03-04T15:15:00+00:00"),
        ("Notes 2023-01-25: macaque QU-2, male. Start 10:05 Eastern. Reward: juice.", "2023-01-25T10:05:00-05:00"),
        ("Recorded on 2023-02-02. Start 08:15 (Europe/Paris).", "2023-02-02T08:15:00+01:00"),
    ],
)
def test_start_times_in_more_forms(text: str, iso: str) -> None:
    assert read(text).values.get("session_start_time") == iso


@pytest.mark.parametrize(
    "text", ["Recorded on 2023-02-02. Start 08:15, central amygdala.", "recorded in March 2024 at 2.30pm GMT"]
)
def test_an_area_word_or_a_month_without_its_day_gives_no_start_time(text: str) -> None:
    assert "session_start_time" not in read(text).values


# -- own distractors, fourth batch


def test_another_sessions_time_is_not_the_start() -> None:
    parsed = read("mouse QV-1: the previous recording was 2023-02-02 10:00 CET, this one 2023-03-03 11:00 CET")
    assert parsed.values.get("session_start_time") != "2023-02-02T10:00:00+01:00"


def test_the_first_session_named_as_this_file_is_read() -> None:
    text = "Surgery 2022-04-04 09:00 CEST; first session 2022-04-12 14:30 CEST; last session 2022-05-20 10:00 CEST."
    assert read(text + " This file is the first session.").values.get("session_start_time") == (
        "2022-04-12T14:30:00+02:00"
    )


@pytest.mark.parametrize("text", ["mouse QV-2, 12 weeks (+/- 3 days)", "rat QV-3, 10 weeks ± 4 days"])
def test_an_age_with_a_spread_is_asked_back_and_the_spread_is_no_age(text: str) -> None:
    parsed = read(text)
    assert "age" not in parsed.values and asked_back(parsed, "age") in (["P12W"], ["P10W"])


@pytest.mark.parametrize(
    ("text", "weight"),
    [("the cage weighs 500 g; mouse QV-4", None), ("the mouse weighs 24 g; mouse QV-5", "24 g")],
)
def test_what_weighs_it_is_named_before_the_verb(text: str, weight: str | None) -> None:
    assert read(text).values.get("weight") == weight


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("mouse QV-6, sex M? F? unknown", "sex"),
        ("the animal: female (as far as we know)", "sex"),
        ("we think CA1", "electrode_location"),
        ("mouse QV-7, mixed background (C57BL/6J;129)", "strain"),
        ("mouse QV-8 backcrossed to C57BL/6J for 6 generations", "strain"),
    ],
)
def test_a_guess_a_question_or_a_mix_is_not_stored(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("V1? I mean LM", None),
        ("recorded in V1; no, sorry, V2", None),
        ("recorded in CA1 - no, CA3", "CA3"),
        ("area: V1 (in the figure: V2)", "VISp"),
        ("recorded in CA1. No other areas.", "CA1"),
    ],
)
def test_an_area_taken_back_is_not_stored(text: str, area: str | None) -> None:
    assert read(text).values.get("electrode_location") == area


# -- own distractors, fifth batch: a lone sex between em dashes; a birth after the recording


@pytest.mark.parametrize(
    ("text", "sex"),
    [("macaque QW-1 (Macaca mulatta) — weight 9.8kg — age 7y — M", "M"), ("mouse QW-2 — F — 20 g", "F")],
)
def test_a_lone_sex_between_em_dashes(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


def test_a_birth_after_the_recording_is_asked_back() -> None:
    parsed = read("mouse QW-3, DOB 2023-05-05, recorded 2023-03-03 10:00 CET")
    assert "date_of_birth" not in parsed.values and asked_back(parsed, "date_of_birth") == ["2023-05-05"]
    assert parsed.values.get("session_start_time") == "2023-03-03T10:00:00+01:00"


def test_a_birth_before_the_recording_is_stored() -> None:
    parsed = read("mouse QW-4, DOB 2023-01-05, recorded 2023-03-03 10:00 CET")
    assert parsed.values.get("date_of_birth") == "2023-01-05"


# -- recall: an X-linked genotype, a substrain's lab code after a longer name, a bare age at the recording


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("mouse QX-1, male, Mecp2-/y, 8 weeks", "genotype", "Mecp2-/y"),
        ("mouse: 129S6/SvEvTac, male, ID QX-2", "strain", "129S6/SvEvTac"),
        ("7 weeks at surgery, 10 at the recording", "age", "P10W"),
        ("4 months at injection, 6 at the session", "age", "P6M"),
    ],
)
def test_more_forms_read(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    "text", ["mouse QX-3 was 6 weeks at surgery; 4 at the recording site", "mouse QX-4: 9 at the session"]
)
def test_a_bare_number_without_an_age_before_it_or_before_a_noun_is_no_age(text: str) -> None:
    assert "age" not in read(text).values


# -- a strain of another species than the subject's, or a person's name before a species word, is no strain


@pytest.mark.parametrize(
    "text",
    [
        "mouse QY-1; Wistar rats were used as controls",
        "mouse QY-2 and a Long Evans rat were recorded; this file is the mouse",
        "Dr. Lewis rat lab, mouse QY-3",
        "the Lewis rat colony supplied rat QY-4",
    ],
)
def test_no_strain_of_another_animal(text: str) -> None:
    assert "strain" not in read(text).values


@pytest.mark.parametrize(
    ("text", "strain"), [("Wistar rat QY-5, male", "Wistar"), ("C57BL/6J mouse, QY-6", "C57BL/6J")]
)
def test_the_subjects_own_strain_is_read(text: str, strain: str) -> None:
    assert read(text).values.get("strain") == strain


# -- two spans of time side by side are two values, not one compound age


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("mouse QZ-1, trained for 3 weeks, 12 weeks old", "P12W"),
        ("mouse QZ-2, handled for 3 days, 12 weeks old", "P12W"),
        ("mouse QZ-3, 1 year, 3 months", "P1Y3M"),
        ("the mouse QZ-4 is 3 months, 2 weeks old", "P3M2W"),
    ],
)
def test_a_compound_age_goes_from_larger_to_smaller_units(text: str, age: str) -> None:
    assert read(text).values.get("age") == age


# -- relative days in more words


@pytest.mark.parametrize(
    "text",
    [
        "Recorded tonight at 21:00 CET",
        "recorded this afternoon, 14:00 Europe/Paris",
        "last night at 23:00 CET we recorded mouse QZ-5",
        "Recording: 3 days ago at 10:00 CET",
        "recorded on the day before yesterday at 10:00 CET",
        "started 10 min ago",
    ],
)
def test_a_relative_day_in_other_words_is_never_stored(text: str) -> None:
    assert "session_start_time" not in read(text).values
