"""Heavy work runs in a child process: results, progress, errors, cancel, and no orphans."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest

from agentic_neurodata.errors import BadInputError, WorkflowCancelled
from agentic_neurodata.isolation import ChildFailed, run_isolated

HERE = __name__


def counting_job(n: int, progress) -> dict:  # type: ignore[no-untyped-def]
    for i in range(n):
        progress(100.0 * (i + 1) / n, f"step {i + 1}", bytes_done=i + 1)
    return {"pid": os.getpid(), "n": n}


def refusing_job(progress) -> None:  # type: ignore[no-untyped-def]
    raise BadInputError("the header is corrupted", details={"file": "x.meta"})


def crashing_job(progress) -> None:  # type: ignore[no-untyped-def]
    raise KeyError("custom_channel_name")


def endless_job(pid_file: str, progress) -> None:  # type: ignore[no-untyped-def]
    Path(pid_file).write_text(str(os.getpid()))
    while True:
        progress(1.0, "still working")
        time.sleep(0.05)


def niceness_job(progress) -> int:  # type: ignore[no-untyped-def]
    return os.nice(0)


def test_work_yields_the_cpu_unless_it_is_short_and_waited_for() -> None:
    from agentic_neurodata.isolation import WORKER_NICENESS

    ours = os.nice(0)
    assert run_isolated(f"{HERE}:niceness_job", {}, lambda *a, **k: None, lambda: False) == ours + WORKER_NICENESS
    assert run_isolated(f"{HERE}:niceness_job", {}, lambda *a, **k: None, lambda: False, niceness=0) == ours


def test_result_and_progress_come_back_from_another_process() -> None:
    seen = []
    result = run_isolated(f"{HERE}:counting_job", {"n": 3}, lambda *a, **k: seen.append((a, k)), lambda: False)
    assert result["n"] == 3 and result["pid"] != os.getpid()
    assert seen == [
        ((100 / 3, "step 1"), {"bytes_done": 1}),
        ((200 / 3, "step 2"), {"bytes_done": 2}),
        ((100.0, "step 3"), {"bytes_done": 3}),
    ]


def test_service_errors_keep_their_type_and_details() -> None:
    with pytest.raises(BadInputError) as caught:
        run_isolated(f"{HERE}:refusing_job", {}, lambda *a, **k: None, lambda: False)
    assert caught.value.details == {"file": "x.meta"} and caught.value.status_code == 422


def test_other_errors_name_the_exception() -> None:
    with pytest.raises(ChildFailed) as caught:
        run_isolated(f"{HERE}:crashing_job", {}, lambda *a, **k: None, lambda: False)
    assert "KeyError" in caught.value.message and "custom_channel_name" in caught.value.message


def test_cancel_terminates_the_child(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    started = time.monotonic()
    with pytest.raises(WorkflowCancelled):
        run_isolated(
            f"{HERE}:endless_job",
            {"pid_file": str(pid_file)},
            lambda *a, **k: None,
            lambda: pid_file.exists() and time.monotonic() - started > 0.3,
        )
    child = int(pid_file.read_text())
    assert not psutil.pid_exists(child) or psutil.Process(child).status() == psutil.STATUS_ZOMBIE


def test_child_exits_when_the_service_is_killed(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    script = textwrap.dedent(f"""
        import sys
        sys.path[:0] = {sys.path!r}
        from agentic_neurodata.isolation import run_isolated
        if __name__ == "__main__":
            run_isolated("{HERE}:endless_job", {{"pid_file": {str(pid_file)!r}}}, lambda *a, **k: None, lambda: False)
    """)
    (tmp_path / "service.py").write_text(script)
    service = subprocess.Popen([sys.executable, str(tmp_path / "service.py")], cwd=Path(__file__).parent)
    deadline = time.monotonic() + 60
    while not pid_file.exists():
        assert time.monotonic() < deadline and service.poll() is None
        time.sleep(0.05)
    child = int(pid_file.read_text())
    service.kill()
    service.wait()
    deadline = time.monotonic() + 10
    while psutil.pid_exists(child) and psutil.Process(child).status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline, "the worker outlived the killed service"
        time.sleep(0.1)


def unpicklable_job(progress):  # type: ignore[no-untyped-def]
    return lambda: None


def test_a_result_that_cannot_leave_the_child_is_an_error_not_a_silent_exit() -> None:
    with pytest.raises(ChildFailed) as caught:
        run_isolated(f"{HERE}:unpicklable_job", {}, lambda *a, **k: None, lambda: False)
    assert "pickle" in caught.value.message.lower()
