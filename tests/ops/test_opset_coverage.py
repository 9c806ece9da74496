"""irexec against OpenVINO's own opset tables: the recorded table (tests/data/openvino_opsets.json)
is what the installed ``openvino`` package holds, and irexec reads every (type, version) pair of
it but the gaps listed here, which docs/ops.md names too. Adding an op takes it off the list; an
op lost puts it back, and the test fails either way until the list says so."""

import pytest

from helpers.openvino_opsets import IR_TYPE, openvino_pairs, recorded
from irexec.errors import ValidationError
from irexec.ops.registry import lookup

ov = pytest.importorskip("openvino")

GAPS = set()


def test_the_recorded_table_is_the_installed_packages():
    table = recorded()
    if ov.__version__.split(".")[:2] != table["openvino"].split(".")[:2]:
        pytest.fail(
            f"the table is openvino {table['openvino']}'s, the installed package is {ov.__version__}: "
            "run python tests/helpers/openvino_opsets.py"
        )
    assert openvino_pairs() == table["pairs"], "run python tests/helpers/openvino_opsets.py"


def test_irexec_reads_every_pair_but_the_known_gaps():
    missing = set()
    for op_type, version in recorded()["pairs"]:
        try:
            lookup(IR_TYPE.get(op_type, op_type), version)
        except ValidationError:
            missing.add((op_type, version))
    assert not missing - GAPS, f"irexec lacks {sorted(missing - GAPS)}"
    assert not GAPS - missing, f"irexec now reads {sorted(GAPS - missing)}: take them off GAPS"
