"""The exceptions MorganaBench raises: one root, :class:`MBError`, and a branch per kind of problem.

``except mb.MBError`` catches every error MorganaBench raises on purpose; a branch catches one kind::

    MBError
    ├── InputError            a file or line that is read cannot be used (file, line, field)
    │   ├── ResultsFormatError    a results file MorganaBench does not read (format, run record, result line)
    │   ├── CompressedFileError   mb.io: a gzip file cut short or damaged (also an OSError)
    │   ├── InputFileError        mb.io: an input file that cannot be opened (also an OSError)
    │   │   ├── MissingFileError      mb.io: an input file that does not exist (also a FileNotFoundError)
    │   │   └── FolderGivenError      mb.io: a folder given as an input file (also an IsADirectoryError)
    │   ├── JoinMismatch          mb.results_join: results joined to a benchmark they do not come from
    │   ├── CompareError          mb.compare: runs that cannot be compared
    │   ├── ReportError           mb.reports.html: files a report cannot be built from
    │   ├── M365DocumentError     mb.formats.m365: an evals.json document that is not valid
    │   └── TraceError            mb.formats.traces: a trace that cannot become an executed example
    ├── OutputError           the output cannot be written as asked
    │   ├── SameFileError         mb.io: the output is one of the inputs
    │   ├── OutputExistsError     mb.runner: the output holds examples (also a FileExistsError)
    │   ├── OutputLockedError     mb.runner: another run writes the output
    │   └── ResumeError           mb.runner: the existing output cannot be resumed
    ├── AgentError            the agent cannot be loaded, or it failed
    │   ├── AgentLoadError        mb.runner: an agent specification that is not an agent
    │   ├── AgentOutputError      mb.runner: an answer that is not Outputs (or a dict of it) or str
    │   ├── TransientAgentError   mb.runner: raised by an agent for a failure worth retrying
    │   ├── WorkerLostError       mb.runner: the Ray worker running an example died every time
    │   └── MaxTurnsExceeded      mb.runner.adapters: tool calls without end
    ├── JudgeError            a judge cannot be set up
    │   └── JudgeConfigError      mb.judges: an unknown judge or setting, no model named, no API key
    └── ConfigError           a setting cannot be used: mb.toml, environment, option or argument
        ├── PricesError           mb.run_record: a prices file that cannot be used
        ├── UnportableName        mb.formats.eee: a name that cannot be a directory
        └── RayUnavailableError   mb.runner: Ray missing or its cluster unreachable (also a RuntimeError)

The leaves live beside the code that raises them; each keeps the built-in base it always had (``ValueError``,
``FileExistsError``...), so ``except ValueError`` written before this tree still works. An input file that cannot be
opened is an ``InputFileError`` (still an ``OSError``); other errors of the operating system (a full disk) stay the
built-in ``OSError``. Failures while running or scoring examples (an
agent that crashes, a judge that times out, an invalid benchmark line) are not raised: they are recorded in the
output as data. On the command line an ``MBError`` that a command does not handle itself ends it with status 2
and one line of text, never a traceback.

This module imports nothing, so catching these errors costs no import.
"""

from __future__ import annotations

__all__ = [
    "AgentError",
    "ConfigError",
    "InputError",
    "JudgeConfigError",
    "JudgeError",
    "MBError",
    "OutputError",
    "ResultsFormatError",
]


class MBError(Exception):
    """The root of every error MorganaBench raises on purpose; its text says what is wrong and where."""


class InputError(MBError, ValueError):
    """A file or line that is read cannot be used. ``file``, ``line`` and ``field`` say where, when known; the
    text starts with them: ``FILE:LINE: FIELD: what is wrong``."""

    file: str | None = None
    """The file (``<stdin>`` for standard input), when one is known."""

    line: int | None = None
    """The 1-based line number, when the problem is in one line."""

    field: str | None = None
    """The JSONPath of the offending field (``$.outputs.trace[2]``), when the problem is in one field."""

    def __init__(
        self, message: str, *, file: str | None = None, line: int | None = None, field: str | None = None
    ) -> None:
        place = f"{file}:{line}" if file is not None and line is not None else file
        where = ": ".join(part for part in (place, field) if part is not None)
        super().__init__(f"{where}: {message}" if where else message)
        for name, value in (("file", file), ("line", line), ("field", field)):
            if value is not None:  # a subclass may have set them before calling this
                setattr(self, name, value)


class ResultsFormatError(InputError):
    """A results file MorganaBench does not read: a format newer than this version, a run record that does not
    read, a line that is not an evaluation result."""


class OutputError(MBError):
    """The output cannot be written as asked (it is an input, it exists, another run holds it)."""


class AgentError(MBError):
    """The agent cannot be loaded, or it failed. Raised by :func:`mb.run` only for an agent that cannot be
    loaded: an agent failing on an example is recorded in that example's ``outputs.error``."""


class JudgeError(MBError):
    """A judge cannot be set up. A judge that fails on a question is recorded as an error on that check."""


class JudgeConfigError(JudgeError, ValueError):
    """The judge cannot be set up as asked: an unknown judge or setting, no model named, no API key."""


class ConfigError(MBError, ValueError):
    """A setting cannot be used: a configuration file (bad TOML, unknown key, wrong type), an environment
    variable, a command-line option or an argument of the API; the message names the setting."""

    @classmethod
    def check_count(cls, name: str, value: object, most: int | None = None, alternative: str = "") -> int:
        """``value`` when it is a whole number from 1 (to ``most``), else the error naming ``name``."""
        if isinstance(value, bool) or not isinstance(value, int) or value < 1 or (most is not None and value > most):
            upto = f" and at most {most}" if most is not None else ""
            raise cls(f"{name} must be {alternative}a whole number of at least 1{upto}, got {value!r}")
        return value
