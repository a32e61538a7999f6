"""POST /api/upload: stream a folder to disk and start the conversion workflow."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from fastapi import APIRouter, Depends, Request
from starlette.requests import ClientDisconnect

from ...contracts import conversation
from ...errors import BadInputError, BusyError, PayloadTooLargeError
from ...runtime import Runtime, new_session_id
from ..deps import get_runtime
from ..responses import error_responses
from ..schemas import UploadAccepted
from ..upload_stream import FILE_FIELD, UploadWriter, check_free_space, multipart_boundary

router = APIRouter(tags=["workflow"])

METADATA_JSON_FIELD = "metadata_json"

UPLOAD_SCHEMA = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": [FILE_FIELD],
                    "properties": {
                        FILE_FIELD: {
                            "type": "array",
                            "minItems": 1,
                            "items": {"type": "string", "format": "binary"},
                            "description": "Repeated parts; each part's filename is its path relative to the "
                            "chosen folder, e.g. run1_g0/run1_g0_imec0/run1_g0_t0.imec0.ap.bin",
                        },
                        METADATA_JSON_FIELD: {"type": "string", "description": "All metadata as one JSON object"},
                        "subject_id": {"type": "string"},
                        "species": {"type": "string", "example": "Mus musculus"},
                        "sex": {"type": "string", "example": "F"},
                        "age": {"type": "string", "example": "P90D"},
                        "session_description": {"type": "string"},
                        "session_start_time": {"type": "string", "example": "2024-03-05T14:30:00-05:00"},
                        "experimenter": {"type": "string", "example": "Smith, Jane"},
                        "institution": {"type": "string"},
                        "lab": {"type": "string"},
                    },
                    "additionalProperties": {"type": "string"},
                }
            }
        },
    }
}


def _metadata_from_fields(fields: dict[str, str]) -> dict[str, Any]:
    metadata: dict[str, Any] = {}
    raw_json = fields.pop(METADATA_JSON_FIELD, None)
    if raw_json:
        try:
            parsed = json.loads(raw_json)
        except json.JSONDecodeError as exc:
            raise BadInputError(
                f"metadata_json is not valid JSON ({exc.msg} at character {exc.pos}). "
                'Example: {"subject_id": "m042", "species": "Mus musculus"}'
            ) from exc
        if not isinstance(parsed, dict):
            raise BadInputError('metadata_json must be a JSON object, for example {"subject_id": "m042"}.')
        metadata.update(parsed)
    metadata.update({k: v for k, v in fields.items() if v.strip()})
    return metadata


@router.post(
    "/api/upload",
    status_code=202,
    response_model=UploadAccepted,
    summary="Upload a recording folder (multipart, streamed to disk) with optional metadata",
    openapi_extra=UPLOAD_SCHEMA,
    responses=error_responses(409, 413, 507),
)
async def upload(request: Request, runtime: Runtime = Depends(get_runtime)) -> UploadAccepted:
    settings = runtime.settings
    boundary = multipart_boundary(request.headers.get("content-type", ""), "the files")
    declared = int(request.headers.get("content-length") or 0)
    if declared > settings.max_upload_bytes + 1024 * 1024:
        raise PayloadTooLargeError(
            f"The upload is larger than the limit of {settings.max_upload_size_gb:g} GB (MAX_UPLOAD_SIZE_GB)."
        )
    if runtime.worker.busy:
        raise BusyError("The system is busy with another conversion. Try again when it has finished.")

    session_id = new_session_id()
    root = settings.upload_dir.resolve() / session_id
    output_dir = settings.output_dir.resolve() / session_id
    # Claiming the service is atomic in the store: of many simultaneous uploads exactly one wins.
    await anyio.to_thread.run_sync(runtime.store.begin_session, session_id, str(root), str(output_dir))
    try:
        root.mkdir(parents=True)
        check_free_space(root, declared)
        writer = UploadWriter(root, boundary, settings.max_upload_bytes)
        result = await writer.consume(request.stream())
        if not result.files:
            raise BadInputError(
                "The upload holds no files. Choose a recording folder (or files) and send each file as a "
                f"'{FILE_FIELD}' part.",
            )
        # A configured secret pasted into a form by mistake must not travel further.
        metadata = runtime.event_log.redactor.data(_metadata_from_fields(dict(result.fields)))
    except BaseException as exc:
        await anyio.to_thread.run_sync(lambda: shutil.rmtree(root, ignore_errors=True))
        reason = "the client disconnected" if isinstance(exc, ClientDisconnect) else getattr(exc, "message", repr(exc))
        await anyio.to_thread.run_sync(
            runtime.store.end_session, "api", f"Upload {session_id} abandoned: {reason}. Nothing was kept."
        )
        raise
    await anyio.to_thread.run_sync(
        lambda: runtime.store.update(
            "api",
            f"Received {len(result.files)} files ({result.total_bytes} bytes)",
            uploaded_files=result.files,
            upload_bytes=result.total_bytes,
            output_name=_output_name(result.files),
        )
    )
    await anyio.to_thread.run_sync(
        lambda: runtime.call(conversation.START_CONVERSION, input_path=str(_data_root(root)), metadata=metadata)
    )
    return UploadAccepted(
        session_id=session_id,
        status=runtime.store.status.value,
        files=len(result.files),
        bytes=result.total_bytes,
        message="Upload received; conversion started. Follow it on /ws or GET /api/status.",
    )


def _output_name(files: list[str]) -> str:
    """Name outputs after the dropped folder, or after the first file when files came loose."""
    first = Path(files[0])
    return first.parts[0] if len(first.parts) > 1 else first.stem


def _data_root(root: Path) -> Path:
    """If everything sits in one top folder (a dropped folder), that folder is the recording."""
    entries = [p for p in root.iterdir()]
    if len(entries) == 1 and entries[0].is_dir():
        return entries[0]
    return root
