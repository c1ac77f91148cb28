"""Email addresses at special-use domains are refused, and key warnings see into a group's optional matcher from a
fresh interpreter."""

from __future__ import annotations

import subprocess
import sys


def _fresh(code: str, *args: str) -> str:
    """What ``code`` prints, run in a fresh interpreter (nothing imported yet)."""
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


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
