"""What ``mb eval`` of a file on the fast path leaves unloaded: the pydantic validators of the entity models (the
lines are proven, never validated by the models)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

_PROBE = (
    "import sys\n"
    "from pydantic import BaseModel\n"
    "from mb.cli import main\n"
    "try:  # the command in-process: main() itself is the program, which may end the process\n"
    "    main.main(['eval', '--judge', 'lexical', '--metrics', 'none', '-q', '--format', 'json', '--jobs', '1',\n"
    "          '-o', sys.argv[1] + '.out', sys.argv[1]])\n"
    "except SystemExit as exit:\n"
    "    assert exit.code in (0, 1), exit.code\n"
    "import mb.entities\n"
    "built = []\n"
    "def walk(model):\n"
    "    for sub in model.__subclasses__():\n"
    "        if sub.__module__.startswith('mb.entities') and sub.__dict__.get('__pydantic_complete__'):\n"
    "            built.append(sub.__qualname__)\n"
    "        walk(sub)\n"
    "walk(BaseModel)\n"
    "print(json.dumps({'built': sorted(set(built))}))\n"
).replace("import sys\n", "import json\nimport sys\n", 1)


def _line(address: str, sent: str) -> str:
    parameters = [
        {"param": "to", "matcher": {"match_as": "email", "value": address}},
        {"param": "priority", "matcher": {"match_as": "optional", "default": {"match_as": "equality", "value": 1}}},
        {"param": "cc", "matcher": {"match_as": "missing"}},
    ]
    document = {
        "inputs": {"messages": [{"role": "user", "content": "Send the report"}], "tools": ["send"]},
        "expectations": {"assertions": [{"assert_that": "tool_called", "tool": "send", "parameters": parameters}]},
        "outputs": {
            "response": "Sent.",
            "trace": [{"event": "tool_call", "id": "c1", "tool": "send", "params": {"to": sent, "priority": 1}}],
            "environment": {"user_time": "2025-03-04T10:00:00+01:00"},
        },
    }
    return json.dumps(document) + "\n"


def _fresh(code: str, *args: str) -> str:
    """What ``code`` prints, run in a fresh interpreter (nothing imported yet)."""
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _probe(path: Path) -> dict[str, object]:
    found: dict[str, object] = json.loads(_fresh(_PROBE, str(path)).strip().splitlines()[-1])
    return found


def test_plain_lines_build_no_entity_validators(tmp_path: Path) -> None:
    path = tmp_path / "plain.jsonl"
    lines = [
        _line("dana@example.com", "Dana <DANA@example.com>"),
        _line("mailto:lee.sato@corp.example.org", " lee.sato@CORP.example.org "),
        _line("kim@example.net", "someone@example.net"),
    ]
    path.write_text("".join(lines), encoding="utf-8")
    assert _probe(path) == {"built": []}


def test_key_warnings_see_into_a_group_optional_matcher_in_a_fresh_process() -> None:
    code = (
        "from mb.io._typos import key_warnings\n"
        "matcher = {'match_as': 'optional', 'default': {'match_as': 'date_time', 'valeu': 'tomorrow'}}\n"
        "line = {'expectations': {'assertions': [{'assert_that': 'tool_called', 'tool': 't',\n"
        "    'parameters': [{'params': ['start', 'end'], 'matcher': matcher}]}]}}\n"
        "found = key_warnings(line, file='f.jsonl', line=1)\n"
        "print([(w.key, w.suggestion) for w in found])\n"
    )
    assert _fresh(code).strip() == "[('valeu', 'value')]"
