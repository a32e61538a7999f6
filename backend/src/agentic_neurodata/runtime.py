"""Wire the pieces together once: settings, event log, state store, router, agents, worker.
Used by the web API and by the command line alike."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from .agents.conversation.agent import ConversationAgent
from .agents.conversion.agent import ConversionAgent
from .agents.conversion.writing import remove_partials
from .agents.evaluation.agent import EvaluationAgent
from .config import Settings
from .contracts import USER, conversation
from .contracts.conversation import ActionReply
from .jobs import WorkflowWorker
from .llm import LLMService, build_llm_service
from .logs import EventLog, Redactor
from .router import ActionContract, AgentRouter
from .sessions import SessionCatalog, UploadJanitor
from .state import StateStore

CANCEL_WAIT_S = 15.0
P = TypeVar("P", bound=BaseModel)
R = TypeVar("R", bound=BaseModel)


@dataclass
class Runtime:
    settings: Settings
    event_log: EventLog
    store: StateStore
    router: AgentRouter
    worker: WorkflowWorker
    llm: LLMService
    janitor: UploadJanitor | None = None  # KEEP_UPLOADS=unfinished

    def call(self, contract: ActionContract[P, R], **params: Any) -> R:
        """Synchronous call into an agent's action on behalf of the user (API, CLI, MCP server)."""
        return self.router.call(USER, contract, **params)

    def start_local(
        self,
        folder: Path,
        metadata: dict[str, Any],
        forced_format: str | None = None,
        output_dir: Path | None = None,
        accept_warnings: bool = False,
    ) -> str:
        """Start a session on a folder that is already on this machine (CLI, MCP): read in place.
        Outputs go to `output_dir` when given, else OUTPUT_DIR/<session>. `accept_warnings`: a file valid
        with warnings is kept as it is without asking (convert --accept-warnings)."""
        folder = Path(folder).resolve()
        session_id = new_session_id()
        target = Path(output_dir).resolve() if output_dir else self.settings.output_dir.resolve() / session_id
        self.store.begin_session(session_id, str(folder), str(target), "local")
        files = sorted(p for p in folder.rglob("*") if p.is_file())
        self.store.update(
            "local",
            f"Reading {len(files)} files in place from {folder}",
            uploaded_files=[p.relative_to(folder).as_posix() for p in files],
            upload_bytes=sum(p.stat().st_size for p in files),
            output_name=folder.name,
            accept_warnings=accept_warnings,
        )
        self.call(
            conversation.START_CONVERSION,
            input_path=str(folder),
            metadata=metadata,
            forced_format=forced_format,
        )
        return session_id

    def cancel(self) -> ActionReply:
        """Stop running work (waits for it to notice), then return to idle."""
        self.store.request_cancel()
        finished = self.worker.wait_idle(CANCEL_WAIT_S)
        if not finished:
            return ActionReply(
                status=self.store.status.value,
                message="Cancelling: the running step stops soon.",
                next_action="cancelling",
            )
        return self.call(conversation.CANCEL)

    def close(self) -> None:
        self.worker.shutdown()


def new_session_id() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


def build_runtime(settings: Settings, *, in_background: bool = True, llm: LLMService | None = None) -> Runtime:
    """`in_background`: long steps run on the worker thread (web); False runs them inline (CLI).
    `llm`: a ready LLM service (tests put a fake Anthropic transport under the real SDK)."""
    settings.ensure_directories()
    event_log = EventLog(settings.log_dir, Redactor.for_settings(settings))
    store = StateStore(settings.state_dir / "state.json", event_log)
    # Only this service's own session can have left unfinished files; other processes (a CLI run,
    # an MCP server) may be writing theirs under the same OUTPUT_DIR right now.
    restored = store.snapshot()
    if restored.output_dir and Path(restored.output_dir).is_dir():
        for leftover in remove_partials(Path(restored.output_dir)):
            event_log.write(
                store.session_id, {"kind": "cleanup", "message": f"Removed unfinished output {leftover.name}"}
            )
    router = AgentRouter(store, event_log)
    worker = WorkflowWorker(event_log, session_id=lambda: store.session_id)
    llm = llm or build_llm_service(settings, event_log, session_id=lambda: store.session_id)
    for agent_class in (ConversationAgent, ConversionAgent, EvaluationAgent):
        agent = agent_class(router, store, settings, llm)
        if in_background:
            agent.background = worker.submit
        router.register(agent)
    janitor = None
    if settings.keep_uploads == "unfinished":
        janitor = UploadJanitor(SessionCatalog(settings, store))
        store.subscribe(janitor)
    return Runtime(
        settings=settings, event_log=event_log, store=store, router=router, worker=worker, llm=llm, janitor=janitor
    )
