"""Where the project and the shared real recordings are."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The shared real recordings sit beside the project; REALDATA_DIR points elsewhere when a clone lives apart.
REALDATA = Path(os.environ.get("REALDATA_DIR") or ROOT.parent / "shared" / "realdata")
