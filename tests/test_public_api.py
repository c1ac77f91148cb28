"""The public surface is deliberate: these names are what users import. Changing them is a decision."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PUBLIC = {
    "mb": ["__version__", "aevaluate", "arun", "evaluate", "run"],
    "mb.entities": [
        "ChatMessage",
        "Citation",
        "DateTimeMatcher",
        "EmailMatcher",
        "Environment",
        "EqualsMatcher",
        "Example",
        "Expectations",
        "FreeTextMatcher",
        "InputMetadata",
        "Inputs",
        "MissingMatcher",
        "NoToolCallAssertion",
        "OneParameterAssertion",
        "OptionalMatcher",
        "Outputs",
        "ParameterGroupAssertion",
        "RetrievalResult",
        "RetrievalResults",
        "ToolCall",
        "ToolCallAssertion",
        "ToolResult",
        "TurnMetadata",
        "ValueMatcher",
        "parameter_assertion",
    ],
    "mb.io": [
        "DEFAULT_MAX_LINE_BYTES",
        "JsonlWriter",
        "LineError",
        "MAX_DEPTH",
        "Problem",
        "Record",
        "SameFileError",
        "atomic_output",
        "dump_line",
        "iter_documents",
        "iter_lines",
        "iter_records",
        "json_path",
        "jsonl_lines",
        "max_line_bytes",
        "parse_document",
        "read_examples",
        "read_record",
        "refuse_input_as_output",
        "replace_file",
        "source_name",
        "write_atomically",
        "write_examples",
    ],
    "mb.evaluation": [
        "AssertionResult",
        "CheckResult",
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
        "HEADER_KEY",
        "JudgeInfo",
        "MetricInfo",
        "RESULTS_FORMAT_VERSION",
        "ResultsFile",
        "RunCounts",
        "RunRecord",
        "TokenUse",
        "file_digest",
        "header_line",
        "iter_results_file",
        "migrate_record",
        "parse_header",
        "read_results_file",
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
        "wilson_interval",
    ],
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


def test_import_mb_stays_light() -> None:
    heavy = ["torch", "sentence_transformers", "openai", "mlflow", "agents", "langgraph", "recognizers_date_time"]
    code = f"import mb, mb.entities, mb.io, mb.judges, sys; print([m for m in {heavy!r} if m in sys.modules])"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
