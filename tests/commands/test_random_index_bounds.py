"""`--random` index bounds with batch dims (`irexec layer --random`, `irexec run --random`): every
random index is in range and non-negative (valid whether or not the op counts negative indices
from the end) for the dims it indexes in its own batch: after GatherND's ``batch_dims``, at
Gather's axis whatever its ``batch_dims`` (negative ones too), along GatherElements' axis. The data
here has batch dims larger than the indexed ones, and indexed dims that differ from each other, so
an index bounded by the wrong dim is out of range. The expected outputs are NumPy's."""

import itertools

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers.irtext import const, net, param, result, write
from helpers.irtext import layer as ir_layer
from helpers.irtext import port as ir_port
from irexec.cli import cli
from irexec.io.random_inputs import random_inputs

SEEDS = range(8)


def port(pid, dims):
    return f'<port id="{pid}">' + "".join(f"<dim>{d}</dim>" for d in dims) + "</port>"


def snippet(op, ins, outs, attrs):
    return f'<layer ... type="{op}" {attrs}><input>{"".join(ins)}</input><output>{"".join(outs)}</output></layer>'


def gather_nd_reference(data, idx, b):
    """GatherND-8 by its spec's loop: each batch takes from its own data."""
    lead = idx.shape[:b]
    out = np.empty(idx.shape[:-1] + data.shape[b + idx.shape[-1] :], data.dtype)
    for bi in np.ndindex(lead):
        for rest in np.ndindex(idx.shape[b:-1]):
            out[bi + rest] = data[bi][tuple(idx[bi + rest])]
    return out


# data dims: batch dims first (5, 4: larger than the indexed ones), then the indexed (2, 3), then a tail.
ND_CASES = [
    # (batch_dims, data, indices)
    (0, (2, 3, 4), (6, 2)),
    (1, (5, 2, 3), (5, 4, 2)),
    (1, (5, 2, 3, 4), (5, 7, 1)),
    (2, (5, 4, 2, 3), (5, 4, 3, 2)),
    (2, (5, 4, 3, 2), (5, 4, 1)),
]


@pytest.mark.parametrize("version", ["opset5", "opset8"])
@pytest.mark.parametrize("b, data_shape, idx_shape", ND_CASES)
def test_layer_random_gather_nd_indices_fit_each_batchs_dims(version, b, data_shape, idx_shape):
    k = idx_shape[-1]
    out = idx_shape[:-1] + data_shape[b + k :]
    if version == "opset5" and b > 1:
        out = (int(np.prod(idx_shape[:b])),) + out[b:]
    text = snippet(
        "GatherND", [port(0, data_shape), port(1, idx_shape)], [port(2, out)], f'version="{version}" batch_dims="{b}"'
    )
    bounds = np.array(data_shape[b : b + k])
    for seed in SEEDS:
        run = irexec.check_layer(text, random=True, seed=seed)
        data, idx = (t.array for t in run.inputs)
        assert np.all(idx >= 0) and np.all(idx < bounds), (seed, idx)
        want = gather_nd_reference(data, idx, b)
        np.testing.assert_array_equal(run.outputs[0].array, want.reshape(out))


GATHER_CASES = [
    # (version, axis, batch_dims, data, indices): the axis indexes a dim (2) smaller than the batch dims
    ("opset7", 2, 1, (5, 4, 2), (5, 6)),
    ("opset8", 2, 1, (5, 4, 2), (5, 6)),
    ("opset8", -1, -1, (5, 4, 2), (5, 6)),
    ("opset8", 1, 1, (5, 2, 4), (5, 3, 6)),
    ("opset8", 2, 2, (5, 4, 2, 3), (5, 4, 7)),
    ("opset8", -2, -2, (5, 4, 2, 3), (5, 4, 7)),
    ("opset7", 1, 0, (5, 2, 4), (3, 6)),
    ("opset1", 1, 0, (5, 2, 4), (3, 6)),
]


def gather_reference(data, idx, axis, b):
    axis %= data.ndim
    b %= idx.ndim if b < 0 else idx.ndim + 1
    out = []
    for bi in np.ndindex(data.shape[:b]):
        out.append(np.take(data[bi], idx[bi], axis=axis - b))
    return np.stack(out).reshape(data.shape[:axis] + idx.shape[b:] + data.shape[axis + 1 :])


@pytest.mark.parametrize("version, axis, b, data_shape, idx_shape", GATHER_CASES)
def test_layer_random_gather_indices_fit_the_axis_of_each_batch(version, axis, b, data_shape, idx_shape):
    ax, bd = axis % len(data_shape), b % len(idx_shape) if b < 0 else b
    out = data_shape[:ax] + idx_shape[bd:] + data_shape[ax + 1 :]
    batch = f' batch_dims="{b}"' if version != "opset1" else ""
    text = snippet(
        "Gather",
        [port(0, data_shape), port(1, idx_shape), port(2, [])[:-7] + f"<!-- values: {axis} --></port>"],
        [port(3, out)],
        f'version="{version}"{batch}',
    )
    for seed in SEEDS:
        run = irexec.check_layer(text, random=True, seed=seed)
        data, idx = run.inputs[0].array, run.inputs[1].array
        assert idx.min() >= 0 and idx.max() < data_shape[ax], (seed, idx)  # (Gather gives zeros out of range)
        np.testing.assert_array_equal(run.outputs[0].array, gather_reference(data, idx, axis, bd))


@pytest.mark.parametrize("axis", [1, -2])
def test_layer_random_gather_elements_indices_fit_their_axis(axis):
    # data [5, 2, 4]: along axis 1, 2 positions; indices [5, 6, 4] (longer than data along the axis).
    text = snippet(
        "GatherElements",
        [port(0, [5, 2, 4]), port(1, [5, 6, 4])],
        [port(2, [5, 6, 4])],
        f'version="opset6" axis="{axis}"',
    )
    for seed in SEEDS:
        run = irexec.check_layer(text, random=True, seed=seed)
        data, idx = (t.array for t in run.inputs)
        assert idx.min() >= 0 and idx.max() < 2
        np.testing.assert_array_equal(run.outputs[0].array, np.take_along_axis(data, idx, axis=1))


# ---- irexec run --random: a model whose indices are an input ---------------------------------------


def gather_nd_model(tmp_path, version, b, data_shape, idx_shape):
    k = idx_shape[-1]
    out = idx_shape[:-1] + data_shape[b + k :]
    if version == "opset5" and b > 1:
        out = (int(np.prod(idx_shape[:b])),) + out[b:]
    xml = net(
        [
            param(0, "data", data_shape),
            param(1, "idx", idx_shape, "i32"),
            ir_layer(
                2,
                "GatherND",
                version,
                data={"batch_dims": b},
                inputs=[ir_port(0, "f32", data_shape), ir_port(1, "i32", idx_shape)],
                outputs=[ir_port(2, "f32", out, "y")],
            ),
            result(3, "f32", out),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )
    return write(tmp_path, xml), out


@pytest.mark.parametrize("version", ["opset5", "opset8"])
@pytest.mark.parametrize("b, data_shape, idx_shape", ND_CASES)
def test_run_random_gather_nd_indices_fit_each_batchs_dims(tmp_path, version, b, data_shape, idx_shape):
    path, out = gather_nd_model(tmp_path, version, b, data_shape, idx_shape)
    m = irexec.read_model(path)
    bounds = np.array(data_shape[b : b + idx_shape[-1]])
    for seed in SEEDS:
        feeds = random_inputs(m, {}, {}, seed)
        idx = feeds["idx"]
        assert np.all(idx >= 0) and np.all(idx < bounds), (seed, idx)
        got = m.infer(feeds)["y"]
        np.testing.assert_array_equal(got, gather_nd_reference(feeds["data"], idx, b).reshape(out))
    r = CliRunner().invoke(cli, ["run", path, "--random", "--seed", "3"])
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("version, axis, b, data_shape, idx_shape", [c for c in GATHER_CASES if c[0] != "opset1"])
def test_run_random_gather_indices_fit_the_axis_of_each_batch(tmp_path, version, axis, b, data_shape, idx_shape):
    ax, bd = axis % len(data_shape), b % len(idx_shape) if b < 0 else b
    out = data_shape[:ax] + idx_shape[bd:] + data_shape[ax + 1 :]
    xml = net(
        [
            param(0, "data", data_shape),
            param(1, "idx", idx_shape, "i64"),
            const(2, (), "i64", 0, 8),
            ir_layer(
                3,
                "Gather",
                version,
                data={"batch_dims": b},
                inputs=[ir_port(0, "f32", data_shape), ir_port(1, "i64", idx_shape), ir_port(2, "i64", ())],
                outputs=[ir_port(3, "f32", out, "y")],
            ),
            result(4, "f32", out),
        ],
        [(0, 0, 3, 0), (1, 0, 3, 1), (2, 0, 3, 2), (3, 3, 4, 0)],
    )
    path = write(tmp_path, xml, np.array(axis, np.int64).tobytes())
    m = irexec.read_model(path)
    for seed in SEEDS:
        feeds = random_inputs(m, {}, {}, seed)
        idx = feeds["idx"]
        assert idx.min() >= 0 and idx.max() < data_shape[ax], (seed, idx)
        np.testing.assert_array_equal(m.infer(feeds)["y"], gather_reference(feeds["data"], idx, axis, bd))


def test_the_cases_index_dims_smaller_than_their_batch_dims():
    """(What makes the tests above able to fail: a bound taken from a batch dim is too large.)"""
    for b, data_shape, idx_shape in ND_CASES:
        if b:
            assert min(data_shape[:b]) > max(data_shape[b : b + idx_shape[-1]])
    for _, axis, _b, data_shape, _idx in GATHER_CASES:
        ax = axis % len(data_shape)
        assert all(data_shape[ax] < d for d in itertools.chain(data_shape[:ax], data_shape[ax + 1 :]))
