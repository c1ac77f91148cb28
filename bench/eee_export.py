"""EEE export throughput: ``export_eee`` on synthetic executed lines and results, with and without schema
validation of every record, for both schema versions, plus peak memory.

Run: ``.venv/bin/python bench/eee_export.py [--lines 20000]``. The export streams (results and executed lines
joined as they are read), so memory stays flat as the line count grows.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _synth import write_synthetic

from mb.formats.eee import export_eee
from mb.results import AssertionResult, CheckResult, ExampleResult, MetricResult, ParameterResult


def _results(count: int) -> Iterator[ExampleResult]:
    for line in range(1, count + 1):
        passed = line % 4 != 0
        yield ExampleResult(
            line=line,
            passed=passed,
            status="passed" if passed else "failed",
            score=1.0 if passed else 0.5,
            assertions=[
                AssertionResult(
                    assert_that="tool_called",
                    tool="search",
                    passed=passed,
                    reason="matched call_1",
                    parameters=[
                        ParameterResult(params=["q"], match_as="equality", passed=passed, score=1.0, reason="")
                    ],
                )
            ],
            checks=[CheckResult(name="expected_response", passed=True, reason="same meaning")],
            metrics={"similarity": MetricResult(value=4.2, passed=True, threshold=3.0, judge="lexical")},
            categories={"topic": f"t{line % 5}"},
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=20_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        executed = write_synthetic(Path(folder) / "executed.jsonl", args.lines)
        for version in ("0.3.0", "0.2.0"):
            for validate in (False, True):
                start = time.perf_counter()
                written = export_eee(
                    _results(args.lines),
                    executed,
                    model_id="bench/model",
                    out_dir=Path(folder) / "out",
                    schema_version=version,
                    validate=validate,
                )
                elapsed = time.perf_counter() - start
                size = written.samples_path.stat().st_size / 1e6
                print(
                    f"EEE {version} validate={validate!s:5}: {written.rows} rows in {elapsed:.2f} s "
                    f"= {written.rows / elapsed:,.0f} rows/s ({size:.1f} MB of samples)"
                )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MB")


if __name__ == "__main__":
    main()
