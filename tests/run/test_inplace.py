"""In-place execution: a scatter writes into its data buffer only when nothing else can see it."""

import numpy as np
import pytest

import irexec
from helpers.inplace import chain, count_inplace
from helpers.irtext import layer, net, param, port, result, write


def test_a_chain_of_scatters_runs_in_place_on_its_own_buffer(tmp_path, monkeypatch):
    m = chain(tmp_path)
    calls = count_inplace(m, monkeypatch)
    x = np.zeros((4, 3), np.float32)
    out = m.infer({"x": x, "one": np.ones((4, 3), np.float32), "u": np.full((1, 3), 7, np.float32)})["s2"]
    assert calls == [True, True, True]  # the Multiply's fresh output is reused all the way
    np.testing.assert_array_equal(out[:3], 7)
    assert not x.any()


def test_a_value_still_visible_is_never_overwritten(tmp_path, monkeypatch):
    m = chain(tmp_path, fan_out=True)
    calls = count_inplace(m, monkeypatch)
    outs = m.infer(
        {"x": np.full((4, 3), 2, np.float32), "one": np.ones((4, 3), np.float32), "u": np.full((1, 3), 7, np.float32)}
    )
    assert calls[0] is False and calls[1:] == [True, True]
    np.testing.assert_array_equal(outs["prod"], 2)  # the Multiply's output, intact


def scatter_on_input(tmp_path):
    xml = net(
        [
            param(0, "data", (4, 3)),
            param(1, "idx", (2,), "i64"),
            param(2, "u", (2, 3)),
            layer(
                3,
                "Const",
                data={"element_type": "i64", "shape": "", "offset": 0, "size": 8},
                outputs=[port(0, "i64", ())],
            ),
            layer(
                4,
                "ScatterUpdate",
                "opset3",
                inputs=[port(0, "f32", (4, 3)), port(1, "i64", (2,)), port(2, "f32", (2, 3)), port(3, "i64", ())],
                outputs=[port(4, "f32", (4, 3), "out")],
            ),
            result(5, "f32", (4, 3)),
        ],
        [(0, 0, 4, 0), (1, 0, 4, 1), (2, 0, 4, 2), (3, 0, 4, 3), (4, 4, 5, 0)],
    )
    return irexec.read_model(write(tmp_path, xml, np.array(0, np.int64).tobytes()))


@pytest.mark.parametrize("donate", [False, True, ["data"], "data", ["u"]])
def test_caller_arrays_are_written_only_when_donated(tmp_path, donate):
    m = scatter_on_input(tmp_path)
    data = np.zeros((4, 3), np.float32)
    out = m.infer({"data": data, "idx": np.array([1, 3]), "u": np.ones((2, 3), np.float32)}, donate_inputs=donate)[
        "out"
    ]
    np.testing.assert_array_equal(out[[1, 3]], 1)
    donated = donate is True or donate == "data" or (isinstance(donate, list) and "data" in donate)
    assert np.shares_memory(out, data) == donated
    assert data.any() == donated


def test_donating_an_unknown_input_is_an_error(tmp_path):
    with pytest.raises(irexec.InputError, match="unknown input 'nope'"):
        scatter_on_input(tmp_path).infer(
            {"data": np.zeros((4, 3), np.float32), "idx": np.array([1, 3]), "u": np.ones((2, 3), np.float32)},
            donate_inputs=["nope"],
        )


def test_pooled_buffers_are_written_in_place_too(monkeypatch):
    """Big outputs live in pooled byte buffers: in-place must see them as whole buffers."""
    from irexec.buffers import MIN_BYTES, copy_of
    from irexec.run import executor

    arr = copy_of(np.zeros(MIN_BYTES // 4 + 8, np.float32))
    holders = {id(executor.root(arr)): 1}
    step = executor.Step(type("L", (), {"op": type("O", (), {"inplace_input": 0})()})(), [("a", 0)], [("a", 0)])
    step.inplace_k = 0
    assert executor.Plan._may_overwrite(step, [arr], holders, frozenset())
