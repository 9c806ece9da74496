"""OpenVINO's own opset tables, as the installed ``openvino`` package holds them: every (type,
version) pair of opset1 to the newest opset the package defines (``last_opset()``), the version
being the opset that introduced that version of the op (what ``ov.save_model`` writes in a layer's
``version``).

The package has no list of its opsets' ops, so the type names come from its opset modules (the
Python functions name the type each one builds), from irexec's own registry, and from the few
ops its C++ tables hold that no Python function builds; then ``NodeFactory("opsetN")`` says, for
each name, whether opsetN has it and which version it is there."""

from __future__ import annotations

import json
import os
import re

# OpenVINO's type name -> the one its IR files write, where they differ.
IR_TYPE = {"Constant": "Const"}
TABLE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "openvino_opsets.json")

# In OpenVINO's C++ opset tables, built by no function of its Python opset modules.
NOT_IN_PYTHON = (
    "BGRtoNV12",
    "RGBtoNV12",
    "ExperimentalDetectronDetectionOutput",
    "ExperimentalDetectronGenerateProposalsSingleImage",
    "ExperimentalDetectronPriorGridGenerator",
    "ExperimentalDetectronROIFeatureExtractor",
    "ExperimentalDetectronTopKROIs",
    "Xor",
)


def candidate_names() -> set:
    import openvino

    from irexec.ops import REGISTRY

    root = os.path.dirname(openvino.__file__)
    names = set(NOT_IN_PYTHON) | {t for t, _ in REGISTRY}
    for folder, _, files in os.walk(root):
        if re.search(r"opset\d+", folder):
            for name in files:
                if name.endswith(".py"):
                    with open(os.path.join(folder, name), encoding="utf-8") as f:
                        names |= set(re.findall(r'"([A-Z][A-Za-z0-9]+)"', f.read()))
    return names


def last_opset() -> int:
    """The newest opset the installed package defines (its ``openvino.opsetN`` modules)."""
    import openvino

    root = os.path.dirname(openvino.__file__)
    return max(int(m.group(1)) for name in os.listdir(root) if (m := re.fullmatch(r"opset(\d+)", name)))


def openvino_pairs() -> list:
    """Sorted [type, version] pairs of the installed package's opset1 to its newest."""
    import sys

    if "openvino_tokenizers" in sys.modules:
        # (Imported, it makes every NodeFactory build its own StringTensorPack/Unpack: ask a
        # process without it.)
        import subprocess

        code = "import json, sys; sys.path[:0] = sys.argv[1:]; from helpers.openvino_opsets import openvino_pairs as p; print(json.dumps(p()))"
        tests = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        done = subprocess.run(
            [sys.executable, "-c", code, tests, os.path.dirname(tests)], capture_output=True, text=True, check=True
        )
        return json.loads(done.stdout)
    from openvino.utils.node_factory import NodeFactory

    names = sorted(candidate_names())
    pairs = set()
    for n in range(1, last_opset() + 1):
        factory = NodeFactory(f"opset{n}")
        for name in names:
            try:
                info = factory.create(name).get_type_info()
            except Exception:  # (not in this opset; or Constant, which the factory cannot make empty)
                continue
            pairs.add((info.name, info.version_id))
    if any(t == "Parameter" for t, _ in pairs):
        pairs.add(("Constant", "opset1"))
    return sorted(map(list, pairs))


def recorded() -> dict:
    with open(TABLE, encoding="utf-8") as f:
        return json.load(f)


if __name__ == "__main__":  # rewrite the recorded table from the installed package
    import openvino

    with open(TABLE, "w", encoding="utf-8") as f:
        rows = ",\n".join("  " + json.dumps(p) for p in openvino_pairs())
        f.write(f'{{"openvino": "{openvino.__version__.split("-")[0]}",\n "pairs": [\n{rows}\n]}}\n')
