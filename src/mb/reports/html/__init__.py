"""The HTML report of evaluation results: one self-contained page (overview, examples table, drill-down, runs
compared) that opens from disk in any browser, with no network."""

from ._build import ReportError, build_report
from ._page import Embedding

__all__ = ["Embedding", "ReportError", "build_report"]
