"""Many sessions at once (docs/architecture.md, "Many sessions"): find them in a parent folder, one
conversation for their shared values and a table for the rest, each session one Dask task running the
single-session pipeline headless, outputs in DANDI's layout with a summary. Reaches the agents only
through the router (runtime.py), like every other door."""

from .models import FINAL, VALID, BatchSession, BatchState, BatchStatus, SessionOutcome, SessionStatus, summary_row
from .service import BatchService
from .summary import summary_data, summary_paths
from .table import XLSX_MEDIA_TYPE, read_table, table_columns, table_rows, write_csv, write_xlsx
from .values import BATCH_SETTINGS, TABLE_ONLY

__all__ = [
    "BATCH_SETTINGS",
    "FINAL",
    "TABLE_ONLY",
    "VALID",
    "XLSX_MEDIA_TYPE",
    "BatchService",
    "BatchSession",
    "BatchState",
    "BatchStatus",
    "SessionOutcome",
    "SessionStatus",
    "read_table",
    "summary_data",
    "summary_paths",
    "summary_row",
    "table_columns",
    "table_rows",
    "write_csv",
    "write_xlsx",
]
