"""The PDF evaluation report for files that passed (with or without issues), drawn with reportlab.

Every text that comes from the file, the user or a model is escaped before it enters
reportlab's markup; every table cell is a wrapping Paragraph inside a table whose columns add
up to the page width, so nothing overflows sideways. Nothing overflows downwards either: a table
row must fit on one page (reportlab raises LayoutError otherwise), so each cell is shortened to
what fits in about half a page of its column, saying so; long values of the key/value tables
(e.g. a session description) are printed in full below their table instead. Fonts are the
DejaVu fonts matplotlib ships, so µ, ×, accents and most scripts render.
"""

from __future__ import annotations

import io
import re
from datetime import datetime
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from ...domain import (
    CorrectionAttempt,
    EndingDecision,
    FixKind,
    OverallStatus,
    SessionEnding,
    SessionStream,
    Severity,
    ValidationResult,
)
from .figures import Figure
from .grouping import IssueGroup, group_issues
from .report_text import PassedReportText
from .scoring import FORMULA, completeness
from .status import count_inspector_crashes

MAX_PLACES = 12
MAX_CELL_CHARS = 1200  # even in a wide column, more than this is not read in a table
CELL_LINES = 40  # lines one cell may take: well under a page, so a row always fits
MAX_PARAGRAPH_CHARS = 20_000
SHORTENED = " … (shortened; full text in the JSON status and the session logs)"
STATUS_COLOURS = {
    OverallStatus.PASSED: "#1b7a3a",
    OverallStatus.PASSED_WITH_ISSUES: "#b36b00",
    OverallStatus.FAILED: "#b00020",
}
STATUS_WORDS = {
    OverallStatus.PASSED: "PASSED",
    OverallStatus.PASSED_WITH_ISSUES: "PASSED WITH ISSUES",
    OverallStatus.FAILED: "FAILED",
}
SEVERITY_COLOURS = {
    Severity.CRITICAL: "#b00020",
    Severity.ERROR: "#d03030",
    Severity.WARNING: "#b36b00",
    Severity.BEST_PRACTICE: "#1f5fa8",
    Severity.INFO: "#555555",
}
SEVERITY_MEANING = {
    Severity.CRITICAL: "Must be fixed: DANDI rejects the file (NWB Inspector importance CRITICAL).",
    Severity.ERROR: "Must be fixed: schema or read errors (importance ERROR or PYNWB_VALIDATION).",
    Severity.WARNING: "Should be fixed: a clear best-practice violation (BEST_PRACTICE_VIOLATION).",
    Severity.BEST_PRACTICE: "Could be improved: a best-practice suggestion (BEST_PRACTICE_SUGGESTION).",
    Severity.INFO: "For information only.",
}
CATEGORY_LABELS = {
    "missing_metadata": "Metadata (missing or malformed)",
    "data_integrity": "Data integrity",
    "format": "File format",
    "best_practice": "Best practice",
    "inspector_internal": "NWB Inspector internal error (not a problem of the file)",
}
FIX_WORDS = {
    FixKind.AUTO: "automatic: the service can apply it",
    FixKind.ASK: "needs a value from you",
    FixKind.NONE: "cannot be fixed with metadata",
}


def esc(value: Any) -> str:
    """Text for reportlab markup: user, file and model text never becomes markup."""
    return escape("" if value is None else str(value))


_MARKUP_PIECE = re.compile(r"<[^>]*>|&[#\w]+;|[^<&]+|[<&]")


def shorten_markup(markup: str, limit: int) -> str:
    """Cut reportlab markup to `limit` visible characters without breaking a tag or an entity.

    Tags still open at the cut (<b>, <i>, <font>) are closed, and the cut is said in plain words.
    """
    visible = 0
    kept: list[str] = []
    open_tags: list[str] = []
    for piece in _MARKUP_PIECE.findall(markup):
        if piece.startswith("<") and piece.endswith(">") and len(piece) > 1:
            name = piece.strip("</>").split()[0].lower() if piece.strip("</>") else ""
            if piece.startswith("</"):
                if name in open_tags:
                    open_tags.remove(name)
            elif not piece.endswith("/>"):
                open_tags.append(name)
            kept.append(piece)
            continue
        length = 1 if piece.startswith("&") and piece.endswith(";") else len(piece)
        if visible + length > limit:
            if not piece.startswith("&"):
                kept.append(piece[: limit - visible])
            closing = "".join(f"</{name}>" for name in reversed(open_tags))
            return "".join(kept) + closing + esc(SHORTENED)
        visible += length
        kept.append(piece)
    return markup


def visible_length(markup: str) -> int:
    return len(re.sub(r"&[#\w]+;", "x", re.sub(r"<[^>]*>", "", markup)))


def prepare() -> None:
    """Import reportlab's layout engine and register the fonts: done once by the worker processes'
    parent (isolation_preload.py), which saves each report about 0.15 s in a fresh worker."""
    import reportlab.pdfgen.canvas
    import reportlab.platypus  # noqa: F401

    _fonts()


def _fonts() -> tuple[str, str]:
    """DejaVu from matplotlib's data (full Unicode); Helvetica if it cannot be found."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "DejaVuSans" in pdfmetrics.getRegisteredFontNames():
        return "DejaVuSans", "DejaVuSans-Bold"
    try:
        import matplotlib

        fonts = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
        pdfmetrics.registerFont(TTFont("DejaVuSans", str(fonts / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(fonts / "DejaVuSans-Bold.ttf")))
        return "DejaVuSans", "DejaVuSans-Bold"
    except (OSError, ImportError):
        return "Helvetica", "Helvetica-Bold"


def _size(n_bytes: int | None) -> str:
    if n_bytes is None:
        return "—"
    n = float(n_bytes)
    for unit in ("bytes", "kB", "MB", "GB", "TB"):
        if n < 1000 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1000
    return ""


class ReportBuilder:
    """Builds the story (list of flowables) section by section."""

    def __init__(self) -> None:
        from reportlab.lib import colors
        from reportlab.lib.pagesizes import A4
        from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
        from reportlab.lib.units import mm

        self.colors, self.mm = colors, mm
        self.page_size = A4
        self.margin = 18 * mm
        self.width = A4[0] - 2 * self.margin
        regular, bold = _fonts()
        self.font, self.bold = regular, bold
        base = getSampleStyleSheet()
        self.styles = {
            "title": ParagraphStyle(
                "title", parent=base["Title"], fontName=bold, fontSize=22, leading=27, alignment=0, spaceAfter=6
            ),
            "subtitle": ParagraphStyle("subtitle", fontName=regular, fontSize=11, leading=15, textColor="#444444"),
            "h1": ParagraphStyle(
                "h1",
                fontName=bold,
                fontSize=14,
                leading=18,
                spaceBefore=12,
                spaceAfter=6,
                textColor="#1f3b73",
                keepWithNext=1,
            ),
            "h2": ParagraphStyle(
                "h2", fontName=bold, fontSize=10.5, leading=14, spaceBefore=8, spaceAfter=3, keepWithNext=1
            ),
            "body": ParagraphStyle("body", fontName=regular, fontSize=9.5, leading=13, spaceAfter=4),
            "cell": ParagraphStyle("cell", fontName=regular, fontSize=8.5, leading=11, splitLongWords=1),
            "cellbold": ParagraphStyle("cellbold", fontName=bold, fontSize=8.5, leading=11, splitLongWords=1),
            "small": ParagraphStyle(
                "small", fontName=regular, fontSize=8, leading=10.5, textColor="#444444", spaceBefore=3, spaceAfter=3
            ),
            "banner": ParagraphStyle("banner", fontName=bold, fontSize=16, leading=20, textColor="white", alignment=1),
        }
        self.story: list[Any] = []

    # -------------------------------------------------------------- primitives

    def p(self, text: str, style: str = "body") -> Any:
        from reportlab.platypus import Paragraph

        return Paragraph(text, self.styles[style])

    def add(self, *flowables: Any) -> None:
        self.story.extend(flowables)

    def heading(self, text: str) -> None:
        self.add(self.p(esc(text), "h1"))

    def cell_limit(self, width_fraction: float) -> int:
        """Characters that fit in CELL_LINES lines of a column (DejaVu at 8.5 pt: about 5 pt a character)."""
        per_line = max(8, int((width_fraction * self.width - 6) / 5.0))
        return min(MAX_CELL_CHARS, per_line * CELL_LINES)

    def table(self, rows: list[list[Any]], widths: list[float], header: bool = True, zebra: bool = True) -> Any:
        """A table of wrapping cells; widths are fractions of the text width. Long cells are shortened."""
        from reportlab.platypus import LongTable, TableStyle

        limits = [self.cell_limit(w) for w in widths]
        cells = [
            [
                c
                if not isinstance(c, str)
                else self.p(shorten_markup(c, limits[col]), "cellbold" if header and r == 0 else "cell")
                for col, c in enumerate(row)
            ]
            for r, row in enumerate(rows)
        ]
        table = LongTable(cells, colWidths=[w * self.width for w in widths], repeatRows=1 if header else 0)
        style = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, "#cccccc"),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]
        if header:
            style.append(("BACKGROUND", (0, 0), (-1, 0), "#e8edf5"))
        if zebra:
            style += [("BACKGROUND", (0, r), (-1, r), "#f7f7f7") for r in range(1 if header else 0, len(rows), 2)]
        table.setStyle(TableStyle(style))
        return table

    def key_values(self, pairs: list[tuple[str, Any]]) -> list[Any]:
        """A two-column table; a value too long for its cell is printed in full below the table."""
        widths = [0.28, 0.72]
        rows, below = [], []
        for key, value in pairs:
            if value in (None, "", []):
                continue
            if isinstance(value, str) and visible_length(value) > self.cell_limit(widths[1]):
                rows.append([f"<b>{esc(key)}</b>", "<i>long: printed in full below this table</i>"])
                # one paragraph, label inline: it can split across pages, a heading kept with it could not
                below.append(self.p(f"<b>{esc(key)}:</b> {shorten_markup(value, MAX_PARAGRAPH_CHARS)}"))
            else:
                rows.append([f"<b>{esc(key)}</b>", value])
        return [self.table(rows, widths, header=False), *below]

    def bullets(self, items: list[str]) -> Any:
        from reportlab.platypus import ListFlowable, ListItem

        return ListFlowable(
            [ListItem(self.p(text), leftIndent=12) for text in items],
            bulletType="bullet",
            start="•",
            leftIndent=12,
            bulletFontName=self.font,
        )

    def build(self, path: Path, footer: str) -> None:
        from reportlab import rl_config
        from reportlab.pdfgen.canvas import Canvas
        from reportlab.platypus import SimpleDocTemplate

        # Binary streams, as PDF allows: reportlab's ASCII85 armour runs in pure Python here (no
        # compiled accelerator), a quarter of a report's time for the preview image alone.
        rl_config.useA85 = 0

        builder = self

        class NumberedCanvas(Canvas):
            """Two passes over the pages so each footer can say 'page X of Y'."""

            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self._pages: list[dict[str, Any]] = []

            def showPage(self) -> None:
                self._pages.append(dict(self.__dict__))
                self._startPage()

            def save(self) -> None:
                for page in self._pages:
                    self.__dict__.update(page)
                    self.setFont(builder.font, 7.5)
                    self.setFillColor("#666666")
                    self.drawString(builder.margin, 10 * builder.mm, footer)
                    self.drawRightString(
                        builder.page_size[0] - builder.margin,
                        10 * builder.mm,
                        f"Page {self._pageNumber} of {len(self._pages)}",
                    )
                    super().showPage()
                super().save()

        document = SimpleDocTemplate(
            str(path),
            pagesize=self.page_size,
            leftMargin=self.margin,
            rightMargin=self.margin,
            topMargin=self.margin,
            bottomMargin=self.margin + 4,
            title="NWB evaluation report",
            author="Agentic Neurodata Conversion",
        )
        document.build(self.story, canvasmaker=NumberedCanvas)


# --------------------------------------------------------------------------- sections


def write_pdf_report(
    path: Path,
    result: ValidationResult,
    text: PassedReportText,
    figure: Figure | None,
    history: list[CorrectionAttempt],
    session_id: str | None = None,
    ending: SessionEnding | None = None,
    streams: list[SessionStream] | None = None,
) -> Path:
    """Write the report to `path` (through a temporary file, so a half-written PDF is never served).
    With `ending` (the session is over) its cover says how it ended; without, that it awaits a decision."""
    r = ReportBuilder()
    groups = group_issues(result.issues)
    narratives = {n.id: n for n in text.issues}
    _cover(r, result, session_id, text.executive_summary, ending)
    _file_information(r, result, streams or [])
    _figure(r, figure)
    _issue_counts(r, result)
    _issues(r, groups, narratives)
    _quality(r, result, text)
    r.heading("7. Recommendations")
    r.add(r.bullets([esc(item) for item in text.recommendations]))
    _history(r, history)
    _about(r, result)
    partial = path.with_name(path.name + ".partial")
    r.build(partial, footer=f"NWB evaluation report · {Path(result.nwb_path).name}")
    partial.replace(path)
    return path


def _cover(
    r: ReportBuilder, result: ValidationResult, session_id: str | None, summary: str, ending: SessionEnding | None
) -> None:
    from reportlab.platypus import PageBreak, Spacer, Table, TableStyle

    info = result.file_info
    r.add(
        Spacer(1, 20 * r.mm),
        r.p("NWB evaluation report", "title"),
        r.p("NWB Inspector (DANDI configuration) and PyNWB schema validation", "subtitle"),
        Spacer(1, 12 * r.mm),
    )
    banner = Table([[r.p(STATUS_WORDS[result.overall_status], "banner")]], colWidths=[r.width], rowHeights=[14 * r.mm])
    banner.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), STATUS_COLOURS[result.overall_status]),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    r.add(banner, Spacer(1, 8 * r.mm))
    _ending(r, ending)
    c = result.counts
    crashes = count_inspector_crashes(result.issues)
    r.add(
        *r.key_values(
            [
                ("File", esc(Path(result.nwb_path).name)),
                ("Version", f"v{result.version}" if result.version else None),
                ("Evaluated", esc(result.evaluated_at.astimezone().strftime("%Y-%m-%d %H:%M %Z"))),
                ("NWB version", esc(info.nwb_version) if info else None),
                ("File size", _size(info.file_size_bytes) if info else None),
                (
                    "Issues",
                    esc(c.phrase())
                    + (
                        f" (and {crashes} crash{'es' if crashes != 1 else ''} inside NWB Inspector, not counted "
                        "against the file)"
                        if crashes
                        else ""
                    ),
                ),
                (
                    "Metadata completeness",
                    f"{result.completeness_score:.0f} / 100" if result.completeness_score is not None else None,
                ),
                ("Session", esc(session_id) if session_id else None),
                ("NWB Inspector", esc(result.inspector_version)),
            ]
        )
    )
    r.heading("1. Executive summary")
    r.add(r.p(esc(summary)), PageBreak())


DECISION_WORDS = {
    EndingDecision.FIXED: "fixed",
    EndingDecision.ACCEPTED: "accepted as is",
    EndingDecision.DECLINED: "declined",
    EndingDecision.LEFT_UNFIXED: "left unfixed",
}
BY_WORDS = {"user": "you", "automatic": "the service (automatic)"}


def _ending(r: ReportBuilder, ending: SessionEnding | None) -> None:
    """How the session ended: the final status, then each thing fixed, accepted, declined or left
    unfixed, and by whom. Before the user decides, the report says it waits for that decision."""
    from reportlab.platypus import Spacer

    if ending is None:
        r.add(
            r.p(
                "<b>Final status:</b> not decided yet: this report was written while the service waited for your "
                "decision; the report written after it says how the session ended."
            ),
            Spacer(1, 4 * r.mm),
        )
        return
    r.add(
        *r.key_values(
            [
                ("Final status", f"<b>{esc(ending.headline)}</b>"),
                ("Decided by", BY_WORDS[ending.decided_by]),
                ("Decided", esc(ending.decided_at.astimezone().strftime("%Y-%m-%d %H:%M %Z"))),
            ]
        )
    )
    if ending.items:
        r.add(
            r.table(
                [["What", "Outcome", "By"]]
                + [
                    [
                        esc(item.what) + (f" ({item.count}×)" if item.count > 1 else ""),
                        DECISION_WORDS[item.decision],
                        BY_WORDS[item.decided_by],
                    ]
                    for item in ending.items
                ],
                [0.6, 0.18, 0.22],
            )
        )
    r.add(Spacer(1, 6 * r.mm))


def _units(count: int | None, linked: int | None) -> str | None:
    if count is None:
        return None
    if linked is None:
        return f"{count} (not linked to electrodes)"
    return f"{count} ({linked} linked to electrodes)"


def _streams(r: ReportBuilder, streams: list[SessionStream]) -> None:
    """What the file was written from: each stream of the session with the reader that wrote it."""
    r.add(r.p("Streams", "h2"))
    rows = [["Reader (stream)", "Kind", "Files", "Links, time, pieces"]]
    for stream in streams:
        notes = [
            text
            for text in (
                stream.link.reason if stream.link else None,
                f"Time: {stream.alignment}" if stream.alignment else None,
                f"{len(stream.pieces)} pieces, each at its own time" if stream.pieces else None,
                "Left out" + (f": {stream.problem}" if stream.problem else " by the user")
                if not stream.included
                else None,
            )
            if text
        ]
        reader = stream.interface if stream.name == stream.interface else f"{stream.interface} ({stream.name})"
        rows.append(
            [esc(reader), esc(stream.kind.value), f"{len(stream.files)} ({_size(stream.bytes)})", esc(" ".join(notes))]
        )
    r.add(r.table(rows, [0.3, 0.1, 0.13, 0.47]))


def _file_information(r: ReportBuilder, result: ValidationResult, streams: list[SessionStream]) -> None:
    r.heading("2. File information")
    if streams:
        _streams(r, streams)
    info = result.file_info
    if info is None:
        r.add(r.p(f"PyNWB could not read the file: {esc(result.read_error)}"))
        return
    s = info.subject
    coverage = (
        (f"{info.temporal_coverage_s[0]:.3f} s to {info.temporal_coverage_s[1]:.3f} s ({info.duration_s:.3f} s)")
        if info.temporal_coverage_s and info.duration_s is not None
        else None
    )
    r.add(
        *r.key_values(
            [
                ("Identifier", esc(info.identifier)),
                ("Session description", esc(info.session_description) or "<i>missing</i>"),
                ("Session start time", esc(info.session_start_time)),
                ("Session ID", esc(info.session_id)),
                ("File created", esc(info.file_create_date)),
                ("Experimenter", esc("; ".join(info.experimenter)) or "<i>missing</i>"),
                ("Institution", esc(info.institution) or "<i>missing</i>"),
                ("Lab", esc(info.lab) or "<i>missing</i>"),
                ("Experiment description", esc(info.experiment_description) or "<i>missing</i>"),
                ("Keywords", esc(", ".join(info.keywords)) or "<i>missing</i>"),
                (
                    "Subject",
                    esc(", ".join(f"{k}: {v}" for k, v in (s.model_dump() if s else {}).items() if v))
                    or "<i>missing</i>",
                ),
                ("File size", _size(info.file_size_bytes)),
                ("Temporal coverage", coverage),
                (
                    "Electrodes",
                    f"{info.electrode_count} rows; columns: {esc(', '.join(info.electrode_columns))}"
                    if info.electrode_count is not None
                    else None,
                ),
                ("Sorted units", _units(info.units_count, info.units_with_electrodes)),
            ]
        )
    )
    if info.devices:
        r.add(r.p("Devices", "h2"))
        r.add(
            r.table(
                [["Name", "Description", "Manufacturer / model", "Serial number"]]
                + [
                    [
                        esc(d.get("name")),
                        esc(d.get("description")) or "<i>missing</i>",
                        esc(" / ".join(str(x) for x in (d.get("manufacturer"), d.get("model")) if x)),
                        esc(d.get("serial_number")),
                    ]
                    for d in info.devices
                ],
                [0.25, 0.35, 0.25, 0.15],
            )
        )
    if info.electrode_groups:
        r.add(r.p("Electrode groups", "h2"))
        r.add(
            r.table(
                [["Name", "Location (group / electrodes)", "Device", "Description"]]
                + [
                    [
                        esc(g.get("name")),
                        esc(
                            " / ".join(
                                [str(g.get("location"))]
                                + ([", ".join(g["electrode_locations"])] if g.get("electrode_locations") else [])
                            )
                        ),
                        esc(g.get("device")),
                        esc(g.get("description")),
                    ]
                    for g in info.electrode_groups
                ],
                [0.2, 0.25, 0.2, 0.35],
            )
        )
    r.add(r.p("Acquisition", "h2"))
    if info.acquisition:
        r.add(
            r.table(
                [["Name", "Type", "Shape", "Data type", "Size", "Rate (Hz)", "Unit"]]
                + [
                    [
                        esc(a.name),
                        esc(a.neurodata_type),
                        esc(" × ".join(map(str, a.shape))) if a.shape else "—",
                        esc(a.dtype or "—"),
                        _size(a.bytes),
                        f"{a.rate_hz:g}" if a.rate_hz else "—",
                        esc(a.unit or "—"),
                    ]
                    for a in info.acquisition
                ],
                [0.24, 0.18, 0.14, 0.09, 0.12, 0.12, 0.11],
            )
        )
    else:
        r.add(r.p("No acquired time series in this file."))
    if info.processing_modules:
        r.add(r.p("Processing modules", "h2"))
        r.add(
            r.table(
                [["Module", "Description", "Contents"]]
                + [
                    [
                        esc(m.get("name")),
                        esc(m.get("description")),
                        esc(", ".join(f"{k} ({v})" for k, v in (m.get("interfaces") or {}).items())),
                    ]
                    for m in info.processing_modules
                ],
                [0.2, 0.4, 0.4],
            )
        )


def _figure(r: ReportBuilder, figure: Figure | None) -> None:
    from reportlab.platypus import Image, KeepTogether

    heading = r.p("3. Data preview", "h1")
    if figure is None:
        r.add(heading, r.p("The file holds no time series or spike times to plot."))
        return
    width = r.width
    height = width * figure.height_in / figure.width_in
    r.add(
        KeepTogether(
            [
                heading,
                Image(io.BytesIO(figure.png), width=width, height=height),
                r.p(f"<b>Figure 1.</b> {esc(figure.caption)}", "small"),
            ]
        )
    )


def _issue_counts(r: ReportBuilder, result: ValidationResult) -> None:
    r.heading("4. Issue counts")
    counts = result.counts.model_dump()
    r.add(
        r.table(
            [["Severity", "Count", "What it means"]]
            + [
                [
                    f'<font color="{SEVERITY_COLOURS[s]}"><b>{s.value}</b></font>',
                    str(counts[s.value]),
                    SEVERITY_MEANING[s],
                ]
                for s in Severity
            ],
            [0.2, 0.1, 0.7],
        )
    )
    if result.counts_by_category:
        r.add(r.p("By category", "h2"))
        r.add(
            r.table(
                [["Category", "Count"]]
                + [[esc(CATEGORY_LABELS.get(k, k)), str(v)] for k, v in sorted(result.counts_by_category.items())],
                [0.8, 0.2],
            )
        )
    crashes = count_inspector_crashes(result.issues)
    if crashes:
        r.add(
            r.p(
                f"Not in the severity counts above: {crashes} crash{'es' if crashes != 1 else ''} inside NWB "
                "Inspector's own checks, listed under their own category. They say nothing about the file and do "
                "not count against it.",
                "small",
            )
        )


def _issues(r: ReportBuilder, groups: list[IssueGroup], narratives: dict[str, Any]) -> None:
    from reportlab.platypus import KeepTogether

    r.heading("5. Issues")
    if not groups:
        r.add(r.p("NWB Inspector and PyNWB found no issue."))
        return
    r.add(r.p("Issues with the same check and meaning are listed once, with every place they occur.", "small"))
    for group in groups:
        narrative = narratives.get(group.id)
        colour = SEVERITY_COLOURS[group.severity]
        times = f" ({len(group.issues)}×)" if len(group.issues) > 1 else ""
        head = r.p(
            f'<font color="{colour}">{group.severity.value}</font> · {esc(group.title)}{times} '
            f'<font size="8" color="#666666">[{esc(group.check_name)}]</font>',
            "h2",
        )
        places = group.places
        where = "; ".join(places[:MAX_PLACES]) + (
            f"; and {len(places) - MAX_PLACES} more" if len(places) > MAX_PLACES else ""
        )
        fixes = [f for f in group.fixes if f.field]
        fix_text = FIX_WORDS[group.fix_kind] + (
            " (" + ", ".join(dict.fromkeys((f.field or "").replace("_", " ") for f in fixes)) + ")" if fixes else ""
        )
        rows = [
            ["NWB Inspector says", esc(" | ".join(group.messages[:3]))],
            ["Where", esc(where) or "the whole file"],
            ["What it means", esc(narrative.explanation if narrative else group.explanation)],
            ["Why it matters", esc(narrative.why_it_matters if narrative else group.why_it_matters)],
            ["How to fix it", esc(narrative.how_to_fix if narrative else group.how_to_fix)],
            ["Fix", esc(fix_text)],
        ]
        r.add(
            KeepTogether(
                [head, r.table([[f"<b>{k}</b>", v] for k, v in rows], [0.22, 0.78], header=False, zebra=False)]
            )
        )


def _quality(r: ReportBuilder, result: ValidationResult, text: PassedReportText) -> None:
    r.heading("6. Quality assessment")
    r.add(r.p(esc(text.quality_assessment)))
    if result.file_info is None:
        return
    score = completeness(result.file_info)
    r.add(r.p(f"Metadata completeness: {score.score:.0f} / 100", "h2"))
    r.add(
        r.table(
            [["Field", "Weight", "Present"]]
            + [
                [
                    esc(item.label),
                    "required (2)" if item.weight == 2 else "recommended (1)",
                    '<font color="#1b7a3a">yes</font>' if item.present else '<font color="#b00020"><b>no</b></font>',
                ]
                for item in score.items
            ],
            [0.6, 0.2, 0.2],
        )
    )
    r.add(r.p(esc(FORMULA), "small"))


def _history(r: ReportBuilder, history: list[CorrectionAttempt]) -> None:
    from .report_history import history_section

    r.heading("8. Correction history")
    history_section(r, history, esc)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _about(r: ReportBuilder, result: ValidationResult) -> None:
    r.heading("9. How this report was made")
    r.add(
        r.p(
            esc(
                f"The file was opened with PyNWB, validated against the NWB schema, and checked with NWB Inspector "
                f"{result.inspector_version or ''} using its DANDI configuration (the checks DANDI runs before "
                "accepting an upload). NWB Inspector's importance levels map to the severities above: CRITICAL → "
                "CRITICAL; ERROR and PYNWB_VALIDATION → ERROR; BEST_PRACTICE_VIOLATION → WARNING; "
                "BEST_PRACTICE_SUGGESTION → BEST_PRACTICE. The file FAILS if any CRITICAL or ERROR issue remains "
                "(crashes inside NWB Inspector's own checks excepted), PASSES WITH ISSUES if only warnings or "
                "suggestions remain, and PASSES otherwise."
                f" Evaluation took {result.duration_s or 0:.1f} s; "
                f"report written {datetime.now().astimezone():%Y-%m-%d %H:%M %Z}."
            ),
            "small",
        )
    )
