"""Reading and writing benchmark files: streaming JSONL, gzip, precise line-numbered errors."""

from ._atomic import SameFileError, atomic_output, refuse_input_as_output, write_atomically
from ._errors import LineError, Problem, json_path, printable, validation_reason
from ._inputs import command_inputs, note_input, read_small_file
from ._limits import DEFAULT_MAX_LINE_BYTES, MAX_DEPTH, max_line_bytes
from ._reader import (
    CompressedFileError,
    FolderGivenError,
    InputFileError,
    MissingFileError,
    Record,
    is_not_run_record,
    iter_documents,
    iter_lines,
    iter_records,
    jsonl_lines,
    not_jsonl,
    not_run_record,
    parse_document,
    read_examples,
    read_record,
    source_name,
)
from ._typos import key_warnings
from ._writer import JsonlWriter, dump_line, write_examples

__all__ = [
    "DEFAULT_MAX_LINE_BYTES",
    "MAX_DEPTH",
    "CompressedFileError",
    "FolderGivenError",
    "InputFileError",
    "JsonlWriter",
    "LineError",
    "MissingFileError",
    "Problem",
    "Record",
    "SameFileError",
    "atomic_output",
    "command_inputs",
    "dump_line",
    "is_not_run_record",
    "iter_documents",
    "iter_lines",
    "iter_records",
    "json_path",
    "jsonl_lines",
    "key_warnings",
    "max_line_bytes",
    "not_jsonl",
    "not_run_record",
    "note_input",
    "parse_document",
    "printable",
    "read_examples",
    "read_record",
    "read_small_file",
    "refuse_input_as_output",
    "source_name",
    "validation_reason",
    "write_atomically",
    "write_examples",
]
