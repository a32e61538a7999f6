"""General rules of the offline reader (issue 14, sixteenth round) for people, places and words, talk and
taken-back values. Each rule covers a family of mistakes, not one sentence; the sentences are our own, from no
corpus file. Both directions are tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


# -- an institution's name is taken whole: the words before a university word, and "in" before a field


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "Mouse B-2 was recorded at Otto von Guericke Universität Magdeburg.",
            "Otto von Guericke Universität Magdeburg",
        ),
        ("The data come from Heinrich-Heine-Universität Düsseldorf; rat D-1.", "Heinrich-Heine-Universität Düsseldorf"),
        ("Recorded at Humboldt-Universität zu Berlin by Tom Ek.", "Humboldt-Universität zu Berlin"),
        ("We are at Alma Mater Università di Bologna.", "Alma Mater Università di Bologna"),
        ("institution: Institute for Research in Cognitive Science", "Institute for Research in Cognitive Science"),
        # what must not be taken with it: a word of the sentence, a town after "in"
        ("Recorded at Universität Wien.", "Universität Wien"),
        ("Then at Université de Lyon, mouse L-2.", "Université de Lyon"),
        ("Institution: Universität Bern", "Universität Bern"),
        ("We recorded at the Institute of Neuroinformatics in Zurich.", "Institute of Neuroinformatics"),
    ],
)
def test_an_institution_name_is_taken_whole(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- a lab named after a family name with particles keeps them, in lower case as written


@pytest.mark.parametrize(
    ("text", "lab"),
    [
        ("the de la Rocha lab recorded it, mouse M-2", "de la Rocha Lab"),
        ("(van der Meer lab), rat R-2", "van der Meer Lab"),
        ("Lab: van der Meer lab", "van der Meer Lab"),
        ("recorded in the Lab of Anna de la Cruz", "de la Cruz Lab"),
        # what is read as before: a name without particles, the lab of a titled head
        ("We are the Smith lab.", "Smith Lab"),
        ("lab of Prof. Ana Souza, Champalimaud Centre", "Souza Lab"),
    ],
)
def test_a_lab_keeps_the_particles_of_its_name(text: str, lab: str) -> None:
    assert read(text).values.get("lab") == lab


# -- "at X? no - at Y": a replacement that opens with the preposition of the words asked takes them back


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "this session was done at the Allen Institute? no - at the University of Washington.",
            "institution",
            "University of Washington",
        ),
        ("rat R4, recorded at UCSF? no - at UCSD.", "institution", "University of California, San Diego"),
        ("recorded by Tom Berg? no, by Ana Lima, mouse K-3", "experimenter", ["Lima, Ana"]),
        # what is read as before: a question answered with something else, a value asked and kept
        ("pig P7? — no, pig P8", "subject_id", "P8"),
        ("recorded at Stanford University? no idea why you ask", "institution", "Stanford University"),
    ],
)
def test_words_asked_and_answered_no_are_taken_back(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


def test_what_is_taken_back_is_not_stored() -> None:
    parsed = read("done at the Montreal Neurological Institute? no - at McGill University; mouse M-1")
    assert parsed.values.get("institution") == "McGill University"


# -- modelling and simulations are another role: the one who did them is not the experimenter


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("Modelling was done by Peter Hale; the experiment by Anna Roth", ["Roth, Anna"]),
        ("The model was fitted by Tom Berg; the recording was by Ana Lima.", ["Lima, Ana"]),
        ("Simulations by Ken Ito at RIKEN; recorded by Mia Hale at UCL.", ["Hale, Mia"]),
        ("recorded by Sara Cole, mouse M-4", ["Cole, Sara"]),
    ],
)
def test_the_modeller_is_not_the_experimenter(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


@pytest.mark.parametrize("text", ["modeling by Sara Cole", "simulations were run by Ken Ito at RIKEN"])
def test_a_modeller_alone_is_not_stored(text: str) -> None:
    assert "experimenter" not in read(text).values


# -- a place in a greeting or sign-off gives no institution


@pytest.mark.parametrize(
    "text",
    [
        "Hello,\n\nthe recording was 2022-03-27 at 10:00 London time.\n\nCheers from Cambridge,\nOlly",
        "Greetings from Stanford! Mouse M-1, female.",
        "Mouse M-2, male. Best wishes from Oxford",
    ],
)
def test_a_place_in_a_greeting_is_no_institution(text: str) -> None:
    assert "institution" not in read(text).values


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Hi from UCL: we recorded at the University of Oxford.", "University of Oxford"),
        ("Recorded at Stanford University. Best wishes from Palo Alto", "Stanford University"),
    ],
)
def test_the_institution_beside_a_greeting_is_still_read(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- "by X' group": the group's head is not the experimenter


@pytest.mark.parametrize(
    "text",
    [
        "the cats were recorded at Yale University by Thomas Jennings' group; cat C-2",
        "the rats were recorded by James Harris' team at UCL",
        "data collected by Lucas Morales' lab, mouse M-9",
    ],
)
def test_a_groups_head_is_not_the_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("recorded by James Harris, mouse M-3", ["Harris, James"]),
        ("recorded by Tom Berg's student Ana Lima", ["Lima, Ana"]),
    ],
)
def test_a_person_beside_a_group_is_still_read(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


# -- a lab named as whose colony or stock the animals are is not the lab that recorded


@pytest.mark.parametrize(
    "text",
    [
        "rat R-8 from the Tank lab colony, recorded by Ana Lima at Princeton University",
        "mice from the Svoboda lab stock; recorded by Tom Berg",
    ],
)
def test_a_colonys_lab_is_not_stored(text: str) -> None:
    assert "lab" not in read(text).values


def test_the_recording_lab_beside_a_colony_is_still_read() -> None:
    assert read("rats from the Tank lab colony; we are the Witten lab").values.get("lab") == "Witten Lab"


# -- "please write 'X'": the words asking for the quoted value are not part of it


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "the lab: please write 'Systems Neuroscience Laboratory'. Mouse M-1.",
            "lab",
            "Systems Neuroscience Laboratory",
        ),
        ('Lab: just put "Vision Lab"', "lab", "Vision Lab"),
        (
            "session description: please write 'Passive viewing of gratings'",
            "session_description",
            "Passive viewing of gratings",
        ),
        # what is read as before: a lab named after its head, a quoted value without an instruction
        ("Lab: 'Berg Lab'", "lab", "Berg Lab"),
    ],
)
def test_an_instruction_before_a_quoted_value_is_not_part_of_it(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


# -- a skip said of the field or the animal ("pass on keywords", "none for this one") is a skip, not a value


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("none for this one", "keywords"),
        ("pass on keywords", "keywords"),
        ("pass on the lab", "lab"),
        ("skip for this animal", "weight"),
    ],
)
def test_a_skip_of_the_asked_field_is_a_decline(text: str, asked: str) -> None:
    parsed = read(text, asked)
    assert asked not in parsed.values
    assert any(asked in intent.fields for intent in parsed.intents)


@pytest.mark.parametrize(
    ("text", "asked", "value"),
    [
        ("sleep, replay", "keywords", ["sleep", "replay"]),
        ("None of the usual tasks: free foraging", "session_description", "None of the usual tasks: free foraging"),
    ],
)
def test_an_answer_is_still_read(text: str, asked: str, value: object) -> None:
    assert read(text, asked).values.get(asked) == value


# -- an arrow between a key and its value is a separator


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("keywords => place cells; theta; replay", "keywords", ["place cells", "theta", "replay"]),
        ("lab -> Berg Lab; institution -> UCL", "lab", "Berg Lab"),
        ("experimenter → Ana Lima", "experimenter", ["Lima, Ana"]),
    ],
)
def test_an_arrow_after_a_key_is_a_separator(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


# -- a question about how to give a value is a question, the value in it only an example


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("is 'P90' fine or should I write the days out?", "age"),
        ("should I write 25 g or 25.0 g?", "weight"),
        ("would 'M7' be ok as the ID, or do you want the cage too?", "subject_id"),
    ],
)
def test_a_question_about_the_form_gives_no_value(text: str, asked: str) -> None:
    parsed = read(text, asked)
    assert asked not in parsed.values
    assert any(intent.kind.value == "question" for intent in parsed.intents)


@pytest.mark.parametrize(("text", "asked", "value"), [("P60", "age", "P60D"), ("25 g, is that ok?", "weight", "25 g")])
def test_a_value_with_a_question_after_it_is_still_read(text: str, asked: str, value: str) -> None:
    assert read(text, asked).values.get(asked) == value


# -- "V1 only", "WT littermate": the words around a short answer saying it is all, or the animal's place, are no
# part of it (free text keeps them)


@pytest.mark.parametrize(
    ("text", "asked", "value"),
    [
        ("CA1 only", "electrode_location", "CA1"),
        ("just Pvalb-Cre", "genotype", "Pvalb-Cre"),
        ("WT littermate", "genotype", "wild-type"),
        ("Passive controls", "session_description", "Passive controls"),
        ("sleep only", "keywords", ["sleep only"]),
    ],
)
def test_words_saying_nothing_more_are_no_part_of_a_short_answer(text: str, asked: str, value: object) -> None:
    assert read(text, asked).values.get(asked) == value


# -- an area after "from" is no institution; the next acronym may be


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("in figure 3 we show V1; the data in this file are from LGN", None),
        ("units from LGN, recorded at NTNU", "NTNU"),
        ("mice from JAX, recorded at NTNU", "NTNU"),
    ],
)
def test_an_area_after_from_is_no_institution(text: str, institution: str | None) -> None:
    assert read(text).values.get("institution") == institution


# -- "... at Y - please use that as the institution": the words point back at the name meant


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "Recorded by the Moser lab at NTNU. The rig was shown at a workshop at Universidad Nacional de Córdoba - "
            "please use that as the institution for this one.",
            "Universidad Nacional de Córdoba",
        ),
        (
            "We work at Harvard University but recorded at Boston University; use that as the institution.",
            "Boston University",
        ),
        # what is read as before: a name with no words pointing at it, Spanish and Portuguese names whole
        ("Recorded at Stanford University, rat R-1.", "Stanford University"),
        ("Universidade Federal Fluminense, rat R-3", "Universidade Federal Fluminense"),
        ("Institution: Universidad de Chile, Santiago", "Universidad de Chile"),
    ],
)
def test_the_institution_pointed_back_at_is_read(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- the Italian particle "Lo" opens the family name ("Chiara Lo Russo" -> "Lo Russo, Chiara")


@pytest.mark.parametrize(
    ("text", "asked", "experimenter"),
    [
        ("The recording was by Marco Lo Bianco at the University of Palermo.", "", ["Lo Bianco, Marco"]),
        ("Giulia Lo Presti", "experimenter", ["Lo Presti, Giulia"]),
        # "Lo" last, or as the family name after a comma, is the family name itself
        ("Wei Lo", "experimenter", ["Lo, Wei"]),
        ("recorded by Andrew Lo and Ana Lima", "", ["Lo, Andrew", "Lima, Ana"]),
    ],
)
def test_lo_opens_the_family_name(text: str, asked: str, experimenter: list[str]) -> None:
    assert read(text, *([asked] if asked else [])).values.get("experimenter") == experimenter


# -- who made the figures, the plots or the code holds another role


@pytest.mark.parametrize(
    "text", ["Surgery was done by Ana Lima. Figures made by Tom Berg.", "the code was written by Tom Berg"]
)
def test_who_made_the_figures_or_code_is_not_stored(text: str) -> None:
    assert "experimenter" not in read(text).values


def test_the_experimenter_beside_who_made_the_figures_is_read() -> None:
    assert read("Figures by Tom Berg; recorded by Ana Lima.").values.get("experimenter") == ["Lima, Ana"]


# -- a promise of more keywords is no keyword


@pytest.mark.parametrize(
    ("text", "keywords"),
    [
        ("keywords: sleep, replay, and I'll send the rest later", ["sleep", "replay"]),
        ("keywords: theta, gamma, more to come", ["theta", "gamma"]),
        ("keywords: sleep, rest, etc.", ["sleep", "rest"]),
        ("keywords: Will's task, theta", ["Will's task", "theta"]),
    ],
)
def test_a_promise_of_more_keywords_is_no_keyword(text: str, keywords: list[str]) -> None:
    assert read(text).values.get("keywords") == keywords


# -- the name words after a university word belong to it ("Université Paris Cité", not "Université Paris")


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("recorded at Université Paris Cité by Ana Lima", "Université Paris Cité"),
        ("at University Hospital Zurich, rat R-1", "University Hospital Zurich"),
        # what is not taken with it: a title, a sentence's next word
        ("Recorded at Universität Bonn by Dr. Ana Lima", "Universität Bonn"),
        ("Recorded at Universität Bonn. Mouse M-2.", "Universität Bonn"),
    ],
)
def test_the_name_words_after_a_university_word_belong_to_it(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- an answer that puts the value off to later is no value


@pytest.mark.parametrize(
    ("text", "asked"),
    [("I'll write it later", "session_description"), ("we will fill that in tomorrow", "experiment_description")],
)
def test_a_value_put_off_to_later_is_not_stored(text: str, asked: str) -> None:
    assert asked not in read(text, asked).values


def test_a_description_that_says_later_is_still_read() -> None:
    text = "Mice will run later trials in the dark"
    assert read(text, "session_description").values.get("session_description") == text


# -- "done. convert.", "leave the remaining fields empty and run it": convert with what there is


@pytest.mark.parametrize(
    "text",
    [
        "done. convert.",
        "good enough, run the conversion",
        "nothing more from me — convert away",
        "Please proceed; the rest can stay empty.",
        "leave the remaining fields empty and run it",
    ],
)
def test_converting_with_what_there_is(text: str) -> None:
    assert any(intent.kind.value == "skip_all" for intent in read(text, "age").intents)


@pytest.mark.parametrize(
    "text",
    [
        "done. convert?",
        "I'm not done, don't convert yet",
        "the recording was done. convert the timestamps to UTC please",
        "done with the surgery, then ran it",
    ],
)
def test_no_conversion_is_asked_for(text: str) -> None:
    assert not any(intent.kind.value == "skip_all" for intent in read(text).intents)


# -- "(family name X)" after a name says which of its words is the family name


@pytest.mark.parametrize(
    ("text", "asked", "experimenter"),
    [
        ("Nguyen Thi Lan (family name Nguyen)", "experimenter", ["Nguyen, Thi Lan"]),
        ("recorded by Zhang Wei (family name Zhang) at Fudan University.", "", ["Zhang, Wei"]),
        ("Pablo García Márquez (surname García Márquez)", "experimenter", ["García Márquez, Pablo"]),
        # what is read as before: a bracket saying something else, a name with no bracket
        ("Ana Lima (postdoc)", "experimenter", ["Lima, Ana"]),
        ("recorded by Ana Lima at Fudan University.", "", ["Lima, Ana"]),
    ],
)
def test_a_family_name_said_in_brackets_orders_the_name(text: str, asked: str, experimenter: list[str]) -> None:
    assert read(text, *([asked] if asked else [])).values.get("experimenter") == experimenter


def test_a_family_name_not_in_the_name_gives_no_value() -> None:
    assert "experimenter" not in read("Ana Lima (family name Costa)", "experimenter").values


# -- "the person who recorded was X", "the person at the rig was X": a cue that says who recorded


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("Surgery by Tom Berg, sorting by Li Wei; the person who recorded was Ana Lima.", ["Lima, Ana"]),
        ("Tom Berg did the surgeries; the recording person was Ana Lima", ["Lima, Ana"]),
        ("The PI is Tom Berg; the person at the rig was Ana Lima.", ["Lima, Ana"]),
    ],
)
def test_the_person_who_recorded_is_the_experimenter(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


def test_the_person_who_did_something_else_is_not() -> None:
    assert "experimenter" not in read("the person who trained the mice was Ana Lima").values


# -- "the lab is the X lab at the University of Y": the institution after the lab is left for the institution


@pytest.mark.parametrize(
    ("text", "lab", "institution"),
    [
        ("the lab is the Berg lab at the University of Bristol", "Berg Lab", "University of Bristol"),
        ("Lab: Costa Lab at Yale University", "Costa Lab", "Yale University"),
        ("lab: the Moser lab in Trondheim", "Moser Lab", None),
    ],
)
def test_an_institution_after_a_keyed_lab_is_read(text: str, lab: str, institution: str | None) -> None:
    values = read(text).values
    assert (values.get("lab"), values.get("institution")) == (lab, institution)


# -- "Q: experimenter? A: X": a question and its answer key a value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Q: experimenter? A: Ana Lima. Q: institution? A: Brown University.", "experimenter", ["Lima, Ana"]),
        ("Q: lab? A: the Berg lab", "lab", "Berg Lab"),
    ],
)
def test_a_question_and_its_answer_key_a_value(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


def test_a_question_alone_keys_nothing() -> None:
    assert "experimenter" not in read("what is the experimenter? a question for Tom").values


# -- a research question answering the experiment's description is its value; a question to us is a question


def test_a_research_question_is_the_experiment_description() -> None:
    text = "Do place cells remap when the arena is rotated in darkness?"
    assert read(text, "experiment_description").values.get("experiment_description") == text


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("what should I write here?", "experiment_description"),
        ("what does experiment description mean?", "experiment_description"),
        ("Do place cells remap when the arena is rotated in darkness?", "session_description"),
    ],
)
def test_a_question_to_us_gives_no_description(text: str, asked: str) -> None:
    assert asked not in read(text, asked).values


def test_nah_answering_one_question_is_a_skip() -> None:
    assert any("strain" in intent.fields for intent in read("nah", "strain").intents)


# -- an elided article opens an institute's name, and "i", "y", "e" join its words


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "recorded at the Institut d'Estudis Espacials de Catalunya by Ana Lima",
            "Institut d'Estudis Espacials de Catalunya",
        ),
        (
            "Recorded at the Institut d'Investigacions Biomèdiques August Pi i Sunyer.",
            "Institut d'Investigacions Biomèdiques August Pi i Sunyer",
        ),
        ("Institution: Institut de l'Audition, Paris", "Institut de l'Audition"),
        ("recorded at the Institut Pasteur", "Institut Pasteur"),
    ],
)
def test_an_institute_with_an_elided_article_is_read_whole(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- a field asked on a quoted line ("> Experimenter?") is answered on the next line; a quoted question is not ours


def test_a_quoted_question_and_its_answer_key_a_value() -> None:
    text = "Hi,\n\n> Experimenter?\nAna Lima and Tom Berg.\n> Lab?\nthe Costa lab\n\nA."
    values = read(text).values
    assert (values.get("experimenter"), values.get("lab")) == (["Lima, Ana", "Berg, Tom"], "Costa Lab")


def test_a_quoted_question_is_not_this_messages_question() -> None:
    parsed = read(">> which species?\n> a vole, Microtus ochrogaster\nyes, and male")
    assert parsed.values.get("sex") == "M"
    assert not parsed.intents


@pytest.mark.parametrize("text", ["> which species?", "> Is it a mouse?\nwhat do you mean?"])
def test_a_question_of_this_message_is_still_a_question(text: str) -> None:
    assert any(intent.kind.value == "question" for intent in read(text).intents)
