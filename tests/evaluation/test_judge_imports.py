"""``mb eval`` loads the judge's heavy libraries only when a line needs the judge."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("numpy", "tokenizers", "safetensors", "threadpoolctl", "onnxruntime", "torch", "sentence_transformers")
_CHECK = (
    "import sys\n"
    "from mb.cli import main\n"
    "try:  # the command in-process: main() itself is the program, which may end the process\n"
    "    main.main(['eval', '-q', '--format', 'json', '--jobs', sys.argv[2], '-o', sys.argv[1] + '.out',\n"
    "               sys.argv[1]])\n"
    "except SystemExit as exit:\n"
    "    assert exit.code == 0, exit.code\n"
    f"print(sorted(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)\n"
)


def _line(parameters: list[dict[str, object]], params: dict[str, object], user_time: str) -> str:
    document = {
        "inputs": {"messages": [{"role": "user", "content": "Send the report to Dana"}]},
        "expectations": {"assertions": [{"assert_that": "tool_called", "tool": "send", "parameters": parameters}]},
        "outputs": {
            "response": "Sent.",
            "trace": [{"event": "tool_call", "id": "c1", "tool": "send", "params": params}],
            "environment": {"user_time": user_time},
        },
    }
    return json.dumps(document)


def _deterministic(count: int) -> str:
    parameters = [
        {"param": "to", "matcher": {"match_as": "email", "value": "dana@example.com"}},
        {"param": "priority", "matcher": {"match_as": "equality", "value": 1}},
        {"param": "cc", "matcher": {"match_as": "missing"}},
    ]
    params = {"to": "Dana <DANA@example.com>", "priority": 1}
    return "".join(_line(parameters, params, f"2025-03-{i % 28 + 1:02d}T10:00:00") + "\n" for i in range(count))


def _heavy_modules(path: Path, jobs: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", _CHECK, str(path), jobs], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(done.stderr.strip().splitlines()[-1].replace("'", '"'))
    return loaded


@pytest.mark.parametrize("jobs", ["1", "auto"])
def test_eval_without_a_judge_question_imports_no_judge_library(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "deterministic.jsonl"
    path.write_text(_deterministic(50), encoding="utf-8")
    assert _heavy_modules(path, jobs) == []


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("tokenizers") is None, reason="the local judge is not installed")
def test_a_free_text_line_does_load_the_judge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MB_JUDGE_MODEL", raising=False)
    parameters = [{"param": "subject", "matcher": {"match_as": "free_text", "value": "the quarterly report"}}]
    path = tmp_path / "judged.jsonl"
    path.write_text(_deterministic(5) + _line(parameters, {"subject": "Q3 report"}, "2025-03-01T10:00:00") + "\n")
    assert "numpy" in _heavy_modules(path, "1")
