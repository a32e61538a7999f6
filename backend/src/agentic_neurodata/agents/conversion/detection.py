"""Format detection (skeleton: SpikeGLX only; the registry-driven detector replaces it)."""

from __future__ import annotations

import time
from pathlib import Path

from ...errors import FormatDetectionError
from ...models import DetectionResult


def detect(input_path: Path, timeout_s: float = 20.0, only: str | None = None) -> DetectionResult:
    started = time.perf_counter()
    files = [p for p in Path(input_path).rglob("*") if p.is_file()]
    if not files:
        raise FormatDetectionError("The upload holds no files.", details={"input_path": str(input_path)})
    from .registry import get_class

    if only not in (None, "SpikeGLXConverterPipe"):
        raise FormatDetectionError(f"{only} is not supported by this detector yet.")
    pipe = get_class("SpikeGLXConverterPipe")
    meta_dirs = sorted({p.parent.parent for p in files if p.name.endswith(".ap.meta")})
    for folder in meta_dirs:
        try:
            streams = pipe.get_streams(folder_path=folder)
        except Exception:  # noqa: BLE001 - not this format
            continue
        if streams:
            return DetectionResult(
                interface="SpikeGLXConverterPipe",
                source_data={"folder_path": str(folder)},
                confidence=1.0,
                files=[str(p.relative_to(input_path)) for p in files],
                explanation=f"SpikeGLX run with streams {', '.join(streams)}",
                duration_s=time.perf_counter() - started,
            )
    raise FormatDetectionError(
        "No supported recording format was found in the upload.",
        details={"files": [p.name for p in files][:20]},
    )
