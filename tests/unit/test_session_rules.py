"""The rules of whole sessions, without NeuroConv: which recording a sorting was made from, names that
never collide, which recordings may be separate sessions, and leaving a stream out."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest

from agentic_neurodata.agents.conversion.detection.choice import set_included
from agentic_neurodata.agents.conversion.detection.facts import MemberFacts, ReaderFacts
from agentic_neurodata.agents.conversion.detection.links import (
    RecordingChoice,
    SorterLayout,
    match,
    read_params,
    sorter_layout,
)
from agentic_neurodata.agents.conversion.detection.session import Part, _separate_sessions, member_names
from agentic_neurodata.domain import DetectionResult, SessionStream, StreamKind, StreamLink
from agentic_neurodata.errors import BadInputError

AP = RecordingChoice("imec0.ap", 32, 30000.0, 90000, frozenset({"run_g0_t0.imec0.ap.bin", "run_g0_t0.imec0.ap.meta"}))
LF = RecordingChoice("imec0.lf", 32, 2500.0, 7500, frozenset({"run_g0_t0.imec0.lf.bin"}))
UPLOAD = frozenset({"run_g0_t0.imec0.ap.bin", "run_g0_t0.imec0.lf.bin", "params.py"})


def layout(channels: int | None = 33, used: int = 32, rate: float | None = 30000.0, dat: str | None = None):
    return SorterLayout(Path("kilosort"), channels, tuple(range(used)), rate, dat)


def test_a_sorting_matches_the_recording_it_was_sorted_from() -> None:
    found = match(layout(dat="run_g0_t0.imec0.ap.bin"), 30000.0, (15, 89000), [AP, LF], UPLOAD)
    assert found.recording == AP and found.problem is None
    assert "params.py names run_g0_t0.imec0.ap.bin" in found.reason
    # Without dat_path the rate and channels still single out the AP band.
    assert match(layout(), 30000.0, None, [AP, LF], UPLOAD).recording == AP


def test_a_sorting_of_other_channels_or_rate_is_not_linked_and_says_why() -> None:
    other = match(layout(channels=72, used=72), 30000.0, None, [AP, LF], UPLOAD)
    assert other.recording is None
    assert "the sorting was made from 72 channels, imec0.ap has 32" in other.reason
    assert "imec0.lf is sampled at 2500 Hz, the sorting at 30000 Hz" in other.reason
    assert "no params.py" in match(None, 30000.0, None, [AP], UPLOAD).reason
    assert "no recording" in match(layout(), 30000.0, None, [], UPLOAD).reason


def test_params_naming_a_file_of_the_upload_decides_between_two_probes() -> None:
    second = RecordingChoice("imec1.ap", 32, 30000.0, 90000, frozenset({"run_g0_t0.imec1.ap.bin"}))
    upload = UPLOAD | {"run_g0_t0.imec1.ap.bin"}
    assert "equally well" in match(layout(), 30000.0, None, [AP, second], upload).reason
    assert match(layout(dat="run_g0_t0.imec1.ap.bin"), 30000.0, None, [AP, second], upload).recording == second
    # A dat_path written on the sorting machine that names no uploaded file says nothing.
    assert match(layout(dat="D:\\\\data\\\\elsewhere.bin"), 30000.0, None, [AP], upload).recording == AP


def test_spikes_after_the_recording_end_are_bad_input_naming_the_file() -> None:
    found = match(layout(), 30000.0, (10, 120000), [AP], UPLOAD)
    assert found.recording == AP
    assert found.problem is not None and found.problem.startswith("spike_times.npy has spikes up to sample 120000")
    assert "90000 samples, 3.000 s" in found.problem


def test_params_py_is_read_without_running_it(tmp_path: Path) -> None:
    (tmp_path / "params.py").write_text(
        "import os\nos.remove('x')\n"
        "dat_path = r'C:\\\\sorts\\\\run.ap.bin'\nn_channels_dat = 385\nsample_rate = 30000.\n"
    )
    np.save(tmp_path / "channel_map.npy", np.arange(384, dtype=np.int32)[:, None])
    assert read_params(tmp_path / "params.py") == {
        "dat_path": "C:\\\\sorts\\\\run.ap.bin",
        "n_channels_dat": 385,
        "sample_rate": 30000.0,
    }
    found = sorter_layout({"folder_path": str(tmp_path)})
    assert found is not None and (found.dat_channels, len(found.channel_map), found.dat_file) == (
        385,
        384,
        "run.ap.bin",
    )
    assert sorter_layout({"folder_path": str(tmp_path / "none")}) is None


def test_converter_members_keep_their_names_unless_two_streams_share_one() -> None:
    names = member_names(
        [("SpikeGLXConverterPipe", True, ["imec0.ap", "imec0.lf"]), ("PhySortingInterface", False, ["Phy"])]
    )
    assert names == {
        ("SpikeGLXConverterPipe", "imec0.ap"): "imec0.ap",
        ("SpikeGLXConverterPipe", "imec0.lf"): "imec0.lf",
        ("PhySortingInterface", "Phy"): "PhySortingInterface",
    }
    twice = member_names([("a", True, ["imec0.ap"]), ("b", True, ["imec0.ap"])])
    assert set(twice.values()) == {"a:imec0.ap", "b:imec0.ap"}


@dataclass
class _Proposal:
    scope: str
    cls: type = object


@dataclass
class _Outcome:
    facts: ReaderFacts


@dataclass
class _Found:
    proposal: _Proposal
    outcome: _Outcome
    paths: frozenset[str] = field(default_factory=frozenset)


def _part(scope: str, kind: StreamKind, start: datetime | None = None, subject: str | None = None) -> Part:
    facts = ReaderFacts(members=[MemberFacts(scope, kind, channel_ids=["1"])], start_time=start, subject_id=subject)
    return Part(_Found(_Proposal(scope), _Outcome(facts)))  # type: ignore[arg-type]


def test_recordings_are_one_session_only_when_their_files_say_so() -> None:
    morning, evening = datetime(2024, 3, 5, 9), datetime(2024, 3, 5, 17)
    sorting = _part("sorting", StreamKind.SORTING)
    assert _separate_sessions([_part("a", StreamKind.RECORDING, morning), sorting]) is None
    assert (
        _separate_sessions([_part("a", StreamKind.RECORDING, morning), _part("b", StreamKind.RECORDING, evening)])
        is None
    )
    days = _separate_sessions(
        [_part("a", StreamKind.RECORDING, morning), _part("b", StreamKind.RECORDING, datetime(2024, 3, 6)), sorting]
    )
    assert days is not None and "different dates (2024-03-05, 2024-03-06)" in days.reason
    assert days.groups == [[0, 2], [1, 2]]  # the sorting belongs to either
    assert days.together and not days.likely_one  # offered, not recommended: DANDI keeps a session per file
    subjects = _separate_sessions(
        [_part("a", StreamKind.RECORDING, morning, "m1"), _part("b", StreamKind.RECORDING, morning, "m2")]
    )
    assert subjects is not None and "different subjects (m1, m2)" in subjects.reason
    assert not subjects.together  # one file holds one subject: together would credit both to one
    undated = _separate_sessions([_part("a", StreamKind.RECORDING, morning), _part("b.rhd", StreamKind.RECORDING)])
    assert undated is not None and "b.rhd do not say when the recording started" in undated.reason
    assert undated.together and undated.likely_one


def _session() -> DetectionResult:
    streams = [
        SessionStream(
            name="SpikeGLXConverterPipe",
            interface="SpikeGLXConverterPipe",
            kind=StreamKind.RECORDING,
            source_data={"folder_path": "/u/run"},
            files=["run/a.bin"],
        ),
        SessionStream(
            name="PhySortingInterface",
            interface="PhySortingInterface",
            kind=StreamKind.SORTING,
            source_data={"folder_path": "/u/sorting"},
            files=["sorting/spike_times.npy"],
            link=StreamLink(linked=True, recording="imec0.ap", reason="matches"),
        ),
        SessionStream(
            name="broken",
            interface="PhySortingInterface",
            kind=StreamKind.SORTING,
            included=False,
            problem="broken is missing params.py",
            files=["broken/spike_times.npy"],
        ),
    ]
    return DetectionResult(
        interface="SpikeGLXConverterPipe",
        source_data={"folder_path": "/u/run"},
        streams=streams,
        files=["run/a.bin", "sorting/spike_times.npy"],
        explanation="One session in 2 streams",
    )


def test_a_stream_is_left_out_and_put_back_and_the_main_stream_follows() -> None:
    without = set_included(_session(), "PhySortingInterface", included=False)
    assert [s.name for s in without.included_streams()] == ["SpikeGLXConverterPipe"] and not without.composed
    assert without.files == ["run/a.bin"] and "PhySortingInterface left out by the user." in without.explanation
    back = set_included(without, "PhySortingInterface", included=True)
    assert back.composed and "put back" in back.explanation and "left out by" not in back.explanation
    main_out = set_included(_session(), "SpikeGLXConverterPipe", included=False)
    assert (main_out.interface, main_out.source_data) == ("PhySortingInterface", {"folder_path": "/u/sorting"})


def test_what_cannot_be_read_stays_out_and_the_last_stream_stays_in() -> None:
    with pytest.raises(BadInputError, match=r"broken cannot be converted: broken is missing params\.py"):
        set_included(_session(), "broken", included=True)
    alone = set_included(_session(), "PhySortingInterface", included=False)
    with pytest.raises(BadInputError, match="only stream left"):
        set_included(alone, "SpikeGLXConverterPipe", included=False)
    with pytest.raises(BadInputError, match=r"no stream named 'nope'\. Its streams: SpikeGLXConverterPipe"):
        set_included(_session(), "nope", included=False)
    with pytest.raises(BadInputError, match="Answer the format question first"):
        set_included(_session().model_copy(update={"needs_choice": True}), "PhySortingInterface", included=False)
