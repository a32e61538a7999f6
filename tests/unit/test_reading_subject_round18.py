"""General rules of the offline reader (issue 14, eighteenth round) for the subject: another animal's id (a
relative's, a companion's, another day's), ids that look like lines, fly driver lines, tissue words after a
binomial, years and months in short, and areas kept as said (a part of an area, a side after a comma). Each
rule covers a family of mistakes, not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


# -- an id said of a relative or companion of the subject is not the subject's


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("The sire (ID S-41) was an FVB; we recorded his son, a male of 30 days.", "S-41"),
        ("mother: KL-7 (Long Evans); the pup was a female of 12 days", "KL-7"),
        ("tutor bird: pk12rd3 (adult male), the young one is a female zebra finch", "pk12rd3"),
        ("Cage mate (ID CM-90) stayed in the home cage; the recorded rat was a female Wistar.", "CM-90"),
        ("Demonstrator rat: DR-5; observer rat, male, 300 g", "DR-5"),
        ("the intruder mouse (ID IN-7) was a male CD-1; the resident, RS-3, was recorded", "IN-7"),
        ("tutor male: TT-4; the pupil RR-2 was recorded", "TT-4"),
        ("The stimulus bird (ID st-40) was a male; the focal bird, fb-12, was recorded, female", "st-40"),
        ("conspecific: rat CS-2; the subject: rat SB-7, male", "CS-2"),
        ("Donor mouse D-3 gave the cells; recipient mouse R-9 was recorded", "D-3"),
        ("mouse A-1 was recorded yesterday; today's mouse is A-2", "A-1"),
    ],
)
def test_an_id_said_of_a_relative_or_companion_is_not_stored(text: str, wrong: str) -> None:
    assert read(text).values.get("subject_id") != wrong


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("The dam was a C57BL/6J; the pup we recorded, ID PR-4, is a female of 14 days.", "PR-4"),
        ("mouse DM-3, female, 22 g; her mother was a C57BL/6J", "DM-3"),
        ("bird: or55bk2, a male zebra finch tutored by his father", "or55bk2"),
        ("its brother KB-4 is the control; we recorded KB-3, a male Long-Evans rat", "KB-3"),
        ("tutor: bk3pk9; bird recorded: wh71rd2, a male zebra finch", "wh71rd2"),
        ("The dam (ID DM-12) was a Wistar; the rat pup we recorded, DM-12-2, is a male of 15 days.", "DM-12-2"),
    ],
)
def test_the_subjects_own_id_is_still_read_beside_a_relative(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- two numbered animals of one kind: the one said at another time is not the subject


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Bat 4410 was recorded on Monday; today it's bat 4415, a male Rousettus aegyptiacus.", "4415"),
        ("Monkey 1187 yesterday, monkey 1190 today (Macaca mulatta, male)", "1190"),
        ("rat 3301 was recorded last week, this time rat 3307, female", "3307"),
    ],
)
def test_of_two_numbered_animals_the_one_of_another_day_is_not_stored(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_two_numbered_animals_both_recorded_store_no_id() -> None:
    assert "subject_id" not in read("rat 2210 had a bad implant, so rat 2214 was recorded instead").values


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Bat 4415 was recorded today, a male Rousettus aegyptiacus of 150 g.", "4415"),
        ("rat 25120, a male Long Evans, 350 g; the rat 400 g next month", "25120"),
        ("the implant of rat 26110 was later reused in rat 26112", "26110"),
    ],
)
def test_one_numbered_animal_is_still_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- "Mouse GCaMP-22: ...": a name heading the animal's note is its id, not a line


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Mouse Ai14-7: arrived at 5 weeks, female", "Ai14-7"),
        ("rat ChR2-12: recorded today, male", "ChR2-12"),
        ("Mouse GFP-3: DOB 2024-01-02, male", "GFP-3"),
    ],
)
def test_a_line_like_name_heading_an_animals_note_is_its_id(text: str, subject_id: str) -> None:
    parsed = read(text)
    assert parsed.values.get("subject_id") == subject_id
    assert "genotype" not in parsed.values


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("Mouse Thy1-GCaMP6s, female, 12 weeks", "Thy1-GCaMP6s"),
        ("Mouse: Pvalb-Cre, ID PV-3", "Pvalb-Cre"),
        ("genotype: Ai14, mouse M-2", "Ai14"),
    ],
)
def test_a_line_after_the_animal_word_is_still_its_genotype(text: str, genotype: str) -> None:
    assert read(text).values.get("genotype") == genotype


# -- a fly's driver line before ">" is part of the genotype


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("female fly F-2 (genotype SS02256 > GtACR1)", "SS02256 > GtACR1"),
        ("fly 7, R22D06>CsChrimson, male", "R22D06>CsChrimson"),
        ("Drosophila, MB077B > UAS-GCaMP7f, female", "MB077B > UAS-GCaMP7f"),
        ("genotype: VT019012 > GCaMP6s", "VT019012 > GCaMP6s"),
    ],
)
def test_a_fly_driver_line_before_its_effector_is_part_of_the_genotype(text: str, genotype: str) -> None:
    assert read(text).values.get("genotype") == genotype


# -- a tissue, preparation or stage after a binomial is no third word of its name


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("Aplysia californica neurons were recorded in culture", "Aplysia californica"),
        ("Xenopus laevis oocytes, injected on day 1", "Xenopus laevis"),
        ("Octopus bimaculoides arm nerve cord, female, 120 g", "Octopus bimaculoides"),
        ("Danio rerio larvae at 6 dpf", "Danio rerio"),
        ("a Sus scrofa domesticus, female, 40 kg", "Sus scrofa domesticus"),
    ],
)
def test_a_tissue_word_after_the_binomial_is_not_a_subspecies(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


# -- "3 y 2 m": years and months in short


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("marmoset Pip ♂ 2 y 7 m, 410 g", "age", "P2Y7M"),
        ("monkey Ra, 11y 4m, 8.2 kg", "age", "P11Y4M"),
        ("2 y 6 m", "age", "P2Y6M"),
        ("marmoset Ivo, 4 y 1 m old, male", "age", "P4Y1M"),
    ],
)
def test_years_and_months_in_short_are_read_whole(text: str, field: str, value: str) -> None:
    asked = [field] if len(text) < 10 else []
    assert read(text, *asked).values.get(field) == value


def test_a_distance_after_the_years_is_not_months() -> None:
    assert read("rhesus, 7 y, 2 m from the door").values.get("age") == "P7Y"


# -- areas kept as said: a part named before the area, a side after a comma


@pytest.mark.parametrize(
    ("text", "location"),
    [
        ("the mouse was recorded in the tail of the striatum", "tail of the striatum"),
        ("probes went into the rostral pole of the thalamus", "rostral pole of the thalamus"),
        ("recorded in the body of the striatum today", "body of the striatum"),
    ],
)
def test_a_part_named_before_an_area_is_kept_as_said(text: str, location: str) -> None:
    assert read(text).values.get("electrode_location") == location


@pytest.mark.parametrize(
    ("text", "location"),
    [
        ("posterior parietal cortex, left", "posterior parietal cortex, left"),
        ("V1, right hemisphere", "V1, right hemisphere"),
        ("dorsal CA1, thanks", "dorsal CA1"),
    ],
)
def test_a_side_after_a_comma_stays_with_the_area(text: str, location: str) -> None:
    assert read(text, "electrode_location").values.get("electrode_location") == location


@pytest.mark.parametrize(
    ("text", "location"),
    [
        ("recorded in CA1, right after surgery", "CA1"),
        ("probes in the striatum, male mouse", "STR"),
    ],
)
def test_words_after_a_comma_that_are_no_side_are_left_out(text: str, location: str) -> None:
    assert read(text).values.get("electrode_location") == location


# -- a word for one animal of a kind, a stage or a sex before its code names the subject


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Tree shrews (Tupaia belangeri) were imaged; shrew TB-12 was a male of 180 g.", "TB-12"),
        ("Sheep (Ovis aries) were recorded; ewe SH-4 was 3 years old.", "SH-4"),
        ("Xenopus laevis tadpoles were imaged; tadpole T-9 was at stage 47.", "T-9"),
        ("ferret kit FK-21, female, 35 days old", "FK-21"),
        ("mouse ET-219, male; littermate ET-220 was not recorded", "ET-219"),
    ],
)
def test_a_word_for_one_animal_before_its_code_names_the_subject(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize(
    "text",
    [
        "we used the Qiagen kit 3 for the RNA",
        "the ewe flock 12 was grazing outside",
        "mice ET-219 and ET-220, male",
    ],
)
def test_no_code_of_one_animal_is_read_from_other_words(text: str) -> None:
    assert "subject_id" not in read(text).values


@pytest.mark.parametrize(
    ("text", "location"),
    [
        ("bird pk88, a male of 120 days, carried a microdrive in HVC.", "HVC"),
        ("a drive in RA, male zebra finch", "RA"),
    ],
)
def test_an_acronym_a_drive_sits_in_is_the_area(text: str, location: str) -> None:
    assert read(text).values.get("electrode_location") == location


def test_a_drive_in_a_city_is_no_area() -> None:
    assert "electrode_location" not in read("we drove in NYC to get the mice").values
