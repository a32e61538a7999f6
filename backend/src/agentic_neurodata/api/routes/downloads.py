"""Downloads: the latest NWB version, any version (and its NeuroConv spec and metadata), the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Depends
from fastapi.responses import FileResponse

from ...domain import NWBVersion
from ...errors import NotFoundError
from ...runtime import Runtime
from ..deps import get_runtime
from ..responses import error_responses

router = APIRouter(tags=["downloads"])
NWB_MEDIA_TYPE = "application/x-nwb"
NOT_READY = error_responses(404)
NWB_FILE: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The NWB file (HDF5)",
        "content": {NWB_MEDIA_TYPE: {"schema": {"type": "string", "format": "binary"}}},
    }
}
YAML_MEDIA_TYPE = "application/yaml"
YAML_FILE: dict[int | str, dict[str, Any]] = {
    200: {"description": "YAML", "content": {YAML_MEDIA_TYPE: {"schema": {"type": "string"}}}}
}
REPORT_FILE: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "PDF report (passed) or JSON correction context (failed)",
        "content": {
            "application/pdf": {"schema": {"type": "string", "format": "binary"}},
            "application/json": {"schema": {"type": "object"}},
        },
    }
}


def file_response(path: Path, media_type: str, what: str) -> FileResponse:
    if not path.is_file():
        raise NotFoundError(f"The {what} is not available: it was not produced yet or was removed.")
    return FileResponse(path, media_type=media_type, filename=path.name)


def report_media_type(path: Path) -> str:
    return "application/pdf" if path.suffix == ".pdf" else "application/json"


@router.get(
    "/api/download/nwb",
    response_class=FileResponse,
    responses={**NWB_FILE, **NOT_READY},
    summary="The latest NWB version",
)
def download_latest(runtime: Runtime = Depends(get_runtime)) -> FileResponse:
    latest = runtime.store.snapshot().latest_version
    if latest is None:
        raise NotFoundError("No NWB file yet: the conversion has not produced one.")
    return file_response(Path(latest.path), NWB_MEDIA_TYPE, f"NWB file v{latest.version}")


def _version(runtime: Runtime, number: int) -> NWBVersion:
    found = next((v for v in runtime.store.snapshot().versions if v.version == number), None)
    if found is None:
        raise NotFoundError(f"There is no version v{number} in this session.")
    return found


@router.get(
    "/api/download/nwb/v{version}",
    response_class=FileResponse,
    responses={**NWB_FILE, **NOT_READY},
    summary="One NWB version",
)
def download_version(version: int, runtime: Runtime = Depends(get_runtime)) -> FileResponse:
    return file_response(Path(_version(runtime, version).path), NWB_MEDIA_TYPE, f"NWB file v{version}")


@router.get(
    "/api/download/nwb/v{version}/{kind}",
    response_class=FileResponse,
    responses={**YAML_FILE, **NOT_READY},
    summary="A version's NeuroConv YAML specification (re-run it with `neuroconv`) or its final metadata",
)
def download_version_yaml(
    version: int, kind: Literal["specification", "metadata"], runtime: Runtime = Depends(get_runtime)
) -> FileResponse:
    return version_yaml(_version(runtime, version), kind)


def version_yaml(found: NWBVersion, kind: Literal["specification", "metadata"], of: str = "") -> FileResponse:
    """The NeuroConv specification or the final metadata written beside a version (`of`: whose, in words)."""
    path = found.specification_path if kind == "specification" else found.metadata_path
    what = f"{kind} of v{found.version}{of}"
    if not path:
        raise NotFoundError(f"There is no {what}: its converter cannot be described as a NeuroConv specification.")
    return file_response(Path(path), YAML_MEDIA_TYPE, what)


@router.get(
    "/api/download/report",
    response_class=FileResponse,
    responses={**REPORT_FILE, **NOT_READY},
    summary="The evaluation report (PDF) or correction context (JSON)",
)
def download_report(runtime: Runtime = Depends(get_runtime)) -> FileResponse:
    report = runtime.store.snapshot().report_path
    if not report:
        raise NotFoundError("No report yet: it is written after the evaluation.")
    path = Path(report)
    return file_response(path, report_media_type(path), "report")
