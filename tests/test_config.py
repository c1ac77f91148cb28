"""The project configuration: ``[tool.mb]`` / ``mb.toml`` values are option defaults, flags override them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.config import ConfigError, load_config
from tests.conftest import SPEC


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _metrics_reported(*flags: str) -> list[str]:
    code, out, err = _run("eval", str(SPEC / "examples-executed.jsonl"), "--format", "json", *flags)
    assert code == 0, err
    return sorted(json.loads(out)["by_metric"])


def test_values_are_defaults_and_flags_override_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.mb]\njudge = "lexical"\nmetrics = ["exact_match"]\n')
    monkeypatch.chdir(tmp_path)
    assert _metrics_reported() == ["exact_match"]
    assert _metrics_reported("--metrics", "partial_match") == ["partial_match"]
    code, out, _ = _run("eval", str(SPEC / "examples-executed.jsonl"), "--format", "json")
    assert code == 0
    assert json.loads(out)["judge"] == "lexical"
    code, out, _ = _run("eval", str(SPEC / "examples-executed.jsonl"))
    assert code == 0
    assert "judge: lexical (set in the configuration; see mb config)" in out


def test_unknown_key_is_an_error_with_a_suggestion(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.mb]\nconcurency = 3\n")
    monkeypatch.chdir(tmp_path)
    code, _, err = _run("config")
    assert code == 2
    assert f'{tmp_path / "pyproject.toml"} [tool.mb]: unknown key "concurency"; did you mean "concurrency"?' in err
    code, _, _ = _run("validate", str(SPEC / "examples-executed.jsonl"))
    assert code == 2, "a broken configuration stops every command, never silently ignored"


def test_wrong_types_and_bad_toml_name_the_file_and_key(tmp_path: Path) -> None:
    (tmp_path / "mb.toml").write_text('concurrency = "four"\n')
    with pytest.raises(ConfigError, match=r"mb\.toml: concurrency: expected an integer, got 'four'"):
        load_config(tmp_path)
    (tmp_path / "mb.toml").write_text("judge = \n")
    with pytest.raises(ConfigError, match=r"mb\.toml: not valid TOML: .*line 1"):
        load_config(tmp_path)


def test_a_configuration_that_is_not_utf8_text_names_the_file_and_a_bom_is_allowed(tmp_path: Path) -> None:
    (tmp_path / "mb.toml").write_bytes(b'judge_model = "gpt\xff"\n')
    with pytest.raises(ConfigError, match=r"mb\.toml: not valid UTF-8 \(byte 0xff at column 19\)"):
        load_config(tmp_path)
    (tmp_path / "mb.toml").write_bytes(b"\xef\xbb\xbfconcurrency = 3\n")
    assert load_config(tmp_path).values["concurrency"] == 3


def test_mb_toml_wins_and_parents_are_searched(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.mb]\njudge = "local"\n')
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    assert load_config(nested).values == {"judge": "local"}
    (tmp_path / "mb.toml").write_text('judge = "lexical"\n')
    config = load_config(nested)
    assert (config.path, config.values) == (tmp_path / "mb.toml", {"judge": "lexical"})


def test_mb_config_says_where_each_value_comes_from(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mb.toml").write_text('judge = "lexical"\njudge_model = "from-file"\n')
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MB_JUDGE_MODEL", "from-env")
    code, out, _ = _run("config")
    assert code == 0
    lines = {line.split(" = ")[0]: line for line in out.splitlines() if " = " in line}
    assert lines["judge"].startswith(f"judge = 'lexical'  # {tmp_path / 'mb.toml'}")
    assert lines["judge_model"].startswith("judge_model = 'from-env'  # environment (MB_JUDGE_MODEL)")
    assert lines["concurrency"].startswith("concurrency = 4  # default")
    assert os.environ["MB_JUDGE_MODEL"] == "from-env"


def test_the_documented_example_is_a_valid_configuration(tmp_path: Path) -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "configuration.md").read_text(encoding="utf-8")
    block = page.split('```toml title="pyproject.toml"\n', 1)[1].split("```", 1)[0]
    (tmp_path / "pyproject.toml").write_text(block, encoding="utf-8")
    config = load_config(tmp_path)
    assert config.values["require"] == ["similarity=4"]
    assert config.default_map()["run"]["agent_spec"] == "my_agent.py:answer"


def test_prices_are_read_relative_to_the_configuration_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "project"
    (project / "conf").mkdir(parents=True)
    (project / "conf" / "prices.toml").write_text("[demo-model]\ninput = 1.0\noutput = 2.0\n")
    (project / "mb.toml").write_text('prices = "conf/prices.toml"\nprice_model = "demo-model"\njobs = 1\n')
    executed = tmp_path / "executed.jsonl"
    lines = (SPEC / "examples-executed.jsonl").read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["outputs"]["usage"] = {"input_tokens": 1_000_000, "output_tokens": 500_000}
    executed.write_text(json.dumps(first) + "\n", encoding="utf-8")
    nested = project / "sub"
    nested.mkdir()
    monkeypatch.chdir(nested)
    code, out, err = _run("eval", str(executed), "--format", "json", "--judge", "lexical")
    assert code == 0, err
    assert json.loads(out)["agent_usage"]["cost"] == pytest.approx(2.0)
    code, out, _ = _run("config")
    assert f"prices = 'conf/prices.toml'  # {project / 'mb.toml'}" in out
    (project / "mb.toml").write_text('prices = "missing.toml"\n')
    code, _, err = _run("eval", str(executed), "--judge", "lexical")
    assert code == 2
    assert "missing.toml" in err


def test_judge_model_flag_wins_over_environment_and_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mb.toml").write_text('judge_model = "from-file"\njudge_timeout = 5\n')
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MB_JUDGE_MODEL", "from-env")
    monkeypatch.setenv("MB_JUDGE_BASE_URL", "http://127.0.0.1:9/v1")
    code, out, err = _run(
        "eval", str(SPEC / "examples-executed.jsonl"), "--judge", "llm", "--judge-model", "from-flag",
        "--metrics", "none", "--format", "json",
    )  # fmt: skip
    assert json.loads(out)["judge"] == "llm:from-flag", err
    assert os.environ["MB_JUDGE_MODEL"] == "from-env", "the flag applies to its command only"
    code, _, err = _run("eval", str(SPEC / "examples-executed.jsonl"), "--judge-model", " ")
    assert code == 2
    assert "--judge-model" in err


def test_repeats_and_judge_timeout_keys_are_checked(tmp_path: Path) -> None:
    (tmp_path / "mb.toml").write_text("repeats = 3\njudge_timeout = 2.5\nshow_failures = 0\n")
    config = load_config(tmp_path)
    assert config.default_map() == {
        "run": {"repeats": 3},
        "eval": {"judge_timeout": 2.5, "show_failures": 0},
    }
    (tmp_path / "mb.toml").write_text('judge_timeout = "soon"\n')
    with pytest.raises(ConfigError, match="judge_timeout: expected an integer or a number"):
        load_config(tmp_path)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('jobs = "three"', "jobs: jobs must be auto or a whole number of at least 1, got 'three'"),
        ("jobs = 0", "jobs: jobs must be auto or a whole number of at least 1, got 0"),
        ("show_failures = -1", "show_failures: -1 is not in the range x>=0"),
        ("judge_timeout = -5", "judge_timeout: -5"),
        ('fail_under = "abc"', "fail_under: expected a rate"),
        ('metrics = ["bogus"]', "metrics: unknown metric 'bogus'"),
        ('require = ["similarity=9"]', "require: "),
        ('judge = "oracle"', "judge: "),
    ],
)
def test_a_value_its_option_refuses_names_the_file_and_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str, message: str
) -> None:
    (tmp_path / "mb.toml").write_text(line + "\n")
    monkeypatch.chdir(tmp_path)
    judge = () if line.startswith("judge ") else ("--judge", "lexical")  # a flag would override the value
    code, _, err = _run("eval", str(SPEC / "examples-executed.jsonl"), *judge)
    assert code == 2
    assert f"error: {tmp_path / 'mb.toml'}: {message}" in err, err
    assert "--" not in err.split(message, 1)[0], "the error names the key in the file, not a flag the user never gave"
    code, _, err = _run("config")
    assert code == 2, "mb config reports the bad value too"
    assert f"{tmp_path / 'mb.toml'}: {message}" in err


def test_a_bad_value_of_another_command_does_not_stop_this_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mb.toml").write_text("repeats = 0\n")
    monkeypatch.chdir(tmp_path)
    code, _, err = _run("validate", str(SPEC / "examples-executed.jsonl"))
    assert code == 0, err
    output = str(tmp_path / "o.jsonl")
    code, _, err = _run("run", str(SPEC / "examples-unexecuted.jsonl"), "--agent", "x:y", "-o", output)
    assert code == 2
    assert f"{tmp_path / 'mb.toml'}: repeats: " in err


def test_mb_config_names_the_file_as_the_source_of_judge_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mb.toml").write_text('judge_model = "from-file"\n')
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MB_JUDGE_MODEL", raising=False)
    code, out, _ = _run("config")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("judge_model = "))
    assert line.startswith(f"judge_model = 'from-file'  # {tmp_path / 'mb.toml'}"), line


def test_a_tool_mb_table_in_mb_toml_says_keys_go_at_the_top_level(tmp_path: Path) -> None:
    (tmp_path / "mb.toml").write_text("[tool.mb]\njobs = 2\n")
    with pytest.raises(ConfigError, match=r'mb\.toml: unknown key "tool"; mb\.toml holds the keys at its top level'):
        load_config(tmp_path)


@pytest.mark.parametrize("key", ["judge_model", "agent", "prices", "price_model"])
def test_an_empty_name_is_refused(tmp_path: Path, key: str) -> None:
    (tmp_path / "mb.toml").write_text(f'{key} = " "\n')
    with pytest.raises(ConfigError, match=rf"mb\.toml: {key}: expected a non-empty string, got ' '"):
        load_config(tmp_path)


def test_a_folder_named_mb_toml_is_an_error_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mb.toml").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.mb]\njudge = "lexical"\n')
    monkeypatch.chdir(tmp_path)
    code, _, err = _run("config")
    assert code == 2
    assert f"{tmp_path / 'mb.toml'}: cannot read" in err


def test_every_bad_key_and_value_is_named_in_one_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mb]\nconcurency = 3\njudge = 5\ntimeout = 10\nmetrix = ["x"]\njobs = 0\nshow_failures = -1\n'
    )
    monkeypatch.chdir(tmp_path)
    where = f"{tmp_path / 'pyproject.toml'} [tool.mb]"
    expected = [
        f'{where}: unknown key "concurency"; did you mean "concurrency"?',
        f"{where}: judge: expected a string, got 5",
        f'{where}: unknown key "metrix"; did you mean "metrics"?',
        f"{where}: jobs: jobs must be auto or a whole number of at least 1, got 0",
        f"{where}: show_failures: -1 is not in the range x>=0",
    ]
    for command in (["config"], ["eval", str(SPEC / "examples-executed.jsonl")]):
        code, _, err = _run(*command)
        assert code == 2
        assert "Traceback" not in err
        for line in expected:
            assert line in err, (command, err)
    with pytest.raises(ConfigError) as raised:
        load_config(tmp_path)
    assert str(raised.value).splitlines() == expected[:3], "without the options, the keys and types are all checked"
