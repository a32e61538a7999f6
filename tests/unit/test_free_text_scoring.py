"""The offline free-text reader scored on messages it was NOT built around (issue 14).

corpus/free_text_scoring_15.yaml (fifteenth edition) is written apart from the reader's code, before
any run of it. It is never used to tune or debug the reader (the fourteen files before it became
development data when their failures were fixed). Two numbers, kept apart: wrong values written
(must be 0) and expected values read (at least 90%). Until the file is added, this module is
skipped.

Its one run (code of a7260bf, the round-fifteen merge): 46 wrong values written (the fourteenth file's
run: 32), 1221/1457 expected values read (83.8%; fourteenth: 81.8%); declines, intents and
confirmations 73/94; all expected items 83.4%. NOT fixed from this file. The wrong values: German
and Italian university names cut at "Universität"/"Università" (Oldenburg, Bonn, Bochum, Göttingen,
Roma), "Institute for Research" cut; "Lo Russo" and "de la Rocha" split (lab "Rocha Lab", name "Russo,
Chiara Lo"); a group's head or a colony's lab taken as the experimenter or lab ("Diego Contreras'
group", "Brody lab colony", the modeller); a name, place or id taken back with "? no -" kept (Montreal
Neurological Institute, Salk for "use that as the institution for this one", monkey Jenkins); areas
widened, cut or kept with their talk ("Auditory cortex" from the first words of a sentence, "V1, L2",
"dorsal striatum" of two, "+ OFC" cut, "V1 only", "LGN (right)", a monkey's "M1" as MOp where this
file keeps an acronym as given), another figure's or the reference wire's area; species
from a table's "Participant" or "marmoset" header, "Figure 4 ... another mouse", Saimiri boliviensis
as S. sciureus; a hermaphrodite as sex O; a Drosophila genotype split into strain and genotype; a
worm's strain name as its id, a parent's id, "Mecp2-null" as an id and the controls' strain; a
weight at arrival or a vet check, a figure-making time as the start; "Cheers from Cambridge" as the
institution; talk stored ("WT littermate", "none for this one" and "pass on keywords" as keywords,
"is 'P60' okay ...?" as the age, "please write '...'" as the lab, "=>" kept in keywords). Both tests
are strict expected failures: the day one passes, its marker must go."""

from __future__ import annotations

import pytest

from tests.support.corpus import CORPUS, Score, load, score

SCORING_FILE = "free_text_scoring_15.yaml"

if not (CORPUS / SCORING_FILE).exists():
    pytest.skip("the fifteenth scoring file is written apart from the code", allow_module_level=True)

SCORING = load(SCORING_FILE)


@pytest.fixture(scope="module")
def result() -> Score:
    return score(SCORING)


@pytest.mark.xfail(strict=True, reason="46 wrong values on the fifteenth scoring file's one run; see the docstring")
def test_scoring_corpus_writes_no_wrong_value(result: Score) -> None:
    assert result.wrong == []


@pytest.mark.xfail(strict=True, reason="83.8% values read on the fifteenth scoring file's one run; see the docstring")
def test_scoring_corpus_reads_at_least_90_percent(result: Score, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SCORING) >= 200
    with capsys.disabled():
        print("\n" + result.summary("Scoring corpus"))
        for line in result.wrong:
            print("   WRONG", line)
    assert result.value_recall >= 0.9 and result.recall >= 0.9
