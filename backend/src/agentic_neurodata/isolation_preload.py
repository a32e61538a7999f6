"""Imported once by the forkserver so every worker child starts with NeuroConv (and the readers of
its registry), SpikeInterface's and Neo's readers, PyNWB, NWB Inspector (with the DANDI schema its
checks import on first use: a third of a check's time), matplotlib and reportlab already loaded
(each would otherwise cost seconds of imports), with matplotlib's fonts looked up (a third of a
report figure's drawing time in a fresh process) and the report's fonts registered."""

import contextlib
import ctypes
import gc
import io

import dandischema.models  # noqa: F401
import neo  # noqa: F401
import neuroconv.converters
import neuroconv.datainterfaces  # noqa: F401
import nwbinspector  # noqa: F401
import pynwb  # noqa: F401
import spikeinterface.extractors  # noqa: F401
import zlib_ng.zlib_ng  # noqa: F401
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

M_MMAP_THRESHOLD = -3  # mallopt's parameter number (malloc.h)


def _draw_once() -> None:
    figure = Figure(figsize=(1, 1), dpi=20)
    FigureCanvasAgg(figure)
    axes = figure.subplots()
    axes.plot([0, 1], [0, 1])
    axes.set_title("µV", fontsize=8)
    axes.set_xlabel("time (s)", fontsize=8)
    axes.tick_params(labelsize=7)
    figure.savefig(io.BytesIO(), format="png")


def _give_back_freed_arrays() -> None:
    """glibc raises its mmap threshold each time a large block is freed, after which blocks of that
    size come from the heap and stay with the process once freed: a worker reading a recording in
    bands kept every band it had read (a report preview grew by 100 MB). A fixed threshold (which
    turns the raising off) gives each freed array back to the system. Inherited by forked workers."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:  # not glibc: nothing to tune
        return
    libc.mallopt(M_MMAP_THRESHOLD, 128 * 1024)


def _prepare_schema_validation() -> None:
    from agentic_neurodata.agents.evaluation import schema_cache

    # An error here must not stop the forkserver: validation then builds its type map per file.
    with contextlib.suppress(Exception):
        schema_cache.prepare()


def _prepare_reports() -> None:
    from agentic_neurodata.agents.evaluation import report_pdf

    # An error here must not stop the forkserver: each report then loads reportlab and its fonts.
    with contextlib.suppress(Exception):
        report_pdf.prepare()


_give_back_freed_arrays()
_draw_once()
_prepare_schema_validation()
_prepare_reports()
# Everything imported so far lives as long as the forkserver: out of the garbage collector's sight, a
# forked worker does not copy every page of it by walking its objects (copy-on-write), which made each
# worker's own memory as large as the libraries (about 200 MB instead of tens).
gc.freeze()


def ready(progress: object) -> bool:
    return True
