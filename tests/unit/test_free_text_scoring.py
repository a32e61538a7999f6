"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_10.yaml (tenth edition) is written apart from the reader's code, before any
run of it and before this round's fixes. It is never used to tune or debug the reader (the nine
files before it became development data when their failures were fixed). Two numbers, kept apart:
wrong values written (must be 0) and expected values read (at least 90%). Until the file is added,
this module is skipped.

Its one run (code of ea388e5, the round-ten merge): 23 wrong values written (the ninth file's run:
25), 720/836 expected values read (86.1%); declines, intents and confirmations 50/57; all expected
items 86.2%. NOT fixed from this file. The wrong values: names with particles or two surnames
("El Idrissi", "Dalla Costa", "García Martínez, José Luis" read as two people, "both" taken as a
name, a YAML list's "- "), a surgeon beside the experimenter, the signing PI taken for the student
who recorded, a group's age range stored for the one subject (three times), an end time taken for
the start, a hedged sex ("pretty sure ... I'd have to check"), values that keep the words after them
("FVB/NJ fyi", "ventral CA1 this time", "EPFL in Lausanne", a place under a Location key), a table's
header cell in the institution, "Brigham and Women's Hospital" cut at "and", "Karel Svoboda's lab"
and "we're the Brody lab" kept whole as the lab, "plain wild type, no transgenes" kept whole, and
the species of fish that came from another facility. Both tests are strict expected failures: the
day either passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_10.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the tenth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="23 wrong values on the tenth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="86.1% values read on the tenth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
