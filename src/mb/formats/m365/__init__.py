"""Microsoft 365 Copilot evaluation documents (``evals.json``, schema 1.0-1.7 and legacy arrays).

Import a document as MorganaBench examples, export examples (and their results) as a document valid under the
1.7.0 schema, run a document against an agent the way the ``runevals`` tool does, and write JSON, CSV or HTML
reports. See :mod:`mb.formats.m365.importer` for how M365 fields are kept on examples (the ``m365`` extra).
"""

from .document import LoadedDocument, M365DocumentError, dump_document, load_document, parse_document, read_json
from .entries import Evaluated
from .evalrun import EvalRun, arun_document, run_document
from .evaluators import EVALUATORS, SYSTEM_DEFAULT_EVALUATORS, MetricRequest, effective_evaluators, metric_requests
from .exporter import Export, build_document, examples_to_document, write_document
from .files import DATASET_NAMES, STARTER_DOCUMENT, discover_dataset, upgrade_in_place, write_starter
from .importer import M365_FIELD, document_to_examples, document_units, import_m365
from .report_csv import csv_report, write_csv
from .report_html import html_report, write_html
from .reports import report_format, write_report
from .schema import SCHEMA_URI, SCHEMA_VERSION, document_schema, schema_problems
from .status import item_status, thread_summary
from .upgrade import upgrade_document

__all__ = [
    "DATASET_NAMES",
    "EVALUATORS",
    "M365_FIELD",
    "SCHEMA_URI",
    "SCHEMA_VERSION",
    "STARTER_DOCUMENT",
    "SYSTEM_DEFAULT_EVALUATORS",
    "EvalRun",
    "Evaluated",
    "Export",
    "LoadedDocument",
    "M365DocumentError",
    "MetricRequest",
    "arun_document",
    "build_document",
    "csv_report",
    "discover_dataset",
    "document_schema",
    "document_to_examples",
    "document_units",
    "dump_document",
    "effective_evaluators",
    "examples_to_document",
    "html_report",
    "import_m365",
    "item_status",
    "load_document",
    "metric_requests",
    "parse_document",
    "read_json",
    "report_format",
    "run_document",
    "schema_problems",
    "thread_summary",
    "upgrade_document",
    "upgrade_in_place",
    "write_csv",
    "write_document",
    "write_html",
    "write_report",
    "write_starter",
]
