"""--random, derived from the ops' declarations: `irexec run --random` makes the integer inputs that
feed indices valid for them (directly or through Convert/Reshape/Squeeze/Unsqueeze), says which
inputs came from --random when a run still fails, and `irexec layer` types and fills a snippet's
inputs from what its op declares (roles, element types, index bounds)."""

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from helpers.irtext import const, layer, net, param, port, result, write
from irexec.api.model import model_from_string
from irexec.cli import cli
from irexec.io.random_inputs import random_inputs
from irexec.io.random_values import random_data
from irexec.io.roles import INTEGER_ROLES, declared_inputs
from irexec.layer.etypes import port_types
from irexec.layer.parse import Port, Snippet
from irexec.ops.registry import all_ops
from irexec.types import BY_NAME


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def gather_model(tmp_path, axis=0, through=None, n=40, data=(5, 7)):
    """data -> Gather(data, idx, axis) -> y; ``through``: "Convert" (idx is i32, converted to i64)
    or "Reshape" (idx is [n/2, 2], reshaped to [n]) between the Parameter idx and the indices."""
    out = data[:axis] + (n,) + data[axis + 1 :]
    idx_shape, idx_type = ((n // 2, 2), "i64") if through == "Reshape" else ((n,), "i32" if through else "i64")
    layers = [
        param(0, "data", data),
        param(1, "idx", idx_shape, idx_type),
        const(2, (), "i64", 0, 8),
        layer(
            3,
            "Gather",
            "opset8",
            inputs=[port(0, "f32", data), port(1, "i64", (n,)), port(2, "i64", ())],
            outputs=[port(3, "f32", out, "y")],
            data={"batch_dims": 0},
        ),
        result(4, "f32", out),
    ]
    edges = [(0, 0, 3, 0), (2, 0, 3, 2), (3, 3, 4, 0)]
    blob = np.array(axis, np.int64).tobytes()
    if through == "Convert":
        layers.append(
            layer(
                5,
                "Convert",
                inputs=[port(0, "i32", (n,))],
                outputs=[port(1, "i64", (n,))],
                data={"destination_type": "i64"},
            )
        )
        edges += [(1, 0, 5, 0), (5, 1, 3, 1)]
    elif through == "Reshape":
        layers += [
            const(6, (1,), "i64", 8, 8),
            layer(
                5,
                "Reshape",
                inputs=[port(0, "i64", idx_shape), port(1, "i64", (1,))],
                outputs=[port(2, "i64", (n,))],
                data={"special_zero": "false"},
            ),
        ]
        edges += [(1, 0, 5, 0), (6, 0, 5, 1), (5, 2, 3, 1)]
        blob += np.array([n], np.int64).tobytes()
    else:
        edges.append((1, 0, 3, 1))
    return write(tmp_path, net(layers, edges), blob)


@pytest.mark.parametrize("through", [None, "Convert", "Reshape"])
@pytest.mark.parametrize("axis", [0, 1])
def test_a_parameter_feeding_gather_indices_runs_with_random(tmp_path, axis, through):
    path = gather_model(tmp_path, axis, through)
    r = invoke("run", path, "--random", "--seed", 3, "--dump", tmp_path / "d")
    assert r.exit_code == 0, r.output
    idx = np.load(tmp_path / "d" / "0001_idx_id1.npy")
    assert idx.dtype == (np.int32 if through == "Convert" else np.int64)
    assert idx.min() >= 0 and idx.max() < (5, 7)[axis]
    assert idx.max() >= 3  # the whole range, not a corner of it


def test_the_smallest_bound_wins_and_nd_tuples_are_bounded_per_entry(tmp_path):
    # idx [50, 2] feeds GatherND into data [4, 9, 3] (entries below 4 and 9) and, reshaped, a
    # Gather along data2's axis 0 of 6 rows: 6 caps the second entry, and the reshape takes the min.
    data, data2 = (4, 9, 3), (6, 2)
    layers = [
        param(0, "data", data),
        param(1, "idx", (50, 2), "i64"),
        layer(
            3,
            "GatherND",
            "opset8",
            inputs=[port(0, "f32", data), port(1, "i64", (50, 2))],
            outputs=[port(2, "f32", (50, 3), "y")],
            data={"batch_dims": 0},
        ),
        result(4, "f32", (50, 3)),
    ]
    edges = [(0, 0, 3, 0), (1, 0, 3, 1), (3, 2, 4, 0)]
    m = model_from_string(net(layers, edges))
    idx = random_inputs(m, {}, {}, 0)["idx"]
    assert idx.min() >= 0 and idx.max(axis=0).tolist() == [3, 8]  # per entry: below 4, below 9
    m.infer({"data": np.zeros(data, np.float32), "idx": idx})
    # The same idx also feeding a Gather over 6 rows, through a Reshape to [100]: every entry
    # below 6 too.
    layers += [
        param(7, "data2", data2),
        const(5, (1,), "i64", 0, 8),
        const(9, (), "i64", 8, 8),
        layer(
            6,
            "Reshape",
            inputs=[port(0, "i64", (50, 2)), port(1, "i64", (1,))],
            outputs=[port(2, "i64", (100,))],
            data={"special_zero": "false"},
        ),
        layer(
            8,
            "Gather",
            "opset8",
            inputs=[port(0, "f32", data2), port(1, "i64", (100,)), port(2, "i64", ())],
            outputs=[port(3, "f32", (100, 2), "z")],
            data={"batch_dims": 0},
        ),
        result(10, "f32", (100, 2)),
    ]
    edges += [(1, 0, 6, 0), (5, 0, 6, 1), (7, 0, 8, 0), (6, 2, 8, 1), (9, 0, 8, 2), (8, 3, 10, 0)]
    blob = np.array([100], np.int64).tobytes() + np.array(0, np.int64).tobytes()
    path = write(tmp_path, net(layers, edges), blob)
    m = irexec.read_model(path)
    idx = random_inputs(m, {}, {}, 0)["idx"]
    assert idx.min() >= 0 and idx.max(axis=0).tolist() == [3, 5]
    r = invoke("run", path, "--random")
    assert r.exit_code == 0, r.output


def test_a_random_value_that_still_fails_says_it_came_from_random(tmp_path):
    # idx reaches GatherElements through an Add: no bound is derived, and -100..100 is out of range.
    s = (5, 7)
    layers = [
        param(0, "data", s),
        param(1, "idx", s, "i64"),
        const(6, (), "i64", 0, 8),
        layer(5, "Add", inputs=[port(0, "i64", s), port(1, "i64", ())], outputs=[port(2, "i64", s)]),
        layer(
            3,
            "GatherElements",
            "opset6",
            inputs=[port(0, "f32", s), port(1, "i64", s)],
            outputs=[port(2, "f32", s, "y")],
            data={"axis": 0},
        ),
        result(4, "f32", s),
    ]
    edges = [(0, 0, 3, 0), (1, 0, 5, 0), (6, 0, 5, 1), (5, 2, 3, 1), (3, 2, 4, 0)]
    path = write(tmp_path, net(layers, edges), np.array(0, np.int64).tobytes())
    r = invoke("run", path, "--random")
    assert r.exit_code == 1
    (line,) = [row for row in r.output.splitlines() if row.startswith("error:")]
    assert "out of range" in line and line.endswith("(input 'idx' came from --random)")
    np.save(tmp_path / "idx.npy", np.zeros(s, np.int64) + 1)
    np.save(tmp_path / "data.npy", np.zeros(s, np.float32))
    r = invoke("run", path, "-i", f"idx={tmp_path / 'idx.npy'}", "-i", f"data={tmp_path / 'data.npy'}")
    assert r.exit_code == 0, r.output


REDUCE_SUM = """<layer id="1" type="ReduceSum" ...>
    <data keep_dims="true" />
    <input>
        <port id="0">
            <dim>6</dim>
            <dim>12</dim>
            <dim>10</dim>
            <dim>24</dim>
        </port>
        <port id="1">
            <dim>2</dim>         <!-- value: [2, 3] -->
        </port>
    </input>
    <output>
        <port id="2">
            <dim>6</dim>
            <dim>12</dim>
            <dim>1</dim>
            <dim>1</dim>
        </port>
    </output>
</layer>
"""


def test_reduce_sum_spec_snippet_runs_with_random(tmp_path):
    (tmp_path / "reduce_sum.xml").write_text(REDUCE_SUM)
    r = invoke("layer", tmp_path / "reduce_sum.xml", "--random", "-o", tmp_path / "out.npz")
    assert r.exit_code == 0, r.output
    assert "input   1  i64  [2]" in r.output
    run = irexec.check_layer(REDUCE_SUM, random=True)
    data, axes = (t.array for t in run.inputs)
    assert axes.dtype == np.int64 and axes.tolist() == [2, 3]
    np.testing.assert_allclose(run.outputs[0].array, data.sum(axis=(2, 3), keepdims=True), rtol=1e-5)
    # The axes are never invented.
    with pytest.raises(irexec.IRExecError, match="cannot invent ReduceSum's shape or axes input"):
        irexec.check_layer(REDUCE_SUM.replace("<!-- value: [2, 3] -->", ""), random=True)


@pytest.mark.parametrize("cls", all_ops(), ids=lambda c: f"{c.type}-{c.version}")
def test_derived_roles_are_the_declarations(cls):
    n = len(cls.inputs)
    decls = declared_inputs(cls, n)
    assert [d.role for d in decls] == [i.role for i in cls.inputs]
    assert [d.bound for d in decls] == [i.bound for i in cls.inputs]
    if n and cls.inputs[-1].variadic:
        assert declared_inputs(cls, n + 2)[-1] is cls.inputs[-1]
    # The element types a snippet's ports get without a precision are ones the op accepts: the
    # integer roles i64, boolean inputs boolean.
    snippet = Snippet(None, 1, cls.type, None, None, None, {}, [Port(str(i), 1, None, ()) for i in range(n)], [])
    types = port_types(snippet, {}, decls)
    for decl, etype in zip(decls, types):
        assert decl.allows(etype), (decl, etype)
        if decl.role in INTEGER_ROLES:
            assert etype.name == ("i64" if decl.allows(BY_NAME["i64"]) else decl.types.split("|")[0])
        if decl.types == "bool":
            assert etype.name == "boolean"


def test_random_below_bounds_each_entry_of_index_tuples():
    from irexec.io.random_values import random_below

    i64 = BY_NAME["i64"]
    one = random_below(np.random.default_rng(0), (50, 1), i64, (3,))  # tuples of one entry
    assert one.shape == (50, 1) and one.min() >= 0 and one.max() == 2
    two = random_below(np.random.default_rng(0), (60, 2), BY_NAME["i32"], (3, 9))
    assert two.dtype == np.int32 and two.max(axis=0).tolist() == [2, 8]
    assert random_below(np.random.default_rng(0), (4, 5), i64, (3, 9)).max() < 3  # not tuples: the min


@pytest.mark.parametrize("name", ["f32", "bf16", "f64", "i64", "i32", "u8", "i4", "u4", "u1", "boolean"])
def test_random_data_is_the_same_whatever_the_block(monkeypatch, name):
    """Drawn a block at a time (no float64 copy of a large tensor), yet the same values as one call."""
    import irexec.io.random_values as rv

    etype = BY_NAME[name]
    whole = random_data(np.random.default_rng(4), (301, 7), etype)
    monkeypatch.setattr(rv, "_BLOCK", 64)
    blocks = random_data(np.random.default_rng(4), (301, 7), etype)
    assert whole.dtype == blocks.dtype == etype.dtype
    np.testing.assert_array_equal(whole.astype(np.float64), blocks.astype(np.float64))
