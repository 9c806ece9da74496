"""The bundled sample IRs give the plugin's outputs, on random and edge inputs."""

import os

import numpy as np
import pytest

import irexec
from helpers.oracle import assert_same, run_openvino
from irexec.io.random_values import random_data as random_array

MODELS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "models")


@pytest.mark.parametrize("name", sorted(f for f in os.listdir(MODELS) if f.endswith(".xml")))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bundled_model_matches_plugin(name, seed):
    path = os.path.join(MODELS, name)
    m = irexec.read_model(path)
    rng = np.random.default_rng(seed)
    feeds = {i.name: random_array(rng, tuple(d.lo for d in i.shape), i.element_type) for i in m.inputs}
    if "i" in feeds:  # row_assign's row index: any value in [-rows, rows)
        feeds["i"] = np.array(rng.integers(-4, 4), np.int64)
    ours = list(m.infer(feeds).values())
    theirs = run_openvino(path, feeds)
    # The plugin folds packed_weights' five constant terms before adding x: float reassociation.
    exact = name != "packed_weights.xml"
    for a, b in zip(theirs, ours):
        assert_same(a, b, exact=exact, rtol=1e-6, atol=1e-6)


def test_row_assign_negative_index():
    m = irexec.read_model(os.path.join(MODELS, "row_assign.xml"))
    y = m.infer({"x": np.zeros((4, 6), np.float32), "i": np.array(-3), "v": np.float32(2.5)})["y"]
    assert (y[1] == 2.5).all() and not np.delete(y, 1, axis=0).any()
