"""The public surface is deliberate: these names are what users import. Changing them is a decision."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SPEC

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
        "max_line_bytes",
        "parse_document",
        "read_examples",
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
        "ParameterResult",
        "RateStat",
        "RunResult",
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


EXTRAS = ("numpy", "tokenizers", "threadpoolctl", "torch", "mlflow", "agents", "langgraph", "langchain_core", "ray")
"""What the optional extras install: the core install works without any of them."""

_WITHOUT_EXTRAS = f"""
import sys
for name in {EXTRAS!r}:
    sys.modules[name] = None  # ``import name`` fails, as when the package is not installed
import mb, mb.entities, mb.io, mb.judges, mb.runner, mb.runner.adapters, mb.formats.mlflow, mb.integrations.mlflow
from mb.cli import main
main()
"""


def test_the_core_install_imports_and_evaluates_without_any_extra(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    command = [sys.executable, "-c", _WITHOUT_EXTRAS, "eval", str(SPEC / "examples-executed.jsonl")]
    environment = {name: value for name, value in os.environ.items() if not name.startswith("MB_JUDGE")}
    done = subprocess.run(
        [*command, "-q", "-o", str(results)], capture_output=True, text=True, timeout=120, env=environment
    )
    assert done.returncode in (0, 1), done.stderr  # 1: an example failed its check
    assert "Traceback" not in done.stderr
    assert "morganabench[local]" in done.stdout  # the default judge says what to install for the offline one
    assert len(results.read_text(encoding="utf-8").splitlines()) == 1 + 3  # the run record and each example
