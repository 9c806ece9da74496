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
    assert "(the first run alone)" in latency_lines([0.004])


def test_profile_text_ends_with_the_latency_lines():
    r = run(ROW, "--random", "--profile", "--repeat", 5)
    assert r.returncode == 0, r.stderr
    lat, thr = r.stdout.splitlines()[-2:]
    assert lat.startswith("latency ms: median ") and lat.endswith("(4 runs after the first)")
    nums = [float(x.split()[-1]) for x in lat.split("(")[0].replace("latency ms:", "").split(",")]
    median, average, low, high = nums
    assert low <= median <= high and low <= average <= high
    assert thr.startswith("throughput: ") and "first inference: " in thr


def test_report_json_is_the_profile_alone_on_stdout():
    r = run(ROW, "--random", "--profile", "--repeat", 3, "--report", "json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["summary"]["runs"] == 3
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
    summary, layers = r.stdout.split("\n\n")
    metrics = dict(csv.reader(io.StringIO(summary)))
    assert metrics["runs"] == "1" and float(metrics["latency_min_ms"]) > 0
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
