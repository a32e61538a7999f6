"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_11.yaml (eleventh edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the ten files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of fb669ab, the round-eleven merge): 24 wrong values written (the tenth file's run:
23), 789/904 expected values read (87.3%; tenth: 86.1%); declines, intents and confirmations 57/68;
all expected items 87.0%. NOT fixed from this file. Three of the 24 are another spelling of what
was said ("21 g" for "21.0 g", "22 g" for "22.0 g", "Janelia Research Campus" where the file's convention writes
"HHMI Janelia Research Campus"); they count as written. The others: a broader area than said
("anterodorsal thalamus" as TH, "primary somatosensory cortex, forelimb region" and "CA1 stratum
pyramidale" losing their part), ids from the wrong words ("Mouse28" as 28, "rat 21" of a quoted
surgery note, "mice 1-4", the strain "N2"), a vendor colony (NIA) as the institution, a description
from running text, "under the supervision of Prof. X" as the experimenter, a PI's possessive
("Yang Dan's postdoc") as a name, "Lab name: Moser Lab" as a person, a weight on a day without a
recording, a stimulation key's area, a hedged hybrid's species,
"Erik ten Brink" stored as "Brink, Erik ten" (the particle left with the first name), and keyed
values keeping trailing words ("in Göttingen", "Janelia, in Virginia", "WT, no transgene",
"C57BL/6J from JAX", "haven't got it - skip"). Both tests are strict expected failures: the day
either passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_11.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the eleventh scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="24 wrong values on the eleventh scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="87.3% values read on the eleventh scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
