"""The public surface is deliberate: these names are what users import. Changing them is a decision."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PUBLIC = {
    "mb": [
        "AgentError",
        "AgentRun",
        "ConfigError",
        "EvaluationResults",
        "ExampleResult",
        "InputError",
        "JudgeError",
        "MBError",
        "OutputError",
        "ResultsFormatError",
        "RunSummary",
        "Summary",
        "__version__",
        "aevaluate",
        "arun",
        "entities",
        "evaluate",
        "run",
    ],
    "mb.errors": [
        "AgentError",
        "ConfigError",
        "InputError",
        "JudgeConfigError",
        "JudgeError",
        "MBError",
        "OutputError",
        "ResultsFormatError",
    ],
    "mb.entities": [
        # spec/003, and the extended assertions read beside it (mb.entities.extended)
        "AnyOfMatcher",
        "ChatMessage",
        "Citation",
        "DateTimeMatcher",
        "EmailMatcher",
        "Environment",
        "EqualsMatcher",
        "Example",
        "Expectations",
        "ExtendedAssertion",
        "ExtendedMatcher",
        "ExtendedOptionalMatcher",
        "ExtendedParameterAssertion",
        "ExtendedToolCallAssertion",
        "FreeTextMatcher",
        "GroundedMatcher",
        "InputMetadata",
        "Inputs",
        "MissingMatcher",
        "NoToolCallAssertion",
        "NumberMatcher",
        "OneParameterAssertion",
        "OptionalMatcher",
        "Outputs",
        "ParameterGroupAssertion",
        "RegexMatcher",
        "RetrievalResult",
        "RetrievalResults",
        "ToolCall",
        "ToolCallAssertion",
        "ToolCallCountAssertion",
        "ToolNotCalledAssertion",
        "ToolOrderAssertion",
        "ToolResult",
        "TurnMetadata",
        "ValueMatcher",
        "parameter_assertion",
    ],
    "mb.io": [
        "CompressedFileError",
        "DEFAULT_MAX_LINE_BYTES",
        "FolderGivenError",
        "InputFileError",
        "JsonlWriter",
        "LineError",
        "MAX_DEPTH",
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
    ],
    "mb.evaluation": [
        "NOTHING_CHECKED",
        "AssertionResult",
        "CheckResult",
        "EvaluationResults",
        "ExampleResult",
        "METRIC_NAMES",
        "MetricResult",
        "MetricSpec",
        "NothingToEvaluateError",
        "OutputWriteError",
        "ParameterResult",
        "RateStat",
        "RunResult",
        "Scored",
        "Summary",
        "SummaryBuilder",
        "aevaluate",
        "aiter_evaluate",
        "evaluate",
        "evaluate_example",
        "iter_evaluate",
        "read_results",
        "resolve_judge",
    ],
    "mb.judges": [
        "AutoChoice",
        "JUDGE_NAMES",
        "Judge",
        "JudgeConfigError",
        "JudgeRequest",
        "JudgeTask",
        "LLMJudge",
        "LexicalJudge",
        "LocalJudge",
        "Verdict",
        "explain_auto",
        "get_judge",
        "sentences",
    ],
    "mb.metrics": [
        "METRICS",
        "METRIC_NAMES",
        "NEEDS_LLM_JUDGE",
        "Compute",
        "Metric",
        "MetricSpec",
        "find_citation_markers",
        "register_metric",
        "similarity_request",
        "skipped",
    ],
    "mb.compare": [
        "CompareError",
        "Comparison",
        "Flip",
        "SliceDelta",
        "compare_many",
        "compare_runs",
        "render_comparison",
    ],
    "mb.reports": [
        "junit_chunks",
        "summary_markdown",
    ],
    "mb.results_format": [
        "FileKind",
        "HEADER_KEY",
        "JudgeInfo",
        "MetricInfo",
        "RESULTS_FORMAT_VERSION",
        "ResultsFile",
        "RunCounts",
        "RunRecord",
        "TokenUse",
        "check_scored_once",
        "data_digest",
        "file_digest",
        "header_line",
        "holds_scored_data",
        "is_results_file",
        "iter_results_file",
        "kind_of_document",
        "kind_of_file",
        "migrate_record",
        "not_the_file_scored",
        "parse_header",
        "read_results_file",
        "read_run_record",
        "require_results",
        "results_file_problem",
    ],
    "mb.results_join": [
        "JoinMismatch",
        "check_join",
        "hash_of_line",
    ],
    "mb.run_record": [
        "ModelPrice",
        "PricesError",
        "build_run_record",
        "check_prices",
        "judge_token_use",
        "load_prices",
        "price_usage",
        "total_cost",
    ],
    "mb.stats": [
        "mcnemar_exact",
        "newcombe_interval",
        "pass_at_k",
        "pass_hat_k",
        "per_example",
        "percent_bounds",
        "rate_interval",
        "wilson_interval",
    ],
    "mb.testing": ["aassert_example", "assert_example", "examples", "failure_message"],
    "mb.runner.adapters": [
        "ChatCompletionsAgent",
        "LangGraphAdapter",
        "MaxTurnsExceeded",
        "OpenAIAgentsAdapter",
        "tool_spec",
        "trace_handler",
    ],
}


@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_public_names(module: str) -> None:
    imported = importlib.import_module(module)
    assert sorted(imported.__all__) == sorted(PUBLIC[module])
    for name in imported.__all__:
        assert getattr(imported, name) is not None, f"{module}.{name}"


def test_the_entities_api_matches_the_reference() -> None:
    from mb.entities import Example, Inputs, OptionalMatcher, Outputs

    assert list(Example.model_fields) == ["inputs", "expectations", "outputs"]
    assert list(Inputs.model_fields) == ["messages", "metadata", "tools"]
    assert list(Outputs.model_fields) == ["response", "citations", "environment", "trace"]
    assert OptionalMatcher.__pydantic_generic_metadata__["parameters"]


def test_import_mb_gives_the_entities_and_the_result_types() -> None:
    code = (
        "import mb; print(mb.entities.Example.__name__, mb.run.__name__, mb.evaluate.__name__, "
        "mb.AgentRun.__name__, mb.EvaluationResults.__name__, mb.MBError.__name__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["Example", "run", "evaluate", "AgentRun", "EvaluationResults", "MBError"]


def test_the_former_names_of_the_result_types_still_work() -> None:
    import mb
    from mb.evaluation import RunResult
    from mb.runner import RunOutput

    assert RunOutput is mb.AgentRun
    assert RunResult is mb.EvaluationResults


# Every error MorganaBench raises, where users import it, the branch of mb.errors right above it, and the built-in
# exception it also is (so that code catching the built-in keeps working).
ERROR_TREE: dict[tuple[str, str], tuple[str, type[BaseException]]] = {
    ("mb.errors", "InputError"): ("MBError", ValueError),
    ("mb.errors", "ResultsFormatError"): ("InputError", ValueError),
    ("mb.io", "CompressedFileError"): ("InputError", OSError),
    ("mb.io", "InputFileError"): ("InputError", OSError),
    ("mb.io", "MissingFileError"): ("InputError", FileNotFoundError),
    ("mb.io", "FolderGivenError"): ("InputError", IsADirectoryError),
    ("mb.results_join", "JoinMismatch"): ("InputError", ValueError),
    ("mb.compare", "CompareError"): ("InputError", ValueError),
    ("mb.reports.html", "ReportError"): ("InputError", ValueError),
    ("mb.formats.m365", "M365DocumentError"): ("InputError", ValueError),
    ("mb.formats.traces", "TraceError"): ("InputError", ValueError),
    ("mb.runner", "BenchmarkFileError"): ("InputError", ValueError),
    ("mb.evaluation", "NothingToEvaluateError"): ("InputError", ValueError),
    ("mb.errors", "OutputError"): ("MBError", Exception),
    ("mb.io", "SameFileError"): ("OutputError", ValueError),
    ("mb.runner", "OutputExistsError"): ("OutputError", FileExistsError),
    ("mb.runner", "OutputLockedError"): ("OutputError", Exception),
    ("mb.runner", "ResumeError"): ("OutputError", Exception),
    ("mb.evaluation", "OutputWriteError"): ("OutputError", OSError),
    ("mb.errors", "AgentError"): ("MBError", Exception),
    ("mb.runner._errors", "AgentBaseException"): ("AgentError", Exception),
    ("mb.runner", "AgentLoadError"): ("AgentError", Exception),
    ("mb.runner", "AgentOutputError"): ("AgentError", Exception),
    ("mb.runner", "TransientAgentError"): ("AgentError", Exception),
    ("mb.runner", "WorkerLostError"): ("AgentError", Exception),
    ("mb.runner.adapters", "MaxTurnsExceeded"): ("AgentError", Exception),
    ("mb.errors", "JudgeError"): ("MBError", Exception),
    ("mb.judges", "JudgeConfigError"): ("JudgeError", ValueError),
    ("mb.errors", "ConfigError"): ("MBError", ValueError),
    ("mb.config", "ConfigError"): ("MBError", ValueError),
    ("mb.run_record", "PricesError"): ("ConfigError", ValueError),
    ("mb.formats.eee", "UnportableName"): ("ConfigError", ValueError),
    ("mb.runner", "RayUnavailableError"): ("ConfigError", RuntimeError),
}


def _error(module: str, name: str) -> type[BaseException]:
    error = getattr(importlib.import_module(module), name)
    assert isinstance(error, type)
    assert name in importlib.import_module(module).__all__
    return error


@pytest.mark.parametrize(("module", "name"), sorted(ERROR_TREE))
def test_each_error_sits_on_its_branch_of_the_tree(module: str, name: str) -> None:
    import mb.errors

    error = _error(module, name)
    branch, builtin = ERROR_TREE[module, name]
    nearest = next(base for base in error.__mro__[1:] if base.__module__ == "mb.errors")
    assert nearest is getattr(mb.errors, branch)
    assert issubclass(error, mb.errors.MBError)
    assert issubclass(error, builtin)


def test_the_tree_lists_every_error_of_the_package() -> None:
    from mb.errors import MBError

    listed = {_error(module, name) for module, name in ERROR_TREE}
    found: set[type[BaseException]] = set()
    pending: list[type[BaseException]] = [MBError]
    while pending:
        for subclass in pending.pop().__subclasses__():
            if subclass.__module__.startswith("mb."):
                found.add(subclass)
            pending.append(subclass)
    assert found == listed


def test_an_input_error_says_where_first() -> None:
    from mb.errors import InputError, ResultsFormatError

    error = ResultsFormatError("not an evaluation result", file="results.jsonl", line=3, field="$.status")
    assert str(error) == "results.jsonl:3: $.status: not an evaluation result"
    assert (error.file, error.line, error.field) == ("results.jsonl", 3, "$.status")
    assert (
        str(InputError("no evaluation result to export", file="r.jsonl")) == "r.jsonl: no evaluation result to export"
    )
    plain = InputError("the row is not a MorganaBench example")
    assert str(plain) == "the row is not a MorganaBench example"
    assert (plain.file, plain.line, plain.field) == (None, None, None)
