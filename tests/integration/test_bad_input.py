"""Bad input: each case gives a clear, specific message, loses nothing and leaves the service usable."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from agentic_neurodata.agents.conversion.detection.detector import detect
from agentic_neurodata.contracts import conversion
from agentic_neurodata.errors import ConversionError, FormatDetectionError
from agentic_neurodata.sample_data import write_sample_intan, write_sample_spikeglx
from tests.support.formats import START
from tests.support.paths import ROOT

pytestmark = pytest.mark.slow


def _detect_error(path: Path) -> str:
    with pytest.raises(FormatDetectionError) as caught:
        detect(path)
    return caught.value.message


def test_empty_upload(tmp_path: Path, sample_run: Path) -> None:
    (tmp_path / "empty").mkdir()
    message = _detect_error(tmp_path / "empty")
    assert message == (
        "The upload holds no files. Upload the recording folder your acquisition system wrote, e.g. a "
        "SpikeGLX run folder with its .bin and .meta files."
    )
    assert detect(sample_run).interface == "SpikeGLXConverterPipe"  # still usable


def test_only_unrelated_files(tmp_path: Path) -> None:
    upload = tmp_path / "notes"
    upload.mkdir()
    (upload / "notes.txt").write_text("mouse 12, good session")
    shutil.copy(ROOT / "README.md", upload / "readme.md")
    (upload / "photo.png").write_bytes(bytes.fromhex("89504e470d0a1a0a") + b"\0" * 64)
    message = _detect_error(upload)
    assert "No recording format" in message and "notes.txt" in message and "photo.png" in message
    assert "for example a SpikeGLX run folder" in message
    assert sorted(p.name for p in upload.iterdir()) == ["notes.txt", "photo.png", "readme.md"]


def test_zero_length_bin(tmp_path: Path) -> None:
    upload = tmp_path / "zero"
    upload.mkdir()
    (upload / "recording.bin").write_bytes(b"")
    message = _detect_error(upload)
    assert "empty (0 bytes): recording.bin" in message and "upload the complete files" in message


def test_zero_length_data_file_next_to_its_header(tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "zero_ap")
    next(run.rglob("*.ap.bin")).write_bytes(b"")
    message = _detect_error(run)
    assert "SpikeGLX" in message and "no samples" in message
    assert "Empty files (0 bytes): sample_run_g0_imec0/sample_run_g0_t0.imec0.ap.bin" in message


def test_truncated_bin(tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "cut")
    ap = next(run.rglob("*.ap.bin"))
    ap.write_bytes(ap.read_bytes()[: ap.stat().st_size // 2 + 7])
    message = _detect_error(run)
    assert "SpikeGLXConverterPipe" in message and "could not read" in message
    assert "truncated" in message and "upload the complete file" in message


def test_corrupted_header(tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "broken")
    next(run.rglob("*.ap.meta")).write_text("garbage\x00\x01 this is not a SpikeGLX header\n")
    message = _detect_error(run)
    assert "SpikeGLXConverterPipe" in message and "KeyError" in message
    assert "header is missing a field" in message


def test_two_formats_in_one_folder_ask_which_one_and_convert_only_it(runtime, tmp_path: Path) -> None:
    upload = tmp_path / "mixed"
    write_sample_spikeglx(upload)
    write_sample_intan(upload)
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(upload))
    assert found.needs_choice and "2 recordings that NeuroConv cannot write into one NWB file" in found.explanation
    assert [a.choice_id for a in found.alternatives] == ["SpikeGLXConverterPipe", "IntanConverter"]
    done = runtime.call(conversion.COMPLETE_DETECTION, choice="IntanConverter")
    assert done.files == ["sample_intan.rhd"]
    version = runtime.call(conversion.CONVERT, input_path=str(upload), detection_result=done, metadata=START)
    assert Path(version.path).exists()


def test_file_vanishing_mid_conversion_keeps_earlier_versions_and_leaves_no_partial(runtime, tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "upload")
    found = runtime.call(conversion.DETECT_FORMAT, input_path=str(run))
    v1 = runtime.call(conversion.CONVERT, input_path=str(run), detection_result=found, metadata=START)
    v1_hash = hashlib.sha256(Path(v1.path).read_bytes()).hexdigest()
    lf = next(run.rglob("*.lf.bin"))

    def remove_during_write(event: dict) -> None:
        if event["type"] == "progress" and event["metadata"].get("bytes_done") and lf.exists():
            lf.unlink()

    runtime.store.subscribe(remove_during_write)
    with pytest.raises(ConversionError) as caught:
        runtime.call(conversion.CONVERT, input_path=str(run), detection_result=found, metadata=START)
    runtime.store.unsubscribe(remove_during_write)
    assert "sample_run_g0_t0.imec0.lf.bin vanished" in caught.value.message and "discarded" in caught.value.message
    assert "Upload the recording again" in caught.value.message
    outputs = sorted(p.name for p in Path(v1.path).parent.iterdir())
    assert outputs == ["sample_run_g0_v1.metadata.yml", "sample_run_g0_v1.neuroconv.yml", "sample_run_g0_v1.nwb"]
    assert hashlib.sha256(Path(v1.path).read_bytes()).hexdigest() == v1_hash
    assert [v.version for v in runtime.store.snapshot().versions] == [1]
    # Before the write starts, a missing file is named too; the rest of the upload is untouched.
    with pytest.raises(ConversionError, match=r"missing: .*imec0\.lf\.bin"):
        runtime.call(conversion.CONVERT, input_path=str(run), detection_result=found, metadata=START)
    assert next(run.rglob("*.ap.bin")).stat().st_size > 0


CHILD = textwrap.dedent("""
    import json, resource, signal, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from tests.support.settings import make_settings
    from agentic_neurodata.runtime import build_runtime
    from agentic_neurodata.contracts import conversion
    from agentic_neurodata.errors import ServiceError
    from agentic_neurodata import isolation
    base, run = Path(sys.argv[1]), sys.argv[2]
    rt = build_runtime(make_settings(base / "svc"), in_background=False)
    rt.store.begin_session("s1", run, str(base / "out"))
    found = rt.call(conversion.DETECT_FORMAT, input_path=run)
    meta = {"session_start_time": "2024-03-05T14:30:00-05:00"}
    v1 = rt.call(conversion.CONVERT, input_path=run, detection_result=found, metadata=meta)
    # A real limit: from here no file of this process may grow past 1 MB (the NWB file needs ~2.6 MB).
    # The conversion runs in a worker forked from the forkserver: restart it so it takes the limit.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, resource.RLIM_INFINITY))
    isolation.shutdown()
    try:
        rt.call(conversion.CONVERT, input_path=run, detection_result=found, metadata=meta)
        error = None
    except ServiceError as exc:
        error = {"code": exc.error_code, "status": exc.status_code, "message": exc.message}
    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    isolation.shutdown()
    v3 = rt.call(conversion.CONVERT, input_path=run, detection_result=found, metadata=meta)
    print(json.dumps({"error": error, "v1": v1.model_dump(mode="json"), "v3": v3.model_dump(mode="json"),
                      "outputs": sorted(p.name for p in (base / "out").glob("*.nwb"))}))
""")


def test_disk_full_gives_a_clear_message_and_keeps_everything(tmp_path: Path) -> None:
    run = write_sample_spikeglx(tmp_path / "upload")
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path), str(run), str(ROOT / "tests")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    error = result["error"]
    assert error and error["code"] == "insufficient_storage" and error["status"] == 507
    assert "not enough disk space" in error["message"] and "OUTPUT_DIR" in error["message"]
    assert "untouched" in error["message"]
    # v1 intact, the failed attempt left nothing (not even its number), and the service went on.
    assert result["outputs"] == ["sample_run_g0_v1.nwb", "sample_run_g0_v2.nwb"]
    assert hashlib.sha256(Path(result["v1"]["path"]).read_bytes()).hexdigest() == result["v1"]["sha256"]
