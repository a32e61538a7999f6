"""Metadata-only correction rounds derive the next version from the previous one (the data copied as
they are, compressed chunks untouched) and give the same file a full conversion would; every other
round converts again, and says why."""

from __future__ import annotations

from pathlib import Path

import h5py
import pytest

from agentic_neurodata.agents.conversion.writing import derive, rounds
from agentic_neurodata.agents.conversion.writing.versions import sha256_of
from agentic_neurodata.contracts import conversion
from agentic_neurodata.domain import VersionOrigin
from agentic_neurodata.runtime import build_runtime
from agentic_neurodata.sample_data import add_sample_nidq, sample_units, write_sample_session, write_sample_spikeglx
from agentic_neurodata.state import WorkflowStatus
from tests.support.formats import START
from tests.support.nwb_compare import datasets_differ, inspector_findings, pynwb_view
from tests.support.sessions import unit_electrode_rows
from tests.support.settings import FULL_METADATA, make_settings

pytestmark = pytest.mark.slow

CORRECTED = {
    **FULL_METADATA,
    "device_description": "Neuropixels 1.0 probe, made by imec",
    "electrode_group_description": "The probe's single shank",
}


@pytest.fixture(scope="module")
def two_streams(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SpikeGLX run with AP, LF and a NIDQ board: several streams composed into one file."""
    run = write_sample_spikeglx(tmp_path_factory.mktemp("upload"))
    add_sample_nidq(run, active_lines=(2,))
    return run


def _session(base: Path, run: Path):
    runtime = build_runtime(make_settings(base), in_background=False)
    runtime.store.begin_session("s1", str(run), str(base / "out"))
    return runtime, runtime.call(conversion.DETECT_FORMAT, input_path=str(run))


def _beside(version: conversion.ConvertedVersion, which: str) -> str:
    path = getattr(version, which)
    assert path, f"no {which}"
    return Path(path).read_text(encoding="utf-8")


def _same_file(text: str, version: conversion.ConvertedVersion) -> str:
    """A text beside a version with what differs between any two files left out (name, identifier)."""
    lines = text.replace(Path(version.path).stem, "<file>").splitlines()
    return "\n".join(line for line in lines if not line.strip().startswith("identifier:"))


def _raw_chunks(path: str, name: str) -> list[bytes]:
    with h5py.File(path, "r") as handle:
        dataset = handle[name]
        offsets = [dataset.id.get_chunk_info(i).chunk_offset for i in range(dataset.id.get_num_chunks())]
        return [dataset.id.read_direct_chunk(offset)[1] for offset in offsets]


def test_a_metadata_only_round_derives_the_same_file_a_full_conversion_writes(two_streams: Path, tmp_path: Path):
    runtime, found = _session(tmp_path / "rounds", two_streams)
    v1 = runtime.call(conversion.CONVERT, input_path=str(two_streams), detection_result=found, metadata=START)
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata=CORRECTED)

    assert v2.made_by == VersionOrigin.DERIVATION and v2.derived_from == 1
    assert {c.name for c in v2.changes} == set(CORRECTED) - set(START)
    assert next(c for c in v2.changes if c.name == "subject_id").old is None
    assert "only metadata changed" in (v2.why or "")
    recorded = runtime.store.snapshot().versions[-1]
    assert recorded.derived_from == 1 and recorded.changes == v2.changes and recorded.sha256 == sha256_of(Path(v2.path))
    logged = [entry.message for entry in runtime.store.logs()]
    assert any(message.startswith("Metadata-only round: only metadata changed") for message in logged)
    # Not decoded or compressed again: the compressed chunks are the previous version's, byte for byte.
    data = "/acquisition/ElectricalSeriesAP/data"
    assert _raw_chunks(v2.path, data) == _raw_chunks(v1.path, data)
    with h5py.File(v1.path, "r") as first, h5py.File(v2.path, "r") as derived:  # a file on its own (DANDI)
        links: list[str] = []
        derived.visit_links(
            lambda name: links.append(name) if derived.get(name, getlink=True).__class__ is h5py.ExternalLink else None
        )
        assert links == [] and derived["identifier"][()] != first["identifier"][()]

    other, found_again = _session(tmp_path / "full", two_streams)
    full = other.call(conversion.CONVERT, input_path=str(two_streams), detection_result=found_again, metadata=CORRECTED)
    assert full.made_by == VersionOrigin.CONVERSION
    assert datasets_differ(Path(v2.path), Path(full.path)) == []
    assert pynwb_view(Path(v2.path)) == pynwb_view(Path(full.path))
    assert inspector_findings(Path(v2.path)) == inspector_findings(Path(full.path))
    assert "check_subject_exists" not in {finding[0] for finding in inspector_findings(Path(v2.path))}

    # A round that changes data options converts again; the next metadata-only round derives from that one.
    v3 = runtime.call(conversion.APPLY_CORRECTIONS, metadata=CORRECTED, options={"drop_empty_tables": True})
    assert v3.made_by == VersionOrigin.CONVERSION and v3.derived_from is None
    assert "conversion options changed (drop_empty_tables)" in (v3.why or "")
    assert [(c.name, c.kind, c.old, c.new) for c in v3.changes] == [("drop_empty_tables", "option", None, True)]
    v4 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={**CORRECTED, "lab": "Jones Lab"})
    assert v4.made_by == VersionOrigin.DERIVATION and v4.derived_from == 3
    assert pynwb_view(Path(v4.path))["NWBFile:None/root"]["lab"] == "Jones Lab"
    # A value the derivation does not know how to write converts again.
    v5 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={**CORRECTED, "cell_id": "c1"})
    assert v5.made_by == VersionOrigin.CONVERSION and "cannot write cell_id" in (v5.why or "")
    runtime.close()
    other.close()


def test_a_whole_session_derives_what_a_full_conversion_writes_and_a_stream_left_out_converts_again(tmp_path: Path):
    """Issue 13's sessions: SpikeGLX, a Kilosort sorting whose units NeuroConv's SortedRecordingConverter
    links to the probe's electrodes, and a trials table, in one file. A metadata-only round copies all of
    it; leaving a stream out at the decision changes the data, so that round converts again."""
    from pynwb import NWBHDF5IO

    upload = write_sample_session(tmp_path / "upload")
    runtime, found = _session(tmp_path / "rounds", upload)
    found = runtime.call(conversion.COMPLETE_DETECTION, choice="KiloSortSortingInterface")
    assert found.composed and len(found.included_streams()) == 3
    v1 = runtime.call(conversion.CONVERT, input_path=str(upload), detection_result=found, metadata=START)
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata=CORRECTED)
    assert v2.made_by == VersionOrigin.DERIVATION and v2.derived_from == 1, v2.why
    assert v2.streams == v1.streams and [s.name for s in v2.streams] == [s.name for s in found.included_streams()]
    assert Path(v2.metadata_path or "").read_text() != Path(v1.metadata_path or "").read_text()

    other, found_again = _session(tmp_path / "full", upload)
    found_again = other.call(conversion.COMPLETE_DETECTION, choice="KiloSortSortingInterface")
    full = other.call(conversion.CONVERT, input_path=str(upload), detection_result=found_again, metadata=CORRECTED)
    assert datasets_differ(Path(v2.path), Path(full.path)) == []
    assert pynwb_view(Path(v2.path)) == pynwb_view(Path(full.path))
    assert inspector_findings(Path(v2.path)) == inspector_findings(Path(full.path))
    # The files beside it too: the same final metadata (its identifier the file's own) and NeuroConv
    # specification (links and times included).
    for version in (v2, full):
        with h5py.File(version.path, "r") as handle:
            identifier = handle["identifier"][()].decode()
        assert f"identifier: {identifier}" in _beside(version, "metadata_path")
    for beside in ("metadata_path", "specification_path"):
        derived_text, full_text = (_beside(version, beside) for version in (v2, full))
        assert _same_file(derived_text, v2) == _same_file(full_text, full), beside
    with NWBHDF5IO(v2.path, "r") as io:
        nwbfile = io.read()
        assert nwbfile.subject.subject_id == CORRECTED["subject_id"] and len(nwbfile.trials) == 5
        assert [len(rows) for rows in unit_electrode_rows(nwbfile.units)] == [1] * len(sample_units())

    # At the decision after the evaluation (the service waits for the user), the trials are left out.
    runtime.store.set_status(WorkflowStatus.AWAITING_USER_INPUT, "test", "Decision after the evaluation")
    runtime.call(conversion.SET_STREAM_INCLUDED, name="CsvTimeIntervalsInterface", included=False)
    v3 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={**CORRECTED, "lab": "Jones Lab"})
    assert v3.made_by == VersionOrigin.CONVERSION
    assert "the session's streams changed (CsvTimeIntervalsInterface left out)" in (v3.why or "")
    assert ("CsvTimeIntervalsInterface", "stream", "included", "left out") in [
        (c.name, c.kind, c.old, c.new) for c in v3.changes
    ]
    assert [s.name for s in v3.streams] == ["SpikeGLXConverterPipe", "KiloSortSortingInterface"]
    with NWBHDF5IO(v3.path, "r") as io:
        nwbfile = io.read()
        assert nwbfile.trials is None and nwbfile.lab == "Jones Lab" and len(nwbfile.units) == len(sample_units())
    runtime.close()
    other.close()


def test_a_previous_version_changed_on_disk_is_converted_again(sample_run: Path, tmp_path: Path):
    runtime, found = _session(tmp_path, sample_run)
    v1 = runtime.call(conversion.CONVERT, input_path=str(sample_run), detection_result=found, metadata=START)
    with open(v1.path, "ab") as handle:
        handle.write(b"changed")
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={"subject_id": "m042"})
    assert v2.made_by == VersionOrigin.CONVERSION and "could not be derived" in (v2.why or "")
    assert any("Converting again" in entry.message for entry in runtime.store.logs())
    runtime.close()


def test_the_derivation_refuses_a_copy_whose_metadata_is_not_what_its_recipe_says(sample_run: Path, tmp_path: Path):
    runtime, found = _session(tmp_path, sample_run)
    v1 = runtime.call(conversion.CONVERT, input_path=str(sample_run), detection_result=found, metadata=START)
    recipe = runtime.store.snapshot().version_recipes[1]
    plan = rounds.plan_round(1, recipe, {**START, "lab": "Smith Lab"}, {}, recipe.reads)
    assert plan.derive and plan.edits is not None
    with h5py.File(v1.path, "r+") as handle:
        handle["general"].create_dataset("lab", data="Somebody else's lab")
    with pytest.raises(derive.DerivationRefused, match="/general/lab"):
        derive.derive_version(
            source=v1.path, output_path=str(tmp_path / "v2.nwb"), edits=plan.edits, progress=lambda *a: None
        )
    runtime.close()


def test_a_derived_version_reuses_the_report_figure_of_the_version_it_copies(sample_run: Path, tmp_path: Path):
    from agentic_neurodata.contracts import evaluation

    runtime, found = _session(tmp_path, sample_run)
    v1 = runtime.call(conversion.CONVERT, input_path=str(sample_run), detection_result=found, metadata=START)
    runtime.call(evaluation.EVALUATE, nwb_path=v1.path, version=1, with_report=False)
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata=CORRECTED)
    result = runtime.call(evaluation.EVALUATE, nwb_path=v2.path, version=2, same_data_as=v1.path)
    preview = runtime.router.get(evaluation.EVALUATE.agent)._preview  # type: ignore[union-attr]
    assert preview._drawn[v2.path] is preview._drawn[v1.path]  # taken, not drawn again
    assert result.overall_status.value.startswith("PASSED") and runtime.store.snapshot().report_path.endswith(".pdf")
    runtime.close()


def test_a_copy_the_derivation_refuses_is_converted_instead(sample_run: Path, tmp_path: Path):
    runtime, found = _session(tmp_path, sample_run)
    v1 = runtime.call(conversion.CONVERT, input_path=str(sample_run), detection_result=found, metadata=START)
    size = Path(v1.path).stat().st_size
    with h5py.File(v1.path, "r+") as handle:  # the device the new description is for is gone, the size stays
        device = next(iter(handle["general/devices"]))
        del handle[f"general/devices/{device}"]
    assert Path(v1.path).stat().st_size == size
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={**START, "device_description": "A probe"})
    assert v2.made_by == VersionOrigin.CONVERSION and "could not be derived" in (v2.why or "")
    assert f"/general/devices/{device} is not in the previous version" in (v2.why or "")
    assert any("v2 cannot be derived" in entry.message for entry in runtime.store.logs())
    runtime.close()


def test_a_round_that_converts_again_starts_from_the_previous_plan(sample_run: Path, tmp_path: Path):
    """The plan (which NeuroConv interfaces, with which arguments) is taken as the earlier round made it,
    not made again by opening and comparing every stream; shown with a plan that leaves a stream out."""
    from agentic_neurodata.agents.conversion.writing import runner
    from agentic_neurodata.agents.conversion.writing.plan import make_plan
    from tests.support.formats import write_settings

    source = {"folder_path": str(sample_run)}
    plan = make_plan("SpikeGLXConverterPipe", source)
    assert [s.name for s in plan.streams] == ["imec0.ap", "imec0.lf", "imec0.ap-SYNC"]
    given = plan.without({"imec0.ap-SYNC"})
    outcome = runner.run_conversion(
        "SpikeGLXConverterPipe",
        source,
        START,
        tmp_path / "x.nwb",
        lambda *a: None,
        write_settings(),
        base_plan=given.as_plain(),
    )
    assert outcome.base_plan == given
    with h5py.File(tmp_path / "x.nwb", "r") as handle:
        assert not [name for name in handle["acquisition"] if "Sync" in name]


def test_a_new_brain_area_for_groups_the_conversion_makes_up_is_converted_again(tmp_path: Path):
    """Blackrock's reader names no electrode group: NeuroConv makes one up from the recording, and where a
    brain area lands on such a group is the conversion's business, so that round converts again."""
    from agentic_neurodata.sample_data import write_sample_blackrock

    upload = write_sample_blackrock(tmp_path / "upload")
    runtime, found = _session(tmp_path / "svc", upload)
    runtime.call(conversion.CONVERT, input_path=str(upload), detection_result=found, metadata=START)
    v2 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={**START, "electrode_location": "CA1"})
    assert v2.made_by == VersionOrigin.CONVERSION
    assert "the electrode group ElectrodeGroup is not named in the metadata" in (v2.why or "")
    v3 = runtime.call(conversion.APPLY_CORRECTIONS, metadata={**START, "electrode_location": "CA1", "lab": "L"})
    assert v3.made_by == VersionOrigin.DERIVATION  # the same area again: only the lab changed
    runtime.close()


ROUND = {
    **FULL_METADATA,
    "device_description": "The acquisition system",
    "electrode_group_description": "The electrodes",
    "keywords": ["derived", "round"],
}


def _sample_cases() -> list[tuple[str, object]]:
    from agentic_neurodata.sample_data import SAMPLES
    from tests.support.paths import REALDATA

    cases: list[tuple[str, object]] = [(s.name, s.write) for s in SAMPLES if s.name != "spikeglx"]
    cases.append(("real intan", lambda root: REALDATA / "intan" / "sampledata_v1_2021-04-20.rhd"))
    return cases


@pytest.mark.parametrize("name,write", _sample_cases(), ids=[name for name, _ in _sample_cases()])
def test_every_format_derives_what_a_full_conversion_writes_or_converts_again(name: str, write, tmp_path: Path):
    """Measured: the Intan (generated and real), Neuralynx and NeuroScope rounds derive; Open Ephys binary,
    Blackrock and EDF convert again (their electrode groups are made up by NeuroConv, see above)."""
    upload = write(tmp_path / "upload")
    runtime, found = _session(tmp_path / "rounds", upload)
    if found.needs_choice:
        found = runtime.call(conversion.COMPLETE_DETECTION, choice=found.alternatives[0].choice_id)
    runtime.call(conversion.CONVERT, input_path=str(upload), detection_result=found, metadata=START)
    derived = runtime.call(conversion.APPLY_CORRECTIONS, metadata=ROUND)
    other, found_again = _session(tmp_path / "full", upload)
    if found_again.needs_choice:
        found_again = other.call(conversion.COMPLETE_DETECTION, choice=found.choice_id or found.interface)
    full = other.call(conversion.CONVERT, input_path=str(upload), detection_result=found_again, metadata=ROUND)
    if derived.made_by == VersionOrigin.DERIVATION:
        assert datasets_differ(Path(derived.path), Path(full.path)) == []
        assert pynwb_view(Path(derived.path)) == pynwb_view(Path(full.path))
        assert inspector_findings(Path(derived.path)) == inspector_findings(Path(full.path))
    else:  # converted again: said why
        assert derived.why and "converted" in derived.why
    runtime.close()
    other.close()


def test_the_users_round_on_a_whole_session_derives_and_its_report_lists_the_streams(tmp_path: Path):
    """The correction round bench_pipeline.py times, through REST, on the generated session: upload
    without the subject, "just convert", approve the correction, answer the subject. The round derives
    v2 from v1, and the report written for v2 lists the streams it was written from."""
    from io import BytesIO

    from fastapi.testclient import TestClient
    from pypdf import PdfReader

    from agentic_neurodata.api.app import create_app
    from tests.support.server import multipart_files, settled, status_of, wait_until

    subject = ("subject_id", "species", "sex", "age")
    run = write_sample_session(tmp_path / "made")
    given = {k: v for k, v in FULL_METADATA.items() if k not in subject}
    with TestClient(create_app(make_settings(tmp_path / "svc"))) as client:

        def answered(path: str, body: dict, until) -> dict:  # type: ignore[no-untyped-def]
            assert client.post(path, json=body).status_code == 200
            return wait_until(lambda: status_of(client), lambda s: settled(s) and until(s), timeout=300)

        def asks(*kinds: str):  # type: ignore[no-untyped-def]
            return lambda s: s["status"] == "completed" or (s["pending_request"] or {}).get("type") in kinds

        assert client.post("/api/upload", files=multipart_files(run), data=given).status_code == 202
        asked = wait_until(lambda: status_of(client), settled, timeout=300)
        assert asked["pending_request"]["type"] == "format_selection", asked["message"]
        answered("/api/user-input", {"fields": {"format": "KiloSortSortingInterface"}}, asks("metadata"))
        first = answered("/api/user-input", {"message": "just convert"}, asks("retry_approval"))
        assert first["pending_request"]["type"] == "retry_approval", first["message"]
        approved = answered("/api/retry-approval", {"approved": True}, asks("user_input", "retry_approval"))
        fields = {f["name"]: FULL_METADATA[f["name"]] for f in approved["pending_request"]["fields"]}
        second = answered(
            "/api/user-input",
            {"fields": {**fields, **{k: FULL_METADATA[k] for k in subject}}},
            lambda s: len(s["versions"]) >= 2,
        )
        v1, v2 = second["versions"]
        assert v2["made_by"] == "derivation" and v2["derived_from"] == 1, v2["why"]
        assert [s["name"] for s in v2["streams"]] == [s["name"] for s in v1["streams"]]
        assert len(v2["streams"]) == 3 and second["file_info"]["subject"]["subject_id"] == "m042"
        report = client.get("/api/download/report")
        assert report.status_code == 200, report.text
        if report.content.startswith(b"%PDF"):
            text = "".join(page.extract_text() for page in PdfReader(BytesIO(report.content)).pages)
            streams = text.replace("\n", "")
        else:
            streams = " ".join(s["interface"] for s in report.json()["streams"])
        for reader in ("SpikeGLXConverterPipe", "KiloSortSortingInterface", "CsvTimeIntervalsInterface"):
            assert reader in streams
