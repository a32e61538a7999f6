"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_13.yaml (thirteenth edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the twelve files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of 0e1c5d5, the round-thirteen merge): 39 wrong values written (the twelfth file's
run: 13), 1061/1265 expected values read (83.9%; twelfth: 91.2%); declines, intents and confirmations
77/103; all expected items 83.2%. NOT fixed from this file. The file is larger and further from the
earlier ones (566 messages: dates in German and Turkish, forwarded e-mails, several ways of taking a
value back, Markdown and JSON, species such as domestic pig and deer mouse subspecies). The wrong
values: a subspecies named stored as its species (Sus scrofa domesticus, Peromyscus maniculatus
bairdii), areas and species read inside keywords or a description to be written, an institution cut
("University Medical Center", "Florey Institute of Neuroscience", "Neuroscience Institute") or kept
with its city or with its full long name, a value said to be wrong or replaced kept (the old weight,
the old lab name, a quoted 'probably ACC'), an age at a virus injection or at the first of several
sessions, a date in German or Turkish without its time, ids from a hybrid's name, a session column or
a session ID, a Spanish double surname ordered wrongly, a genotype's second half only, a JSON brace kept,
'Area X' cut to 'X', "B6" widened to C57BL/6, talk answers stored ("we need no keywords", "double
transgenic, I'd have to look up ..."). Both tests are strict expected failures: the day one passes,
its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_13.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the thirteenth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="39 wrong values on the thirteenth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="83.9% values read on the thirteenth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
