"""General rules of the offline reader (issue 14, nineteenth round) for people, places, talk and whole answers: a
writer who says they did not record, names that would run across words already read, names said as a question,
a city after an institution, a society of institutes, known values with a comment after them, declines, keys said
with "is:", asides about another thing, and the names of projects and folders. Each rule covers a family of
mistakes, not one sentence; the sentences are our own, from no corpus file. Both directions are tested: what must
still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind, ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


# -- a writer who says they did not record: the one named after "it was" recorded; the signature is not them


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("I am not the experimenter, it was Jonas Weber.\n\nBest,\nDr. Karin Vogel", "Weber, Jonas"),
        (
            "Mouse M3. I'm not the experimenter - it was Lena Fischer.\n\nProf. Tomás Rivera\nUniversity of Bonn",
            "Fischer, Lena",
        ),
        ("Not me, it was Ana Ruiz.\nCheers,\nDr. Helen Clarke", "Ruiz, Ana"),
        ("Recorded by Ana Ruiz.\n\nBest,\nDr. Karin Vogel", "Ruiz, Ana"),  # no denial: the cue is read as before
    ],
)
def test_after_the_writer_denies_recording_it_was_x_names_the_experimenter(text: str, experimenter: str) -> None:
    assert read(text).values.get("experimenter") == [experimenter]


@pytest.mark.parametrize(
    "text",
    [
        "I am not the experimenter.\n\nBest regards,\nDr. Andreas Berger\nUniversity of Bonn",
        "I did not record it, it was a student.\n\nProf. Helen Clarke",
        "That was not me; ask the lab.\n\nDr. Mira Patel",
    ],
)
def test_a_signature_is_not_the_experimenter_when_the_writer_denies_recording(text: str) -> None:
    assert "experimenter" not in read(text).values


# -- a name never runs across words already read (a date, a time): "Start <date>, Santiago de Chile" is no person


@pytest.mark.parametrize(
    "text",
    [
        "Start 16:45 on the 5th of October 2022, Santiago de Chile",
        "Begin 09:10 on 3 March 2021, Rio de Janeiro",
        "Onset 14:00 on 2 May 2023, Den Haag",
        "Sprague Dawley, outbred",  # a strain's name in two capitalised words is no person either
    ],
)
def test_words_around_a_value_already_read_are_no_name(text: str) -> None:
    assert "experimenter" not in read(text).values


def test_a_name_before_a_date_is_still_read() -> None:
    parsed = read("Recorded by Maria Silva at 10:30 on 3 March 2021, Rio de Janeiro")
    assert parsed.values.get("experimenter") == ["Silva, Maria"]


# -- a name said as a question, then "I think", "not sure": asked back, never stored


@pytest.mark.parametrize(
    "text",
    [
        "Recorded by Gwendolyn Lewis? hmm, I think it was Gwen Lewis or her student, not sure",
        "Recorded by Tom Berg? or was it his postdoc",
        "The experimenter was Ana Ruiz? I'd have to check",
    ],
)
def test_a_name_said_as_a_question_is_not_stored(text: str) -> None:
    assert "experimenter" not in read(text).values


def test_a_question_after_the_sentence_of_a_name_leaves_it_read() -> None:
    assert read("Recorded by Ana Ruiz. Was it on Monday? yes").values.get("experimenter") == ["Ruiz, Ana"]


# -- a city's short name after an institution says where it is


@pytest.mark.parametrize(
    ("text", "asked", "institution"),
    [
        ("Icahn School of Medicine at Mount Sinai, NYC", ["institution"], "Icahn School of Medicine at Mount Sinai"),
        ("Rockefeller University, NYC", ["institution"], "Rockefeller University"),
        ("Institution: Weill Cornell Medicine, NYC. Mouse M1.", [], "Weill Cornell Medicine"),
        ("Center for Neural Science, NYU", ["institution"], "Center for Neural Science, NYU"),  # an acronym is kept
    ],
)
def test_a_city_short_name_after_an_institution_is_no_part_of_it(text: str, asked: list[str], institution: str) -> None:
    assert read(text, *asked).values.get("institution") == institution


def test_a_city_short_name_alone_is_no_institution() -> None:
    assert "institution" not in read("NYC", "institution").values


# -- a society of many institutes named alone names none of them


@pytest.mark.parametrize("text", ["Max Planck", "the Max Planck Society", "Fraunhofer", "Helmholtz", "Leibniz"])
def test_a_society_of_institutes_alone_is_asked_again(text: str) -> None:
    parsed = read(text, "institution")
    assert "institution" not in parsed.values
    assert any(r.field == "institution" for r in parsed.rejections)


@pytest.mark.parametrize(
    "text",
    [
        "Max Planck Institute for Brain Research",
        "Max Planck Florida Institute for Neuroscience",
        "Leibniz Institute for Neurobiology",
        "Howard Hughes Medical Institute",
    ],
)
def test_one_institute_of_a_society_is_still_read(text: str) -> None:
    assert read(text, "institution").values.get("institution") == text


def test_a_society_keyed_in_a_sentence_is_not_stored() -> None:
    parsed = read("Institution: Max Planck. Mouse M2.")
    assert "institution" not in parsed.values
    assert parsed.values.get("subject_id") == "M2"


# -- a whole answer that is a known strain or line, then words about it: the known value


@pytest.mark.parametrize(
    ("text", "asked", "field", "value"),
    [
        ("Sprague Dawley, outbred", "strain", "strain", "Sprague-Dawley"),
        ("C57BL/6J, the usual", "strain", "strain", "C57BL/6J"),
        ("Wistar, bought in", "strain", "strain", "Wistar"),
        ("WT littermate of the mutants", "genotype", "genotype", "wild-type"),
        ("WT, littermate control", "genotype", "genotype", "wild-type"),
        ("Pvalb-Cre, from our own colony", "genotype", "genotype", "Pvalb-Cre"),
    ],
)
def test_a_known_value_then_a_comment_gives_the_value(text: str, asked: str, field: str, value: str) -> None:
    assert read(text, asked).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "asked", "field"),
    [
        ("Pvalb-Cre x Ai14", "genotype", "genotype"),  # a cross: all of it, not its first line
        ("WT for Shank3", "genotype", "genotype"),
        ("C57BL/6J, I think", "strain", "strain"),  # a guess: asked back
        ("Pvalb-Cre, het", "genotype", "genotype"),
    ],
)
def test_words_that_change_a_known_value_keep_it_from_being_cut(text: str, asked: str, field: str) -> None:
    value = read(text, asked).values.get(field)
    assert value is None or value != text.split(",")[0].split(" ")[0]


# -- "nothing to add" answering one question declines it


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("nothing to add there", "experiment_description"),
        ("nothing more to say", "session_description"),
        ("nothing else", "keywords"),
        ("I have nothing to add here", "experiment_description"),
        ("nothing to report about that", "session_description"),
    ],
)
def test_nothing_to_add_declines_the_field(text: str, asked: str) -> None:
    parsed = read(text, asked)
    assert asked not in parsed.values
    assert any(i.kind == IntentKind.SKIP_FIELD and asked in i.fields for i in parsed.intents)


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Nothing happened during the session except grooming", "session_description"),
        ("nothing special, a standard open field session", "session_description"),
    ],
)
def test_a_description_opening_with_nothing_is_still_read(text: str, asked: str) -> None:
    assert asked in read(text, asked).values


# -- "the X is: value": the colon after the verb is no part of the value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "skip the experiment description, the session description is: Odour discrimination, go/no-go, day 3",
            "session_description",
            "Odour discrimination, go/no-go, day 3",
        ),
        ("the experimenter is: Ana Ruiz", "experimenter", ["Ruiz, Ana"]),
        ("The keywords are: sleep, replay", "keywords", ["sleep", "replay"]),
        ("the lab was: Carandini lab", "lab", "Carandini Lab"),
        ("the institution is University of Bonn", "institution", "University of Bonn"),  # no colon: as before
    ],
)
def test_a_colon_after_is_is_no_part_of_the_value(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


# -- a closing aside about another session, animal or run is no part of a description


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "session_description: Passive viewing of drifting gratings, 8 directions. (the pilot used 12 directions)",
            "session_description",
            "Passive viewing of drifting gratings, 8 directions",
        ),
        (
            "session_description: Go/no-go task, 200 trials (previous session: 150 trials)",
            "session_description",
            "Go/no-go task, 200 trials",
        ),
        (
            "experiment_description: Chronic imaging of V1 (other cohorts got saline)",
            "experiment_description",
            "Chronic imaging of V1",
        ),
        # asides about this session stay
        (
            "session_description: Open field exploration (10 min)",
            "session_description",
            "Open field exploration (10 min)",
        ),
        (
            "session_description: Passive viewing (last 5 minutes were dark)",
            "session_description",
            "Passive viewing (last 5 minutes were dark)",
        ),
    ],
)
def test_an_aside_about_another_thing_is_no_part_of_a_description(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


# -- the name of a project, notebook or folder in a path is no recording site


@pytest.mark.parametrize(
    "text",
    [
        "ELN › Hippocampus project › 2023-11-28 entry\nExperimenter: Ana Ruiz\nSubject: R-3",
        "Drive / Amygdala project / 2024 / rat R3",
        "Notebook » V1 folder » mouse M4",
    ],
)
def test_a_project_or_folder_in_a_path_names_no_site(text: str) -> None:
    assert "electrode_location" not in read(text).values


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Drive / Amygdala project / 2024 / rat R3 recorded in BLA", "BLA"),
        ("Notebook » V1 folder » mouse M4, recorded in LGN", "LGN"),
    ],
)
def test_a_site_said_after_a_path_is_still_read(text: str, site: str) -> None:
    assert read(text).values.get("electrode_location") == site


def test_values_keyed_in_a_path_are_still_read() -> None:
    parsed = read("Benchling › Colony B › KO-14 › Genotype: Shank3B-/- › Sex: M › DOB: 2023-03-21")
    assert parsed.values.get("sex") == "M"
    assert parsed.values.get("genotype") == "Shank3B-/-"


# -- the one who recorded named before "not me" is still read


def test_a_doer_named_before_not_me_is_still_read() -> None:
    assert read("forgot to say: Lars Berg recorded this one, not me").values.get("experimenter") == ["Berg, Lars"]


# -- a place said of an earlier time, or inside an aside denying it, is not where this was recorded


@pytest.mark.parametrize(
    "text",
    [
        "We were formerly at CSHL; mouse M2.",
        "Lab: Svoboda Lab (formerly at CSHL)",
        "The Svoboda lab, which used to be at Janelia, recorded mouse M2.",
        "Experimenter: Dr. Smith (not the Smith from Oxford)",
        "Tom Berg, previously at UCL, recorded mouse M2.",
    ],
)
def test_a_place_of_an_earlier_time_or_denied_is_not_stored(text: str) -> None:
    assert "institution" not in read(text).values


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("We moved here last year; this session was recorded at UCSF.", "University of California, San Francisco"),
        ("Tom Berg (University of Bonn) recorded mouse M2.", "University of Bonn"),
        ("Recorded at the University of Bonn by Ana Ruiz.", "University of Bonn"),
    ],
)
def test_a_place_of_this_recording_is_still_read(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- an aside after a keyed name that corrects it or names who recorded: asked back


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("Experimenter: Jan Novak (he left the lab, the data were recorded by Eva Horak)", "experimenter"),
        ("Experimenter: Berta Gómez (corrected: Berta Gómez-Ruiz)", "experimenter"),
        ("Experimenter: Tom Berg (actually his student did it)", "experimenter"),
    ],
)
def test_an_aside_saying_otherwise_keeps_a_keyed_name_from_being_stored(text: str, field: str) -> None:
    parsed = read(text)
    assert field not in parsed.values
    assert any(c.field == field for c in parsed.confirmations)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Experimenter: Berta Gómez (postdoc)", "experimenter", ["Gómez, Berta"]),
        ("Lab: Costa Lab (Champalimaud)", "lab", "Costa Lab"),
        ("Institution: UCL (University College London)", "institution", "University College London"),
        # a later move says nothing against where the recording was
        ("institution: University of Bonn (we moved to Cologne later)", "institution", "University of Bonn"),
        ("Experimenter: Tom Berg (now at Oxford)", "experimenter", ["Berg, Tom"]),
    ],
)
def test_an_aside_saying_who_or_where_leaves_a_keyed_name_read(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


# -- a comment after a keyed lab or institution that makes it another time's


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("lab: Berg Lab  # the old lab", "lab"),
        ("institution: UCL  # where I did my PhD", "institution"),
        ("institution: University of Bonn  # previous employer", "institution"),
    ],
)
def test_a_comment_of_another_time_keeps_a_lab_or_institution_from_being_stored(text: str, field: str) -> None:
    assert field not in read(text).values


def test_a_plain_comment_leaves_a_lab_read() -> None:
    assert read("lab: Berg Lab  # as on the grant").values.get("lab") == "Berg Lab"


# -- the town of a university said again after it, and a name quoted after "the"


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Institution: University of Oxford, Oxford, UK", "University of Oxford"),
        ("University of Cambridge, Cambridge", "University of Cambridge"),
        ("University of California, Davis", "University of California, Davis"),  # a campus: kept
    ],
)
def test_the_town_of_a_university_said_again_is_no_part_of_it(text: str, institution: str) -> None:
    assert read(text, "institution").values.get("institution") == institution


@pytest.mark.parametrize(
    ("text", "lab"),
    [
        ("Lab is the 'Systems Neuroscience Lab'. Mouse M2.", "Systems Neuroscience Lab"),
        ('Lab is the "Vision Lab", mouse M2', "Vision Lab"),
    ],
)
def test_a_quoted_name_after_the_is_read(text: str, lab: str) -> None:
    assert read(text).values.get("lab") == lab


# -- a lab said of an earlier time after it; a contrast saying the recording was elsewhere in a whole answer


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Berg Lab; we were the Schmidt lab before 2020", ["lab"]),
        ("We were the Schmidt lab until 2019, now the Berg lab. Mouse M1.", []),
    ],
)
def test_a_lab_of_an_earlier_time_is_not_stored(text: str, asked: list[str]) -> None:
    assert read(text, *asked).values.get("lab") != "Schmidt Lab"


def test_a_lab_with_a_later_date_of_another_thing_is_still_read() -> None:
    assert read("Recorded in the Berg lab; mouse M1 was born before 2020.").values.get("lab") == "Berg Lab"


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("University of Bonn (but recorded at the Charité)", "institution"),
        ("University of Bonn, but the sessions were recorded at the Charité", "institution"),
    ],
)
def test_a_whole_answer_saying_the_recording_was_elsewhere_is_asked_back(text: str, asked: str) -> None:
    assert "institution" not in read(text, asked).values


# -- "whatever else you think fits" in a list of keywords is no keyword


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("sleep, replay, and whatever else you think fits", ["keywords"]),
        ("sleep, replay, anything else you like", ["keywords"]),
        ("keywords: sleep; replay; whatever you think fits", []),
    ],
)
def test_talk_leaving_the_rest_to_us_is_no_keyword(text: str, asked: list[str]) -> None:
    assert read(text, *asked).values.get("keywords") == ["sleep", "replay"]


# -- "experimenter: not me, it was X": the one named after the denial; "X who did the recording" is X


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("experimenter: not me, it was Yanliang Shi who did the recording (I only analysed it)", ["Shi, Yanliang"]),
        ("Experimenter: not me - it was Mara Lind.", ["Lind, Mara"]),
        ("Experimenter: Ana Ruiz, who recorded all sessions", ["Ruiz, Ana"]),
    ],
)
def test_a_keyed_denial_then_it_was_x_names_x(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


@pytest.mark.parametrize("text", ["experimenter: not me", "Experimenter: Ana Ruiz who did the surgery"])
def test_a_keyed_denial_alone_or_another_act_stores_no_one(text: str) -> None:
    assert "experimenter" not in read(text).values


# -- the role word right before a name outranks another act said of someone else before it


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("the analyst is Dr. Priya Raman, the experimenter Tomás Ortega", ["Ortega, Tomás"]),
        ("The surgery was done by Ana Ruiz, the experimenter Tom Berg.", ["Berg, Tom"]),
        ("ok so the PI is Ana Ruiz but the person who actually ran it was Tom Berg, can you put him?", ["Berg, Tom"]),
        ("✓ perfused by Rita Soares (tech) ✓ recording done by Guido Meijer ✓ mouse M7, 23 g", ["Meijer, Guido"]),
    ],
)
def test_the_one_said_to_record_is_read_past_another_role(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


@pytest.mark.parametrize(
    "text",
    [
        "The surgery was done by Ana Ruiz, then recorded.",
        "✓ perfused by Rita Soares ✓ mouse M7, 23 g",
    ],
)
def test_a_person_of_another_act_is_still_not_the_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


# -- an acronym's institution goes on with the words naming its unit


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Data were acquired by Ana Ruiz at NYU Langone Health from rat R5.", "NYU Langone Health"),
        ("Recorded at MIT McGovern Institute by Ana Ruiz.", "MIT McGovern Institute"),
        ("Recorded at UCL, mouse M1.", "University College London"),
    ],
)
def test_an_acronym_then_its_unit_is_one_institution(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


# -- "A, then B for the second half": who recorded this file is open, A alone is never stored


@pytest.mark.parametrize(
    "text",
    [
        "Jean-Baptiste Dupont, then Léa Martin for the second half",
        "Recorded by Ana Ruiz, then Tom Berg took over.",
        "Recorded by Ana Ruiz and later Tom Berg.",
    ],
)
def test_a_person_then_another_stores_neither_alone(text: str) -> None:
    assert read(text).values.get("experimenter") not in (["Dupont, Jean-Baptiste"], ["Ruiz, Ana"])


def test_a_later_act_by_another_leaves_the_recorder_read() -> None:
    assert read("Recorded by Ana Ruiz, then sorted by Tom Berg.").values.get("experimenter") == ["Ruiz, Ana"]


# -- a kind of place alone ("the university") names no institution


@pytest.mark.parametrize(("text", "asked"), [("Institution: the university", []), ("the institute", ["institution"])])
def test_a_kind_of_place_alone_is_no_institution(text: str, asked: list[str]) -> None:
    assert "institution" not in read(text, *asked).values


def test_a_kind_with_its_name_is_still_an_institution() -> None:
    assert read("Institute of Neuroscience", "institution").values.get("institution") == "Institute of Neuroscience"


# -- keys in Markdown bold; a table of roles and names


def test_keys_in_markdown_bold_are_read() -> None:
    parsed = read("**Experimenter:** Ana Ruiz\n**Lab:** Berg Lab\n**Institution:** University of Bonn")
    assert parsed.values.get("experimenter") == ["Ruiz, Ana"]
    assert parsed.values.get("lab") == "Berg Lab"


def test_a_bold_key_of_another_role_is_no_experimenter() -> None:
    parsed = read("**PI:** Ana Ruiz\n**Experimenter:** Tom Berg")
    assert parsed.values.get("experimenter") == ["Berg, Tom"]


def test_a_table_of_roles_reads_the_experimenter_and_leaves_the_pi() -> None:
    parsed = read("| role | name |\n|---|---|\n| experimenter | Ana Ruiz |\n| PI | Tom Berg |\n| institution | UCL |")
    assert parsed.values.get("experimenter") == ["Ruiz, Ana"]
    assert parsed.values.get("institution") == "University College London"


def test_a_table_of_other_roles_only_gives_no_experimenter() -> None:
    assert "experimenter" not in read("| PI | Eve Marder |\n| surgeon | Tom Berg |").values


# -- who recorded, said in French, Spanish, Portuguese, Italian or German, when the sentence is about the recording


@pytest.mark.parametrize(
    ("text", "experimenter"),
    [
        ("el experimento lo hizo Valentina Rojas; degu DG-14", ["Rojas, Valentina"]),
        ("L'esperimento è stato fatto da Lorenzo Fontolan. Topo IIT-42.", ["Fontolan, Lorenzo"]),
        ("a sessão foi gravada por Rodrigo Pavão; rato RP-07", ["Pavão, Rodrigo"]),
        ("les données ont été enregistrées par Camille Fournier", ["Fournier, Camille"]),
    ],
)
def test_who_recorded_is_read_in_other_languages(text: str, experimenter: list[str]) -> None:
    assert read(text).values.get("experimenter") == experimenter


@pytest.mark.parametrize(
    "text",
    [
        "La cirugía fue realizada por Ana Ruiz.",
        "Die Operation wurde durchgeführt von Dr. Karl Heinz.",
        "L'iniezione è stata fatta da Marco Bianchi.",
    ],
)
def test_another_act_said_in_another_language_names_no_experimenter(text: str) -> None:
    assert "experimenter" not in read(text).values


# -- conversion asked in other words; cancelling with "halt" or in another language; two declines joined by "and"


@pytest.mark.parametrize("text", ["Experimenter: Ana Ruiz. That's all — please generate it.", "no further info, go"])
def test_all_said_then_make_the_file_starts_the_conversion(text: str) -> None:
    assert any(i.kind == IntentKind.SKIP_ALL for i in read(text).intents)


def test_no_further_info_on_one_field_is_no_conversion() -> None:
    assert not any(i.kind == IntentKind.SKIP_ALL for i in read("no further info on the weight, go ahead").intents)


@pytest.mark.parametrize("text", ["halt — wrong session", "annulla (cancel) — wrong animal", "stop — wrong folder"])
def test_halting_for_a_mistake_cancels(text: str) -> None:
    assert any(i.kind == IntentKind.CANCEL for i in read(text).intents)


def test_halt_in_a_sentence_about_the_work_is_no_cancel() -> None:
    assert not any(i.kind == IntentKind.CANCEL for i in read("Halt the drift correction first, then record").intents)


def test_two_declines_joined_by_and_decline_both() -> None:
    parsed = read("no weight and no date of birth, sorry, the records are lost")
    declined = {name for i in parsed.intents for name in i.fields}
    assert {"weight", "date_of_birth"} <= declined


@pytest.mark.parametrize(("text", "asked"), [("no sé", "weight"), ("keine Ahnung", "weight"), ("non lo so", "age")])
def test_not_known_said_in_another_language(text: str, asked: str) -> None:
    parsed = read(text, asked)
    assert asked not in parsed.values
    assert any(i.kind == IntentKind.DONT_KNOW for i in parsed.intents)


# -- a keyed name taken back, then the same key said again: the later one is the value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "experimenter: Kishore Rao? no — he's the PI; experimenter: Kelly Stabley",
            "experimenter",
            ["Stabley, Kelly"],
        ),
        ("experimenter: Tom Hale. Sorry, not Tom; experimenter: Rita Hale", "experimenter", ["Hale, Rita"]),
        ("Institution: UCSF - no wait; institution: UCSD", "institution", "University of California, San Diego"),
    ],
)
def test_a_key_said_again_after_a_correction_gives_the_value(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


def test_a_correction_without_the_key_again_is_still_asked_back() -> None:
    assert "experimenter" not in read("experimenter: Tom Hale? no - he's the PI").values


# -- a sign-off's words opening a message greet: no signature follows them


def test_a_greeting_in_sign_off_words_makes_no_signature() -> None:
    parsed = read("Saludos, el experimento lo hizo Valentina Rojas en la Universidad de Chile. Degu DG-14.")
    assert parsed.values.get("institution") == "Universidad de Chile"


def test_an_institution_after_a_sign_off_is_still_asked_back() -> None:
    parsed = read("Mouse M2 recorded by Ana Ruiz.\nBest regards,\nTom Berg\nUniversity of Bonn")
    assert "institution" not in parsed.values
