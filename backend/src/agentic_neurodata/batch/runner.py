"""Submit a batch's sessions to Dask, one task each, and record each outcome as it comes back.
Dask decides how many run at once (one per worker thread) and re-runs a task whose worker was lost."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ..config import Settings
from .cluster import Cluster
from .layout import write_dandiset_yaml
from .models import FINAL, BatchStatus, SessionOutcome, SessionStatus
from .store import BatchStore
from .summary import write_summary
from .task import EVENT_TOPIC, SessionJob, job_settings, run_session
from .values import DANDISET_ID, FORMAT, session_metadata


class Runner:
    def __init__(self, settings: Settings, cluster: Cluster) -> None:
        self.settings = settings
        self.cluster = cluster
        self._running: dict[str, BatchStore] = {}
        self._lock = threading.Lock()

    def _on_event(self, event: Any) -> None:
        """Dask's event log: (time, message) from a task (started, stage changes)."""
        message = event[1] if isinstance(event, tuple) else event
        if not isinstance(message, dict):
            return
        store = self._running.get(message.get("batch_id", ""))
        if store is None:
            return
        key = message.get("key", "")
        session = store.snapshot().session(key)
        if session is None or session.status in FINAL:
            return
        changes: dict[str, Any] = {"status": SessionStatus.RUNNING}
        if "stage" in message:
            changes["stage"] = message["stage"]
        store.update_session(key, f"{session.folder}: {message.get('message', 'running')}", **changes)

    def jobs(self, store: BatchStore, keys: list[str]) -> list[SessionJob]:
        state = store.snapshot()
        carried = job_settings(self.settings)
        return [
            SessionJob(
                batch_id=state.batch_id,
                key=s.key,
                folder=str(Path(state.parent) / s.folder),
                output_dir=state.output_dir,
                metadata=session_metadata(state.shared, s),
                format=s.values.get(FORMAT) or None,
                choices=s.choices,
                accept_warnings=state.accept_warnings,
                approve_corrections=state.approve_corrections,
                settings=carried,
            )
            for s in state.sessions
            if s.key in keys
        ]

    def run(self, store: BatchStore, keys: list[str]) -> None:
        """Run the sessions `keys` to their final status (blocks; the service calls it on a thread)."""
        state = store.snapshot()
        jobs = self.jobs(store, keys)
        if state.shared.get(DANDISET_ID):
            write_dandiset_yaml(Path(state.output_dir), state.shared[DANDISET_ID])
        self.cluster.preflight([Path(j.folder) for j in jobs], Path(state.output_dir))
        client = self.cluster.client()
        where = self.cluster.describe()

        def mark(draft: Any) -> None:
            draft.status, draft.scheduler = BatchStatus.RUNNING, where
            for session in draft.sessions:
                if session.key in keys:
                    session.status, session.stage, session.runs = SessionStatus.WAITING, None, session.runs + 1

        store.change(f"Running {len(jobs)} sessions on the {where}", mark)
        with self._lock:
            if not self._running:
                client.subscribe_topic(EVENT_TOPIC, self._on_event)
            self._running[state.batch_id] = store
        runs = {s.key: s.runs for s in store.snapshot().sessions}
        try:
            self._collect(store, client, jobs, runs)
        finally:
            with self._lock:
                self._running.pop(state.batch_id, None)
                if not self._running and not self.cluster.closing:
                    client.unsubscribe_topic(EVENT_TOPIC)
        if self.cluster.closing:
            return
        write_summary(store.snapshot())
        final = store.snapshot()
        store.set_status(BatchStatus.FINISHED, f"Finished: {_counts_text(final.counts())}")

    def _collect(self, store: BatchStore, client: Any, jobs: list[SessionJob], runs: dict[str, int]) -> None:
        from distributed import as_completed
        from distributed.scheduler import KilledWorker

        futures = {
            client.submit(
                run_session, job.model_dump(mode="json"), key=f"{job.batch_id}-{job.key}-run{runs[job.key]}", pure=False
            ): job
            for job in jobs
        }
        for future in as_completed(futures):
            if self.cluster.closing:
                return  # the service stops: unfinished sessions keep their status and resume after the restart
            job = futures[future]
            try:
                outcome = SessionOutcome.model_validate(future.result())
            except KilledWorker as exc:
                outcome = SessionOutcome(
                    status=SessionStatus.LOST,
                    message=f"The worker running it was lost, also on the retry ({exc}). Run the batch again.",
                )
            except Exception as exc:  # noqa: BLE001 - e.g. cancelled; recorded, the others go on
                outcome = SessionOutcome(status=SessionStatus.FAILED, message=f"{type(exc).__name__}: {exc}")
            folder = store.snapshot().session(job.key)
            store.update_session(
                job.key,
                f"{folder.folder if folder else job.key}: {outcome.status.value}",
                status=outcome.status,
                outcome=outcome,
                stage=None,
            )
            future.release()


def _counts_text(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {status.replace('_', ' ')}" for status, n in sorted(counts.items()))
