"""Stream a multipart upload straight to the session folder.

The body is parsed as it arrives (python-multipart's streaming parser): file parts go to their
final place in chunks, never whole into memory nor through a temporary copy. Paths are the
relative paths of a chosen folder and are checked before anything is written.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import unicodedata
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import anyio
from python_multipart.multipart import MultipartParser, parse_options_header

from ..errors import BadInputError, InsufficientStorageError, PayloadTooLargeError

FLUSH_BYTES = 4 * 1024 * 1024
MAX_FIELD_BYTES = 256 * 1024
MAX_COMPONENT_CHARS = 255
MAX_PATH_CHARS = 1024
FILE_FIELD = "files"


def safe_relative_path(raw: str) -> PurePosixPath:
    """Check a client-given relative path; return it or raise BadInputError saying why."""
    example = "run1_g0/run1_g0_imec0/run1_g0_t0.imec0.ap.bin"
    name = unicodedata.normalize("NFC", raw)
    problem = None
    if not name.strip():
        problem = "is empty"
    elif "\x00" in name or any(ord(c) < 32 for c in name):
        problem = "contains a NUL or control character"
    elif "\\" in name:
        problem = "contains a backslash; use '/' between folders"
    elif name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        problem = "is absolute; give the path relative to the chosen folder"
    elif len(name) > MAX_PATH_CHARS:
        problem = f"is longer than {MAX_PATH_CHARS} characters"
    else:
        parts = name.split("/")
        if any(part in ("", ".", "..") for part in parts):
            problem = "has an empty, '.' or '..' component"
        elif any(len(part) > MAX_COMPONENT_CHARS for part in parts):
            problem = f"has a name longer than {MAX_COMPONENT_CHARS} characters"
    if problem:
        raise BadInputError(
            f"The file name {raw!r} {problem}. Send paths relative to the uploaded folder, for example {example!r}.",
            details={"filename": raw, "example": example},
        )
    return PurePosixPath(name)


@dataclass
class UploadResult:
    files: list[str] = field(default_factory=list)
    total_bytes: int = 0
    fields: dict[str, str] = field(default_factory=dict)


class _PartState:
    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.header_field = bytearray()
        self.header_value = bytearray()
        self.name: str | None = None
        self.filename: str | None = None
        self.path: Path | None = None
        self.handle: int | None = None
        self.buffer = bytearray()
        self.field_value = bytearray()


class UploadWriter:
    """Feed it the request body; it writes files under `root` and collects form fields."""

    def __init__(self, root: Path, boundary: bytes, max_bytes: int) -> None:
        self.root = root
        self.max_bytes = max_bytes
        self.result = UploadResult()
        self._part = _PartState()
        self._pending: list[tuple[str, object]] = []  # operations to run off the event loop
        self._pending_bytes = 0
        self._error: Exception | None = None
        self._parser = MultipartParser(
            boundary,
            callbacks={
                "on_part_begin": self._on_part_begin,
                "on_header_field": self._on_header_field,
                "on_header_value": self._on_header_value,
                "on_header_end": self._on_header_end,
                "on_headers_finished": self._on_headers_finished,
                "on_part_data": self._on_part_data,
                "on_part_end": self._on_part_end,
            },
        )

    async def consume(self, chunks: AsyncIterator[bytes]) -> UploadResult:
        try:
            async for chunk in chunks:
                self._parser.write(chunk)
                if self._error:
                    raise self._error
                if self._pending_bytes >= FLUSH_BYTES or any(op == "close" for op, _ in self._pending):
                    await self._flush()
            self._parser.finalize()
            if self._error:
                raise self._error
            await self._flush()
        finally:
            self._close_open_file()
        return self.result

    # ------------------------------------------------------------------ parser callbacks (sync)

    def _on_part_begin(self) -> None:
        self._part = _PartState()

    def _on_header_field(self, data: bytes, start: int, end: int) -> None:
        self._part.header_field += data[start:end]

    def _on_header_value(self, data: bytes, start: int, end: int) -> None:
        self._part.header_value += data[start:end]

    def _on_header_end(self) -> None:
        key = bytes(self._part.header_field).decode("latin-1").lower()
        self._part.headers[key] = bytes(self._part.header_value).decode("latin-1")
        self._part.header_field.clear()
        self._part.header_value.clear()

    def _on_headers_finished(self) -> None:
        _, options = parse_options_header(self._part.headers.get("content-disposition", ""))
        self._part.name = _decode(options.get(b"name", b""))
        if b"filename" in options:
            self._part.filename = _decode(options[b"filename"])
            if self._error is None:
                try:
                    self._start_file(self._part.filename)
                except Exception as exc:  # noqa: BLE001 - reported after the callback returns
                    self._error = exc

    def _on_part_data(self, data: bytes, start: int, end: int) -> None:
        if self._error is not None:
            return
        size = end - start
        if self._part.filename is None:
            if len(self._part.field_value) + size > MAX_FIELD_BYTES:
                self._error = BadInputError(
                    f"The form field {self._part.name!r} is larger than {MAX_FIELD_BYTES} bytes."
                )
                return
            self._part.field_value += data[start:end]
            return
        self.result.total_bytes += size
        if self.result.total_bytes > self.max_bytes:
            self._error = PayloadTooLargeError(
                f"The upload is larger than the limit of {self.max_bytes / 1024**3:g} GB (MAX_UPLOAD_SIZE_GB).",
                details={"limit_bytes": self.max_bytes},
            )
            return
        self._pending.append(("write", (self._part.handle, bytes(data[start:end]))))
        self._pending_bytes += size

    def _on_part_end(self) -> None:
        if self._part.filename is None and self._part.name:
            self.result.fields[self._part.name] = bytes(self._part.field_value).decode("utf-8", errors="replace")
        elif self._part.handle is not None:
            self._pending.append(("close", self._part.handle))
            self._part.handle = None

    # ------------------------------------------------------------------ file work

    def _start_file(self, filename: str) -> None:
        if self._part.name != FILE_FIELD:
            raise BadInputError(f"File parts must be sent in the '{FILE_FIELD}' field, not {self._part.name!r}.")
        relative = safe_relative_path(filename)
        if str(relative) in self.result.files:
            raise BadInputError(f"The file {str(relative)!r} was sent twice in one upload.")
        target = self.root.joinpath(*relative.parts)
        # Defence in depth: the resolved parent must stay inside the session folder.
        parent = target.parent
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError) as exc:  # a folder on the way was sent as a file
            raise self._file_and_folder_clash(relative) from exc
        if not parent.resolve().is_relative_to(self.root.resolve()) or parent.is_symlink():
            raise BadInputError(f"The file name {filename!r} points outside the upload folder.")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        try:
            self._part.handle = os.open(target, flags, 0o644)
        except (FileExistsError, IsADirectoryError) as exc:  # an earlier part made this name a folder
            raise self._file_and_folder_clash(relative) from exc
        self._part.path = target
        self.result.files.append(str(relative))

    def _file_and_folder_clash(self, relative: PurePosixPath) -> BadInputError:
        """`run/a` and `run/a/b.bin` in one upload: name the path that is both, so the user can rename it."""
        sent = set(self.result.files)
        clash = next((ancestor for ancestor in reversed(relative.parents) if str(ancestor) in sent), relative)
        return BadInputError(
            f"{str(clash)!r} is both a file and a folder in this upload; rename one and upload again.",
            details={"path": str(clash)},
        )

    async def _flush(self) -> None:
        operations, self._pending, self._pending_bytes = self._pending, [], 0
        if operations:
            await anyio.to_thread.run_sync(_apply, operations)

    def _close_open_file(self) -> None:
        for op, arg in self._pending:
            if op == "close":
                _safe_close(arg)  # type: ignore[arg-type]
        self._pending = []
        if self._part.handle is not None:
            _safe_close(self._part.handle)
            self._part.handle = None


def _apply(operations: list[tuple[str, Any]]) -> None:
    for op, arg in operations:
        if op == "write":
            handle, data = arg
            view = memoryview(data)
            try:
                while view:
                    written = os.write(handle, view)
                    view = view[written:]
            except OSError as exc:
                # EFBIG: the file outgrew what the disk or this process may write (file-size limit).
                if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
                    why = "a file is larger than the disk allows" if exc.errno == errno.EFBIG else "the disk is full"
                    raise InsufficientStorageError(
                        f"The upload could not be stored: {why}. Nothing of it was kept. Free some space (or set "
                        "UPLOAD_DIR to a larger disk) and upload again.",
                        details={"reason": errno.errorcode.get(exc.errno or 0, "ENOSPC")},
                    ) from exc
                raise
        else:
            _safe_close(arg)


def _safe_close(handle: int) -> None:
    with contextlib.suppress(OSError):
        os.close(handle)


def _decode(raw: bytes) -> str:
    # Header values arrive as latin-1 text holding the client's UTF-8 bytes.
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def multipart_boundary(content_type: str, what: str) -> bytes:
    """The boundary of a multipart/form-data body, or a BadInputError saying what to send (`what`)."""
    if not content_type.startswith("multipart/form-data") or "boundary=" not in content_type:
        raise BadInputError(f"Send {what} as multipart/form-data (curl: -F 'files=@path;filename=folder/file').")
    return content_type.split("boundary=", 1)[1].split(";")[0].strip().strip('"').encode("latin-1")


def check_free_space(directory: Path, needed_bytes: int) -> None:
    free = shutil.disk_usage(directory).free
    if needed_bytes > free:
        raise InsufficientStorageError(
            f"Not enough disk space for this upload: it needs {needed_bytes / 1024**2:.0f} MB and "
            f"{free / 1024**2:.0f} MB are free.",
            details={"needed_bytes": needed_bytes, "free_bytes": free},
        )
