"""optimum-intel on irexec: tests/openvino/programs/optimum_models.py, a program using optimum-intel's
OVModelForCausalLM (stateful and not), OVModelForSequenceClassification and
OVModelForFeatureExtraction on the exports in tests/data/optimum, prints the same tokens and values
run on OpenVINO and on irexec (python -m irexec.openvino), save_pretrained included.

optimum-intel needs torch and transformers, which the test extras do not install (torch's wheel from
PyPI is several GB); where they are absent, the test says so and is skipped:
``pip install torch optimum-intel==2.2.0`` runs it."""

import importlib.util
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAM = os.path.join(ROOT, "tests", "openvino", "programs", "optimum_models.py")
DATA = os.path.join(ROOT, "tests", "data", "optimum")

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("optimum") is None or importlib.util.find_spec("optimum.intel") is None,
    reason="optimum-intel (with torch and transformers) is not installed: pip install torch optimum-intel==2.2.0",
)


def _run(runner: list, out_dir) -> list:
    env = dict(
        os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""), TOKENIZERS_PARALLELISM="false"
    )
    done = subprocess.run(runner + [PROGRAM, DATA, str(out_dir)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_optimum_intel_gives_openvinos_tokens_and_values(tmp_path):
    theirs = _run([sys.executable], tmp_path / "openvino")
    mine = _run([sys.executable, "-m", "irexec.openvino"], tmp_path / "irexec")
    assert mine == theirs
    assert [line.split()[1] for line in mine[:7]] == [
        "stateful",
        "greedy",
        "beams",
        "sample",
        "padded",
        "logits",
        "again",
    ]

    # save_pretrained wrote IR on irexec (read back above: the "again" line) as OpenVINO wrote it:
    # the same constants' types, the same runtime information.
    def written(side: str) -> tuple:
        xml = (tmp_path / side / "stateful" / "openvino_model.xml").read_text()
        types = sorted(re.findall(r'element_type="(\w+)" shape="[^"]*" offset', xml))
        return types, xml[xml.index("<rt_info>") :].count("value=")

    assert written("irexec") == written("openvino")
