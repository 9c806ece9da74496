"""Programs written for OpenVINO's Python API (docs/examples/programs), run unchanged on OpenVINO and
on irexec (``python -m irexec.openvino``): they print the same, save for what cannot be the same
(the device's name, timings)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAMS = os.path.join(ROOT, "docs", "examples", "programs")


def _run(program: str, args: list, cwd, on_irexec: bool) -> list:
    runner = [sys.executable, "-m", "irexec.openvino"] if on_irexec else [sys.executable]
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(
        runner + [os.path.join(PROGRAMS, program)] + args, cwd=cwd, capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """The model build_and_save.py writes, and what it printed, on each side."""
    out = {}
    for side in ("openvino", "irexec"):
        folder = tmp_path_factory.mktemp(side)
        out[side] = (folder, _run("build_and_save.py", [str(folder)], folder, side == "irexec"))
    return out


def test_building_and_saving_prints_the_same(saved):
    assert saved["irexec"][1] == saved["openvino"][1]
    assert saved["irexec"][1][1].startswith("saved  ['Parameter', 'Constant', 'Convert', 'Convolution'")


@pytest.mark.parametrize("model_from", ["openvino", "irexec"])
def test_preprocessing_and_an_async_queue_classify_the_same(saved, model_from, tmp_path):
    model = str(saved[model_from][0] / "tiny.xml")
    theirs = _run("classify_async.py", [model], tmp_path, False)
    mine = _run("classify_async.py", [model], tmp_path, True)
    assert mine == theirs
    assert [line.split()[0] for line in mine] == ["input", "layout", "batch", "batch", "batch"]


def test_a_device_query_lists_the_properties_openvino_lists(tmp_path):
    theirs = _run("query_device.py", [], tmp_path, False)
    mine = _run("query_device.py", [], tmp_path, True)
    names = [{line.split(":")[0].strip() for line in out[2:]} for out in (theirs, mine)]
    # (COMPATIBILITY_CHECK: listed by OpenVINO, which cannot read it: "UNSUPPORTED TYPE" above)
    assert names[0] - {"COMPATIBILITY_CHECK"} == names[1]
    assert mine[1].startswith("CPU: irexec NumPy interpreter on ")


def test_the_benchmark_pattern_runs_and_reports(saved, tmp_path):
    model = str(saved["irexec"][0] / "tiny.xml")
    theirs = _run("benchmark.py", [model, "12"], tmp_path, False)
    mine = _run("benchmark.py", [model, "12"], tmp_path, True)
    assert mine[:2] == theirs[:2]  # the number of requests the queue made, the iterations
    assert [line.split(":")[0] for line in mine] == ["Requests", "Count", "Median", "Throughput"]
    assert float(mine[3].split()[1]) > 0


def test_the_docs_name_what_is_not_provided():
    """docs/api.md's list of OpenVINO's names irexec does not provide is the package's own list."""
    import re

    from irexec.openvino._names import NOT_PROVIDED

    with open(os.path.join(ROOT, "docs", "api.md")) as f:
        text = f.read()
    paragraph = text[text.index("Not provided at all") :].split("\n\n", 1)[0]
    named = set(re.findall(r"`(\w+)`", paragraph.split("`tests/openvino")[0]))
    assert named == {n for n in NOT_PROVIDED if not n.startswith("_")}
