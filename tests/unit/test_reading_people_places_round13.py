"""General rules of the offline reader (issue 14, thirteenth round) for people, places and words:
experimenters, institutions, labs, keywords, descriptions, edits and declines. Each rule covers a
family of mistakes, not one sentence; the sentences are our own, from no corpus file. Both
directions are tested: what must still be read, and what must not be stored."""

from __future__ import annotations

import pytest

from agentic_neurodata.metadata.free_text import parse_free_text
from agentic_neurodata.metadata.parsed import IntentKind, ParsedInput
from tests.support.corpus import NOW


def read(text: str, *asked: str) -> ParsedInput:
    return parse_free_text(text, list(asked), now=NOW)


def declined(parsed: ParsedInput, field: str) -> bool:
    return any(i.kind in (IntentKind.SKIP_FIELD, IntentKind.DONT_KNOW) and field in i.fields for i in parsed.intents)


# -- a town after "Institute for X, ...": where it is, not part of its name


@pytest.mark.parametrize(
    ("answer", "institution"),
    [
        ("Max Planck Institute for Brain Research, Frankfurt", "Max Planck Institute for Brain Research"),
        ("Champalimaud Centre for the Unknown, Lisbon", "Champalimaud Centre for the Unknown"),
        ("Institute for Basic Science, Daejeon", "Institute for Basic Science"),
        # a university of a state or system keeps its campus; an acronym or a second organisation is kept
        ("University of California, Davis", "University of California, Davis"),
        ("Center for Neural Science, NYU", "Center for Neural Science, NYU"),
        (
            "Institute of Neuroscience, Chinese Academy of Sciences",
            "Institute of Neuroscience, Chinese Academy of Sciences",
        ),
        ("Center for Neural Science, New York University", "Center for Neural Science, New York University"),
    ],
)
def test_a_town_after_an_institute_of_a_field_is_not_part_of_its_name(answer: str, institution: str) -> None:
    assert read(answer, "institution").values.get("institution") == institution


def test_a_town_after_an_institute_of_a_field_is_dropped_in_a_sentence_and_after_a_key() -> None:
    said = "We recorded at the Leibniz Institute for Neurobiology, Magdeburg, in 2021."
    assert read(said).values.get("institution") == "Leibniz Institute for Neurobiology"
    keyed = read("Institution: Allen Institute for Brain Science, Seattle")
    assert keyed.values.get("institution") == "Allen Institute for Brain Science"


# -- "should be written 'X'", "is spelled X": how to write the value, then the value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("the institution should be written 'Universidade do Porto'", "institution", "Universidade do Porto"),
        ("The lab name should be written as 'Mrsic-Flogel Lab', not Flogel lab", "lab", "Mrsic-Flogel Lab"),
        ("the lab must be spelled 'Häusser Lab'", "lab", "Häusser Lab"),
        ("our PI says the institution should be written 'Universidad de Chile'", "institution", "Universidad de Chile"),
        ("the institution should read Universitat de Barcelona", "institution", "Universitat de Barcelona"),
    ],
)
def test_how_a_value_should_be_written_gives_the_value(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The experimenter is spelled Ní Bhriain, Orla", "Ní Bhriain, Orla"),
        ("experimenter should be written as Dal Pozzo, Marco", "Dal Pozzo, Marco"),
        ("change the experimenter to Van Hoof, Els. Thanks", "Van Hoof, Els"),
    ],
)
def test_a_name_to_write_keeps_its_given_name_after_the_comma(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


@pytest.mark.parametrize(
    "text",
    [
        "the session description should be written in English",
        "keywords should be written in lower case",
        "the institution must be spelled in full",
        "the experimenter is written with an accent",
    ],
)
def test_a_rule_about_how_to_write_a_field_is_no_value(text: str) -> None:
    parsed = read(text)
    assert not parsed.values, parsed.values


# -- declining one question in words of talk: "pass on this question", "I'll pass"


@pytest.mark.parametrize(
    ("answer", "field"),
    [
        ("pass on this one, sorry", "experimenter"),
        ("I'll pass", "experimenter"),
        ("next question please", "lab"),
        ("no answer to that question", "institution"),
        ("I'd rather skip this", "keywords"),
    ],
)
def test_declining_the_question_in_words_is_a_decline_not_a_value(answer: str, field: str) -> None:
    parsed = read(answer, field)
    assert not parsed.values, parsed.values
    assert declined(parsed, field)


@pytest.mark.parametrize(
    ("answer", "name"),
    [("Skip Hollander", "Hollander, Skip"), ("Passos, Ana", "Passos, Ana"), ("Nextera Lim", "Lim, Nextera")],
)
def test_a_name_with_a_word_like_talk_is_still_read(answer: str, name: str) -> None:
    assert read(answer, "experimenter").values.get("experimenter") == [name]


# -- a request before a list of keywords is no keyword


@pytest.mark.parametrize(
    ("text", "keywords"),
    [
        ("Keywords: please use sharp-wave ripples, sleep", ["sharp-wave ripples", "sleep"]),
        ("keywords - could you add head direction and theta? thx", ["head direction", "theta"]),
        ("Keywords: use the following: odor discrimination, piriform", ["odor discrimination", "piriform"]),
        ("Keywords: add these: reversal learning, OFC", ["reversal learning", "OFC"]),
        # a keyword that opens with such a word stays whole
        ("Keywords: use-dependent plasticity, LTP", ["use-dependent plasticity", "LTP"]),
        ("keywords: set shifting, attention", ["set shifting", "attention"]),
        ("keywords: list learning, recall", ["list learning", "recall"]),
    ],
)
def test_a_request_before_the_keywords_is_not_a_keyword(text: str, keywords: list[str]) -> None:
    assert read(text).values.get("keywords") == keywords


def test_a_request_answering_the_keywords_question_is_not_a_keyword() -> None:
    assert read("please add place cells and remapping", "keywords").values.get("keywords") == [
        "place cells",
        "remapping",
    ]


# -- an institution's name with "&" or "and" before a field of study, or "at" between name words


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("I am Sofia Lund, Oregon Health & Science University; mouse OH-2.", "Oregon Health & Science University"),
        ("Recorded at Oregon Health and Science University by Ana Ruiz.", "Oregon Health and Science University"),
        ("Recorded at the University of Texas at Austin.", "University of Texas at Austin"),
        (
            "We recorded at the University of North Carolina at Chapel Hill in 2020.",
            "University of North Carolina at Chapel Hill",
        ),
        ("Data from Icahn School of Medicine at Mount Sinai, New York.", "Icahn School of Medicine at Mount Sinai"),
    ],
)
def test_an_institution_name_goes_on_across_and_or_at(text: str, institution: str) -> None:
    parsed = read(text)
    assert parsed.values.get("institution") == institution
    assert not any("Health" in name or "Science" in name for name in parsed.values.get("experimenter", []))


def test_a_person_before_an_ampersand_institution_is_read_alone() -> None:
    parsed = read("I recorded it myself, Petra Nyberg, Oregon Health & Science University.")
    assert parsed.values.get("experimenter") == ["Nyberg, Petra"]


@pytest.mark.parametrize(
    "text",
    [
        "We recorded at UCL & Imperial College.",  # two institutions: which one is asked
        "Recorded at Harvard and Boston University",
        "Columbia University at Zuckerman Institute",
    ],
)
def test_two_institutions_are_not_joined_into_one_name(text: str) -> None:
    parsed = read(text)
    value = parsed.values.get("institution", "")
    assert " & " not in value and " and " not in value and " at " not in value


def test_a_time_after_at_is_not_part_of_the_name() -> None:
    parsed = read("recorded at the University of Oslo at 10:00 CET on 2023-01-02")
    assert parsed.values.get("institution") == "University of Oslo"


# -- a town (with its state) after "Instituto de X", "Institute for X"; a town that is part of a known name


@pytest.mark.parametrize(
    ("answer", "institution"),
    [
        ("Allen Institute for Neural Dynamics, Seattle WA", "Allen Institute for Neural Dynamics"),
        ("Instituto de Neurociencias, Alicante", "Instituto de Neurociencias"),
        ("Instituto de Neurociencias, CSIC-UMH", "Instituto de Neurociencias, CSIC-UMH"),  # an organisation, kept
        ("King's College London", "King's College London"),
        ("Imperial College London, UK", "Imperial College London"),
    ],
)
def test_where_an_institute_is_is_left_out_but_a_town_in_its_name_is_kept(answer: str, institution: str) -> None:
    assert read(answer, "institution").values.get("institution") == institution


def test_a_town_in_a_known_name_is_kept_in_a_sentence() -> None:
    parsed = read("the recordings were done at King's College London by Ian Ross")
    assert parsed.values.get("institution") == "King's College London"
    assert parsed.values.get("experimenter") == ["Ross, Ian"]


# -- a note to us after a description, a comment after a keyed value, another role after a comma


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "Session description: 15 min of quiet wakefulness (ask Omar for the details)",
            "session_description",
            "15 min of quiet wakefulness",
        ),
        (
            "Experiment description: optogenetic silencing of ALM (please fill in the rest)",
            "experiment_description",
            "Optogenetic silencing of ALM",
        ),
        # a bracket that describes is part of the description
        (
            "Session description: passive viewing (gratings; please see the methods)",
            "session_description",
            "Passive viewing (gratings; please see the methods)",
        ),
        ("Session description: sleep (PRE) and track running", "session_description", "Sleep (PRE) and track running"),
    ],
)
def test_a_note_to_us_after_a_description_is_not_part_of_it(text: str, field: str, value: str) -> None:
    assert read(text).values.get(field) == value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Experimenter = Kenji Mori # ran every session", "experimenter", ["Mori, Kenji"]),
        ("lab = 'Dan Lab'  # PI Yang Dan", "lab", "Dan Lab"),
        ("keywords: sleep spindles, thalamus # more later", "keywords", ["sleep spindles", "thalamus"]),
        (
            "Experimenter: Olga Sokolova (MSc student), supervised by Prof. Ivan Petrov",
            "experimenter",
            ["Sokolova, Olga"],
        ),
        ("experimenter: Ruth Adler, helped by Ben Katz", "experimenter", ["Adler, Ruth"]),
    ],
)
def test_a_keyed_value_ends_before_a_comment_or_another_role(text: str, field: str, value: object) -> None:
    assert read(text).values.get(field) == value


# -- a family name said first (Vietnamese order): which word is the family name is asked


@pytest.mark.parametrize("said", ["Nguyen Van Minh", "Tran Thi Lan", "Pham Thu Ha"])
def test_a_name_that_may_start_with_the_family_name_is_asked_back(said: str) -> None:
    parsed = read(said, "experimenter")
    assert "experimenter" not in parsed.values
    asked = next(c for c in parsed.confirmations if c.field == "experimenter")
    words = said.split()
    assert [p.value for p in asked.proposals] == [
        [f"{words[0]}, {' '.join(words[1:])}"],
        [f"{words[-1]}, {' '.join(words[:-1])}"],
    ]


@pytest.mark.parametrize(("said", "name"), [("Minh Nguyen", "Nguyen, Minh"), ("Nguyen, Minh", "Nguyen, Minh")])
def test_a_name_in_western_order_or_with_a_comma_is_read(said: str, name: str) -> None:
    assert read(said, "experimenter").values.get("experimenter") == [name]


# -- more people than named, a hedge in brackets after the name, a name said to be left out


@pytest.mark.parametrize(
    "text",
    [
        "Recorded by Ida Holm and others.",
        "Recorded by Ida Holm et al.",
        "Sessions recorded by Ida Holm and colleagues.",
    ],
)
def test_a_list_that_goes_on_unnamed_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "experimenter" not in parsed.values
    assert any(c.field == "experimenter" for c in parsed.confirmations)


@pytest.mark.parametrize("text", ["Recorded by Ida Holm (I think).", "Recorded by Ida Holm (probably)."])
def test_a_hedge_in_brackets_after_a_name_asks_it_back(text: str) -> None:
    parsed = read(text)
    assert "experimenter" not in parsed.values
    assert any(c.field == "experimenter" for c in parsed.confirmations)


def test_an_aside_that_is_no_hedge_leaves_the_name_read() -> None:
    parsed = read("Recorded by Ida Holm (Aarhus University).")
    assert parsed.values.get("experimenter") == ["Holm, Ida"]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("don't put UCL as the institution, we recorded at the Crick", "institution"),
        ("Please don't write Smith Lab as the lab", "lab"),
        ("do not use Harvard University for the institution", "institution"),
    ],
)
def test_a_name_said_to_be_left_out_is_not_stored(text: str, field: str) -> None:
    assert field not in read(text).values


# -- what is said of a field is not its value


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("The institution is wrong, it should be the University of Zurich, not ETH", "institution"),
        ("the lab is fine", "lab"),
        ("Institution: still missing", "institution"),
        ("our lab", "lab"),
        ("keywords are incomplete", "keywords"),
    ],
)
def test_a_judgement_of_the_field_is_no_value(text: str, field: str) -> None:
    asked = [field] if text == "our lab" else []
    parsed = read(text, *asked)
    assert parsed.values.get(field) in (None, "University of Zurich"), parsed.values


def test_words_saying_it_before_a_keyed_name_are_not_the_name() -> None:
    parsed = read("please correct the experimenter: it's Greta Lund, not Grete Lund")
    assert parsed.values.get("experimenter") == ["Lund, Greta"]


def test_an_opinion_lead_before_keywords_is_no_keyword() -> None:
    assert read("keywords: I would say hippocampus and theta").values.get("keywords") == ["hippocampus", "theta"]


def test_a_dash_after_a_keyed_lab_ends_its_name() -> None:
    parsed = read("Lab: Churchland Lab - Anne Churchland, UCLA")
    assert parsed.values.get("lab") == "Churchland Lab"


# -- a state written out, or a department before the institution, is not part of its name


@pytest.mark.parametrize(
    ("answer", "institution"),
    [
        ("University of Chicago, Illinois", "University of Chicago"),
        ("Vanderbilt University, Nashville, Tennessee", "Vanderbilt University"),
        ("University of Washington", "University of Washington"),
        ("Washington University in St. Louis", "Washington University in St. Louis"),
        ("Department of Psychology, Cornell University, Ithaca NY", "Cornell University"),
        ("Department of Physiology, Anatomy and Genetics, University of Oxford", "University of Oxford"),
        ("Division of Biology and Biological Engineering, Caltech", "California Institute of Technology"),
    ],
)
def test_a_state_or_a_department_around_an_institution_is_left_out(answer: str, institution: str) -> None:
    assert read(answer, "institution").values.get("institution") == institution


def test_a_department_alone_is_no_institution() -> None:
    parsed = read("Department of Physiology, Anatomy and Genetics", "institution")
    assert "institution" not in parsed.values


# -- answers that point elsewhere, describe without naming, or are an acronym of an institution


@pytest.mark.parametrize(
    ("answer", "field"),
    [
        ("Same lab as before", "lab"),
        ("the same institution as last time", "institution"),
        ("a hospital in Lyon", "institution"),
        ("some university in Berlin", "institution"),
        ("the one in Tübingen", "institution"),
        ("an institute near Munich", "institution"),
        ("NTNU", "lab"),
    ],
)
def test_an_answer_that_does_not_name_the_lab_or_institution_is_not_stored(answer: str, field: str) -> None:
    assert field not in read(answer, field).values


@pytest.mark.parametrize(
    ("answer", "field", "value"),
    [
        ("Humboldt-Universität zu Berlin", "institution", "Humboldt-Universität zu Berlin"),
        ("the Aronov lab", "lab", "Aronov Lab"),
        ("An Lab", "lab", "An Lab"),  # a family name that is also an article
    ],
)
def test_a_named_lab_or_institution_is_still_read(answer: str, field: str, value: str) -> None:
    assert read(answer, field).values.get(field) == value


# -- keyed lists and descriptions end where the next thing begins


def test_a_sentence_in_brackets_after_keywords_is_no_keyword() -> None:
    parsed = read("Keywords: sleep, ripples (for this session; the paper uses others)")
    assert parsed.values.get("keywords") == ["sleep", "ripples"]


def test_a_dash_before_other_words_is_not_part_of_the_last_keyword() -> None:
    parsed = read("Keywords: ripples, SWR, CA1 - and the experimenter is Kai Lee")
    assert parsed.values.get("keywords") == ["ripples", "SWR", "CA1"]


def test_a_keyed_description_ends_at_the_next_key_after_a_full_stop() -> None:
    parsed = read("session_description: Open field, 20 min. experiment_description: Grid cells across days.")
    assert parsed.values.get("session_description") == "Open field, 20 min"
    assert parsed.values.get("experiment_description") == "Grid cells across days"


# -- an institution named for another act (a talk, a visit, studies) is not where it was recorded


@pytest.mark.parametrize(
    "text",
    [
        "We presented this at the University of Toronto last year.",
        "I studied at the University of Vienna before joining the lab.",
        "She was visiting the Weizmann Institute of Science in May.",
    ],
)
def test_an_institution_of_another_act_is_not_stored(text: str) -> None:
    assert "institution" not in read(text).values


# -- recall: an institute named for its field alone, the Dutch "'t", curly apostrophes, and intents in other words


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Sessions were recorded at the Institute for Basic Science (IBS) in Daejeon.", "Institute for Basic Science"),
        ("recorded at the Institute of Neurology by Zoe Hart", "Institute of Neurology"),
        ("We recorded at the Max Planck Institute for Brain Research.", "Max Planck Institute for Brain Research"),
    ],
)
def test_an_institute_named_for_its_field_is_read(text: str, institution: str) -> None:
    assert read(text).values.get("institution") == institution


def test_an_institute_then_its_academy_is_asked_not_cut_to_the_academy() -> None:
    parsed = read("Recorded at the Institute of Neuroscience, Chinese Academy of Sciences")
    assert parsed.values.get("institution") != "Chinese Academy of Sciences"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Recorded by Femke van 't Riet", "van 't Riet, Femke"),
        ("Experimenter: Joost van ’t Veer", "van 't Veer, Joost"),
        ("Recorded by Siobhán O’Connor.", "O'Connor, Siobhán"),
        ("Recorded by Siobhán O'Connor.", "O'Connor, Siobhán"),
    ],
)
def test_names_with_an_apostrophe_are_read(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("please cancel this one, I uploaded the wrong session", IntentKind.CANCEL),
        ("all good, start converting", IntentKind.SKIP_ALL),
        ("ok, begin converting please", IntentKind.SKIP_ALL),
    ],
)
def test_cancel_and_go_ahead_in_other_words(text: str, kind: IntentKind) -> None:
    assert any(i.kind is kind for i in read(text).intents)


@pytest.mark.parametrize(("text", "field"), [("hmm, forget the lab", "lab"), ("forget about the keywords", "keywords")])
def test_forget_the_field_declines_it(text: str, field: str) -> None:
    parsed = read(text)
    assert declined(parsed, field) and not parsed.values


def test_forget_the_old_value_is_no_decline() -> None:
    parsed = read("forget the previous experimenter, it is Ana Ruiz")
    assert not declined(parsed, "experimenter")


# -- a keyed list of people ends where a clause of its own begins (after ";" or "and")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "The experimenters were Dr. Ama Owusu and Dr. Kofi Annan; the surgeries were done elsewhere.",
            ["Owusu, Ama", "Annan, Kofi"],
        ),
        ("fyi the experimenter is Nils Berg; the other name in the log is the vet", ["Berg, Nils"]),
        ("The experimenter was Dr. Ben Katz and the rat is RK-2.", ["Katz, Ben"]),
        # names listed with ";" are still one list
        ("Experimenters: Smith, Jana; Doe, Kim", ["Smith, Jana", "Doe, Kim"]),
        ("Experimenters: Ana Gil and Tom Berg", ["Gil, Ana", "Berg, Tom"]),
    ],
)
def test_a_keyed_list_of_people_ends_where_another_clause_begins(text: str, names: list[str]) -> None:
    assert read(text).values.get("experimenter") == names


# -- a fifth batch of our own distractors: possessives, "et al.", hedged labs and keywords, the usual


@pytest.mark.parametrize(
    "text",
    [
        "Recorded by Lars Eide, Ingrid Moe's student.",
        "Recorded by Ingrid Moe's team.",
        "Experimenters: Lars Eide, Ingrid Moe, et al.",
    ],
)
def test_a_possessive_or_et_al_is_never_a_name(text: str) -> None:
    names = read(text).values.get("experimenter", [])
    assert not any("'s" in name or name.startswith("Al,") for name in names), names
    assert names != ["Eide, Lars", "Moe, Ingrid"]


@pytest.mark.parametrize(
    "text", ["lab: not sure, maybe the Dahl lab", "The lab, I believe, is the Dahl lab", "I think we are the Dahl lab"]
)
def test_a_lab_said_as_a_guess_is_asked_back(text: str) -> None:
    parsed = read(text)
    assert "lab" not in parsed.values
    assert any(c.field == "lab" for c in parsed.confirmations)


def test_a_lab_said_plainly_is_still_read() -> None:
    assert read("We are the Dahl lab at the University of Bergen.").values.get("lab") == "Dahl Lab"


@pytest.mark.parametrize(
    ("text", "keywords"),
    [
        ("keywords: head direction, grid cells, and maybe theta", ["head direction", "grid cells"]),
        ("keywords: place cells / grid cells / theta", ["place cells", "grid cells", "theta"]),
        ("keywords: L2/3, V1", ["L2/3", "V1"]),
    ],
)
def test_keywords_listed_with_slashes_or_a_guess(text: str, keywords: list[str]) -> None:
    assert read(text).values.get("keywords") == keywords


@pytest.mark.parametrize("text", ["Session description: the usual", "session description: as usual"])
def test_the_usual_points_elsewhere(text: str) -> None:
    assert "session_description" not in read(text).values


def test_a_country_after_a_spaced_dash_is_left_out() -> None:
    assert read("institution: Universidad de Sevilla - Spain").values.get("institution") == "Universidad de Sevilla"


# -- people and places said of another animal, a later session, another act or another part


@pytest.mark.parametrize(
    "text",
    [
        "The sister mouse was recorded at UCSF by Amy Ng.",
        "Next week's session will be recorded by Amy Ng.",
        "Converted to NWB by Amy Ng.",
        "Surgery notes: craniotomy over V1, performed by Amy Ng.",
        "Mouse A was recorded by Ola, mouse B by Kari Hansen.",
    ],
)
def test_a_person_of_another_animal_time_act_or_part_is_not_stored(text: str) -> None:
    parsed = read(text)
    assert "experimenter" not in parsed.values, parsed.values
    assert "institution" not in parsed.values, parsed.values


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("This session: recorded by Kari Hansen. The previous one was by Ola Nordmann.", "Hansen, Kari"),
        ("Recorded on Monday by Kari Hansen.", "Hansen, Kari"),
        ("The recordings were performed by Kari Hansen at the University of Oslo.", "Hansen, Kari"),
    ],
)
def test_the_person_of_this_recording_is_still_read(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


@pytest.mark.parametrize(
    "text",
    [
        "The related paper's description: 'Ripples and memory'.",
        "Previous session description: open field.",
        "paper keywords: memory, sleep",
    ],
)
def test_another_things_description_or_keywords_are_not_stored(text: str) -> None:
    parsed = read(text)
    assert not ({"session_description", "experiment_description", "keywords"} & parsed.values.keys())


# -- a whole answer to one question: talk after it, a request before it, alternatives, a correction inside


@pytest.mark.parametrize(
    ("answer", "field", "value"),
    [
        ("sleep, memory, thanks!", "keywords", ["sleep", "memory"]),
        ("Open field foraging, 20 min. Cheers!", "session_description", "Open field foraging, 20 min"),
        ("UCL, thanks", "institution", "University College London"),
        ("Marta Kowal!", "experimenter", ["Kowal, Marta"]),
        ("whatever, just use Ruiz Lab", "lab", "Ruiz Lab"),
        ("Ruiz Lab - we're small", "lab", "Ruiz Lab"),
        ("Anna Lee, yes", "experimenter", ["Lee, Anna"]),
        ("Smith, Jane", "experimenter", ["Smith, Jane"]),
        ("Charité - Universitätsmedizin Berlin", "institution", "Charité - Universitätsmedizin Berlin"),
    ],
)
def test_a_whole_answer_without_the_talk_around_it(answer: str, field: str, value: object) -> None:
    assert read(answer, field).values.get(field) == value


@pytest.mark.parametrize(
    ("answer", "field"),
    [
        ("Marta Kowal or Ana Ruiz", "experimenter"),
        ("either Marta or Ana", "experimenter"),
        ("email Marta Kowal about it", "experimenter"),
        ("Stanford or Berkeley, I forget", "institution"),
        ("Stanford, sorry, I mean Berkeley", "institution"),
        ("the Ruiz lab, or maybe the Kowal lab", "lab"),
    ],
)
def test_alternatives_a_correction_or_a_pointer_as_the_answer_are_not_stored(answer: str, field: str) -> None:
    assert field not in read(answer, field).values


# -- recall: the writer named in brackets or after "I'm the one who recorded"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I (Nora Lind) recorded the rat.", "Lind, Nora"),
        ("Prof. Ida Berg is my supervisor; I (Nora Lind) recorded the rat.", "Lind, Nora"),
        ("I'm the one who recorded, Nora Lind, Lund University", "Lind, Nora"),
        ("I am the one who did it, Nora Lind", "Lind, Nora"),
    ],
)
def test_the_writer_named_as_the_one_who_recorded_is_read(text: str, name: str) -> None:
    assert read(text).values.get("experimenter") == [name]


def test_the_writer_named_for_another_act_is_not_read() -> None:
    assert "experimenter" not in read("I (Nora Lind) analysed the data.").values


# -- a keyed name ends before an institution's acronym; initials keep their capitals


def test_a_keyed_name_ends_before_an_acronym_after_a_comma() -> None:
    parsed = read("Experimenter: Rolf Sprengel, MPI for Medical Research, Heidelberg")
    assert parsed.values.get("experimenter") == ["Sprengel, Rolf"]


@pytest.mark.parametrize("answer", ["Ana of Arc", "Jon for Ruiz"])
def test_words_of_a_phrase_are_no_name(answer: str) -> None:
    assert "experimenter" not in read(answer, "experimenter").values


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Experimenter: Doe, JK", ["Doe, JK"]),
        ("Experimenters: Smith, JA; Doe, Kim", ["Smith, JA", "Doe, Kim"]),
        ("Experimenter: JANE DOE", ["Doe, Jane"]),
        ("experimenter: jane doe", ["Doe, Jane"]),
        ("Maria de la Cruz recorded it.", ["de la Cruz, Maria"]),
    ],
)
def test_initials_keep_their_capitals_and_names_in_one_case_are_capitalised(text: str, names: list[str]) -> None:
    assert read(text).values.get("experimenter") == names


def test_eth_with_its_umlaut_is_known() -> None:
    assert read("Institution: ETH Zürich, Switzerland").values.get("institution") == "ETH Zurich"
