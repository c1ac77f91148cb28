"""Trace import throughput: ``mb import traces --from otel`` on generated OTLP JSON (one export per line), each
trace a distinct example with its own start time: a root span, two chat spans and one to three tool spans.

Run: ``.venv/bin/python bench/trace_import.py [--traces 5000]``. Prints traces/s end to end (reading, matching
by hash, converting, writing) and the peak memory of the process.
"""

from __future__ import annotations

import argparse
import json
import resource
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from mb._hashing import example_hash
from mb.cli import main
from mb.entities import Example

_TOOLS = ("search", "calendar", "weather", "email")


def _attribute(key: str, value: object) -> dict[str, object]:
    kind = "intValue" if isinstance(value, int) else "stringValue"
    return {"key": key, "value": {kind: str(value) if kind == "intValue" else value}}


def _span(trace: str, span: str, parent: str, start: int, attributes: dict[str, object]) -> dict[str, object]:
    return {
        "traceId": trace, "spanId": span, "parentSpanId": parent, "name": "span", "kind": 1,
        "startTimeUnixNano": str(start), "endTimeUnixNano": str(start + 1000),
        "attributes": [_attribute(k, v) for k, v in attributes.items()], "status": {},
    }  # fmt: skip


def generate(folder: Path, count: int) -> tuple[Path, Path]:
    bench, traces = folder / "bench.jsonl", folder / "traces.jsonl"
    start = 1_717_228_800_000_000_000
    with bench.open("w") as bench_file, traces.open("w") as trace_file:
        for index in range(count):
            tool = _TOOLS[index % len(_TOOLS)]
            question = f"Request {index}: use {tool} for item {index * 7}"
            document = {
                "inputs": {"messages": [{"role": "user", "content": question}]},
                "expectations": {
                    "assertions": [
                        {
                            "assert_that": "tool_called",
                            "tool": tool,
                            "parameters": [{"param": "item", "matcher": {"match_as": "equality", "value": index * 7}}],
                        }
                    ]
                },
            }
            bench_file.write(json.dumps(document) + "\n")
            trace_id = f"{index:032x}"
            moment = start + index * 3_600_000_000_000 + (index % 59) * 1_000_000_000
            asked = json.dumps([{"role": "user", "parts": [{"type": "text", "content": question}]}])
            root, marker = f"{1:016x}", example_hash(Example.model_validate(document))
            chat = {"gen_ai.operation.name": "chat", "gen_ai.input.messages": asked, "gen_ai.usage.input_tokens": 40}
            spans = [
                _span(trace_id, root, "", moment, {"mb.example_hash": marker}),
                _span(trace_id, f"{2:016x}", root, moment + 10, chat),
            ]
            for call in range(1 + index % 3):
                arguments = json.dumps({"item": index * 7, "page": call})
                spans.append(_span(trace_id, f"{3 + call:016x}", f"{1:016x}", moment + 20 + call, {
                    "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": tool,
                    "gen_ai.tool.call.id": f"call_{index}_{call}", "gen_ai.tool.call.arguments": arguments,
                    "gen_ai.tool.call.result": json.dumps({"ok": True, "rows": call}),
                }))  # fmt: skip
            answer = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": f"Done {index}."}]}])
            final = {"gen_ai.operation.name": "chat", "gen_ai.output.messages": answer}
            spans.append(_span(trace_id, f"{9:016x}", root, moment + 30, final))
            export = {"resourceSpans": [{"resource": {}, "scopeSpans": [{"scope": {"name": "agent"}, "spans": spans}]}]}
            trace_file.write(json.dumps(export) + "\n")
    return bench, traces


def main_bench() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--traces", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bench, traces = generate(folder, args.traces)
        size = traces.stat().st_size / 2**20
        timings = []
        for _ in range(args.repeat):
            out = folder / "executed.jsonl"
            out.unlink(missing_ok=True)
            started = time.perf_counter()
            argv = ["import", "traces", "--from", "otel", str(traces), "--benchmark", str(bench), "-o", str(out)]
            result = CliRunner().invoke(main, argv)
            timings.append(time.perf_counter() - started)
            assert result.exit_code == 0, result.output
        best = min(timings)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{args.traces} traces ({size:.1f} MiB of OTLP JSON lines)")
        runs = ", ".join(f"{t:.2f}" for t in timings)
        print(f"best of {args.repeat}: {best:.2f} s, {args.traces / best:,.0f} traces/s; runs: {runs} s")
        print(f"peak memory of the process: {peak:.0f} MiB")


if __name__ == "__main__":
    main_bench()
