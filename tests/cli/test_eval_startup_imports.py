"""What ``mb eval`` leaves unloaded: ``email_validator`` while every address is plain."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

_PROBE = (
    "import sys\n"
    "from pydantic import BaseModel\n"
    "from mb.cli import main\n"
    "try:\n"
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
    "print(json.dumps({'email_validator': 'email_validator' in sys.modules, 'built': sorted(set(built))}))\n"
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


def test_plain_addresses_do_not_load_email_validator(tmp_path: Path) -> None:
    path = tmp_path / "plain.jsonl"
    lines = [
        _line("dana@example.com", "Dana <DANA@example.com>"),
        _line("mailto:lee.sato@corp.example.org", " lee.sato@CORP.example.org "),
        _line("kim@example.net", "someone@example.net"),  # a plain miss is decided without the library too
    ]
    path.write_text("".join(lines), encoding="utf-8")
    assert _probe(path)["email_validator"] is False


def test_an_address_that_is_not_plain_still_goes_to_email_validator(tmp_path: Path) -> None:
    path = tmp_path / "quoted.jsonl"
    path.write_text(_line("dana@example.com", '"dana smith"@example.com'), encoding="utf-8")
    assert _probe(path)["email_validator"] is True


def test_special_use_domains_read_without_import_equal_the_librarys() -> None:
    code = (
        "import sys\n"
        "from mb.matching import email_address\n"
        "assert 'email_validator' not in sys.modules\n"
        "import email_validator\n"
        "assert email_address._SPECIAL_USE == tuple(email_validator.SPECIAL_USE_DOMAIN_NAMES)\n"
        "assert email_address._special_use_domain_names() == email_address._SPECIAL_USE\n"
    )
    _fresh(code)


def test_a_special_use_domain_is_not_taken_as_plain_and_stays_refused() -> None:
    from mb.matching.email_address import email_verdict

    assert email_verdict("dana@example.com", "dana@example.com")[0] is True
    passed, reason = email_verdict("dana@mail.test", "dana@mail.test")
    assert passed is False
    assert "not a single email address" in reason


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
