"""Nothing leaked, nothing injected: secrets redacted from stored and printed text, user text printed verbatim,
CSV cells never read as formulas."""

from __future__ import annotations

import base64
import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from mb import _redact
from mb._redact import MASK, add_secret, redact
from mb.cli import main
from mb.cli._console import _SafeConsole, printable
from mb.formats.m365 import csv_report
from tests.conftest import SPEC
from tests.support.openai_server import Reply, chat_server, completion, listing

KEY = "sk-test-0123456789abcdefXYZ"
PASSWORD = "hunter2-pass"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"Incorrect API key provided: {KEY}.", KEY),
        ("Authorization: Bearer abc.def-ghi_123456", "abc.def-ghi_123456"),
        ("headers={'authorization': 'Basic dXNlcjpwYXNz'}", "dXNlcjpwYXNz"),
        ("bearer eyJhbGciOiJIUzI1NiJ9.payload", "eyJhbGciOiJIUzI1NiJ9"),
        ('{"api_key": "plainvalue77", "model": "m"}', "plainvalue77"),
        ("GET /v1?api-key=qwerty123456&x=1", "qwerty123456"),
        ("x-api-key: zz9-plural-z-alpha", "zz9-plural-z-alpha"),
        (f"connection to http://alice:{PASSWORD}@judge.internal/v1 failed", PASSWORD),
        ("https://token123456@example.com/x", "token123456"),
    ],
)
def test_redact_removes_keys_tokens_and_url_credentials(text: str, secret: str) -> None:
    cleaned = redact(text)
    assert secret not in cleaned
    assert MASK in cleaned or "***@" in cleaned


@pytest.mark.parametrize("unit", ["b.", "a://", "x://b", "authorization ", "bearer ", "api_key", "sk-", "aiza"])
def test_redact_takes_time_linear_in_the_text(unit: str) -> None:
    import time

    text = unit * (1_000_000 // len(unit))  # quadratic work on a megabyte would take hours
    started = time.monotonic()
    redact(text)
    assert time.monotonic() - started < 60  # linear: about a second on a loaded machine


def test_redact_knows_the_configured_key_and_keeps_ordinary_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MB_JUDGE_API_KEY", "custom-key-without-shape")
    assert redact("the server said custom-key-without-shape is wrong") == f"the server said {MASK} is wrong"
    assert redact("literal s3cret-value here", "s3cret-value") == f"literal {MASK} here"
    ordinary = "file.jsonl:100: $.expectations: expected 5, got '5' (string); see http://example.com/docs"
    assert redact(ordinary) == ordinary


@pytest.mark.parametrize("placeholder", ["ollama", "lm-studio"])
def test_a_placeholder_key_is_ordinary_text_and_a_real_key_is_masked(
    monkeypatch: pytest.MonkeyPatch, placeholder: str
) -> None:
    monkeypatch.setattr(_redact, "_SECRETS", set())
    add_secret(placeholder)
    text = f"model not found, try `{placeholder} pull llama3`"
    assert redact(text) == text
    for key in ("lmstudio2024", "gateway-key-for-the-team", "AbCdEfGhIjK"):
        add_secret(key)
        assert redact(f"bad key {key}") == f"bad key {MASK}"


def _echo_key_401(body: dict[str, Any]) -> Reply:
    return Reply({"error": {"message": f"Incorrect API key provided: {body.get('model')}/{KEY}"}}, status=401)


def test_a_401_echoing_the_key_leaves_no_secret_in_results_or_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with chat_server(_echo_key_401) as server:
        credentialed = server.base_url.replace("http://", f"http://alice:{PASSWORD}@")
        monkeypatch.setenv("MB_JUDGE_BASE_URL", credentialed)
        monkeypatch.setenv("MB_JUDGE_API_KEY", KEY)
        monkeypatch.setenv("MB_JUDGE_MODEL", "grader-1")
        monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
        results = tmp_path / "results.jsonl"
        args = ["eval", str(SPEC / "examples-executed.jsonl"), "--judge", "llm", "-o", str(results)]
        result = CliRunner().invoke(main, [*args, "--show-failures", "20"])
        json_result = CliRunner().invoke(main, [*args[:-2], "--format", "json", "-q"])
    assert server.calls > 0
    stored = results.read_text()
    assert "HTTP 401" in stored  # the failure is recorded ...
    for text in (stored, result.output, json_result.output):
        assert KEY not in text  # ... without the key
        assert PASSWORD not in text  # ... or the URL's password
    assert MASK in stored


def test_a_judge_answer_quoting_the_key_leaves_it_in_no_stored_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shapeless = "custom-key-without-shape-42"  # found only as the configured key's value, not by its shape

    def quoting(body: dict[str, Any]) -> Reply:
        reason = f"the request was signed with {shapeless}; also saw {KEY} and http://alice:{PASSWORD}@host/x"
        return completion(json.dumps({"reason": reason, **listing(body), "score": 4}))

    executed = tmp_path / "executed.jsonl"
    executed.write_bytes((SPEC / "examples-executed.jsonl").read_bytes())
    with chat_server(quoting) as server:
        monkeypatch.setenv("MB_JUDGE_BASE_URL", server.base_url)
        monkeypatch.setenv("MB_JUDGE_API_KEY", shapeless)
        monkeypatch.setenv("MB_JUDGE_MODEL", "grader-1")
        monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
        results = tmp_path / "results.jsonl"
        evaluated = CliRunner().invoke(main, ["eval", str(executed), "--judge", "llm", "-o", str(results), "-q"])
        assert evaluated.exit_code in (0, 1), evaluated.output
        again = tmp_path / "again.jsonl"  # every verdict from the cache this time
        CliRunner().invoke(main, ["eval", str(executed), "--judge", "llm", "-o", str(again), "-q"])
    assert server.calls > 0
    page = tmp_path / "report.html"
    reported = CliRunner().invoke(main, ["report", str(results), "--embed", "json", "-o", str(page)])
    assert reported.exit_code == 0, reported.output
    stored = [results, again, page, *(tmp_path / "cache").iterdir()]
    assert any(MASK.encode() in path.read_bytes() for path in stored)  # the reasons are kept, without the secrets
    for path in stored:
        for secret in (shapeless, KEY, PASSWORD):
            assert secret.encode() not in path.read_bytes(), (path.name, secret)


def _render(text: str, **options: Any) -> str:
    console = _SafeConsole(file=io.StringIO(), width=200, highlight=False, emoji=False, color_system=None)
    console.print(text, **options)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(output, str)
    return output


def test_user_text_prints_verbatim_with_controls_escaped() -> None:
    assert _render("file.jsonl:100: bad :thumbsup: x:1234:", markup=False) == "file.jsonl:100: bad :thumbsup: x:1234:\n"
    plain = Console(file=io.StringIO(), width=200, color_system=None)
    plain.print("file.jsonl:100:", markup=False)
    assert "💯" in plain.file.getvalue()  # type: ignore[attr-defined]  # what rich does by default
    hostile = "name\x1b[2J\x1b]0;owned\x07\x9b31m\x00end"
    shown = _render(hostile, markup=False)
    assert "\x1b" not in shown
    assert "\x07" not in shown
    assert "\x9b" not in shown
    assert "\x00" not in shown
    assert shown == "name\\x1b[2J\\x1b]0;owned\\x07\\x9b31m\\x00end\n"
    assert printable("tab\tand\nnewline") == "tab\tand\nnewline"


def test_validate_prints_problems_and_file_names_verbatim(tmp_path: Path) -> None:
    bad = tmp_path / "x:thumbsup:.jsonl"
    bad.write_text(
        "\n" * 99 + '{"inputs": {"messages": [{"role": "user", "content": "\\u001b[2J"}]}, "expectations": 5}\n'
    )
    result = CliRunner().invoke(main, ["validate", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:100:" in result.output
    assert "👍" not in result.output
    assert "💯" not in result.output


def test_eval_summary_shows_failure_reasons_without_terminal_controls(tmp_path: Path) -> None:
    line = json.loads((SPEC / "examples-executed.jsonl").read_text().splitlines()[0])
    line.setdefault("metadata", {})
    line["inputs"]["messages"][-1]["content"] = "hi"
    line["outputs"] = {"response": "x", "error": {"type": "E", "message": "boom \x1b]0;title\x07 :100:"}}
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps(line) + "\n")
    result = CliRunner().invoke(main, ["eval", str(path), "--judge", "lexical", "-q"])
    assert "\x1b" not in result.output
    assert "\x07" not in result.output
    assert "💯" not in result.output


def test_csv_cells_that_look_like_formulas_are_neutralised() -> None:
    document = {
        "schemaVersion": "1.7.0",
        "items": [
            {"prompt": '=HYPERLINK("http://evil","x")', "response": "+1+2", "expected_response": "@SUM(A1)"},
            {"prompt": "-2+3", "response": "\tcmd", "expected_response": "plain -1"},
        ],
    }
    rows = list(csv.reader(io.StringIO(csv_report(document))))
    cells = [cell for row in rows[1:] for cell in row]
    for dangerous in ('=HYPERLINK("http://evil","x")', "+1+2", "@SUM(A1)", "-2+3", "\tcmd"):
        assert dangerous not in cells
        assert "'" + dangerous in cells
    assert "plain -1" in cells


def test_a_line_break_cannot_start_a_new_row_with_a_formula() -> None:
    document = {"schemaVersion": "1.7.0", "items": [{"prompt": "p", "response": "r", "expected_response": "x\r=1+1"}]}
    rows = list(csv.reader(io.StringIO(csv_report(document), newline="")))
    assert len(rows) == 2  # the header and the one item: the carriage return stays inside its quoted cell
    assert "x\r=1+1" in rows[1]
    assert not any(cell.startswith("=") for row in rows for cell in row)


def test_url_credentials_are_secret_in_every_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MB_JUDGE_BASE_URL", "http://user:hunter2pass@127.0.0.1:9/v1")
    token = base64.b64encode(b"user:hunter2pass").decode()
    text = f"echo {token}; Authorization: Basic {token}; password hunter2pass; proxy Basic Zm9vOmJhcmJheg=="
    cleaned = redact(text)
    assert token not in cleaned
    assert "hunter2pass" not in cleaned
    assert "Zm9vOmJhcmJheg==" not in cleaned


def _encodes(text: str, secret: str) -> bool:
    """Whether any run of base64 characters in ``text``, read from any of its characters, decodes to bytes holding
    ``secret``."""
    import re

    for run in re.findall(r"[A-Za-z0-9+/]{4,}", text):
        for start in range(4):
            chunk = run[start:]
            chunk = chunk[:-1] if len(chunk) % 4 == 1 else chunk  # a lone last character holds no whole byte
            if secret.encode() in base64.b64decode(chunk + "=" * (-len(chunk) % 4)):
                return True
    return False


@pytest.mark.parametrize("prefix", ["", ":", "user:", "ab:", "alice:"])
@pytest.mark.parametrize("suffix", ["", ":", "xy"])
def test_a_key_is_masked_in_base64_whatever_surrounds_it(
    monkeypatch: pytest.MonkeyPatch, prefix: str, suffix: str
) -> None:
    key = "Zk4qLm7Tr2Wd9Xc"  # no known key shape: found as the configured key only
    monkeypatch.setenv("MB_JUDGE_API_KEY", key)
    encoded = base64.b64encode(f"{prefix}{key}{suffix}".encode()).decode()
    cleaned = redact(f"credentials {encoded} refused")
    assert _encodes(encoded, key)  # the check sees the key in the text as sent
    assert not _encodes(cleaned, key)
    assert cleaned.startswith(f"credentials {base64.b64encode(prefix.encode()).decode()[:-4]}")
    assert MASK in cleaned


def test_a_401_echoing_the_key_as_basic_credentials_leaves_it_nowhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = "gw-Zk4qLm7Tr2Wd9Xc"
    both = [base64.b64encode(f"{user}:{key}".encode()).decode() for user in ("", "user")]

    def refuse(body: dict[str, Any]) -> Reply:
        return Reply({"error": {"message": f"bad credentials {both[0]} or {both[1]}"}}, status=401)

    with chat_server(refuse) as server:
        monkeypatch.setenv("MB_JUDGE_BASE_URL", server.base_url)
        monkeypatch.setenv("MB_JUDGE_API_KEY", key)
        monkeypatch.setenv("MB_JUDGE_MODEL", "grader-1")
        monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
        results = tmp_path / "results.jsonl"
        args = ["eval", str(SPEC / "examples-executed.jsonl"), "--judge", "llm", "-o", str(results)]
        result = CliRunner().invoke(main, [*args, "--show-failures", "20"])
    assert "HTTP 401" in results.read_text()
    for text in (results.read_text(), result.output):
        assert not _encodes(text, key)


def test_usage_errors_escape_control_characters_in_what_they_quote(tmp_path: Path) -> None:
    name = tmp_path / "missing\x1b]0;owned\x07.jsonl"
    result = CliRunner().invoke(main, ["validate", str(name)])
    assert result.exit_code == 2
    assert "\x1b" not in result.output
    assert "\x07" not in result.output
    assert "missing\\x1b]0;owned\\x07.jsonl: no such file" in result.output


class _LeakyJudge:
    """A judge whose failure quotes its credentials, as a careless client library's exception does."""

    name = "leaky"

    def supports(self, task: Any) -> bool:
        return True

    async def judge(self, requests: Any) -> list[Any]:
        raise RuntimeError(f"request to https://bob:{PASSWORD}@judge.example/v1 failed, Authorization: Bearer {KEY}")


def test_a_raising_judge_leaves_no_secret_in_the_results() -> None:
    from mb.evaluation import evaluate

    run = evaluate(SPEC / "examples-executed.jsonl", judge=_LeakyJudge())  # type: ignore[arg-type]
    stored = "".join(result.model_dump_json() for result in run.results) + run.summary.model_dump_json()
    assert "RuntimeError: request to https://***@judge.example" in stored
    assert PASSWORD not in stored
    assert KEY not in stored


def test_a_key_variable_holding_bytes_that_are_no_utf8_is_masked_and_nothing_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = b"Ab1\xffCd2Ef3Gh4Ij5Kl6".decode("utf-8", "surrogateescape")  # as Python reads such a variable
    monkeypatch.setenv("OPENAI_API_KEY", key)
    encoded = base64.b64encode(b"user:Ab1\xffCd2Ef3Gh4Ij5Kl6").decode()
    assert redact(f"bad key {key} or {encoded}") == f"bad key {MASK} or dXNlcj{MASK}"
    result = CliRunner().invoke(main, ["eval", str(tmp_path / "missing.jsonl")])
    assert result.exit_code == 2
    assert "missing.jsonl" in result.output


@pytest.mark.parametrize("url", ["https://ab:cd@gw.example/v1", "https://u:pwd@gw.example/v1"])
def test_the_basic_token_of_short_url_credentials_is_masked(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    userinfo = url.split("//")[1].split("@")[0]
    token = base64.b64encode(userinfo.encode()).decode()
    forms = _redact.url_credentials(url)
    assert redact(f"echo {token} and {token.rstrip('=')}.", *forms) == f"echo {MASK}= and {MASK}."
    monkeypatch.setenv("MB_JUDGE_BASE_URL", url)
    assert token.rstrip("=") not in redact(f"Authorization refused for {token}")


@pytest.mark.parametrize("prefix", [b"", b"x", b"xy"])
def test_a_key_is_masked_in_base64url_and_in_percent_encoded_base64(prefix: bytes) -> None:
    key = "tok~A1b2C3d4E5f6?G7h8I9j0>K1"  # "~", "?" and ">" encode to base64 holding "+" or "/"
    raw = prefix + b":" + key.encode()
    for encoded in (base64.urlsafe_b64encode(raw).decode(), base64.b64encode(raw).decode()):
        for text in (encoded, encoded.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")):
            cleaned = redact(f"token {text} refused", key)
            assert MASK in cleaned, text
            standard = cleaned.replace("-", "+").replace("_", "/").replace("%2B", "+").replace("%2F", "/")
            assert not _encodes(standard, key)
