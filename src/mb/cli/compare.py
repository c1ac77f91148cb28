"""``mb compare``: compare evaluation runs example by example (joined by example hash)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import click
import orjson

from ._console import err_console, fail, format_option, out_console

__all__ = ["compare"]


def _parse_tolerance(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[int, float | None]:
    """``N`` regressions allowed, or ``P%`` of the paired examples."""
    text = value.strip()
    with contextlib.suppress(ValueError):
        if text.endswith("%") and 0 <= (share := float(text[:-1]) / 100) <= 1:
            return (0, share)
        if not text.endswith("%") and (count := int(text)) >= 0:
            return (count, None)
    raise click.BadParameter(f"expected a number of regressions (2) or a share of examples (5%), got {value!r}")


@click.command("compare")
@click.argument("base", type=click.Path(path_type=Path, dir_okay=False))
@click.argument("new", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=False))
@format_option("Report")
@click.option(
    "--fail-on-regression",
    is_flag=True,
    help="Exit with status 1 when a run has more regressions than --tolerance (for CI gates); an example that passed "
    "in BASE and is undecided in or missing from NEW counts as a possible regression.",
)
@click.option(
    "--tolerance",
    default="0",
    show_default=True,
    callback=_parse_tolerance,
    metavar="N|P%",
    help="Regressions allowed by --fail-on-regression: a count, or a share of the examples both runs have.",
)
@click.option(
    "--show",
    type=click.IntRange(min=0),
    default=20,
    show_default=True,
    help="List up to N regressions and N fixes per comparison.",
)
def compare(
    base: Path,
    new: tuple[Path, ...],
    fmt: str,
    fail_on_regression: bool,
    tolerance: tuple[int, float | None],
    show: int,
) -> None:
    """Compare results files of `mb eval -o` (BASE against NEW, and against each further run).

    \b
    Examples are joined by their hash, so runs of the same benchmark compare even when lines moved.
    Reports the examples that flipped (regressions: passed in BASE, not in NEW; fixes: the reverse),
    per-slice pass rates with 95% intervals from passed to passed + undecided (Wilson) and the
    interval of their difference, an exact McNemar test on the flips, and examples present in only
    one run.

    Exit status: 0 when compared (and, with --fail-on-regression, no run exceeds --tolerance), 1 when
    a run has more regressions than allowed, 2 for unusable input (unreadable file, results without
    example hashes, runs with no example in common).
    """
    from ..compare import compare_many, render_comparison
    from ..results_format import read_results_file

    runs = []
    for path in (base, *new):
        try:
            runs.append(read_results_file(path))
        except OSError as exc:
            raise fail(f"cannot read {path}: {exc.strerror or exc}", 2) from None
        except ValueError as exc:
            raise fail(str(exc), 2) from None
        if not runs[-1].results:
            raise fail(f"{path}: holds no result (is it the output of `mb eval -o`?)", 2)
    comparisons = compare_many(runs[0], runs[1:])
    if fmt == "json":
        data = [comparison.model_dump(mode="json") for comparison in comparisons]
        out_console.print_json(orjson.dumps(data).decode())
    else:
        for index, comparison in enumerate(comparisons):
            if index:
                out_console.print()
            render_comparison(out_console, comparison, show)
    if not fail_on_regression:
        return
    count, share = tolerance
    failed = False
    for comparison in comparisons:
        allowed = count if share is None else share * comparison.paired
        unsure = sum(1 for flip in comparison.undecided if flip.base_status == "passed")  # may have regressed
        missing = len(comparison.missing_passed)
        regressions = len(comparison.regressions) + missing + unsure
        if regressions > allowed:
            failed = True
            kinds = [f"{len(comparison.regressions)} regression(s)"]
            kinds += [f"{missing} passed, now missing"] if missing else []
            kinds += [f"{unsure} passed, now undecided"] if unsure else []
            err_console.print(
                f"{comparison.new}: {regressions} counted against the gate ({', '.join(kinds)}), more than the "
                f"{'tolerated ' + str(count) if share is None else f'{share:.1%} of {comparison.paired} tolerated'}",
                markup=False,
            )
    if failed:
        raise SystemExit(1)
