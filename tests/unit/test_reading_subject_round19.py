"""General rules of the offline reader (issue 14, nineteenth round) for the subject: a weight keyed to another
time, a code said to be a cage or a rig, a colony's line and a line said in an id's place, an e-mail's subject
line, minutes to or past noon and midnight, a place's code that looks like an age, a postnatal day before a
stage of life, an area with both sides, and a Latin name said before the common word for the animal. Each rule
covers a family of mistakes, not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, name: str) -> list[object]:
    return [p.value for c in parsed.confirmations if c.field == name for p in c.proposals]


# -- a weight or age keyed to another time of the animal's life is not the session's


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("mouse KT-4 (pre-op weight was 28.2 g)", "28.2 g"),
        ("baseline weight: 31 g; rat LE-9, female", "31 g"),
        ("arrival weight 19.5 g, mouse DA-2", "19.5 g"),
        ("rat RR-3, male; starting weight was 410 g", "410 g"),
        ("free-feeding weight 27 g (mouse FF-1)", "27 g"),
        ("target weight: 22 g; mouse WR-5", "22 g"),
    ],
)
def test_a_weight_keyed_to_another_time_is_not_stored(text: str, wrong: str) -> None:
    assert read(text).values.get("weight") != wrong  # (asked back, or not read at all)


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("mouse KT-4, 25.6 g (pre-op weight was 28.2 g)", "25.6 g"),
        ("baseline weight: 31 g; weight: 27.5 g; rat LE-9", "27.5 g"),
        ("mouse DA-2, weight was 21 g", "21 g"),
        ("mouse DA-2, body weight 21 g", "21 g"),
        ("arrival weight 19.5 g, 23 g today, mouse DA-2", "23 g"),
    ],
)
def test_the_sessions_weight_beside_another_times_is_read(text: str, weight: str) -> None:
    assert read(text).values.get("weight") == weight


def test_an_age_keyed_to_another_time_yields_to_the_sessions() -> None:
    parsed = read("rat RS-1; surgery age: 8 weeks; age: 12 weeks")
    assert parsed.values.get("age") == "P12W"


# -- a code said to BE a cage, rack, rig or box names that thing, wherever else it stands


@pytest.mark.parametrize(
    ("text", "wrong", "right"),
    [
        ("Number 5512 is the cage card; the rat itself is RX-40", "5512", "RX-40"),
        ("mouse B4 — no, B4 is the box, mouse is B4-11 — female", "B4", "B4-11"),
        ("R-12 is the rack, the rat is R-12-4", "R-12", "R-12-4"),
        ("mouse 3301 (3301 is the cage number; the mouse is 3301-2)", "3301", "3301-2"),
        ("rig 7 — 7 is the rig, not the mouse; mouse is KQ-7", "7", "KQ-7"),
    ],
)
def test_a_code_said_to_be_a_cage_or_rig_is_no_subject_id(text: str, wrong: str, right: str) -> None:
    parsed = read(text)
    assert parsed.values.get("subject_id") != wrong
    assert wrong not in asked_back(parsed, "subject_id")
    assert parsed.values.get("subject_id") in (right, None)


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("mouse M12 is the animal, cage 12", "M12"),
        ("the mouse itself is AB-77, male", "AB-77"),
        ("rat RT-5 is the subject; RT-5 was in room 3", "RT-5"),
    ],
)
def test_an_animals_id_beside_a_cage_is_still_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- a colony's line is no rival of the animal's own; a line's name is never an id


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("the colony is all Ai14, but this animal is Sst-IRES-Cre;Ai14", "Sst-IRES-Cre;Ai14"),
        ("our breeders are Vgat-IRES-Cre; the recorded mouse is Vgat-IRES-Cre;Ai32, ID VG-4", "Vgat-IRES-Cre;Ai32"),
        ("this animal is Pvalb-IRES-Cre;Ai14", "Pvalb-IRES-Cre;Ai14"),
        ("the room is mostly Ai9; mouse CR-2 is Chat-IRES-Cre;Ai9", "Chat-IRES-Cre;Ai9"),
    ],
)
def test_the_animals_line_wins_over_a_colonys(text: str, genotype: str) -> None:
    parsed = read(text)
    assert parsed.values.get("genotype") == genotype
    assert parsed.values.get("subject_id") not in ("Sst-IRES-Cre", "Vgat-IRES-Cre", "Pvalb-IRES-Cre", "Chat-IRES-Cre")


def test_a_colonys_line_alone_is_asked_back_not_stored() -> None:
    parsed = read("the colony is all Ai14")
    assert "genotype" not in parsed.values


# -- an e-mail's "Subject:" line is the mail's title, not the animal


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("From: animal facility\nSubject: transfer\nRat RT-12 moved to room 4 on 3 May 2023.", "RT-12"),
        ("From: core\nTo: me\nSubject: cage change\nmouse CC-3 moved", "CC-3"),
        ("Fwd: data\nFrom: husbandry team\nSubject: re: health check\nmouse HC-9 is fine", "HC-9"),
    ],
)
def test_an_email_subject_line_of_plain_words_is_no_id(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("From: Lab Admin\nSubject: AO-Rat-3\nrat, female", "AO-Rat-3"),
        ("Subject: KM-12\nmale, 20 g", "KM-12"),
    ],
)
def test_a_subject_line_holding_an_id_is_the_animal(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- minutes to or past noon and midnight


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("started 20 minutes to noon, 3 June 2024, Vienna", "2024-06-03T11:40:00+02:00"),
        ("recording began ten past noon on 4 May 2023 in Berlin", "2023-05-04T12:10:00+02:00"),
        ("session started a quarter to midnight, 4 May 2023, Berlin", "2023-05-04T23:45:00+02:00"),
        ("recorded 5 minutes past midnight, 4 May 2023, Berlin", "2023-05-04T00:05:00+02:00"),
        ("started at noon, 4 May 2023, Berlin", "2023-05-04T12:00:00+02:00"),
    ],
)
def test_minutes_to_or_past_noon_and_midnight(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


def test_a_range_of_weeks_with_to_is_no_time() -> None:
    assert "session_start_time" not in read("the mice were 10 to 12 weeks").values


# -- an age is a token of its own, not a piece of a room's or a place's code


@pytest.mark.parametrize(
    "text",
    [
        "the rig is in room 4W.112; mouse QT-1, male, 24 g",
        "rack 2W-3, mouse QT-2, female",
        "building 3Y, mouse QT-3",
        "room 6W, rat QT-4, 300 g",
    ],
)
def test_a_places_code_is_no_age(text: str) -> None:
    parsed = read(text)
    assert "age" not in parsed.values
    assert not asked_back(parsed, "age")


@pytest.mark.parametrize(("text", "age"), [("mouse QT-5, ♂, 9w, 26 g", "P9W"), ("rat 12, 2y, 400 g", "P2Y")])
def test_a_compact_age_in_a_cell_of_its_own_is_read(text: str, age: str) -> None:
    assert read(text).values.get("age") == age


# -- a postnatal day before a stage of life is the age, not the id


@pytest.mark.parametrize(
    ("text", "age", "subject_id"),
    [
        ("lab: Lee Lab; mouse P9 pup LL-2", "P9D", "LL-2"),
        ("rat P12 pup RP-4, female", "P12D", "RP-4"),
        ("mouse P5 neonate NB-1", "P5D", "NB-1"),
    ],
)
def test_a_postnatal_day_before_a_stage_of_life_is_the_age(text: str, age: str, subject_id: str) -> None:
    parsed = read(text)
    assert parsed.values.get("age") == age
    assert parsed.values.get("subject_id") == subject_id


def test_a_p_number_after_the_animal_word_alone_stays_an_id() -> None:
    parsed = read("mouse P3, male, 20 g")
    assert parsed.values.get("subject_id") == "P3"
    assert "age" not in parsed.values


# -- an area said with both sides is kept as said


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("recordings in the claustrum, both hemispheres", "claustrum, both hemispheres"),
        ("recording site: hippocampus, both sides", "hippocampus, both sides"),
        ("recorded in LGN (both hemispheres), mouse A2", "LGN (both hemispheres)"),
        ("Location: CA1, left hemisphere", "CA1, left hemisphere"),
    ],
)
def test_an_area_with_both_sides_is_kept_as_said(text: str, area: str) -> None:
    parsed = read(text)
    assert parsed.values.get("electrode_location") == area
    assert "session_description" not in parsed.values or "," not in area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("recordings in CA1, both hemispheres were implanted later", "CA1"),
        ("recordings in the claustrum, both mice were male", "CLA"),
    ],
)
def test_both_of_something_else_is_no_side(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- a Latin name said for the animal outranks the common word used for it after


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Peromyscus maniculatus bairdii mouse PM-3", "Peromyscus maniculatus bairdii"),
        (
            "species: Peromyscus maniculatus bairdii? no, just Peromyscus maniculatus; mouse PM-4",
            "Peromyscus maniculatus",
        ),
        ("Rattus rattus, rat BR-2, male", "Rattus rattus"),
        ("Eptesicus fuscus; bat EF-12, female, 17 g", "Eptesicus fuscus"),
        ("Mus musculus, mouse M-2", "Mus musculus"),
    ],
)
def test_a_latin_name_outranks_the_common_word_after_it(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


def test_another_kind_of_animal_after_a_latin_name_is_still_a_rival() -> None:
    parsed = read("Rattus norvegicus colony; this is mouse M-4")
    assert parsed.values.get("species") != "Rattus norvegicus"


# -- a relative's or companion's weight is not the subject's


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("rat RX-3 (male), his sister RX-4 weighed 250 g", "250 g"),
        ("the dam weighed 30 g, pup PP-1", "30 g"),
        ("mouse PP-2 and its littermate 22 g", "22 g"),
        ("our rat LE-2; the cage mate was 410 g", "410 g"),
    ],
)
def test_a_relatives_weight_is_not_stored(text: str, wrong: str) -> None:
    assert read(text).values.get("weight") != wrong


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("mouse KR-2, 24 g; her cage mate weighed 27 g", "24 g"),
        ("the pup weighed 5.2 g, P9", "5.2 g"),
        ("mouse SB-1, 24 g, sister of SB-2", "24 g"),
    ],
)
def test_the_subjects_weight_beside_a_relative_is_read(text: str, weight: str) -> None:
    assert read(text).values.get("weight") == weight


# -- the animal's role after its genotype, and how a stock is bred after its strain, are not part of the value


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("Genotype: wild-type (littermate control for the Cre mice)", "wild-type"),
        ("genotype: WT littermate of the knockouts", "wild-type"),
        ("genotype: WT control", "wild-type"),
        ("genotype: Pvalb-IRES-Cre littermate", "Pvalb-IRES-Cre"),
    ],
)
def test_the_animals_role_after_its_genotype_is_dropped(text: str, genotype: str) -> None:
    assert read(text).values.get("genotype") == genotype


def test_a_kind_of_line_with_a_role_names_no_line() -> None:
    assert "genotype" not in read("genotype is Cre-negative littermate").values


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("strain: Sprague Dawley, outbred", "Sprague-Dawley"),
        ("strain: Lewis (inbred)", "Lewis"),
        ("rat, Wistar, outbred stock, ID W-3", "Wistar"),
    ],
)
def test_how_a_stock_is_bred_is_not_part_of_its_strain(text: str, strain: str) -> None:
    assert read(text).values.get("strain") == strain


def test_outbred_alone_names_no_strain() -> None:
    assert "strain" not in read("strain: outbred").values


# -- another value offered right after a keyed subject value makes it a question


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("species: mouse, or rat? I always forget for this dataset", "species"),
        ("Sex: male, maybe female, I'd need to check", "sex"),
        ("age: 12 weeks, or 13?", "age"),
        ("strain: Long Evans, or perhaps Wistar", "strain"),
    ],
)
def test_a_keyed_value_with_an_alternative_after_it_is_asked_back(text: str, name: str) -> None:
    assert name not in read(text).values


def test_keyed_values_one_after_another_are_read() -> None:
    parsed = read("species: mouse, strain: C57BL/6J, sex: male")
    assert parsed.values.get("species") == "Mus musculus"
    assert parsed.values.get("strain") == "C57BL/6J"
    assert parsed.values.get("sex") == "M"


# -- cities labs are in that no IANA zone is named after give the start time's zone


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("recorded 3 May 2023 at 10:00 in Boston", "2023-05-03T10:00:00-04:00"),
        ("recorded 3 May 2023 at 10:00, Seattle", "2023-05-03T10:00:00-07:00"),
        ("Munich, 3 May 2023, 10:00", "2023-05-03T10:00:00+02:00"),
        ("8.45pm, 2 March 2024, Bengaluru", "2024-03-02T20:45:00+05:30"),
        ("Aufnahme am 14.02.2023 um 10:15 in Göttingen.", "2023-02-14T10:15:00+01:00"),
        ("recorded 21.01.2023 um 9:30 Uhr (Bern)", "2023-01-21T09:30:00+01:00"),
        ("Start: 2022-12-17 13:20 Boston time", "2022-12-17T13:20:00-05:00"),
        ("session on 5 July 2023 at 11:00 in Salt Lake City", "2023-07-05T11:00:00-06:00"),
    ],
)
def test_a_labs_city_after_the_date_gives_the_zone(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


@pytest.mark.parametrize(
    "text",
    [
        "recorded at Boston University on 3 May 2023 at 10:00",
        "the lab is in Seattle",
        "recorded 3 May 2023 at 10:00, Cambridge",
    ],
)
def test_a_city_that_is_part_of_a_name_or_in_two_zones_gives_no_zone(text: str) -> None:
    assert "session_start_time" not in read(text).values


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Started 3 p.m. sharp, 14 March 2023, Atlanta", "2023-03-14T15:00:00-04:00"),
        ("recorded at 10:00 on the dot, 3 May 2023, Berlin", "2023-05-03T10:00:00+02:00"),
        ("sharp-wave ripples recorded at 10:00, 3 May 2023, Berlin", "2023-05-03T10:00:00+02:00"),
    ],
)
def test_a_word_saying_the_time_was_exact_is_no_part_of_it(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


# -- a day of the week that disagrees with the date makes the date a question


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("recording started at 9:00 am on Monday, 3 May 2023, Paris", "session_start_time"),
        ("recorded Fri 2023-06-06 10:00 Berlin", "session_start_time"),
        ("DOB Tue 2023-06-03", "date_of_birth"),
    ],
)
def test_a_weekday_that_disagrees_with_the_date_is_asked_back(text: str, name: str) -> None:
    parsed = read(text)
    assert name not in parsed.values
    assert asked_back(parsed, name)


@pytest.mark.parametrize(
    ("text", "name", "value"),
    [
        (
            "recording started at 9:00 am on Wednesday, 3 May 2023, Paris",
            "session_start_time",
            "2023-05-03T09:00:00+02:00",
        ),
        ("Tue 2023-06-06 10:00 Berlin", "session_start_time", "2023-06-06T10:00:00+02:00"),
        ("Start: 2023-05-03 10:00 Paris; the mouse sat still", "session_start_time", "2023-05-03T10:00:00+02:00"),
        ("born Sat 3 June 2023", "date_of_birth", "2023-06-03"),
    ],
)
def test_a_weekday_that_agrees_with_the_date_is_read(text: str, name: str, value: str) -> None:
    assert read(text).values.get(name) == value


# -- a keyed area keeps neither another device's place after it nor a pointer to a value given elsewhere


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("recording site: V1 and the fiber over LP", "VISp"),
        ("Site: CA1, reference over the cerebellum", "CA1"),
        ("Location: CA1 with the optic fibre above it", "CA1"),
        ("recording site: LGN; stimulation in V1", "LGN"),
    ],
)
def test_another_devices_place_after_a_keyed_area_is_dropped(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    "text",
    [
        "recording site: the same as last session",
        "Location: same site as in mouse 3",
        "species: same as before",
        "age: as last time",
    ],
)
def test_a_keyed_pointer_to_another_value_stores_nothing(text: str) -> None:
    assert not read(text).values


def test_a_value_followed_by_a_pointer_is_read() -> None:
    assert read("strain: C57BL/6J, same as before").values.get("strain") == "C57BL/6J"


# -- days in a cell of their own are an age


@pytest.mark.parametrize(
    ("text", "age"),
    [("finch or12 — ♂ — 120 d", "P120D"), ("rat R-1, F, 74 d, 210 g", "P74D"), ("bat B-3 | F | 300 d | 40 g", "P300D")],
)
def test_days_in_a_cell_of_their_own_are_the_age(text: str, age: str) -> None:
    assert read(text).values.get("age") == age


@pytest.mark.parametrize(
    "text",
    ["mouse, 3 d after surgery", "training took 5 d", "mouse M-3 (P40), 3 d post-injection", "rat R-1, 2 d later"],
)
def test_days_inside_a_sentence_are_no_age(text: str) -> None:
    assert read(text).values.get("age") in (None, "P40D")


# -- an area naming a project, a grant, a paper or a folder is no site


@pytest.mark.parametrize(
    "text",
    [
        "ELN › Cerebellum project › 2023-10-02 entry\nExperimenter: Ana Gil\nSubject: CB-Rat-2 (female)",
        "notes from the Amygdala study meeting: rat AM-4, male",
        "the V1 grant ends in May; mouse GR-2, female",
    ],
)
def test_an_area_naming_a_project_is_no_site(text: str) -> None:
    parsed = read(text)
    assert "electrode_location" not in parsed.values
    assert not asked_back(parsed, "electrode_location")


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("data for the V1 grant; recorded in LGN", "LGN"),
        ("recording in CA1, see the CA1 folder", "CA1"),
        ("recordings in the hippocampus, project ends in May", "hippocampus"),
    ],
)
def test_the_site_beside_a_projects_name_is_read(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- an age said of a colony or a cohort is no rival of the animal's own


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("Mouse CQ-9, 7 months (the colony ranges 3-18 months), female", "P7M"),
        ("the cohort was 8-12 weeks; mouse CH-2 was 10 weeks", "P10W"),
        ("the breeders are 6 months; pup PP-3 is P10", "P10D"),
    ],
)
def test_the_animals_age_wins_over_a_groups(text: str, age: str) -> None:
    assert read(text).values.get("age") == age


@pytest.mark.parametrize("text", ["the colony is all 8 weeks old", "our breeders are 6 months"])
def test_a_groups_age_alone_is_not_stored(text: str) -> None:
    assert "age" not in read(text).values


# -- a sex said of an animal its clause names as another one is not the subject's


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("the animal is a male, the previous session's animal was female", "M"),
        ("the cage mate (mouse CM-41) is a female but ours, CM-43, is male", "M"),
        ("the control is female, this one male, ID C-2", "M"),
        ("mouse M-2 is male; its sister is female", "M"),
        ("Sex: M (the stimulus animal was female)", "M"),
    ],
)
def test_another_animals_sex_is_no_rival(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


@pytest.mark.parametrize("text", ["the other mice were male", "the sham rat was a female", "her littermate is male"])
def test_another_animals_sex_alone_is_not_stored(text: str) -> None:
    assert "sex" not in read(text).values
