"""The pytest plugin (entry point ``mb``): ``pytest --mb-eval EXECUTED.jsonl`` runs an executed benchmark as tests.

Options: ``--mb-eval PATH`` (repeatable) collects each executed benchmark as one test per example;
``--mb-judge NAME`` picks the judge (default ``auto``); ``--mb-require METRIC[=THRESHOLD]`` (repeatable) makes a
metric gate the verdict; ``--mb-undecided fail|xfail`` says what an undecided verdict does. Without ``--mb-eval`` the
plugin does nothing, and it imports MorganaBench's engine only when a benchmark is collected.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from ..metrics import MetricSpec

__all__ = ["BenchmarkFile", "ExampleItem"]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mb", "MorganaBench")
    group.addoption(
        "--mb-eval",
        action="append",
        default=[],
        metavar="EXECUTED.jsonl",
        help="collect an executed benchmark as one test per example (repeatable)",
    )
    group.addoption("--mb-judge", default="auto", metavar="NAME", help="judge for --mb-eval: auto, lexical, local, llm")
    group.addoption(
        "--mb-require",
        action="append",
        default=[],
        metavar="METRIC[=THRESHOLD]",
        help="a metric that gates each example's verdict under --mb-eval (repeatable)",
    )
    group.addoption(
        "--mb-undecided",
        choices=("fail", "xfail"),
        default="fail",
        help="an undecided verdict fails its test (default) or is reported as xfail",
    )


_JUDGE: pytest.StashKey[Any] = pytest.StashKey()
_REQUIRE: pytest.StashKey[list[MetricSpec]] = pytest.StashKey()


def _benchmarks(config: pytest.Config) -> list[Path]:
    return [Path(path).resolve() for path in config.getoption("mb_eval") or ()]


def pytest_configure(config: pytest.Config) -> None:
    benchmarks = _benchmarks(config)
    if not benchmarks:
        return
    missing = [str(path) for path in benchmarks if not path.is_file()]
    if missing:
        raise pytest.UsageError(f"--mb-eval: no such file: {', '.join(missing)}")
    from ..errors import MBError
    from ..evaluation.plan import MetricPlan
    from ..metrics import MetricSpec
    from ._api import _judge

    try:  # a wrong option is one usage error now, not a failure of every test
        config.stash[_JUDGE] = _judge(config.getoption("mb_judge"))
        required = MetricPlan(required=tuple(MetricSpec.parse(text) for text in config.getoption("mb_require")))
        config.stash[_REQUIRE] = list(required.required)
    except MBError as error:
        raise pytest.UsageError(f"--mb-judge / --mb-require: {error}") from None
    paths = [str(path) for path in benchmarks]
    if config.args_source == pytest.Config.ArgsSource.ARGS:  # a benchmark named (or one of its examples) is not added
        named = {(config.invocation_params.dir / arg.split("::", 1)[0]).resolve() for arg in config.args}
        config.args.extend(str(path) for path in benchmarks if path not in named)
    else:  # no paths on the command line: the benchmarks alone, not the project's test paths
        config.args[:] = paths


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    benchmarks = _benchmarks(parent.config)
    if benchmarks and file_path.resolve() in benchmarks:
        return BenchmarkFile.from_parent(parent, path=file_path)
    return None


class BenchmarkFile(pytest.File):
    """An executed benchmark: one :class:`ExampleItem` per line, evaluated together by the first that runs."""

    _results: dict[int, Any] | None = None
    _error: str | None = None

    def collect(self) -> Iterator[ExampleItem]:
        from ..io import iter_records
        from ._api import example_id

        collected = False
        for record in iter_records(self.path, executed=True):
            collected = True
            yield ExampleItem.from_parent(self, name=example_id(record.line, record.example), line=record.line)
        if not collected:  # a run that wrote nothing must not leave the suite green
            raise self.CollectError(f"{self.path}: holds no example (it is empty or blank)")

    def result(self, line: int) -> Any:
        """The result of the example on ``line`` (the whole file is evaluated on first use)."""
        if self._results is None and self._error is None:
            from ..errors import MBError
            from ..evaluation import evaluate

            required: list[MetricSpec] = self.config.stash[_REQUIRE]
            try:
                run = evaluate(self.path, judge=self.config.stash[_JUDGE], require=required)
            except MBError as error:  # the file cannot be evaluated (not executed...): its reason, no traceback
                self._error = str(error)
            else:
                self._results = {result.line: result for result in run.results}
        if self._results is None:
            raise MBExampleError(self._error, pytrace=False)
        return self._results[line]


class MBExampleFailed(AssertionError):
    """An example of an executed benchmark that did not pass; the message is MorganaBench's reasons."""


class MBExampleError(pytest.fail.Exception):  # type: ignore[misc,name-defined]
    """An example of an executed benchmark that could not be evaluated; the message is MorganaBench's error."""

    __module__ = "builtins"  # shown by its name alone, as pytest shows its own outcomes


class ExampleItem(pytest.Item):
    """One example of an executed benchmark; it fails exactly when MorganaBench does not pass the example, and is a
    pytest error (not a failure) when the example could not be evaluated (invalid line, agent or judge failure)."""

    def __init__(self, *, line: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.line = line

    def setup(self) -> None:
        from ._api import failure_message

        parent = self.parent
        assert isinstance(parent, BenchmarkFile)
        result = parent.result(self.line)
        if result.status == "error":  # raised while setting up: pytest reports it as an error, apart from failures
            raise MBExampleError(failure_message(result), pytrace=False)

    def runtest(self) -> None:
        from ._api import check_result, failure_message

        parent = self.parent
        assert isinstance(parent, BenchmarkFile)
        result = parent.result(self.line)
        try:
            check_result(result, self.config.getoption("mb_undecided"))
        except AssertionError:
            raise MBExampleFailed(failure_message(result)) from None

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str | Any:
        if isinstance(excinfo.value, MBExampleFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.line - 1, f"{self.path.name}:{self.line}"
