"""The HTML report: one self-contained page (overview, table, drill-down drawer, runs compared) that opens from disk
in any browser, with no network. One template and one script show evaluation results (``mb report``) and the output
documents of Microsoft 365 Copilot evaluations (``mb runevals``)."""

from ._build import ReportError, build_report, report_chunks
from ._load import number_or_none
from ._page import Embedding, render_page

__all__ = ["Embedding", "ReportError", "build_report", "number_or_none", "render_page", "report_chunks"]
