"""Token use and cost: the agent's ``outputs.usage`` summed, the LLM judge's own calls, priced by ``--prices``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import mb
from mb.cli import main
from mb.results import TokenUse
from mb.results_format import read_results_file
from mb.run_record import PricesError, load_prices, price_usage, total_cost
from tests.results.helpers import EXECUTED, json_lines, run_eval, write_lines
from tests.support.openai_server import Reply, chat_server, completion, listing


def _executed_with_usage(tmp_path: Path) -> Path:
    lines = json_lines(EXECUTED)
    lines[0]["outputs"]["usage"] = {"input_tokens": 1000, "output_tokens": 200, "model": "agent-1"}
    lines[1]["outputs"]["usage"] = {"input_tokens": 3000, "output_tokens": 800, "model": "agent-1"}
    lines[2]["outputs"]["usage"] = {"input_tokens": 500, "output_tokens": 100}  # no model named
    return write_lines(tmp_path / "executed.jsonl", lines)


def _prices(tmp_path: Path, text: str, suffix: str = ".json") -> Path:
    path = tmp_path / f"prices{suffix}"
    path.write_text(text, encoding="utf-8")
    return path


def test_agent_tokens_are_summed_and_priced(tmp_path: Path) -> None:
    executed = _executed_with_usage(tmp_path)
    prices = _prices(tmp_path, "[agent-1]\ninput = 2.0\noutput = 10.0\n[small]\ninput = 1.0\noutput = 1.0\n", ".toml")
    out = tmp_path / "results.jsonl"
    result = run_eval(
        str(executed), "--format", "json", "--prices", str(prices), "--price-model", "small", "-o", str(out)
    )
    assert result.exit_code == 0, result.output
    usage = json.loads(result.stdout)["agent_usage"]
    assert (usage["input_tokens"], usage["output_tokens"], usage["calls"]) == (4500, 1100, 3)
    assert usage["by_model"] == {"agent-1": [4000, 1000], "": [500, 100]}
    # agent-1: (4000 * 2 + 1000 * 10) / 1e6 = 0.018; unnamed priced as "small": 600 / 1e6 = 0.0006
    assert usage["cost"] == pytest.approx(0.0186)
    record = read_results_file(out).record
    assert record.agent_usage is not None
    assert record.agent_usage.cost == pytest.approx(0.0186)
    assert record.cost == pytest.approx(0.0186)
    assert read_results_file(out).results[0].usage == {"input_tokens": 1000, "output_tokens": 200, "model": "agent-1"}


def test_without_a_price_for_every_model_the_cost_stays_unknown(tmp_path: Path) -> None:
    executed = _executed_with_usage(tmp_path)
    prices = _prices(tmp_path, '{"agent-1": {"input": 2, "output": 10}}')
    result = run_eval(str(executed), "--prices", str(prices))
    assert result.exit_code == 0, result.output
    assert "agent tokens: 4500 in, 1100 out over 3 example(s), cost unknown" in result.stdout
    assert "total cost" not in result.stdout  # a partial sum is never the total
    usage = TokenUse(input_tokens=1, output_tokens=1, by_model={"x": [1, 1]})
    assert price_usage(usage, {}).cost is None
    assert total_cost(usage, None) is None


def test_a_bad_prices_file_is_a_usage_error_naming_the_field(tmp_path: Path) -> None:
    bad = _prices(tmp_path, '{"agent-1": {"input": "cheap", "output": 1}}')
    result = run_eval(str(EXECUTED), "--prices", str(bad))
    assert result.exit_code == 2
    assert "agent-1.input" in result.output
    with pytest.raises(PricesError, match="not valid JSON"):
        load_prices(_prices(tmp_path, "{nope"))
    with pytest.raises(PricesError, match="finite numbers of 0 or more"):
        load_prices(_prices(tmp_path, '{"m": {"input": -1, "output": 1}}'))


@pytest.mark.parametrize(
    ("text", "suffix", "expected"),
    [
        ('{"m": {"input": 1, "output": 2, "ouput": 3}}', ".json", 'm: unknown key "ouput" (did you mean "output"?); '),
        ('{"m": {"input": 1, "ouptut": 2}}', ".json", 'm: unknown key "ouptut" (did you mean "output"?); '),
        ("[m]\ninput = 1\noutput = 2\ncached_input = 0.5\n", ".toml", 'm: unknown key "cached_input"; '),
    ],
)
def test_a_misspelt_key_of_a_price_is_an_error_naming_the_file_and_the_key(
    tmp_path: Path, text: str, suffix: str, expected: str
) -> None:
    prices = _prices(tmp_path, text, suffix)
    with pytest.raises(PricesError) as raised:
        load_prices(prices)
    assert str(raised.value).startswith(f"{prices}: {expected}")
    assert "a price takes the keys input and output only" in str(raised.value)  # the keys it knows, even when close
    result = run_eval(str(_executed_with_usage(tmp_path)), "--prices", str(prices))
    assert result.exit_code == 2
    assert expected in result.output


@pytest.mark.parametrize("name", ["prices.json", "prices.toml"])
def test_a_prices_file_that_is_not_utf8_says_so_and_where_as_every_reader_does(tmp_path: Path, name: str) -> None:
    latin = tmp_path / name
    body = (
        '{"gpt": {"input": 1,\n "output": 2, "x": "caf\u00e9"}}'
        if name.endswith(".json")
        else "[gpt]\ninput = 1\n# caf\u00e9\n"
    )
    latin.write_bytes(body.encode("latin-1"))
    where = "line 2 column 24" if name.endswith(".json") else "line 3 column 6"
    with pytest.raises(PricesError, match=rf"not valid UTF-8 \(byte 0xe9 at {where}\)"):
        load_prices(latin)
    result = run_eval(str(EXECUTED), "--prices", str(latin))
    assert result.exit_code == 2
    assert "surrogates" not in result.output


def test_a_results_line_that_is_not_utf8_says_so(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    assert run_eval(str(EXECUTED), "-o", str(results)).exit_code == 0
    lines = results.read_bytes().splitlines(keepends=True)
    lines[2] = lines[2].replace(b'"line"', b'"l\xe9ne"', 1)
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b"".join(lines))
    compared = CliRunner().invoke(main, ["compare", str(results), str(latin)])
    assert compared.exit_code == 2
    assert f"{latin}:3: the line is not valid UTF-8 (byte 0xe9 at column 4)" in " ".join(compared.output.split())


def test_a_prices_file_that_never_ends_or_is_huge_is_refused_unread(tmp_path: Path) -> None:
    result = run_eval(str(EXECUTED), "--prices", "/dev/zero")  # an endless device: refused, never read
    assert result.exit_code == 2
    assert "/dev/zero: cannot read: not a regular file" in result.output
    huge = tmp_path / "prices.json"
    with huge.open("wb") as stream:
        stream.truncate(1 << 32)  # sparse: 4 GiB that take no disk
    with pytest.raises(PricesError, match="too large"):
        load_prices(huge)


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_a_price_that_is_not_a_finite_number_is_refused(tmp_path: Path, value: str) -> None:
    prices = tmp_path / "prices.toml"
    prices.write_text(f"m = {{input = {value}, output = 1}}\n")
    with pytest.raises(PricesError, match=r"prices\.toml: m: prices must be finite numbers of 0 or more"):
        load_prices(prices)


def test_the_llm_judge_tokens_are_counted_and_priced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def grader(body: dict[str, object]) -> Reply:
        return completion(
            json.dumps({"score": 5, "reason": "same", **listing(body)}), prompt_tokens=100, completion_tokens=20
        )

    executed = _executed_with_usage(tmp_path)
    prices = _prices(tmp_path, '{"agent-1": {"input": 2, "output": 10}, "grader-1": {"input": 1, "output": 5}}')
    with chat_server(grader) as server:
        monkeypatch.setenv("MB_JUDGE_BASE_URL", server.base_url)
        monkeypatch.setenv("MB_JUDGE_API_KEY", "test-key")
        monkeypatch.setenv("MB_JUDGE_MODEL", "grader-1")
        monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
        out = tmp_path / "results.jsonl"
        args = [
            "eval",
            str(executed),
            "--judge",
            "llm",
            "-q",
            "--format",
            "json",
            "--prices",
            str(prices),
            "-o",
            str(out),
        ]
        args += ["--price-model", "agent-1"]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        calls = server.calls
    summary = json.loads(result.stdout)
    judge = summary["judge_usage"]
    assert (judge["input_tokens"], judge["output_tokens"], judge["calls"]) == (100 * calls, 20 * calls, calls)
    assert judge["cost"] == pytest.approx(calls * (100 * 1 + 20 * 5) / 1e6)
    agent_cost = (4500 * 2 + 1100 * 10) / 1e6
    assert summary["cost"] == pytest.approx(agent_cost + judge["cost"])
    record = read_results_file(out).record
    assert (record.judge.name, record.judge.model) == ("llm:grader-1", "grader-1")
    assert record.judge.prompt_versions["equivalence"] == "equivalence/2"
    assert record.judge_usage is not None
    assert record.judge_usage.calls == calls
    assert record.cost == pytest.approx(summary["cost"])


@pytest.mark.parametrize(("served", "recorded"), [("grader-1-2026-05-01", ["grader-1-2026-05-01"]), ("grader-1", None)])
def test_the_model_the_judge_s_endpoint_served_is_recorded_when_it_is_not_the_one_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, served: str, recorded: list[str] | None
) -> None:
    def grader(body: dict[str, object]) -> Reply:
        return completion(json.dumps({"score": 5, "reason": "same", **listing(body)}), model=served)

    with chat_server(grader) as server:
        monkeypatch.setenv("MB_JUDGE_BASE_URL", server.base_url)
        monkeypatch.setenv("MB_JUDGE_API_KEY", "test-key")
        monkeypatch.setenv("MB_JUDGE_MODEL", "grader-1")
        monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
        out = tmp_path / "results.jsonl"
        args = ["eval", str(_executed_with_usage(tmp_path)), "--judge", "llm", "-q", "-o", str(out)]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert server.calls
    judge = read_results_file(out).record.judge
    assert (judge.model, judge.served_models) == ("grader-1", recorded)


def test_a_prices_file_named_by_the_configuration_is_checked_as_its_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _prices(tmp_path, '{"agent-1": {"input": 1, "ouptut": 2}}')
    (tmp_path / "mb.toml").write_text('prices = "prices.json"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    expected = f'mb.toml: prices: {tmp_path / "prices.json"}: agent-1: unknown key "ouptut"'
    for args in (["config"], ["eval", str(_executed_with_usage(tmp_path))]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2
        assert expected in result.stderr
        assert "--prices" not in result.stderr  # the user gave no such option


def test_prices_given_in_python_are_checked_as_a_prices_file_is(tmp_path: Path) -> None:
    executed = _executed_with_usage(tmp_path)
    run = mb.evaluate(
        executed, judge="lexical", prices={"agent-1": {"input": 1.0, "output": 2.0}}, price_model="agent-1"
    )
    assert run.summary.agent_usage is not None
    assert run.summary.agent_usage.cost == pytest.approx((4500 * 1.0 + 1100 * 2.0) / 1_000_000)
    known = r'^prices: agent-1: unknown key "ouput" \(did you mean "output"\?\); a price takes'
    with pytest.raises(PricesError, match=known):
        mb.evaluate(executed, judge="lexical", prices={"agent-1": {"input": 1.0, "ouput": 2.0}})


@pytest.mark.parametrize("configured", ["bad.json", "missing.json"])
def test_a_prices_file_given_on_the_command_line_overrides_a_bad_one_of_the_configuration(
    configured: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "bad.json").write_text('{"agent-1": {"input": 1, "ouptut": 2}}', encoding="utf-8")
    good = _prices(tmp_path, '{"agent-1": {"input": 1, "output": 2}}')
    (tmp_path / "mb.toml").write_text(f'prices = "{configured}"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    executed = str(_executed_with_usage(tmp_path))
    result = CliRunner().invoke(main, ["eval", executed, "--prices", str(good), "-o", str(tmp_path / "r.jsonl")])
    assert result.exit_code in (0, 1), result.stderr  # evaluated: the configured file is not used
    assert "mb.toml" not in result.stderr
    # used, the configured value is still an error of its key
    result = CliRunner().invoke(main, ["eval", executed])
    assert result.exit_code == 2
    assert f"mb.toml: prices: {tmp_path / configured}" in result.stderr


def test_examples_whose_usage_names_no_model_are_counted_and_the_others_still_priced(tmp_path: Path) -> None:
    executed = _executed_with_usage(tmp_path)  # two examples of agent-1, one naming no model
    prices = _prices(tmp_path, '{"agent-1": {"input": 2, "output": 10}}')
    out = tmp_path / "results.jsonl"
    result = run_eval(str(executed), "--prices", str(prices), "-o", str(out))
    assert result.exit_code == 0, result.output
    line = "cost unknown for 1 example(s) (usage names no model), 0.0180 for the other 2"
    assert line in " ".join(result.stdout.split())
    record = read_results_file(out).record
    assert record.agent_usage is not None
    assert record.agent_usage.unpriced == {"": 1}
    assert record.cost is None
