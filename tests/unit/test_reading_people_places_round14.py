"""General rules of the offline reader (issue 14, fourteenth round) for people, places and words:
institutions, experimenters, labs, keywords, descriptions and declines. Each rule covers a family of
mistakes, not one sentence; the sentences are our own, from no corpus file. Both directions are
tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind, ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def declined(parsed: ParsedInput, field: str) -> bool:
    return any(i.kind in (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW) and field in i.fields for i in parsed.intents)


# -- an institution's name is read whole: a hyphenated place, a quote before it, "and" a field of study,
#    "Hospital of the University of X", a short form in brackets inside it


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "Recordings were made at University Hospital Schleswig-Holstein by Ina Brandt.",
            "University Hospital Schleswig-Holstein",
        ),
        ("We work at the Medical Center Rhein-Main in the Vogel lab.", "Medical Center Rhein-Main"),
        ("the institution should read 'Zuckerman Mind Brain Institute'", "Zuckerman Mind Brain Institute"),
        (
            "Recorded at the Queensland Institute of Neuroscience and Mental Health by Tom Reid.",
            "Queensland Institute of Neuroscience and Mental Health",
        ),
        (
            "data from the Hale College of Medicine and Public Health, 2020",
            "Hale College of Medicine and Public Health",
        ),
        (
            "the patient was implanted at the Hospital of the University of Lyon last spring",
            "Hospital of the University of Lyon",
        ),
        ("Institution: Leibniz Institute (LIN) for Neurobiology", "Leibniz Institute for Neurobiology"),
        ("We recorded at University College London (UCL) in 2021.", "University College London"),
    ],
)
def test_an_institution_is_read_whole(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


@pytest.mark.parametrize(
    "text",
    [
        # an apostrophe inside a word does not start a name; "and" before a person's name does not join one
        "Recorded at Boston Children's Hospital by Ana Lima.",
        "the University of Bonn and Mental notes from Eva",
    ],
)
def test_what_is_not_part_of_the_name_stays_out(text: str) -> None:
    institution = read(text).values.get("institution", "")
    assert "Mental notes" not in institution and not institution.startswith("s ")


@pytest.mark.parametrize(
    ("answer", "institution"),
    [
        ("University of Washington, Seattle", "University of Washington"),
        ("University of Geneva, Geneva", "University of Geneva"),
        ("University of Toronto, Toronto", "University of Toronto"),
        # a campus of a system is part of the name; a second organisation is kept as said
        ("University of California, Davis", "University of California, Davis"),
        ("University of Texas, Austin", "University of Texas, Austin"),
        ("University of Bern, Institute of Physiology", "University of Bern, Institute of Physiology"),
    ],
)
def test_a_town_after_a_university_is_left_out(answer: str, institution: str) -> None:
    assert read(answer, "institution").values.get("institution") == institution


# -- people: the surname said outright, two Iberian family names, an institution after a keyed name


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("the experimenter is Carlos Martín Pérez (Martín Pérez is the surname)", ["Martín Pérez, Carlos"]),
        ("Experimenter: Ana Ruiz Soler; her family name is Ruiz Soler.", ["Ruiz Soler, Ana"]),
        ("Recorded by Lucía Gómez Ortega; the last name is Gómez Ortega.", ["Gómez Ortega, Lucía"]),
        # the words said to be the surname are no part of this name: the name is read as before
        ("Experimenter: Jane Smith. Smith is the surname.", ["Smith, Jane"]),
        ("Experimenter: Jan de Vries", ["de Vries, Jan"]),
    ],
)
def test_the_surname_said_outright_splits_the_name(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


@pytest.mark.parametrize(
    ("text", "both_surnames"),
    [
        ("The experimenter was Álvaro García de la Fuente.", "García de la Fuente, Álvaro"),
        ("Experimenter: Joana Silva dos Santos", "Silva dos Santos, Joana"),
        ("recorded by Pedro Ramos del Valle", "Ramos del Valle, Pedro"),
    ],
)
def test_a_second_iberian_family_name_or_a_middle_name_is_asked(text: str, both_surnames: str) -> None:
    parsed = read(text)
    assert "experimenter" not in parsed.values
    asked = [c for c in parsed.confirmations if c.field == "experimenter"]
    assert asked and asked[0].proposals[0].value == [both_surnames]


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("Experimenter: Jan Peter van der Berg", ["van der Berg, Jan Peter"]),  # a Dutch middle name
        ("The experimenter was Maria dos Santos.", ["dos Santos, Maria"]),  # no middle word
    ],
)
def test_other_particles_are_read_as_before(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


@pytest.mark.parametrize(
    ("text", "experimenter", "institution"),
    [
        ("Experimenter: Sara Lind, Karolinska Institutet", ["Lind, Sara"], "Karolinska Institutet"),
        (
            "Experimenter: Lena Vogt, Max Planck Institute for Brain Research",
            ["Vogt, Lena"],
            "Max Planck Institute for Brain Research",
        ),
        ("Experimenter: Marco Bassi, Istituto Italiano di Tecnologia", ["Bassi, Marco"], None),
    ],
)
def test_an_institution_after_a_keyed_name_is_no_person(
    text: str, experimenter: list[str], institution: str | None
) -> None:
    parsed = read(text)
    assert parsed.values.get("experimenter") == experimenter
    if institution:
        assert parsed.values.get("institution") == institution


def test_two_people_after_a_key_are_still_two() -> None:
    assert read("Experimenters: Jane Smith, John Doe").values.get("experimenter") == ["Smith, Jane", "Doe, John"]


# -- labs: a former lab, a title alone, a value taken back, what is said of the lab


@pytest.mark.parametrize(
    ("text", "lab"),
    [
        ("the lab is now called 'Vogel Lab' (before, it was part of the Berg lab)", "Vogel Lab"),
        ("We were formerly the Hale lab; the data come from the Ruiz lab.", "Ruiz Lab"),
        ("Our lab name changed last year: it is the Okafor Lab (previously the Mensah lab).", "Okafor Lab"),
        # no earlier time said: read as before
        ("We are the Moser lab.", "Moser Lab"),
        ("lab: Laboratory of Dr. Hailan Hu", "Hu Lab"),
        ("lab: Laboratory of Prof. Anna Berg. Institution: Lund University", "Berg Lab"),
    ],
)
def test_the_lab_now_is_read_not_a_former_one(text: str, lab: str) -> None:
    assert read(text).values.get("lab") == lab


@pytest.mark.parametrize(
    "text",
    [
        "Until 2020 I worked in the Moser lab.",
        "Originally this was the Tank lab's rig project, back then at Princeton.",
        "lab: Laboratory of Dr. Lee? no, that's the other group.",
        "Lab: Laboratory of Dr.",
        "the lab was named after Ramón y Cajal",
        "the lab was founded in 2019 by Ana Ruiz",
    ],
)
def test_a_former_doubted_or_untitled_lab_is_not_stored(text: str) -> None:
    parsed = read(text)
    assert "lab" not in parsed.values or parsed.values["lab"] not in ("Moser Lab", "Tank Lab", "Lee Lab", "Dr Lab")
    assert not str(parsed.values.get("lab", "")).startswith(("named", "Dr"))
    assert "experimenter" not in parsed.values  # a founder is no experimenter


# -- a field named, then a request whose colon opens its value; its words give no other field


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "I was asked for the keywords. We would like: grid cells, rats, sleep.",
            "keywords",
            ["grid cells", "rats", "sleep"],
        ),
        ("About the keywords, we'd like: mice, head direction, sleep", "keywords", ["mice", "head direction", "sleep"]),
        ("for the keywords we want: rats; grid cells", "keywords", ["rats", "grid cells"]),
        (
            "Dear all,\nfor the experiment description please use: "
            "'We asked whether dopamine in the striatum sets vigour.'\nBest, Kim",
            "experiment_description",
            "We asked whether dopamine in the striatum sets vigour",
        ),
        (
            "For the session description, please use: Recording in mouse visual cortex during sleep",
            "session_description",
            "Recording in mouse visual cortex during sleep",
        ),
    ],
)
def test_a_field_asked_for_then_its_value(text: str, field: str, value: object) -> None:
    parsed = read(text)
    assert parsed.values.get(field) == value
    # the words of the keywords or the description give no species and no location
    assert "species" not in parsed.values and "electrode_location" not in parsed.values


def test_a_request_without_a_colon_is_no_keyed_value() -> None:
    parsed = read("for the keywords please use whatever fits best")
    assert parsed.values.get("keywords") != ["whatever fits best"]


# -- a field declined in a sentence


@pytest.mark.parametrize(
    ("answer", "field"),
    [
        ("we need no keywords for this one", "keywords"),
        ("we don't need any keywords", "keywords"),
        ("I need no lab here", "lab"),
        ("we do not need an experiment description", "experiment_description"),
    ],
)
def test_a_field_said_not_needed_is_declined(answer: str, field: str) -> None:
    parsed = read(answer, field)
    assert field not in parsed.values
    assert declined(parsed, field)


# -- distractors of our own: a lab of another time, two institutions "jointly", a surname of no name read


@pytest.mark.parametrize(
    "text",
    [
        "The lab was the Moss lab until 2021; now it is the Hale lab.",
        "Our lab was formerly the Quinn lab",
    ],
)
def test_a_keyed_lab_of_another_time_is_not_stored(text: str) -> None:
    assert read(text).values.get("lab") not in ("Moss Lab", "Quinn Lab")
    assert "until" not in str(read(text).values.get("lab", ""))


@pytest.mark.parametrize(
    "text",
    [
        "The institution was the University of Zurich and ETH Zurich jointly.",
        "Institution: Harvard University and MIT together",
    ],
)
def test_two_institutions_said_jointly_are_not_one_value(text: str) -> None:
    assert "institution" not in read(text).values


def test_a_surname_said_of_no_name_read_asks_the_name_back() -> None:
    parsed = read("Experimenter: Ana Gómez; her surname is actually Gómez-Ruiz.")
    assert "experimenter" not in parsed.values
    assert any(c.field == "experimenter" for c in parsed.confirmations)


@pytest.mark.parametrize("text", ["the family name is Tanaka", "her last name is Okafor"])
def test_a_surname_alone_is_no_person_and_no_animal(text: str) -> None:
    values = read(text).values
    assert "experimenter" not in values and "subject_id" not in values


@pytest.mark.parametrize(
    ("answer", "experimenter"),
    [
        ("Dr. Rosa Mendes, Universidade de Lisboa", ["Mendes, Rosa"]),
        ("Jan Kowalski, Nencki Institute", ["Kowalski, Jan"]),
        ("Jane Smith, John Doe", ["Smith, Jane", "Doe, John"]),  # two people are still two
    ],
)
def test_an_institution_in_an_answer_about_people_is_no_person(answer: str, experimenter: list[str]) -> None:
    assert read(answer, "experimenter").values.get("experimenter") == experimenter


@pytest.mark.parametrize(
    ("answer", "institution"),
    [
        ("Universidade de Lisboa, Dr. Rosa Mendes", "Universidade de Lisboa"),
        ("University of Bergen; Prof. Ola Nordmann", "University of Bergen"),
    ],
)
def test_a_person_after_an_institution_is_left_out(answer: str, institution: str) -> None:
    assert read(answer, "institution").values.get("institution") == institution


@pytest.mark.parametrize(
    "text",
    [
        "The keywords are in the paper; I'll send them later.",
        "the session description is on the lab wiki",
        "Keywords are to follow.",
    ],
)
def test_where_a_value_is_is_not_the_value(text: str) -> None:
    values = read(text).values
    assert "keywords" not in values and "session_description" not in values


def test_keywords_after_a_copula_are_still_read() -> None:
    assert read("Keywords are place cells, theta").values.get("keywords") == ["place cells", "theta"]


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("Experimenter: Wang Wei (family name Wang)", ["Wang, Wei"]),
        ("Experimenter: Kim Min-jun (Kim is the family name)", ["Kim, Min-jun"]),
        ("Experimenter: Sato Yuki (surname Sato)", ["Sato, Yuki"]),
    ],
)
def test_a_family_name_said_in_brackets_orders_the_name(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


def test_a_note_after_a_spaced_double_dash_is_no_keyword() -> None:
    assert read("keywords: sleep; replay -- ask Ana for more").values.get("keywords") == ["sleep", "replay"]


@pytest.mark.parametrize(
    "text",
    [
        "From: Anna Lind <anna.lind@ki.se>\nSubject: metadata\n\nRecorded by me. Anna",
        "Subject: Re: our upload\nFrom: Tom Berg <tom@lu.se>\n\nHi, all good.",
    ],
)
def test_the_subject_line_of_an_email_is_no_subject_id(text: str) -> None:
    assert "subject_id" not in read(text).values


@pytest.mark.parametrize(
    ("text", "subject_id"),
    [
        ("Subject: M-12\nSex: F", "M-12"),
        ("From: Ana <ana@x.org>\nSubject: mouse M-12\n\nSubject: M-12, female", "M-12"),
    ],
)
def test_a_subject_key_outside_an_email_header_is_still_read(text: str, subject_id: str) -> None:
    assert read(text).values.get("subject_id") == subject_id


# -- going ahead and cancelling, in more phrasings; a question or another word after them is not one


@pytest.mark.parametrize(
    "text",
    [
        "all good, run the conversion",
        "ok go, convert",
        "we have nothing more on the optional fields, convert it",
        "no further details, proceed",
        "That's all, carry on.",
    ],
)
def test_going_ahead_in_more_phrasings(text: str) -> None:
    assert any(i.kind is IntentKind.SKIP_ALL for i in read(text).intents)


@pytest.mark.parametrize(
    "text",
    [
        "Please cancel; my PI wants to look at the spikes first.",
        "scrap this conversion",
        "kill the conversion, wrong channel map",
        "wait, cancel that - it is the wrong animal",
        "not today after all, cancel",
    ],
)
def test_cancelling_in_more_phrasings(text: str) -> None:
    assert any(i.kind is IntentKind.CANCEL for i in read(text).intents)


@pytest.mark.parametrize(
    "text", ["How do I run the conversion?", "what happens if I cancel?", "cancel that weight, it is 25 g"]
)
def test_a_question_or_an_edit_is_no_go_ahead_or_cancel(text: str) -> None:
    kinds = {i.kind for i in read(text).intents}
    assert IntentKind.CANCEL not in kinds and IntentKind.SKIP_ALL not in kinds


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("skip lab and institution, this is a private dataset", {"lab", "institution"}),
        ("skip keywords and lab", {"keywords", "lab"}),
    ],
)
def test_two_fields_skipped_by_name(text: str, fields: set[str]) -> None:
    parsed = read(text)
    assert all(declined(parsed, field) for field in fields)
    assert not parsed.values


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("keywords pls: place cells, theta", "keywords", ["place cells", "theta"]),
        ("lab please: Berg lab", "lab", "Berg Lab"),
    ],
)
def test_a_please_between_a_key_and_its_colon(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value
