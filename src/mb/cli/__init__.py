"""The ``mb`` command line.

Every command ends with the same exit statuses: 0 when all is well, 1 when the check or the run found problems
(invalid lines, failed examples, regressions), 2 for unusable input or usage (including every
:class:`~mb.errors.MBError` a command lets through, shown as one line), 130 when interrupted. No traceback is shown
unless ``MB_TRACEBACK=1`` asks for it.
"""

from __future__ import annotations

import os
from typing import Any, NoReturn

import click

from .._redact import redact
from .._shadowing import shadowing_file
from .._version import __version__
from ..errors import MBError
from ..io import command_inputs
from ._console import StandardOutputError, err_console, fail, printable
from ._files import fail_write
from ._lazy import LazyGroup

__all__ = ["main"]

_COMMANDS = {
    "schema": ("mb.cli.schema:schema", "Print the JSON Schema of one benchmark line."),
    "validate": ("mb.cli.validate:validate", "Check every line of benchmark files."),
    "examples": ("mb.cli.examples:examples", "Write the bundled example benchmark."),
    "run": ("mb.cli.run:run", "Run an agent over a benchmark, producing an executed benchmark."),
    "eval": ("mb.cli.eval:eval_command", "Score an executed benchmark."),
    "compare": ("mb.cli.compare:compare", "Compare evaluation runs: regressions, fixes, per-slice deltas."),
    "report": ("mb.cli.report:report", "Write evaluation results as one self-contained HTML page."),
    "view": ("mb.cli.report:view", "Serve the HTML report of evaluation results on 127.0.0.1."),
    "import": ("mb.cli.convert:import_group", "Convert a dataset from another format into a benchmark."),
    "export": ("mb.cli.convert:export_group", "Convert a benchmark or results into another format."),
    "runevals": ("mb.cli.runevals:runevals", "Run and score a Microsoft 365 evals.json dataset (runevals-compatible)."),
    "config": ("mb.cli.config:config_command", "Print the effective configuration (mb.toml or [tool.mb])."),
}


_SAME_MEANING = {"--jobs": "-c/--concurrency", "-j": "-c/--concurrency"}
"""Options of other commands or tools, and the option of the same meaning a command that lacks them may have."""


class _Program(LazyGroup):
    """The ``mb`` group: commands load on first use; no traceback reaches the user."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command and its arguments, which are kept so a configuration value a flag overrides is not checked."""
        from .config import COMMAND_ARGS

        name, command, rest = super().resolve_command(ctx, args)
        ctx.meta[COMMAND_ARGS] = list(rest)
        return name, command, rest

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; Ctrl-C that the command does not handle itself ends it with status 130, usage errors
        show the text they quote with control characters escaped, and any other exception ends it with status 2
        and one line (:func:`_fail`)."""
        try:
            with command_inputs():  # every file the command reads is one of its inputs, never an output
                return super().invoke(ctx)
        except click.ClickException as exc:  # usage errors quote what the user typed: show it safely
            if isinstance(exc, click.BadParameter):
                _name_the_variable(exc)
            if isinstance(exc, click.NoSuchOption) and not exc.possibilities and exc.ctx is not None:
                same = _SAME_MEANING.get(exc.option_name, "")
                if any(same.endswith(opts) for param in exc.ctx.command.params for opts in param.opts):
                    vars(exc)["possibilities"] = [same]  # typed Final by click, as message
            vars(exc)["message"] = printable(exc.message)  # click types the attribute Final; it is a plain one
            raise
        except KeyboardInterrupt:
            err_console.print("interrupted", markup=False)
            raise SystemExit(130) from None
        except (click.exceptions.Exit, click.Abort):
            raise
        except BaseExceptionGroup as group:  # from concurrent tasks: an interrupt among them wins
            if group.subgroup(KeyboardInterrupt) is not None:
                err_console.print("interrupted", markup=False)
                raise SystemExit(130) from None
            if not isinstance(group, Exception):
                raise
            _fail(group)
        except StandardOutputError as exc:  # one rule for every command: as a failed write of ``-o -``
            fail_write("-", exc, existed=False)
        except Exception as exc:
            _fail(exc)


def _name_the_variable(exc: click.BadParameter) -> None:
    """A bad value an option read from its environment variable is named by that variable, for every option."""
    param, ctx = exc.param, exc.ctx
    if ctx is None or param is None or not param.name or not isinstance(param.envvar, str):
        return
    if ctx.get_parameter_source(param.name) is click.core.ParameterSource.ENVIRONMENT:
        exc.param_hint = f"{param.envvar} (read when {param.opts[0]} is not given)"


def _fail(exc: Exception) -> NoReturn:
    """The end of a command that raised, with status 2. An :class:`~mb.errors.MBError` is a problem MorganaBench
    recognised: one line, ``error: TEXT``. Anything else is a failure no command expected: one line naming it
    (secrets redacted), unless MB_TRACEBACK=1 asks for the traceback."""
    cause: BaseException = exc
    while isinstance(cause, BaseExceptionGroup) and cause.exceptions:  # the first failure among concurrent tasks
        cause = cause.exceptions[0]
    if isinstance(cause, MBError):
        raise fail(str(cause), 2) from None
    shadowed = shadowing_file(cause)
    if shadowed is not None:  # a user's json.py or six.py imported instead of the library
        raise fail(f"{shadowed} (an agent's folder and the current directory come first on sys.path)", 2) from None
    if os.environ.get("MB_TRACEBACK", "").strip() not in ("", "0"):
        raise exc
    text = printable(redact(str(cause)))
    err_console.print(
        f"error: unexpected {type(cause).__name__}: {text} (MB_TRACEBACK=1 shows where it happened)", markup=False
    )
    raise SystemExit(2) from None


@click.group(
    cls=_Program,
    lazy_commands=_COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, "--version", "-V", prog_name="mb", message="%(prog)s (MorganaBench) %(version)s")
@click.pass_context
def main(ctx: click.Context) -> None:
    """MorganaBench: evaluate LLM agents on benchmark files (JSONL).

    \b
    A benchmark line holds `inputs` and `expectations`; running an agent adds `outputs`.
    Typical flow:
      mb examples --unexecuted -o bench.jsonl       # a sample benchmark
      mb validate bench.jsonl                        # check every line
      mb run bench.jsonl --agent my_agent:answer -o executed.jsonl
      mb eval executed.jsonl -o results.jsonl        # score it

    Settings in `mb.toml` or `[tool.mb]` of `pyproject.toml` are the defaults of the options
    they name (see `mb config`); flags override them.
    """
    from ..config import load_config
    from ._judge import JUDGE_MODEL_FROM
    from .config import check_values

    config = load_config(strict=False)  # check_values raises one ConfigError (status 2) naming every bad key
    if ctx.invoked_subcommand != "config":  # which checks every command's values itself
        check_values(ctx, config, {ctx.invoked_subcommand} if ctx.invoked_subcommand else ())
    if config.values:
        ctx.default_map = config.default_map()
        if ctx.invoked_subcommand != "config" and config.apply_environment():
            ctx.meta[JUDGE_MODEL_FROM] = f"judge_model in {config.path}"
