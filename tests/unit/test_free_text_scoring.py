"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_6.yaml (sixth edition) was written before the fixes the fifth scoring
file called for and before any run on it, from the kinds of messages labs send (notebook lines,
emails in non-native English, CSV-like lines, LIMS exports, dates and zones with clock changes,
distractor masses and doses, several areas); it is never used to tune or debug the reader (the
five files before it became development data when their failures were fixed). Two numbers, kept
apart: wrong values written (must be 0) and expected values read (at least 90%).

Its one run (commit after 0e6b66a, load 3.6 on 2 shared cores): 165 messages, 21 wrong values
written, 281/308 expected values read (91.2%; declines, intents and confirmations 34/38; all
expected items 91.0%). The wrong values are known and NOT fixed from this file (fixing them makes
it development data and needs a seventh scoring file): sentences taken as session descriptions
("We perfused the animal after the session", "The session begin", "Please find: session", "But
the recordings were done by ..."), a surgery time and an upload time stored as the session start,
a virus construct stored as the genotype, a PI and a rat's name stored as experimenters, "me -
Laura Jiménez" split wrongly, the vendor (Jackson Laboratory) and a collaborator's institution
stored as the institution, "Karolinska Institutet" changed to "Institute", one of three keywords
after "; ", and "inferior colliculus" stored as IC (the file's mistake: IC is that one area's
acronym, which the project's rule stores). So the first test below is an expected failure,
strict: the day the reader writes no wrong value on this file, it fails and the marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import Score, load, score

SCORING = load("free_text_scoring_6.yaml")


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="21 wrong values on the sixth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 100
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
