"""Families of signatures (irexec.run.families) against a concrete pass each step, on random graphs
over a growing length (tests/helpers/familylib.py; fuzz/fuzz_families.py runs it for longer): the same
outputs, bit for bit, and the same errors, at every step."""

from __future__ import annotations

import pytest

pytest.importorskip("openvino")
import irexec.run.families  # noqa: E402
from helpers import familylib  # noqa: E402


@pytest.mark.parametrize("block", range(4))
def test_random_graphs_step_alike_with_and_without_families(tmp_path, block, monkeypatch):
    built = []
    real = irexec.run.families.build
    monkeypatch.setattr(
        irexec.run.families, "build", lambda *a: (lambda f: (built.append(f is not None), f)[1])(real(*a))
    )
    for seed in range(block * 15, block * 15 + 15):
        assert familylib.check(seed, str(tmp_path / f"case{seed}.xml")) is None, f"seed {seed}"
    assert sum(built) >= 15  # (each case made a family, most two: one each side of the jump)
