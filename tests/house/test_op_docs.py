"""docs/ops.md and docs/differences.md are what scripts/make_op_docs.py writes from the ops and
the case tables, every op irexec registers has plugin cases in a table, and README.md counts the
op versions the registry holds."""

import importlib.util
import os
import re

from cases.discover import tables
from irexec.ops import REGISTRY
from irexec.ops.registry import all_ops

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Every table's IR is made of these: each case runs its inputs as Parameters and as Consts.
HARNESS_OPS = {"Parameter", "Const", "Result"}
# Ops OpenVINO 2026.4's CPU plugin has no kernel for (it reads and shape-infers them, and refuses to
# compile them: test_the_plugin_cannot_run_these): their tables check irexec against the spec alone.
NO_PLUGIN_KERNEL = {"GroupedMatMul-opset17", "RGBtoNV12-opset17", "BGRtoNV12-opset17"}


def _script():
    spec = importlib.util.spec_from_file_location("make_op_docs", os.path.join(ROOT, "scripts", "make_op_docs.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_docs_are_current():
    for rel, text in _script().generate().items():
        with open(os.path.join(ROOT, rel)) as f:
            assert f.read() == text, f"{rel} is out of date: run python scripts/make_op_docs.py"


def test_every_registered_op_has_plugin_cases():
    covered = set()
    for _, table in tables():
        for key in table.covers():
            assert key in REGISTRY, f"{table.type} table names version {key[1]}, which irexec does not register"
            covered.add(REGISTRY[key])
    missing = sorted(
        {f"{cls.type}-{cls.version}" for cls in REGISTRY.values() if cls not in covered and cls.type not in HARNESS_OPS}
    )
    assert missing == sorted(NO_PLUGIN_KERNEL), f"ops without plugin cases in tests/cases: {', '.join(missing)}"


def test_the_plugin_cannot_run_these():
    """Each op NO_PLUGIN_KERNEL lists is refused by the CPU plugin: once one runs, it comes off the
    list and its table compares with the plugin."""
    import numpy as np
    import pytest

    ov = pytest.importorskip("openvino")
    from openvino import opset13 as ops
    from openvino.utils.node_factory import NodeFactory

    factory = NodeFactory("opset17")
    a = ops.parameter([4, 3], np.float32)
    b = ops.parameter([2, 5, 3], np.float32)
    offsets = ops.parameter([2], np.int32)
    image = ops.parameter([1, 4, 4, 3], np.float32)
    made = {
        "GroupedMatMul-opset17": ([a, b, offsets], "GroupedMatMul"),
        "RGBtoNV12-opset17": ([image], "RGBtoNV12"),
        "BGRtoNV12-opset17": ([image], "BGRtoNV12"),
    }
    assert set(made) == NO_PLUGIN_KERNEL
    for key, (params, op_type) in made.items():
        node = factory.create(op_type, params, {})
        model = ov.Model([ops.result(node.output(0))], params, key)
        with pytest.raises(RuntimeError, match="Unsupported operation"):
            ov.Core().compile_model(model, "CPU")


def test_contributing_shows_the_real_matmul():
    """CONTRIBUTING.md's worked example is the op file itself, and its table excerpt is the table's."""
    with open(os.path.join(ROOT, "CONTRIBUTING.md")) as f:
        text = f.read()
    blocks = text.split("```python\n")[1:]
    op_block, table_block = (b.split("```", 1)[0] for b in blocks[:2])
    with open(os.path.join(ROOT, "irexec", "ops", "matrix", "matmul.py")) as f:
        assert f.read() == op_block
    with open(os.path.join(ROOT, "tests", "cases", "matrix", "test_matmul.py")) as f:
        table = f.read()
    for line in table_block.splitlines():
        assert line.strip() == "..." or line in table, f"not in the table: {line!r}"


def test_readme_op_count_is_the_registrys():
    """README.md's count of op versions is the number of op classes irexec registers."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        counts = re.findall(r"all (\d+) op versions", f.read())
    assert len(counts) == 1, f"README.md should state the op versions' count once, found {counts}"
    held = len(all_ops())
    assert int(counts[0]) == held, f"README.md says {counts[0]} op versions, the registry holds {held}"
