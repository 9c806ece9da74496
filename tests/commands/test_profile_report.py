"""`run --profile`'s latency figures (benchmark_app's) and `--report json|csv`."""

import csv
import io
import json
import os
import subprocess
import sys

import pytest

from helpers.irtext import layer, net, param, port, result, write
from irexec.io.profile import latency_figures, latency_lines

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROW = os.path.join(ROOT, "models", "row_assign.xml")


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "irexec", "run", *map(str, args)], capture_output=True, text=True, cwd=ROOT
    )


def test_latency_figures_leave_the_first_run_apart():
    f = latency_figures([0.005, 0.001, 0.003, 0.002])
    assert f["runs"] == 4 and f["first_inference_ms"] == pytest.approx(5.0)
    assert f["latency_median_ms"] == pytest.approx(2.0) and f["latency_average_ms"] == pytest.approx(2.0)
    assert f["latency_min_ms"] == pytest.approx(1.0) and f["latency_max_ms"] == pytest.approx(3.0)
    assert f["throughput_per_s"] == pytest.approx(500.0)
    one = latency_figures([0.004])  # (one run: its own figures)
    assert one["latency_median_ms"] == one["first_inference_ms"] == pytest.approx(4.0)
    assert "(3 runs after the first)" in latency_lines([0.005, 0.001, 0.003, 0.002])
    assert "(the first run alone: cold," in latency_lines([0.004])
    # The profiled runs apart: their median and what the hooks cost beyond the plain runs'.
    both = latency_figures([0.005, 0.001, 0.003, 0.002], [0.004, 0.006, 0.005])
    assert both["profiled_runs"] == 3 and both["profiled_median_ms"] == pytest.approx(5.0)
    assert both["profiler_cost_ms"] == pytest.approx(3.0) and both["latency_median_ms"] == pytest.approx(2.0)
    lines = latency_lines([0.005, 0.001, 0.003, 0.002], [0.004, 0.006, 0.005]).splitlines()
    assert lines[0].endswith("(3 runs after the first, without the per-layer profiler)")
    assert lines[2] == "the per-layer profiler: +3.000 ms a run (a profiled run's median 5.000 ms, not in the latency)"


def test_types_sum_their_layers():
    from types import SimpleNamespace as L

    from irexec.io.profile import type_rows, type_table

    infos = [L(node_type="Add", seconds=0.002), L(node_type="MatMul", seconds=0.005), L(node_type="Add", seconds=0.001)]
    rows = type_rows(infos)
    assert [(r["type"], r["count"]) for r in rows] == [("MatMul", 1), ("Add", 2)]
    assert rows[1]["time_ms"] == pytest.approx(3.0) and rows[0]["share"] == pytest.approx(5 / 8)
    table = type_table(infos).splitlines()
    assert table[0].split() == ["time", "ms", "share", "type", "layers"]
    assert table[2].split() == ["3.000", "37.5%", "Add", "2"]


def test_profile_text_ends_with_the_latency_lines():
    r = run(ROW, "--random", "--profile", "--repeat", 5)
    assert r.returncode == 0, r.stderr
    lat, thr, cost = r.stdout.splitlines()[-3:]
    assert lat.startswith("latency ms: median ")
    assert lat.endswith("(5 runs after the first, without the per-layer profiler)")
    assert cost.startswith("the per-layer profiler: ") and "a profiled run's median" in cost
    nums = [float(x.split()[-1]) for x in lat.split("(")[0].replace("latency ms:", "").split(",")]
    median, average, low, high = nums
    assert low <= median <= high and low <= average <= high
    assert thr.startswith("throughput: ") and "first inference (cold): " in thr
    # The per-type summary sits between the layers and the latency: each type once.
    text = r.stdout.splitlines()
    start = next(i for i, line in enumerate(text) if line.split()[:5] == ["time", "ms", "share", "type", "layers"])
    types = [line.split()[2] for line in text[start + 1 : -3]]
    assert sorted(types) == sorted(set(types)) and {"ScatterUpdate", "Gather"} <= set(types)


def test_report_json_is_the_profile_alone_on_stdout():
    r = run(ROW, "--random", "--profile", "--repeat", 3, "--report", "json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["summary"]["runs"] == 4 and doc["summary"]["profiled_runs"] == 3
    assert doc["summary"]["profiler_cost_ms"] == pytest.approx(
        doc["summary"]["profiled_median_ms"] - doc["summary"]["latency_median_ms"]
    )
    types = {t["type"]: t for t in doc["types"]}
    assert sum(t["count"] for t in types.values()) == 10 and types["Gather"]["count"] == 2
    layers = doc["layers"]
    assert len(layers) == 10 and {l["type"] for l in layers} >= {"ScatterUpdate", "Result", "Gather"}
    times = [l["time_ms"] for l in layers]
    assert times == sorted(times, reverse=True)
    assert sum(l["share"] for l in layers) == pytest.approx(1.0)
    assert next(l for l in layers if l["layer"] == "assign_row")["bytes"] == 96


def test_report_csv_parses_and_quotes_formula_like_names(tmp_path):
    name = "=HYPERLINK(1)"
    xml = net(
        [
            param(0, "x", (2,)),
            layer(1, "Relu", inputs=[port(0, "f32", (2,))], outputs=[port(1, "f32", (2,))], name=name),
            result(2, "f32", (2,)),
        ],
        [(0, 0, 1, 0), (1, 1, 2, 0)],
    )
    r = run(write(tmp_path, xml), "--random", "--profile", "--report", "csv", "-o", tmp_path / "o.npz")
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip() == f"wrote 1 output(s) to {tmp_path / 'o.npz'}"  # (stdout is the report's)
    summary, types, layers = r.stdout.split("\n\n")
    metrics = dict(csv.reader(io.StringIO(summary)))
    assert metrics["runs"] == "2" and metrics["profiled_runs"] == "1" and float(metrics["latency_min_ms"]) > 0
    assert {row["type"]: row["layers"] for row in csv.DictReader(io.StringIO(types))}["Relu"] == "1"
    rows = list(csv.DictReader(io.StringIO(layers)))
    assert [row["layer"] for row in rows if row["type"] == "Relu"] == ["'" + name]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--report", "json"], "--report needs --profile"),
        (["--profile", "--report", "csv", "--compare", "x.npz"], "--report takes stdout"),
        (["--profile", "--report", "xml"], "Invalid value for '--report'"),
    ],
)
def test_report_usage_errors(args, message):
    r = run(ROW, "--random", *args)
    assert r.returncode == 2 and message in r.stderr
