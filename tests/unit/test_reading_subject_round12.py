"""General rules of the offline reader (issue 14, twelfth round) for the subject and the session's
time and place: ids, species, strain, genotype, age, weight, brain area. Each rule covers a family
of mistakes, not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import time

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


# -- a weight keeps the digits it was given: "21.0 g" is not "21 g"


@pytest.mark.parametrize(
    ("text", "asked", "weight"),
    [
        ("rat KW-3 | M | 310.0 g | CA1", [], "310.0 g"),
        ("mouse KW-4, female, 19.50 g on the day", [], "19.50 g"),
        ("0.40 kg", ["weight"], "0.40 kg"),
        ("mouse KW-5, 24 grams", [], "24 g"),
        ("weight: 22.3g", [], "22.3 g"),
    ],
)
def test_a_weight_keeps_the_digits_given(text: str, asked: list[str], weight: str) -> None:
    assert read(text, *asked).values.get("weight") == weight


# -- an area with a part, a layer, a qualifier before it or an unlisted area beside it is kept as written


@pytest.mark.parametrize(
    ("text", "asked", "area"),
    [
        ("tetrodes sat in CA3 stratum lucidum", [], "CA3 stratum lucidum"),
        ("Site: CA1, stratum oriens", [], "CA1, stratum oriens"),
        ("units from the nucleus accumbens shell", [], "nucleus accumbens shell"),
        ("Recording site: primary motor cortex, hindlimb region", [], "primary motor cortex, hindlimb region"),
        ("barrel cortex, C2 column", ["electrode_location"], "barrel cortex, C2 column"),
        ("we recorded in the ventromedial thalamus", [], "ventromedial thalamus"),
        ("probes in the paraventricular thalamus", [], "paraventricular thalamus"),
        ("recorded in V1 and perirhinal cortex", [], "V1 and perirhinal cortex"),
        ("silicon probes in the subiculum and presubiculum", [], "subiculum and presubiculum"),
    ],
)
def test_an_area_narrowed_by_its_words_is_kept_as_written(text: str, asked: list[str], area: str) -> None:
    assert read(text, *asked).values.get("electrode_location") == area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("recorded in the thalamus", "TH"),
        ("Location: V1, the target region of the virus", "VISp"),
        ("Recording site: left hemisphere, primary motor cortex", "MOp"),
        ("probes in the primary somatosensory cortex", "SSp"),
        ("recording from the lateral septum, which was the aim", "LS"),
    ],
)
def test_an_area_said_exactly_still_gets_its_acronym(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- a key naming another event's site holds no recording site; a recording key names it


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("rec_site=CA1; stim_area=medial septum", "CA1"),
        ("recording_area=ACA; stim_area=VTA; animal=KQ-2", "ACA"),
        ("stim_area: dorsal raphe; recording_site: BLA", "BLA"),
        ("inj site: VTA", None),
        ("opto_target = V1", None),
        ("Recording region: zona incerta", "ZI"),
    ],
)
def test_a_key_says_whose_site_an_area_is(text: str, area: str | None) -> None:
    assert read(text).values.get("electrode_location") == area


# -- an id is the word as written: a cue word glued to its number is part of it


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("the rat, Rat07, was recorded in CA1", "Rat07"),
        ("subject: Mouse12", "Mouse12"),
        ("animal Mouse3 was head-fixed", "Mouse3"),
        ("mouse M-77, female", "M-77"),
    ],
)
def test_an_id_glued_to_a_species_word_is_kept_whole(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_a_glued_id_is_never_cut_to_its_number() -> None:
    assert read("data from Rat12, male").values.get("subject_id") != "12"


# -- several animals after a plural, or a note quoted from someone else, name no subject id


@pytest.mark.parametrize(
    "text",
    [
        "mice 5-8 were weaned today",
        "rats 3 and 4 were trained on the maze",
        "Cage 77: mice 1-3 got tamoxifen",
    ],
)
def test_ids_after_a_plural_name_several_animals(text: str) -> None:
    parsed = read(text)
    assert "subject_id" not in parsed.values


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Xenopus laevis tadpole XT-4, stage 50", "XT-4"),
        ("C. elegans worm 12, hermaphrodite", "12"),
        ("Macaca mulatta, male, monkey Q5", "Q5"),
    ],
)
def test_a_latin_name_is_no_plural_and_a_broader_word_after_it_gives_the_id(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize(
    ("text", "subject_id", "weight"),
    [
        ("The vet wrote: 'mouse 12 dropped to 19 g after surgery.' Today: mouse VT-3, 23.5 g.", "VT-3", "23.5 g"),
        ('Forwarded: "rat 8 at 300 g before the implant". Session rat ID RT-8, 322 g.', "RT-8", "322 g"),
    ],
)
def test_an_animal_in_a_quoted_note_is_not_the_subject(text: str, subject_id: str, weight: str) -> None:
    parsed = read(text)
    assert parsed.values.get("subject_id") == subject_id
    assert parsed.values.get("weight") == weight


def test_a_quoted_note_alone_still_gives_its_animal() -> None:
    assert read("the label says 'mouse KL-5, female'").values.get("subject_id") == "KL-5"


# -- a strain's short name right after its own species is the strain, not the id


@pytest.mark.parametrize(
    ("text", "strain", "subject_id"),
    [
        ("C. elegans N2, worm 9", "N2", "9"),
        ("Caenorhabditis elegans N2 worm 7, hermaphrodite", "N2", "7"),
        ("zebrafish AB larva 3, 5 dpf", "AB", "3"),
    ],
)
def test_a_short_strain_after_its_species_is_the_strain(text: str, strain: str, subject_id: str) -> None:
    parsed = read(text)
    assert (parsed.values.get("strain"), parsed.values.get("subject_id")) == (strain, subject_id)


def test_a_short_strain_name_after_another_species_stays_an_id() -> None:
    parsed = read("mouse N2, male")
    assert parsed.values.get("subject_id") == "N2" and "strain" not in parsed.values


# -- a weight on a day without a recording is not the recording day's


@pytest.mark.parametrize(
    "text",
    [
        "Mar 3: weighed KB-1 (23.9 g), no recording today",
        "mouse KB-2, 25 g; we did not record that day",
        "rat KB-3 weighed 301 g, no session today because of the holiday",
    ],
)
def test_a_weight_on_a_day_without_recording_is_not_stored(text: str) -> None:
    assert "weight" not in read(text).values


def test_a_weight_on_a_recording_day_is_stored() -> None:
    assert read("mouse KB-4, 25.5 g, recorded today").values.get("weight") == "25.5 g"


# -- a hybrid of two species, or a species said as a guess, is asked back


@pytest.mark.parametrize(
    "text",
    [
        "Macaca fascicularis x mulatta? the records are unclear",
        "Mus musculus x Mus spretus hybrid, male",
        "probably a rat, RZ-4",
        "a mouse? not sure",
        "subject RZ-5, rat I think",
    ],
)
def test_a_hybrid_or_guessed_species_is_not_stored(text: str) -> None:
    assert "species" not in read(text).values


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("C57BL/6J mouse x CBA F1 hybrid, M3", "Mus musculus"),
        ("I think the rat was 9 weeks old", "Rattus norvegicus"),
        ("rhesus macaque RZ-6, male", "Macaca mulatta"),
    ],
)
def test_a_species_said_for_sure_is_stored(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


# -- answers about the line: a vendor is not the strain, "WT, no transgene" is wild-type, another animal's is asked


@pytest.mark.parametrize(
    ("text", "asked", "field", "value"),
    [
        ("C57BL/6N from Charles River", "strain", "strain", "C57BL/6N"),
        ("Long Evans, bought from Envigo", "strain", "strain", "Long-Evans"),
        ("Wistar via Janvier", "strain", "strain", "Wistar"),
        ("WT, no transgene", "genotype", "genotype", "wild-type"),
        ("plain wild type", "genotype", "genotype", "wild-type"),
        ("wild-type (non-transgenic)", "genotype", "genotype", "wild-type"),
        # (round 19: the animal's role after the line is not the line; the development files write WT "wild-type")
        ("WT littermate control", "genotype", "genotype", "wild-type"),
    ],
)
def test_an_answer_about_the_line_keeps_only_the_line(text: str, asked: str, field: str, value: str) -> None:
    assert read(text, asked).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Long-Evans, like her mother", "strain"),
        ("Pvalb-Cre, the dam was Ai14", "genotype"),
        ("Sst-Cre like the breeders", "genotype"),
    ],
)
def test_a_line_said_with_another_animal_is_asked_back(text: str, asked: str) -> None:
    parsed = read(text, asked)
    assert asked not in parsed.values and asked_back(parsed, asked)


# -- a number with a unit after a subject word is an age or a weight, not an id


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("mouse 12 weeks old, female", "age", "P12W"),
        ("rat 300 g, male", "weight", "300 g"),
        ("subject 9 months, male", "age", "P9M"),
    ],
)
def test_a_number_with_a_unit_is_no_id(text: str, field: str, value: str) -> None:
    parsed = read(text)
    assert "subject_id" not in parsed.values and parsed.values.get(field) == value


@pytest.mark.parametrize(("text", "subject_id"), [("mouse 7, 12 weeks", "7"), ("rat #12, 300 g", "12")])
def test_a_number_without_a_unit_after_a_species_is_still_an_id(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_the_animal_was_ten_weeks_is_not_subject_ten() -> None:
    assert "subject_id" not in read("The animal was 10 weeks old when shipped and 14 weeks when recorded.").values


# -- layers, bracketed parts and unlisted acronyms beside an area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("electrodes were in S1 (forelimb), L5", "S1 (forelimb), L5"),
        ("imaging in barrel cortex (C2 whisker column) of mouse BC-4", "barrel cortex (C2 whisker column)"),
        ("units from V1 and PM; mouse VL-3", "V1 and PM"),
        ("the probe was in V1 and the LED was over the SC", "VISp"),
        ("recorded in CA1 and EEG from a skull screw", "CA1"),
        ("Target: dLGN (right hemisphere)", "LGd"),
    ],
)
def test_what_is_said_beside_an_area_decides_how_it_is_kept(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


def test_a_layer_alone_between_commas_is_no_id() -> None:
    assert "subject_id" not in read("electrodes were in S1 (forelimb), L5").values


@pytest.mark.parametrize(
    "text", ["Brain area: CA1 (left hemisphere), tentatively", "Location: V1, provisionally", "area: ACC (tentative)"]
)
def test_a_tentative_area_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "electrode_location" not in parsed.values and asked_back(parsed, "electrode_location")


# -- a transgenic line's number is part of the genotype


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("Thy1-ChR2-YFP line 18 mouse TY-4", "Thy1-ChR2-YFP line 18"),
        ("Thy1-GCaMP6s line GP4.3, mouse T-1", "Thy1-GCaMP6s line GP4.3"),
        ("Pvalb-Cre line, mouse P-3", "Pvalb-Cre"),
    ],
)
def test_a_line_number_belongs_to_the_genotype(text: str, genotype: str) -> None:
    assert read(text).values.get("genotype") == genotype


# -- long lists of areas, qualifiers, strains and quoted notes stay linear


@pytest.mark.parametrize(
    "text",
    [
        "V1 (" * 2_500,
        "anterodorsal " * 800 + "thalamus",
        "thalamus, forelimb " * 500,
        "C. elegans N2, worm " * 500,
        "zebrafish AB " * 800,
        "'a b " * 2_000,
        "the mouse, Mouse28, " * 500,
    ],
)
def test_long_subject_messages_do_not_hang(text: str) -> None:
    started = time.monotonic()
    read(text[:10_000])
    assert time.monotonic() - started < 20


# -- another animal's birth date, a pup's age, a cohort-qualified number


@pytest.mark.parametrize(
    "text",
    ["Dam DOB 2022-10-10; pup P7 recorded today", "the mother was born on 2022-03-03", "sire born 2021-12-12"],
)
def test_a_parent_s_birth_date_is_not_the_subject_s(text: str) -> None:
    parsed = read(text)
    assert "date_of_birth" not in parsed.values and not asked_back(parsed, "date_of_birth")


def test_the_subject_s_birth_date_beside_its_mother_s_is_read() -> None:
    parsed = read("mother born 2022-01-01, mouse KD-1 born 2022-06-01")
    assert parsed.values.get("date_of_birth") == "2022-06-01"


def test_a_pup_at_p7_is_an_age_not_an_id() -> None:
    parsed = read("pup P7 recorded today")
    assert "subject_id" not in parsed.values and parsed.values.get("age") == "P7D"


@pytest.mark.parametrize("text", ["mouse 3 (cohort B)", "rat 5 (cage 12), male"])
def test_a_number_within_its_group_in_brackets_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "subject_id" not in parsed.values and asked_back(parsed, "subject_id")


# -- keyed strain and genotype: no one strain, a cross after it, alleles joined by commas


@pytest.mark.parametrize("text", ["species: mouse; strain: mixed", "strain: outbred", "strain: mixed background"])
def test_a_mixed_strain_is_no_strain(text: str) -> None:
    assert "strain" not in read(text).values


@pytest.mark.parametrize(
    "text", ["strain: C57BL/6J background, crossed with 129", "strain: BALB/c, backcrossed to C57BL/6J"]
)
def test_a_keyed_strain_crossed_with_another_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "strain" not in parsed.values and asked_back(parsed, "strain")


def test_a_strain_background_is_the_strain() -> None:
    assert read("strain: C57BL/6J background").values.get("strain") == "C57BL/6J"


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("genotype: Dat-Cre (het), Ai32 (hom)", "Dat-Cre (het), Ai32 (hom)"),
        ("genotype: Ai14 x Gad2-Cre, mouse GD-5", "Ai14 x Gad2-Cre"),
        ("genotype: Sst-Cre, female", "Sst-Cre"),
    ],
)
def test_a_keyed_genotype_runs_over_commas_only_to_alleles(text: str, genotype: str) -> None:
    assert read(text).values.get("genotype") == genotype


# -- the start of this session among numbered ones; an age or a weight said as a guess or for now


@pytest.mark.parametrize(
    "text",
    [
        "Run 3 started 2023-05-05 10:00 UTC, run 4 at 2023-05-05 14:00 UTC",
        "Session 1 was 2023-03-01 09:00 EST and session 2 was 2023-03-02 10:30 EST.",
    ],
)
def test_a_numbered_session_s_start_is_not_stored_for_this_one(text: str) -> None:
    parsed = read(text)
    assert "session_start_time" not in parsed.values


def test_this_file_s_session_start_is_read_beside_a_numbered_one() -> None:
    parsed = read("Session 1 was 2023-03-01 09:00 EST; this file is session 2, 2023-03-02 10:30 EST.")
    assert parsed.values.get("session_start_time") == "2023-03-02T10:30:00-05:00"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("She is 4 months old now; the recording was two weeks ago.", "age"),
        ("mouse KE-4, male; I think 12 weeks", "age"),
        ("mouse KE-5, female; I think 24 g", "weight"),
    ],
)
def test_an_age_or_weight_said_for_now_or_as_a_guess_is_asked_back(text: str, field: str) -> None:
    parsed = read(text)
    assert field not in parsed.values and asked_back(parsed, field)


def test_an_age_now_on_the_recording_day_is_read() -> None:
    assert read("mouse KE-6, 12 weeks now, recorded today").values.get("age") == "P12W"


# -- of the animals named, the one this file is about


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Mouse KF-1 got sick, so this file is from her littermate KF-2 (male, 11 weeks).", "KF-2"),
        ("Three rats were trained; this dataset contains rat Biscuit only.", "Biscuit"),
        ("Two mice ran today, KF-3 and KF-4; this upload is KF-4.", "KF-4"),
        ("Both monkeys did the task; the present session is from monkey Juno.", "Juno"),
    ],
)
def test_the_animal_this_file_is_about_is_the_subject(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize(
    "text", ["this file is from session 3", "This file is P60", "this is P60", "This session is from Monday"]
)
def test_this_file_before_a_session_an_age_or_a_day_names_no_animal(text: str) -> None:
    assert "subject_id" not in read(text).values


# -- a lone sex letter between slashes or dashes, a name after a keyed species, a species column of ids


@pytest.mark.parametrize(
    ("text", "sex"),
    [("m77 / F / P60 / 21 g", "F"), ("2024-01-02 - rat KG-3 - M - 301 g - CA1", "M"), ("rat KG-4, F, 250 g", "F")],
)
def test_a_lone_sex_letter_between_separators_is_the_sex(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


@pytest.mark.parametrize("text", ["stim F / M sweep", "lens f/2.8, focus M3"])
def test_a_letter_in_other_words_is_no_sex(text: str) -> None:
    assert "sex" not in read(text).values


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Rat: Biscuit; sex: F; weight: 265 g", "Biscuit"),
        ("day 4 | monkey Juno | M | 9.1 kg", "Juno"),
        ("Mouse\tSex\tAge\nKG-5\tM\tP60", "KG-5"),
        ("Rat,Sex,Weight\nKG-6,F,250 g", "KG-6"),
    ],
)
def test_an_animal_named_after_its_species_key_or_column(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- a weight of another day or a spread; an area as a landmark; an area after the species


@pytest.mark.parametrize(
    "text",
    [
        "mouse KH-1, 24 g two days ago",
        "mouse KH-2 weighed 24 g yesterday; recorded today",
        "The rats weighed 300 ± 20 g.",
        "rat KH-3, 350 g last week",
    ],
)
def test_a_weight_of_another_day_or_a_spread_is_not_stored(text: str) -> None:
    assert "weight" not in read(text).values


def test_a_weight_beside_another_day_s_recording_is_read() -> None:
    assert read("recorded yesterday, mouse KH-4, 24 g").values.get("weight") == "24 g"


@pytest.mark.parametrize(
    "text",
    [
        "The probe went 2 mm into the cortex above CA1",
        "recorded from the cortex overlying the hippocampus",
        "units in the white matter lateral to the striatum",
    ],
)
def test_an_area_named_as_a_landmark_is_not_stored(text: str) -> None:
    assert "electrode_location" not in read(text).values


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("imaged through a cranial window over somatosensory cortex", "somatosensory cortex"),
        ("recorded in the cortex above the hippocampus, in V1", "VISp"),
    ],
)
def test_an_area_under_a_window_or_named_after_a_landmark_is_read(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(("text", "area"), [("mouse V1 recording (layer 5)", "VISp"), ("rat CA1 neurons", "CA1")])
def test_an_area_after_the_species_before_what_was_recorded_is_no_id(text: str, area: str) -> None:
    parsed = read(text)
    assert "subject_id" not in parsed.values and parsed.values.get("electrode_location") == area


# -- a keyed value with a note of another time, a scheduled start, a month that does not exist, a place in a count


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("electrode_location: CA1 (planned), actual: CA3", "electrode_location"),
        ("brain area: ACC (targeted)", "electrode_location"),
        ("date_of_birth: 2023-01-01 (estimated)", "date_of_birth"),
        ("Scheduled for 2023-02-02 at 09:00 EST, actually began 09:25 EST.", "session_start_time"),
    ],
)
def test_a_planned_or_estimated_value_is_not_stored(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize("text", ["10:00 on 2023-13-01 UTC", "2024/25/04 14:00 Europe/Paris"])
def test_a_year_first_date_with_no_such_month_is_refused(text: str) -> None:
    parsed = read(text)
    assert "session_start_time" not in parsed.values and not asked_back(parsed, "session_start_time")


@pytest.mark.parametrize("text", ["rat 1 of 4, male, 320 g", "mouse 2 of 6 mice"])
def test_a_place_in_a_count_is_no_id(text: str) -> None:
    assert "subject_id" not in read(text).values


def test_an_id_before_an_age_with_of_is_read() -> None:
    assert read("rat KJ-32 of 14 weeks").values.get("subject_id") == "KJ-32"


# -- "sex not determined" in a sentence; an id between spaced slashes


@pytest.mark.parametrize(
    "text",
    [
        "Pup KM-3 (P10), sex not determined",
        "larva KM-4, 6 dpf; sex is not determined at this stage",
        "mouse KM-5, the sex was not yet determined",
    ],
)
def test_sex_not_determined_is_unknown(text: str) -> None:
    assert read(text).values.get("sex") == "U"


def test_an_id_between_spaced_slashes_is_read() -> None:
    parsed = read("m124 / F / P60 / 21 g")
    assert (parsed.values.get("subject_id"), parsed.values.get("sex")) == ("m124", "F")


def test_a_strain_s_slash_is_no_cell_edge() -> None:
    assert read("C57BL/6J mouse, male").values.get("strain") == "C57BL/6J"


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("units from dorsal and ventral CA1", "dorsal and ventral CA1"),
        ("probes in the dorsal/ventral hippocampus", "dorsal/ventral hippocampus"),
        ("recorded in dorsal CA1", "dorsal CA1"),
    ],
)
def test_two_parts_before_an_area_are_kept(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- a specimen number is the animal's id; 'this file' is no other event than the recording in it


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [("specimen: R-5522 | sex: M", "R-5522"), ("the mouse (specimen 755434999) was female", "755434999")],
)
def test_a_specimen_number_is_the_subject_id(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


def test_the_recording_in_this_file_gives_its_start() -> None:
    parsed = read("The recording in this file started on 2019-03-14 at 13:05 America/Los_Angeles.")
    assert parsed.values.get("session_start_time") == "2019-03-14T13:05:00-07:00"


@pytest.mark.parametrize(
    "text", ["this file was created 2023-04-21 10:00 UTC", "The file is from 2023-04-20 10:00 UTC, exported later"]
)
def test_the_file_s_own_date_is_not_the_start(text: str) -> None:
    assert "session_start_time" not in read(text).values


# -- an age said of animals in the plural, beside this animal or a parent


@pytest.mark.parametrize(
    "text",
    ["The pups were P10; their mother KS-9 was 20 weeks.", "The mice were 8 weeks old; mouse KS-20 was recorded."],
)
def test_a_plural_s_age_beside_this_animal_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "age" not in parsed.values and asked_back(parsed, "age")


def test_a_plural_s_age_alone_is_read() -> None:
    assert read("The mice were 8 weeks old.").values.get("age") == "P8W"


# -- a hedge inside the age's words, a virus note on a keyed genotype, "N/A (slice)" as the area


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("rat KU-4 age ~ 10 weeks", "age"),
        ("mouse KU-5, aged about 9 weeks", "age"),
        ("Genotype: ChR2-EYFP (virus), line Pvalb-Cre", "genotype"),
        ("genotype: GCaMP6s (AAV-injected)", "genotype"),
    ],
)
def test_a_hedged_age_or_a_virus_as_genotype_is_not_stored(text: str, field: str) -> None:
    assert field not in read(text).values


@pytest.mark.parametrize("text", ["recording area: N/A (slice)", "brain area: none (culture)"])
def test_no_area_with_a_note_is_no_area(text: str) -> None:
    assert "electrode_location" not in read(text).values


def test_an_exact_age_is_still_read() -> None:
    assert read("rat KU-6 age 10 weeks").values.get("age") == "P10W"


@pytest.mark.parametrize(
    "text",
    [
        "2023-02-02 10:00 CET (I think)",
        "I think it was recorded 2023-02-02 10:00 CET",
        "started 10:05 UTC on 2023-02-02, probably",
    ],
)
def test_a_start_said_as_a_guess_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "session_start_time" not in parsed.values and asked_back(parsed, "session_start_time")


def test_a_guess_about_another_field_leaves_the_start() -> None:
    parsed = read("recorded 2023-02-02 10:00 CET; the age I think was 12 weeks")
    assert parsed.values.get("session_start_time") == "2023-02-02T10:00:00+01:00"
