"""Wire the pieces together once: settings, event log, state store, router, agents, worker.
Used by the web API and by the command line alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .agents.conversation.agent import ConversationAgent
from .agents.conversion.agent import ConversionAgent
from .agents.conversion.versions import remove_partials
from .agents.evaluation.agent import EvaluationAgent
from .config import Settings
from .jobs import WorkflowWorker
from .llm import LLMService, build_llm_service
from .logs import EventLog, Redactor
from .mcp import MCPServer
from .state import StateStore

CANCEL_WAIT_S = 15.0


@dataclass
class Runtime:
    settings: Settings
    event_log: EventLog
    store: StateStore
    server: MCPServer
    worker: WorkflowWorker
    llm: LLMService

    def call(self, receiver: str, action: str, **params: Any) -> Any:
        """Synchronous call into an agent on behalf of the user (API or CLI)."""
        return self.server.call("user", receiver, action, **params)

    def cancel(self) -> dict[str, Any]:
        """Stop running work (waits for it to notice), then return to idle."""
        self.store.request_cancel()
        finished = self.worker.wait_idle(CANCEL_WAIT_S)
        if not finished:
            return {"next_action": "cancelling"}
        return self.call("conversation_agent", "cancel")

    def close(self) -> None:
        self.worker.shutdown()


def build_runtime(settings: Settings, *, in_background: bool = True) -> Runtime:
    """`in_background`: long steps run on the worker thread (web); False runs them inline (CLI)."""
    settings.ensure_directories()
    secrets = [s.get_secret_value() for s in (settings.anthropic_api_key, settings.api_token) if s is not None]
    event_log = EventLog(settings.log_dir, Redactor(secrets))
    store = StateStore(settings.state_dir / "state.json", event_log)
    for leftover in remove_partials(settings.output_dir):
        event_log.write(store.session_id, {"kind": "cleanup", "message": f"Removed unfinished output {leftover.name}"})
    server = MCPServer(store, event_log)
    worker = WorkflowWorker(event_log)
    llm = build_llm_service(settings, event_log, session_id=lambda: store.session_id)
    for agent_class in (ConversationAgent, ConversionAgent, EvaluationAgent):
        agent = agent_class(server, store, settings, llm)
        if in_background:
            agent.background = worker.submit
        server.register(agent)
    return Runtime(settings=settings, event_log=event_log, store=store, server=server, worker=worker, llm=llm)
