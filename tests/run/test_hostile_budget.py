"""The memory budget holds for shapes that depend on values (issue 17, class 4): every op whose
output size comes from its inputs' values -- fed by float scalars, through a Convert, gathered
from a larger integer input, or straight from a Parameter -- is refused before its output exists.

Each model's output would be about 16 MiB under a 1 MiB budget; tracemalloc (which sees NumPy's
allocations) checks that nothing near that size was allocated before the refusal."""

import tracemalloc

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers.irtext import const, layer, net, param, port, result, write
from irexec.cli import cli

BUDGET = 1 << 20
BIG = 2048  # BIG x BIG f32 = 16 MiB


def one_op(tmp_path, ltype, version, inputs, data=None, out_et="f32", out_rank=2, consts=(), stem="model"):
    """Parameters ``inputs`` ((name, shape, et), ...) feeding one ``ltype`` layer, then a Result.
    ``consts``: (shape, et, array) Const inputs after the Parameters."""
    layers, edges, blob = [], [], b""
    for k, (name, shape, et) in enumerate(inputs):
        layers.append(param(k, name, shape, et))
    n = len(inputs)
    for j, (shape, et, arr) in enumerate(consts):
        raw = np.asarray(arr).tobytes()
        layers.append(const(n + j, shape, et, len(blob), len(raw)))
        blob += raw
    ins = [port(k, et, shape) for k, (_, shape, et) in enumerate(inputs)] + [
        port(n + j, et, shape) for j, (shape, et, _) in enumerate(consts)
    ]
    op = n + len(consts)
    out = [-1] * out_rank
    layers += [
        layer(op, ltype, version, inputs=ins, outputs=[port(op + 1, out_et, out, "y")], data=data),
        result(op + 1, out_et, out),
    ]
    edges = [(k, 0, op, k) for k in range(op)] + [(op, op + 1, op + 1, 0)]
    return write(tmp_path, net(layers, edges), blob or None, stem=stem)


def refused(path, feeds):
    """Runs the model under the budget: the error, and the peak bytes NumPy allocated meanwhile."""
    m = irexec.read_model(path, max_tensor_bytes=BUDGET)
    tracemalloc.start()
    try:
        with pytest.raises(irexec.ExecutionError) as info:
            m.infer(feeds)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "over the budget of 1.0 MiB" in str(info.value), str(info.value)
    assert peak < 4 * BUDGET, f"{peak} bytes allocated before the refusal"
    return str(info.value)


def f32(x):
    return np.array(x, np.float32)


def i64(x):
    return np.array(x, np.int64)


# --- the three examples --------------------------------------------------------------


def range_model(tmp_path, et="f32"):
    return one_op(
        tmp_path,
        "Range",
        "opset4",
        [("start", (), et), ("stop", (), et), ("step", (), et)],
        {"output_type": "f32"},
        out_rank=1,
    )


@pytest.mark.parametrize("et", ["f32", "f16", "f64", "i32"])
def test_range_fed_by_scalars(tmp_path, et):
    dtype = np.dtype({"f32": np.float32, "f16": np.float16, "f64": np.float64, "i32": np.int32}[et])
    msg = refused(
        range_model(tmp_path, et),
        {
            "start": np.array(0, dtype),
            "stop": np.array(60000, dtype) * 100 if et != "f16" else np.array(60000, dtype),
            "step": np.array(1, dtype) if et != "f16" else np.array(0.01, dtype),
        },
    )
    assert "Range" in msg


def test_range_fed_by_constant_float_scalars(tmp_path):
    path = one_op(
        tmp_path,
        "Range",
        "opset4",
        [],
        {"output_type": "f32"},
        out_rank=1,
        consts=[((), "f32", f32(0)), ((), "f32", f32(3e8)), ((), "f32", f32(1))],
    )
    resource = pytest.importorskip("resource")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Refused before anything runs (as the constants are folded, or by the sizing pass).
    with pytest.raises(irexec.IRExecError, match="over the budget") as info:
        irexec.read_model(path, max_tensor_bytes=BUDGET).infer({})
    assert "Range" in str(info.value) and "[300000000] of f32" in str(info.value)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 256 << 10  # KiB: 1.1 GiB never made


def test_broadcast_target_through_convert(tmp_path):
    xml = net(
        [
            param(0, "x", (1,)),
            param(1, "t", (2,), "f32"),
            layer(
                2,
                "Convert",
                data={"destination_type": "i64"},
                inputs=[port(0, "f32", (2,))],
                outputs=[port(1, "i64", (2,))],
            ),
            layer(
                3,
                "Broadcast",
                "opset3",
                inputs=[port(0, "f32", (1,)), port(1, "i64", (2,))],
                outputs=[port(2, "f32", (-1, -1), "y")],
            ),
            result(4, "f32", (-1, -1)),
        ],
        [(0, 0, 3, 0), (1, 0, 2, 0), (2, 1, 3, 1), (3, 2, 4, 0)],
    )
    msg = refused(write(tmp_path, xml), {"x": f32([1]), "t": f32([BIG, BIG])})
    assert "Broadcast" in msg and f"[{BIG},{BIG}] of f32" in msg


def test_broadcast_target_gathered_from_a_larger_input(tmp_path):
    # 100 elements: more than the sizing pass takes values of ahead, so the run-time guard decides.
    xml = net(
        [
            param(0, "x", (1,)),
            param(1, "t", (100,), "i64"),
            const(2, (2,), "i64", 0, 16),
            const(3, (), "i64", 16, 8),
            layer(
                4,
                "Gather",
                "opset8",
                data={"batch_dims": 0},
                inputs=[port(0, "i64", (100,)), port(1, "i64", (2,)), port(2, "i64", ())],
                outputs=[port(3, "i64", (2,))],
            ),
            layer(
                5,
                "Broadcast",
                "opset3",
                inputs=[port(0, "f32", (1,)), port(1, "i64", (2,))],
                outputs=[port(2, "f32", (-1, -1), "y")],
            ),
            result(6, "f32", (-1, -1)),
        ],
        [(0, 0, 5, 0), (1, 0, 4, 0), (2, 0, 4, 1), (3, 0, 4, 2), (4, 3, 5, 1), (5, 2, 6, 0)],
    )
    path = write(tmp_path, xml, i64([7, 42]).tobytes() + i64(0).tobytes())
    t = np.ones(100, np.int64)
    t[[7, 42]] = BIG
    refused(path, {"x": f32([1]), "t": t})
    # The same model under the budget runs: the guard refuses by size, not by kind.
    t[[7, 42]] = 8
    out = irexec.read_model(path, max_tensor_bytes=BUDGET).infer({"x": f32([1]), "t": t})["y"]
    assert out.shape == (8, 8)


def test_the_cli_writes_nothing_over_the_budget(tmp_path):
    path = range_model(tmp_path)
    for name, v in (("start", 0), ("stop", 3e8), ("step", 1)):
        np.save(tmp_path / f"{name}.npy", f32(v))
    out = tmp_path / "out.npz"
    r = CliRunner().invoke(
        cli,
        ["run", path, "--max-bytes", "64M", "-o", str(out)]
        + [a for n in ("start", "stop", "step") for a in ("-i", f"{n}={tmp_path / n}.npy")],
    )
    assert r.exit_code == 1 and not out.exists()
    assert r.output.count("\n") == 1 and "[300000000] of f32, 1.1 GiB: over the budget of 64.0 MiB" in r.output


# --- the other ops whose output size depends on values ---------------------------------------


def test_tile_repeats(tmp_path):
    path = one_op(tmp_path, "Tile", "opset1", [("x", (1, 1), "f32"), ("r", (2,), "i64")])
    assert "Tile" in refused(path, {"x": f32([[1]]), "r": i64([BIG, BIG])})


def test_pad_amounts(tmp_path):
    path = one_op(
        tmp_path,
        "Pad",
        "opset12",
        [("x", (1, 1), "f32"), ("b", (2,), "i64"), ("e", (2,), "i64")],
        {"pad_mode": "constant"},
    )
    assert "Pad" in refused(path, {"x": f32([[1]]), "b": i64([BIG, 0]), "e": i64([0, BIG])})


def test_one_hot_depth(tmp_path):
    path = one_op(
        tmp_path,
        "OneHot",
        "opset1",
        [("i", (BIG,), "i64"), ("d", (), "i64"), ("on", (), "f32"), ("off", (), "f32")],
        {"axis": -1},
    )
    assert "OneHot" in refused(path, {"i": np.zeros(BIG, np.int64), "d": i64(BIG), "on": f32(1), "off": f32(0)})


def test_interpolate_sizes(tmp_path):
    path = one_op(
        tmp_path,
        "Interpolate",
        "opset11",
        [("x", (1, 1, 2, 2), "f32"), ("s", (2,), "i64")],
        {"mode": "nearest", "shape_calculation_mode": "sizes"},
        out_rank=4,
        consts=[((2,), "i64", i64([2, 3]))],
    )
    assert "Interpolate" in refused(path, {"x": np.ones((1, 1, 2, 2), np.float32), "s": i64([BIG, BIG])})


def test_interpolate_scales(tmp_path):
    path = one_op(
        tmp_path,
        "Interpolate",
        "opset11",
        [("x", (1, 1, 2, 2), "f32"), ("s", (2,), "f32")],
        {"mode": "nearest", "shape_calculation_mode": "scales"},
        out_rank=4,
        consts=[((2,), "i64", i64([2, 3]))],
    )
    assert "Interpolate" in refused(path, {"x": np.ones((1, 1, 2, 2), np.float32), "s": f32([BIG / 2, BIG / 2])})


def test_random_uniform_shape(tmp_path):
    path = one_op(
        tmp_path,
        "RandomUniform",
        "opset8",
        [("shape", (2,), "i64"), ("lo", (), "f32"), ("hi", (), "f32")],
        {"output_type": "f32", "global_seed": 1, "op_seed": 2},
    )
    assert "RandomUniform" in refused(path, {"shape": i64([BIG, BIG]), "lo": f32(0), "hi": f32(1)})


def test_eye_rows_and_columns(tmp_path):
    path = one_op(
        tmp_path, "Eye", "opset9", [("r", (), "i64"), ("c", (), "i64"), ("d", (), "i64")], {"output_type": "f32"}
    )
    assert "Eye" in refused(path, {"r": i64(BIG), "c": i64(BIG), "d": i64(0)})


def test_eye_batch_shape(tmp_path):
    path = one_op(
        tmp_path,
        "Eye",
        "opset9",
        [("r", (), "i64"), ("c", (), "i64"), ("d", (), "i64"), ("b", (1,), "i64")],
        {"output_type": "f32"},
        out_rank=3,
    )
    assert "Eye" in refused(path, {"r": i64(64), "c": i64(64), "d": i64(0), "b": i64([1024])})


def test_non_zero_is_bounded_by_its_input_but_can_outgrow_the_budget(tmp_path):
    # 1 MiB of u8 in (within the budget), [2, 2^20] of i64 out: 16 MiB.
    path = one_op(tmp_path, "NonZero", "opset3", [("x", (1024, 1024), "u8")], {"output_type": "i64"}, out_et="i64")
    assert "NonZero" in refused(path, {"x": np.ones((1024, 1024), np.uint8)})


def test_loop_concatenation_grows_past_the_budget(tmp_path):
    # Each iteration adds 16 KiB to the concatenated output; the trip count is an input.
    from helpers.oracle import ov, save

    o5, o8 = ov.opset5, ov.opset8
    a = o8.parameter([1, 4096], np.float32, name="a")
    n = o8.parameter([], np.int64, name="n")
    i, state = o8.parameter([], np.int64), o8.parameter([1, 4096], np.float32)
    nxt = o8.add(state, o8.constant(np.ones((1, 4096), np.float32)))
    body = ov.Model([o8.result(o8.constant(True)), o8.result(nxt)], [i, state], "body")
    loop = o5.loop(n, o8.constant(True))
    loop.set_function(body)
    loop.set_special_body_ports([0, 0])
    loop.set_merged_input(state, a.output(0), nxt.output(0))
    every = loop.get_concatenated_slices(nxt.output(0), 0, 1, 1, -1, 0)
    path = save(ov.Model([o8.result(every)], [a, n], "loop"), tmp_path)
    feeds = {"a": np.zeros((1, 4096), np.float32)}
    out = irexec.read_model(path, max_tensor_bytes=BUDGET).infer(dict(feeds, n=i64(16)))
    assert next(iter(out.values())).shape == (16, 4096)
    m = irexec.read_model(path, max_tensor_bytes=BUDGET)
    tracemalloc.start()
    try:
        with pytest.raises(irexec.ExecutionError, match="budget") as info:
            m.infer(dict(feeds, n=i64(1000)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert info.value.layer_type == "Loop" and peak < 4 * BUDGET


def test_loop_slicing_far_past_the_axis_is_refused_at_once(tmp_path):
    # A port map's start of 2^31 - 1 on an axis of 4: the parts are checked before they are
    # listed (a list of two billion parts took gigabytes and minutes).
    from helpers.oracle import ov, save

    o5, o8 = ov.opset5, ov.opset8
    x = o8.parameter([4, 2], np.float32, name="x")
    i, part = o8.parameter([], np.int64), o8.parameter([1, 2], np.float32)
    body = ov.Model([o8.result(o8.constant(True)), o8.result(o8.relu(part))], [i, part], "body")
    loop = o5.loop(o8.constant(np.int64(-1)), o8.constant(True))
    loop.set_function(body)
    loop.set_special_body_ports([0, 0])
    loop.set_sliced_input(part, x.output(0), 0, 1, 1, -1, 0)
    path = save(
        ov.Model([o8.result(loop.get_iter_value(body.get_results()[1].input_value(0), -1))], [x], "sl"), tmp_path
    )
    text = open(path).read()
    assert text.count('start="0"') == 1
    with open(path, "w") as f:
        f.write(text.replace('start="0"', 'start="2147483647"'))
    m = irexec.read_model(path, max_tensor_bytes=BUDGET)
    tracemalloc.start()
    try:
        with pytest.raises(irexec.ExecutionError, match="from 2147483647 to -1 .* past the axis"):
            m.infer({"x": np.ones((4, 2), np.float32)})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < BUDGET


def test_tile_with_a_zero_repeat_never_lays_out_the_other_axes():
    """Found by the fuzzer: repeats [2^55, 0] give an empty output, which np.tile built by first
    repeating the other axis 2^55 times (an exabyte)."""
    snippet = (
        '<layer id="1" type="Tile" version="opset1"><input><port id="0" precision="FP32"><dim>2</dim>'
        '<dim>3</dim></port><port id="1" precision="I64"><dim>2</dim></port></input><output>'
        '<port id="2" precision="FP32"><dim>-1</dim><dim>-1</dim></port></output></layer>'
    )
    for reps in ([2**55, 0], [0, 2**55]):
        [out] = irexec.run_layer(snippet, [np.ones((2, 3), np.float32), np.array(reps, np.int64)])
        assert out.shape == (2 * reps[0], 3 * reps[1]) and out.size == 0


@pytest.mark.parametrize("op", ["AdaptiveAvgPool", "AdaptiveMaxPool"])
def test_an_empty_output_with_a_huge_dim_is_refused_not_laid_out(op):
    """Found by the long fuzz run: output sizes [0, 2^63-1] give an empty output, which NumPy still
    cannot hold (it counts the dims that are not 0); the rule refuses it, naming the shape."""
    extra = ' index_element_type="i64"' if op == "AdaptiveMaxPool" else ""
    outs = '<port id="2" precision="FP32"><dim>-1</dim><dim>-1</dim><dim>-1</dim><dim>-1</dim></port>'
    if op == "AdaptiveMaxPool":
        outs += '<port id="3" precision="I64"><dim>-1</dim><dim>-1</dim><dim>-1</dim><dim>-1</dim></port>'
    snippet = (
        f'<layer id="1" type="{op}" version="opset8"><data{extra}/><input><port id="0" precision="FP32">'
        f'<dim>2</dim><dim>3</dim><dim>7</dim><dim>5</dim></port><port id="1" precision="I64"><dim>2</dim>'
        f"</port></input><output>{outs}</output></layer>"
    )
    with pytest.raises(irexec.IRExecError, match=r"\[2, 3, 0, 9223372036854775807\]: too large for any array"):
        irexec.run_layer(snippet, [np.ones((2, 3, 7, 5), np.float32), np.array([0, 2**63 - 1], np.int64)])
    [out] = irexec.run_layer(snippet, [np.ones((2, 3, 7, 5), np.float32), np.array([0, 4], np.int64)])[:1]
    assert out.shape == (2, 3, 0, 4)
