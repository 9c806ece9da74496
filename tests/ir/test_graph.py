"""The graph's own order and producer maps, which it computes once and keeps."""

from __future__ import annotations

import gc
import os
import random

import networkx as nx
import pytest

import irexec
from irexec.errors import IRExecError, ValidationError
from irexec.graph import Graph, Layer, Port, _id_key, gc_paused

MODEL = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "models", "kv_cache_update.xml"
)


def _layer(lid: str, n_in: int) -> Layer:
    return Layer(
        lid, f"n{lid}", "Op", None, {}, [Port(str(i), None, ()) for i in range(n_in)], [Port(str(n_in), None, ())]
    )


def _random_dag(rng: random.Random, n: int) -> Graph:
    ids = [str(i) for i in range(n)] + ["x", "a", "0" + str(n - 1), "²"]  # numbers, names, a tie
    rng.shuffle(ids)
    g = Graph("g", 11)
    edges = []
    for k, lid in enumerate(ids):
        srcs = rng.sample(ids[:k], min(k, rng.randint(0, 3)))
        srcs += srcs[:1] if srcs and rng.random() < 0.3 else []  # a parallel edge, now and then
        g.add_layer(_layer(lid, len(srcs)))
        edges += [(src, lid, i) for i, src in enumerate(srcs)]
    rng.shuffle(edges)
    for src, dst, i in edges:
        g.add_edge(src, str(len(g.layer(src).inputs)), dst, str(i))
    return g


@pytest.mark.parametrize("seed", range(20))
def test_order_is_networkx_lexicographic_order_by_id(seed):
    g = _random_dag(random.Random(seed), 40)
    assert g.topological_order() == list(nx.lexicographical_topological_sort(g.g, key=_id_key))


def test_order_and_producers_follow_changes_to_the_graph():
    g = Graph("g", 11)
    for lid, n_in in (("2", 0), ("1", 0), ("3", 1)):
        g.add_layer(_layer(lid, n_in))
    assert g.topological_order() == ["1", "2", "3"]
    assert g.producers("3") == {}
    g.add_edge("2", "0", "3", "0")
    assert g.producers("3") == {0: ("2", 0)}
    g.add_layer(_layer("0", 1))
    g.add_edge("3", "1", "0", "0")
    assert g.topological_order() == ["1", "2", "3", "0"]


def test_a_cycle_is_named():
    g = Graph("g", 11)
    g.add_layer(_layer("1", 1))
    g.add_layer(_layer("2", 1))
    g.add_edge("1", "1", "2", "0")
    g.add_edge("2", "1", "1", "0")
    with pytest.raises(ValidationError, match="cycle through layers 'n1' \\(1\\) -> 'n2' \\(2\\) -> 'n1'"):
        g.topological_order()


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_leaves_the_cycle_collector_as_it_found_it(enabled, tmp_path):
    broken = tmp_path / "broken.xml"
    broken.write_text(open(MODEL).read().replace('version="11"', 'version="9"', 1))
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        irexec.read_model(MODEL)
        assert gc.isenabled() is enabled
        with pytest.raises(IRExecError):
            irexec.read_model(str(broken))
        assert gc.isenabled() is enabled
        with gc_paused():
            assert not gc.isenabled()
            with gc_paused():
                pass
            assert not gc.isenabled()  # an inner pause does not end the outer one
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
