"""What went wrong in a conversion, in words the user can act on."""

from __future__ import annotations

from pathlib import Path

from ....errors import ConversionError, InsufficientStorageError, ServiceError
from ..detection import describe_error
from . import inputs

COMPONENT = "conversion_agent"


def explain(exc: BaseException, interface: str, output_dir: Path) -> BaseException:
    """The ServiceError to show for `exc` (itself when it already is one, or not an Exception)."""
    if isinstance(exc, ServiceError) or not isinstance(exc, Exception):
        return exc
    if inputs.is_storage_problem(exc):
        return InsufficientStorageError(
            f"There is not enough disk space to write the NWB file in {output_dir} ({describe_error(exc)}). Free "
            "some space there, or set OUTPUT_DIR to a larger disk, then try again. The upload and earlier "
            "versions are untouched; no partial file was kept.",
            component=COMPONENT,
            details={"output_dir": str(output_dir)},
        )
    if isinstance(exc, FileNotFoundError):
        name = Path(exc.filename).name if exc.filename else describe_error(exc)
        return ConversionError(
            f"A file of the upload disappeared during the conversion: {name} vanished. The new file would be "
            "incomplete and was discarded. Upload the recording again and leave it untouched until the "
            "conversion ends.",
            details={"interface": interface, "file": str(exc.filename or "")},
        )
    return ConversionError(
        f"NeuroConv could not convert the recording with {interface}: {describe_error(exc)}",
        details={"interface": interface},
    )
