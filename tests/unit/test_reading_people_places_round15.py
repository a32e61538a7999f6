"""General rules of the offline reader (issue 14, fifteenth round) for people, places and words, and
two text-level rules: asides after a short value, and values taken back in the message. Each rule covers
a family of mistakes, not one sentence; the sentences are our own, from no corpus file. Both directions
are tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind, ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def asked_back(parsed: ParsedInput, field: str) -> bool:
    return any(c.field == field for c in parsed.confirmations)


# -- an aside after a short value is no part of it: how it was checked, what it holds for, a sentence in brackets


@pytest.mark.parametrize(
    ("text", "asked", "field", "value"),
    [
        ("dorsal CA1, confirmed by histology", "electrode_location", "electrode_location", "dorsal CA1"),
        ("barrel cortex (we never mapped the column)", "electrode_location", "electrode_location", "SSp-bfd"),
        ("anterior cingulate cortex, verified with DiI tracks", "electrode_location", "electrode_location", "ACA"),
        ("Sst-Cre, as on the paper", "genotype", "genotype", "Sst-Cre"),
        ("Location: LGN, reconstructed from the tracks. Mouse K-4.", "", "electrode_location", "LGN"),
        ("Genotype: Vglut2-Cre for this one; mouse VG-2", "", "genotype", "Vglut2-Cre"),
        # what must still be read whole: a layer, a side, a second area after a comma
        ("left barrel cortex, layer 4", "electrode_location", "electrode_location", "left barrel cortex, layer 4"),
    ],
)
def test_an_aside_after_a_value_is_not_part_of_it(text: str, asked: str, field: str, value: str) -> None:
    parsed = read(text, *([asked] if asked else []))
    assert parsed.values.get(field) == value


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Pvalb-Cre x Ai32, I'd have to check the reporter", "genotype"),
        ("Gad2-Cre heterozygous, need to verify the line", "genotype"),
        ("posterior parietal cortex, I think", "electrode_location"),
    ],
)
def test_a_guess_after_an_answer_asks_it_back(text: str, asked: str) -> None:
    parsed = read(text, asked)
    assert asked not in parsed.values
    assert asked_back(parsed, asked)
    assert all(
        "check" not in str(p.value) and "think" not in str(p.value) for c in parsed.confirmations for p in c.proposals
    )


# -- an institution's site, city or parent bodies after its name are not part of it


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Columbia University, Morningside campus", "Columbia University"),
        ("Stanford University, the main campus", "Stanford University"),
        ("Centro de Investigaciones Biomédicas (CSIC), Valdecilla", "Centro de Investigaciones Biomédicas"),
        ("Institut de Neurosciences (CNRS-AMU), Marseille", "Institut de Neurosciences"),
        # what must still be read whole: a campus that is an institution of its own, a name ending in Campus
        ("University of California, Los Angeles", "University of California, Los Angeles"),
        ("Janelia Research Campus", "HHMI Janelia Research Campus"),
    ],
)
def test_the_site_or_city_after_an_institution_is_left_out(text: str, institution: str) -> None:
    assert read(text, "institution").values.get("institution") == institution


@pytest.mark.parametrize(
    "text",
    [
        "We recorded at the Karolinska Institutet; the institution should be Karolinska Institutet for this one.",
        "Institution: Karolinska Institutet for this session",
        "the institution is Karolinska Institutet this time",
    ],
)
def test_for_this_one_after_an_institution_is_not_part_of_it(text: str) -> None:
    assert read(text).values.get("institution") == "Karolinska Institutet"


# -- a value taken back in the message gives nothing; its replacement is read


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("rat R12? — no, rat R21 (Long-Evans, male) is the implanted one", "R21"),
        ("ferret F3? no, ferret F4, female, 900 g", "F4"),
        ("mouse K-7? - no, mouse K-9 was recorded today", "K-9"),
    ],
)
def test_an_id_said_as_a_question_and_answered_no_is_not_read(text: str, subject_id: str) -> None:
    parsed = read(text)
    assert parsed.values.get("subject_id") == subject_id
    assert all(c.field != "subject_id" for c in parsed.confirmations)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        (
            "start 2022-05-02 10:00 CEST - no wait, that was the dry run; the session itself began 2022-05-03 "
            "14:15 CEST.",
            "2022-05-03T14:15:00+02:00",
        ),
        (
            "recorded 2021-09-09 08:30 Pacific, sorry, that was the habituation; the real recording: 2021-09-10 "
            "09:45 Pacific",
            "2021-09-10T09:45:00-07:00",
        ),
    ],
)
def test_a_time_taken_back_as_another_events_is_not_read(text: str, start: str) -> None:
    parsed = read(text)
    assert parsed.values.get("session_start_time") in (start, None)
    times = [p.value for c in parsed.confirmations if c.field == "session_start_time" for p in c.proposals]
    assert all(str(value) == start for value in times)


def test_a_question_answered_no_inside_a_key_is_left_to_the_finders() -> None:
    # "Institution: X? no, Y": the key stays with the value after it
    parsed = read("Institution: Stockholm University? no, sorry: Karolinska Institutet")
    assert parsed.values.get("institution") != "Stockholm University"


# -- a first name then the same person's full name in brackets: the bracket is the person


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("surgeon = Tom, experimenter = also Tom (Tom Hale)", ["Hale, Tom"]),
        ("Experimenter: Rosa (Rosa Mendes); mouse K-2", ["Mendes, Rosa"]),
        ("experimenter: again Ines (Ines Vidal)", ["Vidal, Ines"]),
        # a role in brackets is still no name
        ("Experimenter: Lukas Meyer (postdoc)", ["Meyer, Lukas"]),
    ],
)
def test_a_full_name_in_brackets_after_a_first_name_is_the_person(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


def test_a_different_name_in_brackets_is_not_taken_for_the_person() -> None:
    assert read("experimenter: Anna (Ben Ito)").values.get("experimenter") != ["Ito, Ben"]


# -- the key word said without a colon is not the first word of the name after it


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("OK then. Institution Kyoto University.", "Kyoto University"),
        ("Affiliation Karolinska Institutet, rat R3", "Karolinska Institutet"),
        (
            "Lab: Ruiz Lab. Institution Max Planck Institute for Brain Research.",
            "Max Planck Institute for Brain Research",
        ),
    ],
)
def test_a_key_word_without_colon_is_not_part_of_the_institution(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


def test_then_before_a_colon_is_not_an_earlier_time() -> None:
    # "the lab then:" is "as for the lab"; "we were then the X lab" is an earlier time
    assert read("OK, the lab then: please write 'Laboratory of Neural Circuits'").values.get("lab") == (
        "Laboratory of Neural Circuits"
    )
    assert read("we were then the Pachitariu lab; now the Stringer lab").values.get("lab") == "Stringer Lab"


# -- whom a message is addressed to gives no value


@pytest.mark.parametrize(
    "text",
    [
        "Dear DANDI Archive,\n\nthe subject is P-4, female, 33 years.",
        "Hi Allen Brain Observatory team, mouse M-3, male",
        "Hello Janelia Curators:\nrat R-8, 300 g",
    ],
)
def test_the_addressee_of_a_message_gives_no_value(text: str) -> None:
    parsed = read(text)
    assert "genotype" not in parsed.values
    assert "institution" not in parsed.values
    assert "experimenter" not in parsed.values
    assert parsed.values.get("subject_id") in ("P-4", "M-3", "R-8")


def test_the_values_after_a_short_greeting_are_still_read() -> None:
    assert read("Hi, writing for Dr. Ada Lim. Experimenter: Bo Chen.").values.get("experimenter") == ["Chen, Bo"]


# -- a description or keywords quoted after their key: read, and no other field is taken from inside them


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "mouse M3; description 'Whole-cell recordings in CA1 during running'",
            "session_description",
            "Whole-cell recordings in CA1 during running",
        ),
        ("rat R5, keywords 'grid cells, theta'", "keywords", ["grid cells", "theta"]),
        (
            'session description "Retina explant on a 60-electrode array, flashes"',
            "session_description",
            "Retina explant on a 60-electrode array, flashes",
        ),
    ],
)
def test_a_quoted_value_after_its_key_is_read(text: str, field: str, value: object) -> None:
    parsed = read(text)
    assert parsed.values.get(field) == value
    assert "electrode_location" not in parsed.values


# -- an institution said with a guess next to it is asked back; a guess about another value is not about it


@pytest.mark.parametrize("text", ["probably Janelia, I'll ask Tom", "Recorded at UCL, I think.", "maybe at MIT"])
def test_an_institution_said_as_a_guess_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "institution" not in parsed.values
    assert asked_back(parsed, "institution")


def test_a_guess_of_another_value_leaves_the_institution() -> None:
    text = "rat LE-9 (male, probably 5 months) was recorded by Ada Lim at the University of Toronto."
    assert read(text).values.get("institution") == "University of Toronto"


# -- Portuguese and Spanish university names are read whole, and the town after them is left out


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "We recorded at Universidade Federal de Minas Gerais, Belo Horizonte.",
            "Universidade Federal de Minas Gerais",
        ),
        (
            "Recordings took place at Universidade Federal do Rio de Janeiro, Niterói, by Ana Lima.",
            "Universidade Federal do Rio de Janeiro",
        ),
        ("Institution: Universidade da Coruña", "Universidade da Coruña"),
    ],
)
def test_universities_named_with_do_and_da_are_read_whole(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- declines: ordinary words do not name another field than the one asked; a field asked as a question is the one
#    declined after it; "won't give", "no X, thanks"; a verb that names the field ("we don't weigh them")


def declined_fields(parsed: ParsedInput) -> set[str]:
    return {f for i in parsed.intents if i.kind in (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW) for f in i.fields}


@pytest.mark.parametrize(
    ("text", "asked", "field"),
    [
        ("we'd rather not name it", "lab", "lab"),
        ("skip it for this animal", "weight", "weight"),
        ("not recorded for this line, sorry", "age", "age"),
        ("The keywords? No idea, skip. Institution is Brown University.", "", "keywords"),
        ("Weight? not sure. Lab: Tank lab", "", "weight"),
        ("I won't give the institution", "", "institution"),
        ("no session description, thanks", "", "session_description"),
        ("we never weigh the fish", "", "weight"),
        ("the rat weighed 300 g at arrival, I forgot to weigh it today", "", "weight"),
    ],
)
def test_a_decline_is_of_the_field_meant(text: str, asked: str, field: str) -> None:
    parsed = read(text, *([asked] if asked else []))
    assert field in declined_fields(parsed)
    assert not (declined_fields(parsed) - {field})


def test_a_field_asked_as_a_question_and_answered_is_read() -> None:
    parsed = read("The age? P40. Lab? none")
    assert parsed.values.get("age") == "P40D"
    assert declined_fields(parsed) == {"lab"}


# -- convert and cancel, in more phrasings; the same words about something else are not


@pytest.mark.parametrize(
    "text",
    ["We're done, convert", "good as is - go", "leave the rest empty and proceed", "I am done - convert please"],
)
def test_done_then_convert_converts(text: str) -> None:
    assert read(text).has_intent(IntentKind.SKIP_ALL)


@pytest.mark.parametrize(
    "text",
    [
        "abort please, the sorting is not final",
        "never mind, don't convert this one",
        "Wait - cancel. I sent the wrong folder.",
        "stop, cancel, don't convert - wrong rat",
    ],
)
def test_cancel_in_more_phrasings(text: str) -> None:
    assert read(text).has_intent(IntentKind.CANCEL)


@pytest.mark.parametrize(
    "text",
    [
        "mouse M4, please don't convert the LFP channels",
        "I'm done with the surgery notes; mouse M5, female",
        "Call me when done, we can cancel the later slot. Mouse M6",
    ],
)
def test_the_same_words_about_something_else_neither_convert_nor_cancel(text: str) -> None:
    parsed = read(text)
    assert not parsed.has_intent(IntentKind.CANCEL)
    assert not parsed.has_intent(IntentKind.SKIP_ALL)


# -- a two-column key/value table is read as keyed lines; a table of animals is left to its own reader


def test_a_key_value_table_is_read_as_keyed_lines() -> None:
    text = "| field | value |\n| --- | --- |\n| experimenter | Mei Lin |\n| lab | Lin Lab |\n| species | Mus musculus |"
    parsed = read(text)
    assert parsed.values.get("experimenter") == ["Lin, Mei"]
    assert parsed.values.get("lab") == "Lin Lab"
    assert parsed.values.get("species") == "Mus musculus"


@pytest.mark.parametrize(
    "text",
    [
        "| mouse | sex | age |\n|---|---|---|\n| M1 | F | P30 |",
        "| step | who |\n| --- | --- |\n| surgery | Ana Ruiz |\n| histology | Tom Berg |",
    ],
)
def test_other_tables_are_not_read_as_keyed_lines(text: str) -> None:
    assert "experimenter" not in read(text).values


# -- the experimenter's key and the surname's key in other languages


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("Versuchstier: Maus M-4; Experimentator: Jonas Brandt; Institut: Universität Bonn", ["Brandt, Jonas"]),
        ("experimentador: Diego Ruiz Soler (apellidos: Ruiz Soler)", ["Ruiz Soler, Diego"]),
        ("Experimenter: Ana Sofia Lima Costa (sobrenome: Lima Costa)", ["Lima Costa, Ana Sofia"]),
    ],
)
def test_keys_in_other_languages_name_the_experimenter(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


def test_a_short_session_key_reads_the_description() -> None:
    parsed = read("session desc: 'Go/no-go licking task, 300 trials'")
    assert parsed.values.get("session_description") == "Go/no-go licking task, 300 trials"


# -- a table of people and their roles: the one who recorded is the experimenter; the others give nothing


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("Name,Role\nLea Vogt,surgery\nAmir Haddad,recording\nJo Kim,analysis", ["Haddad, Amir"]),
        ("Person; Task\nMina Park; experimenter\nLuis Vega; PI", ["Park, Mina"]),
        ("Name | Role\nEva Lund | recording\nOla Berg | recording", ["Lund, Eva", "Berg, Ola"]),
    ],
)
def test_the_person_whose_role_is_recording_is_the_experimenter(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


@pytest.mark.parametrize(
    "text", ["Name,Role\nLea Vogt,surgery\nLuis Vega,PI", "Name,Role\nLea Vogt,surgery, histology\nJo Kim,recording"]
)
def test_a_role_table_without_one_clear_recorder_gives_no_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


def test_an_eln_operator_is_the_experimenter_and_a_surgery_operator_is_not() -> None:
    assert read("Date: 2022-01-03 10:00 UTC\nOperator: Nils Holm\nAnimal: mouse NH-2").values.get("experimenter") == [
        "Holm, Nils"
    ]
    assert "experimenter" not in read("Surgery operator: Ana Ruiz; mouse M3").values


# -- a name asked and answered no, then another: the other one is the value; "no, that's X" says where, not who


@pytest.mark.parametrize(
    ("text", "asked", "field", "value"),
    [
        ("Brown? no - Boston University", "institution", "institution", "Boston University"),
        ("Institution: Columbia University? no, sorry: New York University", "", "institution", "New York University"),
        ("Experimenter: Ana Ruiz? No - sorry - it was Eva Lund. Mouse M-2.", "", "experimenter", ["Lund, Eva"]),
    ],
)
def test_the_name_after_a_no_replaces_the_one_asked(text: str, asked: str, field: str, value: object) -> None:
    assert read(text, *([asked] if asked else [])).values.get(field) == value


def test_no_thats_a_place_names_no_lab() -> None:
    parsed = read("Institution: Peking University; lab: Laboratory of Dr. Wei Li? no, that's Fudan. Just Peking.")
    assert parsed.values.get("institution") == "Peking University"
    assert "lab" not in parsed.values


def test_take_a_quoted_value_for_a_field() -> None:
    parsed = read("please take 'Allen Institute for Brain Science' for the institution, not 'AIBS'")
    assert parsed.values.get("institution") == "Allen Institute for Brain Science"


# -- distractors of our own (step 2): a unit after the institution, talk in a keyword list, another time after a
#    lab or institution, an aside opening after a keyed name


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Institution: University of Bonn, Germany, Department of Epileptology", "University of Bonn"),
        ("Institution: Columbia University, Department of Neuroscience", "Columbia University"),
        ("institution: Harvard Medical School, Boston, MA 02115, USA", "Harvard Medical School"),
    ],
)
def test_a_unit_or_an_address_after_the_institution_is_left_out(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


def test_talk_in_a_keyword_list_is_no_keyword() -> None:
    assert read("keywords: grid cells, theta, I think").values.get("keywords") == ["grid cells", "theta"]
    assert read("keywords: place cells; replay; iirc").values.get("keywords") == ["place cells", "replay"]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("lab: Svoboda lab, then Li lab after 2020", "lab"),
        ("Institution: UCL, then we moved to Oxford in 2022", "institution"),
        ("Lab: Moser lab; now the Kavli lab", "lab"),
    ],
)
def test_another_time_after_a_lab_or_institution_asks_it_back(text: str, field: str) -> None:
    parsed = read(text)
    assert field not in parsed.values
    assert asked_back(parsed, field)


@pytest.mark.parametrize(
    ("text", "lab"),
    [("Lab: Berg Lab (PI: Tom Berg)", "Berg Lab"), ("lab: Tank lab; session 3", "Tank Lab")],
)
def test_an_aside_with_its_own_key_after_a_lab_is_left_out(text: str, lab: str) -> None:
    assert read(text).values.get("lab") == lab


# -- a name keyed by the word "experimenter" is the experimenter whatever role another person holds before it;
#    "and the lab is X" after a name starts a clause, it does not say the list of people goes on


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("the surgeon was Ana Ruiz, the experimenter Tom Berg", ["Berg, Tom"]),
        ("the PI Lea Vogt and the experimenter Omar Haddad; University of Oxford", ["Haddad, Omar"]),
        ("so the experimenter was Mina Park, and the lab is the Vogt lab at UCL", ["Park, Mina"]),
    ],
)
def test_a_name_keyed_as_the_experimenter_is_read_beside_other_roles(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


@pytest.mark.parametrize(
    "text", ["the PI was Ana Ruiz; surgery by Tom Berg", "recorded by Ana Ruiz and the team", "the surgeon, Tom Berg"]
)
def test_a_name_of_another_role_or_an_unfinished_list_is_not_stored(text: str) -> None:
    assert "experimenter" not in read(text).values
