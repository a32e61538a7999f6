"""General rules of the offline reader (issue 14, seventeenth round) for the subject and the session's
time and place: separators of keyed values, end times, another animal's values, subspecies. Each rule
covers a family of mistakes, not one sentence; the sentences are our own, from no corpus file."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput) -> set[str]:
    return {c.field for c in parsed.confirmations}


# -- ":=" is one separator; an ELN path's "›" ends a cell


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("genotype := 'Emx1-IRES-Cre/wt;Ai148/wt'", "genotype", "Emx1-IRES-Cre/wt;Ai148/wt"),
        ("strain := 'C57BL/6J'; sex := 'F'", "strain", "C57BL/6J"),
        ("strain := 'C57BL/6J'; sex := 'F'", "sex", "F"),
        ("ELN › Mice › Strain: C57BL/6J › Age: P60", "strain", "C57BL/6J"),
        ("ELN › Mice › Strain: C57BL/6J › Age: P60", "age", "P60D"),
        ("Colony › GT-2 › Genotype: Drd1-Cre/wt › Sex: F › DOB: 2023-01-05", "genotype", "Drd1-Cre/wt"),
        ("Colony › GT-2 › Genotype: Drd1-Cre/wt › Sex: F › DOB: 2023-01-05", "date_of_birth", "2023-01-05"),
    ],
)
def test_pascal_assignments_and_eln_paths_keep_each_value_to_its_cell(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


# -- a day and time said as the session's end is not its start


@pytest.mark.parametrize(
    "text",
    [
        "the session finished on 2023-03-02 at 11:00 CET",
        "recording stopped 2022-11-20 18:30 Europe/Berlin, the start was earlier",
        "session end: 2023-01-01 12:00 UTC",
        "imaging ran until 2023-05-05 18:00 Berlin",
    ],
)
def test_an_end_time_is_not_stored_as_the_start(text: str) -> None:
    assert "session_start_time" not in read(text).values


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("the session ended 2023-03-02 11:00 CET; it started 2023-03-02 10:00 CET", "2023-03-02T10:00:00+01:00"),
        ("session start: 2023-01-01 11:00 UTC, session end: 2023-01-01 12:00 UTC", "2023-01-01T11:00:00+00:00"),
        ("recording started 2023-07-07 14:00 Dublin and ended at 16:00", "2023-07-07T14:00:00+01:00"),
        ("the recording 2023-07-07 16:00 Dublin, ended at 17:00", "2023-07-07T16:00:00+01:00"),
    ],
)
def test_the_start_beside_an_end_is_still_read(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


# -- "X's age is ..., but this file is Y": X's values are not the subject's


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Monkey Dot's age is 12 years; this file is monkey Pip (7 years)", "age", "P7Y"),
        ("Rat R-7's weight is 300 g; this file is rat R-8, 280 g", "weight", "280 g"),
        ("Monkey Pip's age is 7 years; this file is monkey Pip", "age", "P7Y"),
        ("mouse M-3's weight: 22 g", "weight", "22 g"),
    ],
)
def test_a_value_keyed_by_another_animals_name_is_not_the_subjects(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


def test_another_animals_keyed_age_alone_is_not_stored() -> None:
    assert "age" not in read("Mouse Tom's age is P90, but this file is mouse Jerry").values


# -- a subspecies said in Latin is kept, also after its common name


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("a deer mouse, Peromyscus maniculatus sonoriensis, female", "Peromyscus maniculatus sonoriensis"),
        ("minipig MP-2 | Sus scrofa domesticus | 30 kg", "Sus scrofa domesticus"),
        ("a pig, Sus scrofa domesticus, 30 kg", "Sus scrofa domesticus"),
        ("a deer mouse, Peromyscus maniculatus, male", "Peromyscus maniculatus"),
        ("mouse M-4, Mus musculus; Mus musculus castaneus were the controls", "Mus musculus"),
    ],
)
def test_a_subspecies_said_is_kept_as_said(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


# -- a table of several animals: the named row is the subject's; with none named, no row's values (round 20: not
# even what every row says alike, "F" in every row's sex: the animal recorded may be any of them, or none)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            "animal,strain,sex\nAX-1,C57BL/6J,M\nAX-2,BALB/c,F\nrecorded: AX-2",
            {"subject_id": "AX-2", "strain": "BALB/c", "sex": "F"},
        ),
        ("rat;sex;age\nR-1;F;P60\nR-2;M;P62\n=> this file is R-2", {"subject_id": "R-2", "sex": "M", "age": "P62D"}),
        ("mouse;sex;weight\nA-1;F;20 g\nA-2;F;22 g", {"species": "Mus musculus"}),
        ("mouse;strain;weight\nA-1;C57BL/6J;20 g\nA-2;BALB/c;22 g", {"species": "Mus musculus"}),
        ("id,genotype,sex\nGT-1,Pvalb-IRES-Cre,F\nGT-2,wild type,M", {}),
    ],
)
def test_several_rows_give_only_the_named_rows_values(text: str, values: dict[str, str]) -> None:
    read_values = read(text).values
    assert {k: read_values.get(k) for k in values} == values
    assert not {"genotype", "strain", "weight", "subject_id", "sex"} - set(values) & set(read_values)


@pytest.mark.parametrize(
    "text",
    [
        "keyword1,keyword2\nplace cells,dorsal CA1",
        "mouse | notes\nM-2 | virus in CA3",
        "tag_1;tag_2;tag_3\nsleep;anterior thalamus;spindles",
    ],
)
def test_an_area_in_a_column_that_names_no_site_is_not_the_location(text: str) -> None:
    assert "electrode_location" not in read(text).values


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("bird,species,sex,area\nbr-7,Taeniopygia guttata,F,HVC", "HVC"),
        ("Subject | Sex | Region\n| M-7 | F | VISp |", "VISp"),
    ],
)
def test_an_area_in_a_site_column_is_still_read(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- an area said with a qualifier keeps it: an adjective naming a part, a body part in brackets


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("units were recorded in the visual thalamus of mouse VT-3", "visual thalamus"),
        ("the probe was in the auditory thalamus", "auditory thalamus"),
        ("Recordings from the limbic striatum were made by the team", "limbic striatum"),
        ("recorded in S1 (hand area)", "S1 (hand area)"),
        ("recorded in the motor cortex (forelimb)", "motor cortex (forelimb)"),
        ("cat C-2 -> 3 kg -> somatosensory cortex (paw)", "somatosensory cortex (paw)"),
    ],
)
def test_an_area_keeps_the_words_that_narrow_it(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("recorded in the striatum", "STR"),
        ("a typical striatum recording", "STR"),
        ("recorded in the primary visual cortex", "VISp"),
        ("recorded in the posterior parietal cortex", "posterior parietal cortex"),
    ],
)
def test_an_area_without_a_qualifier_is_read_as_before(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- a fly's genotype written with FlyBase's brackets keeps its background allele


@pytest.mark.parametrize(
    ("text", "genotype"),
    [
        ("fly 0712-C: w[1118]; nSyb-GAL4/UAS-GCaMP7f, female", "w[1118]; nSyb-GAL4/UAS-GCaMP7f"),
        ("fly F-2, y[1] w[*]; UAS-GCaMP6s/+; nSyb-GAL4/+, female", "y[1] w[*]; UAS-GCaMP6s/+; nSyb-GAL4/+"),
        ("fly 3: w1118; UAS-GCaMP6m/+; nSyb-GAL4/+", "w1118; UAS-GCaMP6m/+; nSyb-GAL4/+"),
    ],
)
def test_a_flys_genotype_is_one_value_with_its_background(text: str, genotype: str) -> None:
    assert read(text).values.get("genotype") == genotype


# -- at the zone question, where the lab is names the zone; a city elsewhere is no zone


def read_zone_answer(text: str) -> ParsedInput:
    return parse_free_text(text, ["session_start_time"], partial={"session_start_time": "2023-05-04 10:00"}, now=NOW)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("we are in Lisbon", "2023-05-04T10:00:00+01:00"),
        ("we're in Chicago.", "2023-05-04T10:00:00-05:00"),
        ("our lab is in Berlin", "2023-05-04T10:00:00+02:00"),
        ("the lab is based in Tokyo", "2023-05-04T10:00:00+09:00"),
        ("Lisbon", "2023-05-04T10:00:00+01:00"),
    ],
)
def test_where_the_lab_is_answers_the_zone_question(text: str, start: str) -> None:
    assert read_zone_answer(text).values.get("session_start_time") == start


@pytest.mark.parametrize("text", ["I'm in Lisbon", "I'm in Lisbon this week but the recording was in Berlin"])
def test_where_a_person_is_does_not_answer_the_zone_question(text: str) -> None:
    assert "session_start_time" not in read_zone_answer(text).values


@pytest.mark.parametrize("text", ["we are in Lisbon", "our lab is in Berlin; mouse M-1"])
def test_a_city_in_a_message_is_no_zone_without_a_time_waiting(text: str) -> None:
    assert "session_start_time" not in read(text).values


# -- a city right after a notebook line's time, accented or not, is its zone


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("2023-03-09 08:40 Shanghai ▸ mouse SH-2 ▸ ♀", "2023-03-09T08:40:00+08:00"),
        ("2022-10-03 09:15 Bogotá | rat BG-1, ♂", "2022-10-03T09:15:00-05:00"),
        ("2023-01-10 10:00 Jerusalem / bat J-4 / ♀", "2023-01-10T10:00:00+02:00"),
        ("13.02.2023, 14:00 Zürich", "2023-02-13T14:00:00+01:00"),
        ("São Paulo, 7 June 2023, 11:30", "2023-06-07T11:30:00-03:00"),
    ],
)
def test_a_city_after_a_notebook_lines_time_is_its_zone(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


def test_a_city_of_a_name_is_not_a_zone() -> None:
    assert "session_start_time" not in read("2023-03-09 08:40 Boston University ▸ mouse SH-2").values


# -- the last cell of a line of the animal's values names the site: a known area, an acronym, a structure


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("ferret Fe-3, Mustela putorius furo, ♀, 0.8 kg, 5 mo, A1", "AUDp"),
        ("gerbil MG-2 | Meriones unguiculatus | ♂ | 70 g | MNTB", "MNTB"),
        ("owl monkey Ao-1 (Aotus nancymaae), ♂, 0.9 kg, FEF", "FEF"),
        ("lizard PV-9 (Pogona vitticeps) ♀ 290 g — dorsal ventricular ridge", "dorsal ventricular ridge"),
        ("fly 0711-A ♀ — mushroom body", "mushroom body"),
    ],
)
def test_the_last_cell_of_a_notebook_line_is_the_site(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize(
    "text",
    [
        "mouse M-1, F, 20 g, WT",
        "Hi, it is mouse M-2, female, from JAX, NIH",
        "rat R-2, male, 300 g",
        "mouse M-3 / F / 21 g / KO",
    ],
)
def test_a_last_cell_of_capitals_that_names_no_area_is_not_the_site(text: str) -> None:
    assert "electrode_location" not in read(text).values


# -- a participant's id column names a human participant


def test_a_participant_id_column_names_a_human() -> None:
    values = read("participant_id\tsex\tage\nsub-11\tM\t41 years").values
    assert values.get("species") == "Homo sapiens"
    assert values.get("subject_id") == "sub-11"


@pytest.mark.parametrize(
    "text",
    [
        "common marmoset, male, 400 g, ID CM-7",
        "she drank 0.8 mL of water; body weight 19.9 g",
    ],
)
def test_a_last_cell_holding_another_value_is_not_the_site(text: str) -> None:
    assert "electrode_location" not in read(text).values


# -- "owl monkey" names a genus of several species: asked back; the Latin name says which


@pytest.mark.parametrize(
    ("text", "species"),
    [
        ("an owl monkey (Aotus nancymaae), female, ID Ao-9", "Aotus nancymaae"),
        ("Owl monkeys (Aotus trivirgatus) were trained; monkey AT-1, male", "Aotus trivirgatus"),
    ],
)
def test_an_owl_monkeys_species_is_read_from_its_latin_name(text: str, species: str) -> None:
    assert read(text).values.get("species") == species


def test_owl_monkey_alone_is_asked_back_not_as_a_macaque() -> None:
    parsed = read("owl monkey OM-3, female")
    assert "species" not in parsed.values
    assert {str(p.value) for c in parsed.confirmations if c.field == "species" for p in c.proposals} <= {
        "Aotus nancymaae",
        "Aotus trivirgatus",
    }


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("dog D-4 -> Canis familiaris -> ♂ -> 12 kg -> area 18", "area 18"),
        ("rec 2 | monkey Pip | F | 6.2 kg | area 5b", "area 5b"),
    ],
)
def test_a_numbered_area_as_the_last_cell_is_the_site(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


# -- words saying which animal this file is about name its id


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("the rats here are all Long Evans from Charles River; this particular one is LE-77", "LE-77"),
        ("the brother (KB-2) was the sham; the one you're converting is KB-1, male", "KB-1"),
        ("the one in the file is QT-5, the others come next week", "QT-5"),
        ("Imaging was done by our team; the mouse here is GC-901, female.", "GC-901"),
        ("the zebra finch in this file, bk55rd3, is a male", "bk55rd3"),
        ("rig=3; mouse=HX-12; sex=F", "HX-12"),
    ],
)
def test_the_animal_this_file_is_about_is_the_subject(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


@pytest.mark.parametrize("text", ["mouse=C57BL/6J; sex=F", "mice=12", "the one here is the second session"])
def test_no_id_is_read_from_words_that_are_no_id(text: str) -> None:
    assert "subject_id" not in read(text).values


# -- a lone F or M between a notebook's separators is the sex


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("✔ mouse KX-3 ✔ M ✔ 24.0 g", "M"),
        ("mouse HX-2 >> F >> 19.9 g", "F"),
        ("NB 3 · rat R-11 · F · P80", "F"),
        ("mouse AL-2 : Sim1-Cre : M : 26 g", "M"),
    ],
)
def test_a_lone_letter_between_notebook_separators_is_the_sex(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


@pytest.mark.parametrize("text", ["mouse M-4 ✔ 24.0 g ✔ CA1", "Dr. F. Smith · mouse R-2"])
def test_no_sex_without_a_lone_letter(text: str) -> None:
    assert "sex" not in read(text).values


# -- a word inside a longer species name is no rival


def test_the_pig_of_guinea_pig_is_no_other_animal() -> None:
    assert read("guinea pig GP-4, male, 610 g").values.get("species") == "Cavia porcellus"


# (a fly's strain does not settle it either: the development files ask back "Drosophila, Canton-S")
@pytest.mark.parametrize("text", ["fly F-2, female", "Drosophila, Oregon-R, male"])
def test_a_broad_word_is_still_asked_back(text: str) -> None:
    parsed = read(text)
    assert "species" not in parsed.values
    assert "species" in asked_back(parsed)


# -- a Python datetime(...) call with its ZoneInfo is a start time written out


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("start = datetime(2021, 6, 7, 8, 30, tzinfo=ZoneInfo('Europe/Madrid'))", "2021-06-07T08:30:00+02:00"),
        (
            'session_start_time=datetime(2022, 1, 3, 14, 5, 0, tzinfo=ZoneInfo("Asia/Tokyo"))',
            "2022-01-03T14:05:00+09:00",
        ),
    ],
)
def test_a_python_datetime_with_its_zone_is_read(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


def test_a_python_datetime_of_another_event_is_not_the_start() -> None:
    assert (
        "session_start_time"
        not in read("surgery = datetime(2021, 6, 1, 9, 0, tzinfo=ZoneInfo('Europe/Madrid'))").values
    )


# -- a table of the session's times: its header is a row of keys too


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("start,end,zone\n2021-03-02 10:10,2021-03-02 11:40,Europe/Vienna", "2021-03-02T10:10:00+01:00"),
        ("start;stop;tz\n2022-09-01 08:00;2022-09-01 09:30;America/Denver", "2022-09-01T08:00:00-06:00"),
    ],
)
def test_a_table_of_times_gives_the_start(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


def test_a_table_of_another_events_time_gives_no_start() -> None:
    assert "session_start_time" not in read("surgery_date,zone\n2023-06-10 10:00,Asia/Bangkok").values


@pytest.mark.parametrize(
    ("text", "subject_id"), [("a marmoset, ID 'Pumpkin', male", "Pumpkin"), ("ID Mango, female", "Mango")]
)
def test_a_name_after_id_quoted_or_not_is_the_id(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- a device after the weight, in its own cell or placed somewhere, does not make the weight its own


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("bat BB-3 was a male of 19.5 g with a probe in the inferior colliculus", "19.5 g"),
        ("monkey 'Kiki' · ♀ · 6.1 kg · 9 y · arrays in FEF", "6.1 kg"),
        ("rat R-8 was a female of 240 g with a tetrode drive in dorsal CA1", "240 g"),
    ],
)
def test_a_weight_beside_a_device_placed_elsewhere_is_the_animals(text: str, weight: str) -> None:
    assert read(text).values.get("weight") == weight


@pytest.mark.parametrize("text", ["the drive weighs 3 g · mouse M-2", "mouse M-3, 25 g with the headcap"])
def test_a_weight_of_a_device_is_still_not_the_animals(text: str) -> None:
    assert "weight" not in read(text).values


# -- a "location" column of a table of the animal's values is the site when its cell names an area


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("animal\tage\tweight\tlocation\nOV-4\t1 year\t0.4 kg\toptic lobe", "optic lobe"),
        ("mouse,sex,region\nM-9,M,CA3", "CA3"),
    ],
)
def test_a_location_column_naming_an_area_is_the_site(text: str, area: str) -> None:
    assert read(text).values.get("electrode_location") == area


@pytest.mark.parametrize("text", ["mouse,sex,location\nM-1,F,Boston", "rat,sex,location\nR-1,M,room 3"])
def test_a_location_column_naming_a_place_is_no_site(text: str) -> None:
    assert "electrode_location" not in read(text).values


def test_the_mouse_in_this_file_names_the_row_and_the_species() -> None:
    values = read("subject,sex,age\nQR-1,F,P60\nQR-2,M,P64\nthe mouse in this file is QR-2").values
    assert (values.get("subject_id"), values.get("sex"), values.get("age")) == ("QR-2", "M", "P64D")
    assert values.get("species") == "Mus musculus"


def test_uploading_names_the_row() -> None:
    values = read("subject | sex | weight\nAB-4 | M | 27 g\nAB-5 | F | 21 g\n(uploading AB-5)").values
    assert (values.get("subject_id"), values.get("sex"), values.get("weight")) == ("AB-5", "F", "21 g")


# -- a keyed age or weight followed by the animal's kind in brackets: the kind is a note, not part of the value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [("age = 4 years 1 month (marmoset)", "age", "P4Y1M"), ("weight: 6.5 kg (monkey)", "weight", "6.5 kg")],
)
def test_the_animals_kind_after_a_keyed_value_is_a_note(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


# -- "of either sex were used" says the group's sexes: no key of this animal's sex


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("Rats of either sex were used; rat R-40 was a male of 310 g.", "M"),
        ("Ferrets of both sexes were trained; kit K-2, a female, was recorded.", "F"),
    ],
)
def test_the_groups_sexes_leave_the_animals_own(text: str, sex: str) -> None:
    assert read(text).values.get("sex") == sex


def test_the_groups_sexes_alone_give_no_sex() -> None:
    parsed = read("mice of either sex were used")
    assert "sex" not in parsed.values
    assert not parsed.rejections


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("start 0945 hrs, 3 March 2022, Europe/Berlin", "2022-03-03T09:45:00+01:00"),
        ("on 2023-01-05, 1615 hours, Europe/Oslo", "2023-01-05T16:15:00+01:00"),
    ],
)
def test_a_24_hour_clock_without_its_colon_is_a_time(text: str, start: str) -> None:
    assert read(text).values.get("session_start_time") == start


# -- a transgene named as a line ("Tg(...)") that the animal expresses is its genotype


@pytest.mark.parametrize(
    "text",
    [
        "Zebrafish larvae expressing Tg(elavl3:H2B-GCaMP8s) were imaged; fish Z-9 in this file.",
        "larva L-3 expressed Tg(huc:GCaMP6f) on a nacre background",
    ],
)
def test_a_transgenic_line_expressed_is_the_genotype(text: str) -> None:
    assert str(read(text).values.get("genotype", "")).startswith("Tg(")


@pytest.mark.parametrize(
    "text", ["mouse M-1 expressing GCaMP6s", "fish F-1 expressing Tg(elavl3:GCaMP6s) from an AAV injection"]
)
def test_what_a_virus_makes_an_animal_express_is_no_genotype(text: str) -> None:
    assert "genotype" not in read(text).values


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("the rat is a Wistar Han, male, WH-3", "Wistar Han"),
        ("rabbit RB-2 (New Zealand White), male, 3.4 kg", "New Zealand White"),
        ("rat, Wistar, female", "Wistar"),
    ],
)
def test_a_substrain_said_is_read_whole(text: str, strain: str) -> None:
    assert read(text).values.get("strain") == strain
