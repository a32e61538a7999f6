"""The sessions table: one row per session, a `folder` column (relative to the parent folder) and
metadata fields by name. Read from and written to CSV or Excel; checked whole, so every bad row is
listed at once and nothing changes until the table is valid."""

from __future__ import annotations

import csv
import io
import re
from datetime import date, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import BadInputError
from .models import BatchSession, BatchState
from .values import FORMAT, TABLE_ONLY, TIMEZONE, check_value, field_name, known_name

FOLDER = "folder"
# The columns a pre-filled table always has: what differs from session to session.
PER_SESSION = ["subject_id", "session_id", "session_start_time", "sex", "age"]
EXAMPLE = "folder,subject_id,session_id,sex,age\nm042/day1,m042,day1,F,P90D"
XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def session_key(folder: str, taken: set[str]) -> str:
    base = re.sub(r"[^A-Za-z0-9]+", "-", folder).strip("-").lower() or "session"
    key, number = base, 2
    while key in taken:
        key, number = f"{base}-{number}", number + 1
    return key


# ---------------------------------------------------------------------- reading and writing


def read_table(filename: str, data: bytes) -> list[dict[str, str]]:
    """Rows of a CSV (comma, semicolon or tab) or Excel (.xlsx) file, as text by column name."""
    suffix = Path(filename).suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return _read_xlsx(data)
    if suffix not in (".csv", ".tsv", ".txt", ""):
        raise BadInputError(
            f"{filename}: give the sessions table as CSV (.csv) or Excel (.xlsx). Example CSV:\n{EXAMPLE}"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadInputError(f"{filename} is not UTF-8 text; save it as 'CSV UTF-8' or as .xlsx.") from exc
    try:
        dialect: Any = csv.Sniffer().sniff(text.split("\n", 1)[0], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    return [{str(k).strip(): (v or "").strip() for k, v in row.items() if k is not None} for row in reader]


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _read_xlsx(data: bytes) -> list[dict[str, str]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:
        raise BadInputError(f"The file is not a readable Excel workbook (.xlsx): {exc}") from exc
    sheet = book.worksheets[0]
    rows = sheet.iter_rows(values_only=True)
    header = [_cell(h) for h in next(rows, ())]
    table = []
    for row in rows:
        cells = [_cell(c) for c in row]
        if any(cells):
            table.append({h: v for h, v in zip(header, cells, strict=False) if h})
    book.close()
    return table


def table_columns(state: BatchState) -> list[str]:
    used = {name for s in state.sessions for name, value in s.values.items() if value}
    extra = sorted(used - set(PER_SESSION) - {FORMAT})
    needs_format = any(s.choices for s in state.sessions) or FORMAT in used
    return [FOLDER, *PER_SESSION, *extra, *([FORMAT] if needs_format else [])]


def table_rows(state: BatchState) -> list[dict[str, str]]:
    columns = table_columns(state)
    return [{FOLDER: s.folder, **{c: s.values.get(c, "") for c in columns[1:]}} for s in state.sessions]


def write_csv(state: BatchState) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=table_columns(state), lineterminator="\n")
    writer.writeheader()
    writer.writerows(table_rows(state))
    return out.getvalue()


def write_xlsx(state: BatchState) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "sessions"
    columns = table_columns(state)
    sheet.append(columns)
    for row in table_rows(state):
        sheet.append([row[c] for c in columns])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


# ---------------------------------------------------------------------- checking and applying


def _relative_folder(text: str) -> str | None:
    path = PurePosixPath(text.replace("\\", "/").strip().strip("/"))
    if not text.strip() or path.is_absolute() or ".." in path.parts:
        return None
    return path.as_posix()


def apply_table(state: BatchState, rows: list[dict[str, str]]) -> None:
    """Set the sessions' values from the table (in place), or raise a BadInputError listing every bad
    row and unknown column. Sessions the table does not name keep their values; a folder the
    discovery did not take as a session is added when it exists under the parent."""
    if not rows:
        raise BadInputError(f"The sessions table has no rows. Example:\n{EXAMPLE}")
    header = list(dict.fromkeys(name for row in rows for name in row))
    unknown = [c for c in header if c != FOLDER and not known_name(c, shared=False)]
    problems: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    parent = Path(state.parent)
    by_folder = {s.folder: s for s in state.sessions}
    checked: list[tuple[str, dict[str, str]]] = []
    for number, row in enumerate(rows, start=1):
        issues: list[str] = []
        raw_folder = row.get(FOLDER, "")
        folder = _relative_folder(raw_folder)
        if folder is None:
            issues.append(
                "the folder is empty or not relative to the parent folder"
                if not raw_folder.strip()
                else f"'{raw_folder}' must be a folder inside the parent folder, e.g. m042/day1"
            )
        elif folder in seen:
            issues.append(f"the folder {folder} is also on row {seen[folder]}")
        elif folder not in by_folder and not (parent / folder).is_dir():
            issues.append(f"there is no folder {folder} in {parent}")
        if folder is not None:
            seen.setdefault(folder, number)
        values = {}
        for column, value in row.items():
            if column == FOLDER or column in unknown:
                continue
            why = check_value(field_name(column), value, state.shared.get(TIMEZONE, ""))
            if why:
                issues.append(f"{column}: {why}")
            values[field_name(column)] = value.strip()
        if issues:
            problems.append({"row": number, "folder": raw_folder, "problems": issues})
        elif folder is not None:
            checked.append((folder, values))
    if FOLDER not in header:
        raise BadInputError(
            f"The sessions table has no '{FOLDER}' column (the session's folder relative to the parent). "
            f"Example:\n{EXAMPLE}",
            details={"columns": header},
        )
    if unknown or problems:
        lines = []
        if unknown:
            lines.append(
                f"Unknown columns: {', '.join(unknown)} (use metadata field names such as subject_id, sex, age, "
                f"session_start_time, or {', '.join(TABLE_ONLY)})."
            )
        lines += [f"Row {p['row']} ({p['folder'] or 'no folder'}): {'; '.join(p['problems'])}." for p in problems]
        raise BadInputError(
            "The sessions table was not applied; fix these and send it again. " + " ".join(lines),
            details={"unknown_columns": unknown, "rows": problems},
        )
    taken = {s.key for s in state.sessions}
    for folder, values in checked:
        session = by_folder.get(folder)
        if session is None:
            session = BatchSession(key=session_key(folder, taken), folder=folder, detection="Named in the table")
            taken.add(session.key)
            state.sessions.append(session)
        session.values = {**session.values, **values}
