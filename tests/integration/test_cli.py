"""`agentic-neurodata convert`: exit codes, --json, metadata files, and questions on a terminal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from agentic_neurodata.metadata.fields import get_field
from tests.support.cli_terminal import converse, run_cli
from tests.support.paths import REALDATA
from tests.support.settings import FULL_METADATA

pytestmark = pytest.mark.slow


def test_without_a_terminal_it_never_waits_and_lists_what_is_missing(tmp_path: Path, sample_run: Path) -> None:
    done = run_cli(tmp_path, str(sample_run))
    assert done.returncode == 2, done.stderr
    for field in ("subject_id", "species", "sex", "age", "session_description", "session_start_time"):
        assert f"- {field} (required)" in done.stderr
    assert "--set KEY=VALUE" in done.stderr


def test_metadata_file_and_accept_warnings_convert_with_a_json_summary(tmp_path: Path, sample_run: Path) -> None:
    metadata = tmp_path / "metadata.yaml"
    metadata.write_text(yaml.safe_dump(FULL_METADATA))
    out = tmp_path / "converted"
    done = run_cli(
        tmp_path, str(sample_run), "--metadata", str(metadata), "--accept-warnings", "--json", "--output-dir", str(out)
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["status"] == "completed"
    assert summary["validation_status"] in ("passed", "passed_accepted")
    nwb = Path(summary["nwb_file"])
    assert nwb.parent == out and nwb.name == "sample_run_g0_v1.nwb" and len(summary["sha256"]) == 64
    assert Path(summary["report"]).suffix == ".pdf"
    if summary["validation_status"] == "passed_accepted":
        # Kept as it is, as said before converting: no decision waited for, so the report is written once.
        events = [json.loads(line) for log in (tmp_path / "logs").rglob("events.jsonl") for line in log.open()]
        written = [e for e in events if str(e.get("message", "")).startswith("Report written")]
        assert len(written) == 1, [e.get("message") for e in events]


def test_warnings_without_accept_exit_2_and_say_how_to_accept(tmp_path: Path, sample_run: Path) -> None:
    pairs = [arg for key, value in FULL_METADATA.items() for arg in ("--set", f"{key}={value}")]
    done = run_cli(tmp_path, str(sample_run), *pairs)
    # The sample with full metadata still gets best-practice suggestions (e.g. a subject description).
    assert done.returncode == 2, done.stderr
    assert "Input needed" in done.stderr and "--accept-warnings" in done.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["/no/such/folder"], "is not a folder"),
        (["{sample}", "--set", "species"], "write KEY=VALUE"),
        (["{sample}", "--metadata", "missing.yaml"], "no file"),
        (["{sample}", "--format", "NoSuchInterface"], "NoSuchInterface"),
    ],
)
def test_bad_input_exits_2_with_a_specific_message(
    tmp_path: Path, sample_run: Path, args: list[str], words: str
) -> None:
    done = run_cli(tmp_path, *[a.replace("{sample}", str(sample_run)) for a in args], "--json")
    assert done.returncode == 2
    assert words in done.stderr or words in done.stdout


def test_forced_format_skips_the_choice(tmp_path: Path) -> None:
    done = run_cli(
        tmp_path,
        str(REALDATA / "phy_kilosort" / "bme410"),
        "--format",
        "KiloSortSortingInterface",
        "--set",
        "session_start_time=2021-06-02T10:15:00+01:00",
        "--json",
    )
    summary = json.loads(done.stdout)
    assert done.returncode == 2 and summary["pending_request"]["type"] == "metadata", done.stderr
    assert "KiloSortSortingInterface" in done.stderr or summary["versions"] == []


def test_on_a_terminal_it_asks_and_shows_progress(tmp_path: Path, sample_run: Path) -> None:
    answers = {
        "subject_id": "m042",
        "species": "mouse",
        "sex": "female",
        "age": "12 weeks",
        "session_description": "Neuropixels recording in V1",
        "session_start_time": "2024-03-05 14:30 EST",
    }

    skipped: list[str] = []

    def reply(field: str | None, context: str) -> str:
        if field:
            if field not in answers:
                skipped.append(field)
            return answers.get(field, "")
        return "2" if "Accept as is" in context else "1"

    code, seen = converse(tmp_path, [str(sample_run)], reply)
    assert code == 0, seen[-3000:]
    assert "subject_id (required)" in seen and "Result:" in seen and "NWB file:" in seen
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen)
    # Each thing said once: the question, the proposal and the ending (not as event, chat turn and prompt).
    assert text.count("Before I convert") == 1, text[-4000:]
    assert text.count("Attempt 1: the file") == 1, text[-4000:]
    assert text.count("Accepted as is by you") == 1, text[-4000:]
    # Values skipped a minute earlier are not "needed from you" in the proposal.
    proposal = text.split("Attempt 1: the file", 1)[1].split("Choose:", 1)[0]
    needed = proposal.split("I need from you:", 1)[1].split(".", 1)[0] if "I need from you:" in proposal else ""
    assert skipped and not [f for f in skipped if (get_field(f).label if get_field(f) else f) in needed], proposal
    # Every stage's bar ends at 100 % (they stopped at 95, 30 and 80 % before).
    for stage in ("conversion", "evaluation", "report generation"):
        shown = re.findall(rf"{stage} +[^\d\n%]{{0,80}}?(\d+)%", text)
        assert shown and shown[-1] == "100", (stage, shown)
