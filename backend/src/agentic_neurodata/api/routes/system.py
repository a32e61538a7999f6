"""Health, service information and agent discovery."""

from __future__ import annotations

import time
from importlib.metadata import version

from fastapi import APIRouter, Depends

from ... import __version__
from ...router.contract import AgentInfo
from ...runtime import Runtime
from ..deps import get_runtime
from ..schemas import HealthResponse, ServiceInfo

router = APIRouter(tags=["system"])
STARTED = time.monotonic()


@router.get(
    "/health",
    response_model=HealthResponse,
    summary="Liveness check (answers while conversions run; needs no token)",
    openapi_extra={"security": []},
)
def health(runtime: Runtime = Depends(get_runtime)) -> HealthResponse:
    return HealthResponse(
        status="ok",
        version=__version__,
        uptime_s=round(time.monotonic() - STARTED, 3),
        workflow_status=runtime.store.status.value,
    )


@router.get("/api/info", response_model=ServiceInfo, summary="Versions, LLM provider and supported formats")
def info(runtime: Runtime = Depends(get_runtime)) -> ServiceInfo:
    from ...agents.conversion.detection import supported_format_names  # imports NeuroConv once, lazily

    settings = runtime.settings
    return ServiceInfo(
        name="agentic-neurodata",
        version=__version__,
        llm_provider=settings.effective_llm_provider,
        neuroconv_version=version("neuroconv"),
        nwbinspector_version=version("nwbinspector"),
        pynwb_version=version("pynwb"),
        supported_formats=supported_format_names(),
        auth_required=settings.api_token is not None,
        max_upload_size_gb=settings.max_upload_size_gb,
    )


@router.get("/api/agents", response_model=list[AgentInfo], summary="Registered agents and their actions")
def agents(runtime: Runtime = Depends(get_runtime)) -> list[AgentInfo]:
    return runtime.router.list_agents()
