"""`irexec layer` and irexec.run_layer: the operation specs' <layer> examples (docs/examples) as unit
tests, every option, mismatches, one-line errors, and a comparison with the OpenVINO CPU plugin.

Expected values come from the specs (their printed outputs, or their reference formula coded here)
or from NumPy and the plugin, never from irexec itself."""

from __future__ import annotations

import json
import os
import re
import tempfile

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from irexec.cli import cli
from irexec.errors import IRExecError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "docs", "examples")


def example(name: str) -> str:
    return os.path.join(EXAMPLES, name + ".xml")


def text_of(name: str) -> str:
    with open(example(name), encoding="utf-8") as f:
        return f.read()


def invoke(*args):
    return CliRunner().invoke(cli, ["layer", *map(str, args)], catch_exceptions=False)


def as_json(*args):
    r = invoke(*args, "--format", "json")
    return r, json.loads(r.stdout)


def spec_scatter_nd_update(data, indices, updates, reduction="none"):
    """ScatterNDUpdate-15's reference, as its spec writes it: a loop over the index tuples."""
    func = {
        "none": lambda x, y: y,
        "sum": lambda x, y: x + y,
        "sub": lambda x, y: x - y,
        "prod": lambda x, y: x * y,
        "max": max,
        "min": min,
    }[reduction]
    out = np.copy(data)
    for nd in np.ndindex(indices.shape[:-1]):
        key = tuple(indices[nd])
        out[key] = func(out[key], updates[nd])
    return out


# The inputs every ScatterNDUpdate-15 XML example of the spec gives in its comments.
SPEC_DATA = np.array([1, 2, 3, 4])
SPEC_INDICES = np.array([[0], [2], [-3], [-3], [0]])
SPEC_UPDATES = np.array([10, 20, 30, 40, 50])
# example number -> (reduction, element type, the output the spec prints)
SPEC_XML = {
    1: ("none", np.float32, [50, 20, 20, 4]),
    2: ("sum", np.float16, [61, 72, 23, 4]),
    3: ("sub", np.int32, [-59, -68, -17, 4]),
    4: ("prod", np.float32, [500, 3600, 40, 4]),
}


def formula(n: int) -> np.ndarray:
    reduction, dtype, _ = SPEC_XML[n]
    return spec_scatter_nd_update(SPEC_DATA.astype(dtype), SPEC_INDICES, SPEC_UPDATES.astype(dtype), reduction)


def one_line_error(r, code=1) -> str:
    assert r.exit_code == code, (r.exit_code, r.output)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in r.output, r.output
    return lines[0]


# ---- the examples ---------------------------------------------------------------------------------


def test_every_spec_example_is_a_file():
    names = sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".xml"))
    assert names == sorted(
        [f"scatter_nd_update_15_example{i}.xml" for i in range(1, 6)]
        + ["scatter_nd_update_3_example.xml", "scatter_update_3_example.xml", "scatter_elements_update_3_example.xml"]
    )
    for name in names:
        text = open(os.path.join(EXAMPLES, name), encoding="utf-8").read()
        assert text.count("<layer") == 1 and text.rstrip().endswith("</layer>")
        assert re.search(r"<layer \.\.\. ", text), name  # kept as pasted, placeholder and all


@pytest.mark.parametrize("n", [2, 3])
def test_spec_examples_that_hold(n):
    reduction, dtype, printed = SPEC_XML[n]
    assert formula(n).tolist() == printed  # the spec agrees with its own formula here
    r = invoke(example(f"scatter_nd_update_15_example{n}"))
    assert r.exit_code == 0, r.output
    out_row = next(line for line in r.stdout.splitlines() if line.startswith("output"))
    assert "(as expected)" in out_row and f"reduction={reduction}" in r.stdout
    (out,) = irexec.run_layer(text_of(f"scatter_nd_update_15_example{n}"))
    assert out.dtype == dtype and out.tolist() == printed


@pytest.mark.parametrize("n,wrong", [(1, [1]), (4, [1, 2])])
def test_spec_errata_are_reported_with_the_formulas_values(n, wrong):
    _, _, printed = SPEC_XML[n]
    good = formula(n)
    assert good.tolist() == ([50, 40, 20, 4] if n == 1 else [500, 2400, 60, 4])
    assert [i for i in range(4) if good[i] != printed[i]] == wrong
    r, doc = as_json(example(f"scatter_nd_update_15_example{n}"))
    assert r.exit_code == 1
    (check,) = doc["checks"]
    assert check["port"] == "3" and check["match"] is False
    assert check["expected"] == printed and check["computed"] == good.tolist()
    assert "output port 3 differs from the expected values" in r.stderr
    # Text: both rows, one above the other, values aligned.
    r = invoke(example(f"scatter_nd_update_15_example{n}"))
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("output"))
    computed, expected = lines[row], lines[row + 1]
    assert f"MISMATCH at {len(wrong)} of 4 positions" in computed
    nums = lambda s: [float(x) for x in re.findall(r"-?\d+", s.split("[", 2)[-1].split("]")[0])]
    assert nums(computed) == good.tolist() and nums(expected) == printed
    assert computed.index("[", computed.index("]") + 1) == expected.index("[")


def test_the_spec_indices_are_read_as_one_index_per_row():
    """The XML examples declare indices [5] with data [4]: invalid as written (5 entries per index,
    data has rank 1); read as [5, 1], with a note saying so."""
    r = invoke(example("scatter_nd_update_15_example2"))
    assert "note: input port 1: indices dims [5] read as [5, 1]" in r.stderr
    run = irexec.check_layer(text_of("scatter_nd_update_15_example2"))
    assert run.inputs[1].array.tolist() == SPEC_INDICES.tolist()


def list_snippet(data, indices, updates, output, version=""):
    """A spec list example (data = ..., indices = ..., output = ...) written as a layer snippet."""

    def port(pid, values, precision):
        arr = np.array(values)
        dims = "".join(f"<dim>{d}</dim>" for d in arr.shape)
        return f'<port id="{pid}" precision="{precision}">{dims}<!-- values: {values} --></port>'

    return (
        f'<layer ... type="ScatterNDUpdate" {version}><input>{port(0, data, "I32")}'
        f"{port(1, indices, 'I64')}{port(2, updates, 'I32')}</input>"
        f"<output>{port(3, output, 'I32')}</output></layer>"
    )


def test_the_list_examples_erratum():
    """ScatterNDUpdate-15's list example 1 prints 4 at position 4; index [4] writes 9 there and
    index [-4] then 14."""
    data, indices, updates = [1, 2, 3, 4, 5, 6, 7, 8], [[4], [3], [1], [7], [-2], [-4]], [9, 10, 11, 12, 13, 14]
    printed = [1, 11, 3, 10, 4, 6, 13, 12]
    good = spec_scatter_nd_update(np.array(data), np.array(indices), np.array(updates))
    assert good[4] == 14 and [i for i in range(8) if good[i] != printed[i]] == [4]
    run = irexec.check_layer(list_snippet(data, indices, updates, printed))
    (check,) = run.checks
    assert not check.match and check.computed.tolist() == good.tolist()
    assert check.mask.tolist() == [i != 4 for i in range(8)]


@pytest.mark.parametrize("version", ['version="opset3"', 'version="opset15"', ""])
def test_the_list_examples_that_hold(version):
    """ScatterNDUpdate-3's examples (the same in -15's spec): single elements, and two 4x4 slices."""
    slab = [[[1, 2, 3, 4], [5, 6, 7, 8], [8, 7, 6, 5], [4, 3, 2, 1]]] * 2 + [
        [[8, 7, 6, 5], [4, 3, 2, 1], [1, 2, 3, 4], [5, 6, 7, 8]]
    ] * 2
    upd = [
        [[5, 5, 5, 5], [6, 6, 6, 6], [7, 7, 7, 7], [8, 8, 8, 8]],
        [[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3], [4, 4, 4, 4]],
    ]
    printed = [upd[0], slab[1], upd[1], slab[3]]
    cases = [
        ([1, 2, 3, 4, 5, 6, 7, 8], [[4], [3], [1], [7]], [9, 10, 11, 12], [1, 11, 3, 10, 9, 6, 7, 12]),
        (slab, [[0], [2]], upd, printed),
    ]
    for data, indices, updates, output in cases:
        assert spec_scatter_nd_update(np.array(data), np.array(indices), np.array(updates)).tolist() == output
        run = irexec.check_layer(list_snippet(data, indices, updates, output, version))
        assert run.ok and run.outputs[0].array.tolist() == output


def distinct_rows(a: np.ndarray) -> bool:
    return len(np.unique(a, axis=0)) == len(a)


def test_scatter_elements_update_3_example_random():
    """Data 1000x256x7x7 along axis 0 (the comment's value [0]), indices 125x20x7x6."""
    run = irexec.check_layer(text_of("scatter_elements_update_3_example"), random=True, seed=5, opset="opset3")
    data, idx, upd, axis = (t.array for t in run.inputs)
    assert axis.tolist() == [0] and idx.shape == (125, 20, 7, 6) and idx.dtype == np.int64
    assert idx.min() >= 0 and idx.max() < 1000
    # Distinct targets: along axis 0, for each (j, k, l).
    lines = idx.reshape(125, -1).T
    assert np.all(np.diff(np.sort(lines, axis=1), axis=1) > 0)
    expect = data.copy()
    expect[(idx,) + tuple(np.indices(idx.shape, sparse=True)[1:])] = upd  # the spec's output[indices[i][j][k]][j][k]
    np.testing.assert_array_equal(run.outputs[0].array, expect)
    assert run.outputs[0].array.dtype == np.float32  # from the output's FP32


@pytest.mark.parametrize(
    "name,opset", [("scatter_nd_update_15_example5", None), ("scatter_nd_update_3_example", "opset3")]
)
def test_scatter_nd_update_big_examples_random(name, opset):
    run = irexec.check_layer(text_of(name), random=True, seed=2, opset=opset)
    data, idx, upd = (t.array for t in run.inputs)
    assert data.shape == (1000, 256, 10, 15) and idx.shape == (25, 125, 3) and upd.shape == (25, 125, 15)
    tuples = idx.reshape(-1, 3)
    assert np.all((tuples >= 0) & (tuples < [1000, 256, 10])) and distinct_rows(tuples)
    expect = data.copy()
    expect[tuple(tuples.T)] = upd.reshape(-1, 15)
    np.testing.assert_array_equal(run.outputs[0].array, expect)
    assert run.version == (opset or "opset15")


def scaled_scatter_update() -> str:
    """The ScatterUpdate-3 example with small dims (its updates are 1.5 GB as printed)."""
    sizes = {"1000": "8", "256": "6", "10": "2", "15": "3", "125": "3", "20": "2"}
    return re.sub(
        r"<dim>(\d+)</dim>",
        lambda m: f"<dim>{sizes.get(m.group(1), m.group(1))}</dim>",
        text_of("scatter_update_3_example"),
    )


def test_scatter_update_3_example_scaled_down():
    run = irexec.check_layer(scaled_scatter_update(), random=True, seed=1)
    data, idx, upd, axis = (t.array for t in run.inputs)
    assert axis.tolist() == [1] and idx.shape == (3, 2) and upd.shape == (8, 3, 2, 2, 3)
    assert sorted(idx.ravel().tolist()) == list(range(6))  # 6 distinct indices into 6 positions
    expect = data.copy()
    expect[:, idx] = upd
    np.testing.assert_array_equal(run.outputs[0].array, expect)


def test_scatter_update_3_example_is_refused_over_the_budget():
    r = invoke(example("scatter_update_3_example"), "--random", "--max-bytes", "1G")
    line = one_line_error(r)
    assert ":13: port 2: --random would make 1.4 GiB" in line and "over the budget of 1.0 GiB" in line


# ---- options --------------------------------------------------------------------------------------


def test_input_files_by_port_id_and_by_index(tmp_path):
    ports = "".join(f'<port id="{10 + i}"><dim>4</dim></port>' for i in range(2))
    snippet = tmp_path / "add.xml"
    snippet.write_text(
        f'<layer ... type="Add"><input>{ports}</input><output><port id="12"><dim>4</dim>'
        f"<!-- values: [11, 22, 33, 44] --></port></output></layer>"
    )
    np.save(tmp_path / "a.npy", np.array([1, 2, 3, 4], np.float32))
    np.save(tmp_path / "b.npy", np.array([10, 20, 30, 40], np.float32))
    for first, second in (("10", "11"), ("0", "1"), ("10", "1")):
        r = invoke(snippet, "-i", f"{first}={tmp_path / 'a.npy'}", "-i", f"{second}={tmp_path / 'b.npy'}")
        assert r.exit_code == 0 and "(as expected)" in r.stdout, r.output
    line = one_line_error(invoke(snippet, "-i", f"12={tmp_path / 'a.npy'}"), 2)
    assert "no input port '12'" in line
    line = one_line_error(invoke(snippet, "-i", f"10={tmp_path / 'a.npy'}"))
    assert "port 11: no values for this input" in line


def test_an_input_file_wins_over_the_comment(tmp_path):
    data = np.array([5, 6, 7, 8], np.float16)
    np.save(tmp_path / "d.npy", data)
    r, doc = as_json(example("scatter_nd_update_15_example2"), "-i", f"0={tmp_path / 'd.npy'}")
    expect = spec_scatter_nd_update(data, SPEC_INDICES, SPEC_UPDATES.astype(np.float16), "sum")
    assert r.exit_code == 1 and doc["outputs"][0]["values"] == expect.tolist()
    assert doc["outputs"][0]["element_type"] == "f16"
    np.save(tmp_path / "wrong.npy", np.zeros(3, np.float16))
    line = one_line_error(invoke(example("scatter_nd_update_15_example2"), "-i", f"0={tmp_path / 'wrong.npy'}"))
    assert "expects shape [4]" in line


def test_random_seed_and_output_file(tmp_path):
    text = scaled_scatter_update()
    (tmp_path / "s.xml").write_text(text)
    got = []
    for seed in (7, 7, 8):
        out = tmp_path / f"o{len(got)}.npz"
        r = invoke(tmp_path / "s.xml", "--random", "--seed", seed, "-o", out)
        assert r.exit_code == 0 and f"wrote 1 output(s) to {out}" in r.stdout, r.output
        with np.load(out) as z:
            assert list(z.keys()) == ["4"]
            got.append(z["4"])
    np.testing.assert_array_equal(got[0], got[1])
    assert not np.array_equal(got[0], got[2])
    (api,) = irexec.run_layer(text, random=True, seed=7)
    np.testing.assert_array_equal(api, got[0])


def test_json_format():
    r, doc = as_json(example("scatter_nd_update_15_example3"))
    assert r.exit_code == 0
    assert doc["op"] == {"type": "ScatterNDUpdate", "version": "opset15"}
    assert doc["outputs"] == [{"port": "3", "shape": [4], "element_type": "i32", "values": formula(3).tolist()}]
    assert doc["checks"] == [{"port": "3", "expected": SPEC_XML[3][2], "computed": formula(3).tolist(), "match": True}]
    # Without expected values, outputs are still given whole, and there is nothing to check.
    r, doc = as_json(example("scatter_nd_update_15_example5"), "--random", "--max-bytes", "1G")
    assert r.exit_code == 0 and doc["checks"] == []
    assert doc["outputs"][0]["shape"] == [1000, 256, 10, 15] and doc["outputs"][0]["values"] is None


def test_json_values_are_nested_lists_and_non_finite_values_are_strings():
    snippet = (
        '<layer type="Add"><input><port id="0" precision="FP32"><dim>2</dim><dim>2</dim>'
        '<!-- values: [[1, nan], [inf, 2]] --></port><port id="1" precision="FP32"><dim>2</dim>'
        '<dim>2</dim><!-- values: [0.5, 0, -Infinity, 0] --></port></input><output><port id="2">'
        "<dim>2</dim><dim>2</dim></port></output></layer>"
    )
    from irexec.commands.layer import to_json_values

    (out,) = irexec.run_layer(snippet)
    assert to_json_values(out) == [[1.5, "NaN"], ["NaN", 2.0]]  # inf + -inf is NaN
    assert to_json_values(np.array([np.inf, -np.inf, 1], np.float16)) == ["Infinity", "-Infinity", 1.0]


def test_opset_option():
    r = invoke(example("scatter_nd_update_15_example3"), "--opset", "opset3")
    line = one_line_error(r)
    assert "negative indices are not allowed" in line and ":7: " in line  # the indices' values comment
    run = irexec.check_layer(text_of("scatter_nd_update_15_example3"), opset="opset15")
    assert run.version_given and run.ok
    r = invoke(example("scatter_nd_update_15_example3"), "--opset", "9")
    assert "version 'opset9' is not supported" in one_line_error(r)


def test_attributes_another_version_lacks_are_named(tmp_path):
    data, indices, updates = [1, 2, 3, 4], [[1], [2]], [7, 8]
    text = list_snippet(data, indices, updates, [1, 7, 8, 4]).replace("type=", 'reduction="sum" type=')
    run = irexec.check_layer(text, opset="opset3")
    assert run.ok and any("reduction='sum'" in n and "ignored" in n for n in run.notes)


# ---- the element-type rule ---------------------------------------------------------------------


def test_types_without_precision():
    snippet = (
        '<layer ... type="ScatterElementsUpdate" version="opset12"><input>'
        '<port id="0"><dim>3</dim><!-- values: [1, 2, 3] --></port>'
        '<port id="1"><dim>1</dim><!-- values: [2] --></port>'
        '<port id="2"><dim>1</dim><!-- values: [0.5] --></port>'
        '<port id="3"><!-- value 0 --></port></input><output><port id="4"><dim>3</dim></port></output></layer>'
    )
    run = irexec.check_layer(snippet)
    assert [t.element_type.name for t in run.inputs] == ["f32", "i64", "f32", "i64"]
    assert run.outputs[0].array.tolist() == [1, 2, 0.5]
    # Another data port's precision, else the output's, is shared.
    for pid in ("2", "4"):
        text = snippet.replace(f'<port id="{pid}">', f'<port id="{pid}" precision="I32">').replace("[0.5]", "[5]")
        run = irexec.check_layer(text)
        assert run.inputs[0].element_type.name == "i32" and run.outputs[0].array.dtype == np.int32
    # A given array's type.
    (out,) = irexec.run_layer(snippet, {0: np.array([1, 2, 3], np.float16), "2": np.array([4], np.float16)})
    assert out.dtype == np.float16 and out.tolist() == [1, 2, 4]
    # true/false values: boolean.
    logical = (
        '<layer type="LogicalXor"><input><port id="0"><dim>2</dim><!-- values: [true, false] -->'
        '</port><port id="1"><dim>2</dim><!-- values: [True, True] --></port></input>'
        '<output><port id="2"><dim>2</dim><!-- values: [false, true] --></port></output></layer>'
    )
    assert irexec.check_layer(logical).ok


def test_a_values_comment_that_does_not_fit_its_type():
    text = text_of("scatter_nd_update_15_example3").replace("[1, 2, 3, 4]", "[1.5, 2, 3, 4]")
    with pytest.raises(IRExecError, match="values of an i32 port must be integers") as e:
        irexec.run_layer(text)
    assert e.value.line == 4 and e.value.port == "0"


# ---- --random: indices valid for each op in the table -----------------------------------------------


def port(pid, dims, values=None, precision=None):
    prec = f' precision="{precision}"' if precision else ""
    comment = f"<!-- values: {values} -->" if values is not None else ""
    return f'<port id="{pid}"{prec}>' + "".join(f"<dim>{d}</dim>" for d in dims) + comment + "</port>"


def layer(op, ins, outs, attrs=""):
    return f'<layer ... type="{op}" {attrs}><input>{"".join(ins)}</input><output>{"".join(outs)}</output></layer>'


def test_random_gather_picks_a_fitting_axis_and_valid_indices():
    # Only axis 1 turns data [4, 5, 6] and indices [7] into [4, 7, 6].
    text = layer(
        "Gather",
        [port(0, [4, 5, 6]), port(1, [7]), port(2, [])],
        [port(3, [4, 7, 6])],
        'version="opset8" batch_dims="0"',
    )
    for seed in range(3):
        run = irexec.check_layer(text, random=True, seed=seed)
        data, idx, axis = (t.array for t in run.inputs)
        assert axis.tolist() == 1 and idx.min() >= 0 and idx.max() < 5
        np.testing.assert_array_equal(run.outputs[0].array, np.take(data, idx, axis=1))


def test_random_scatter_update_axis_from_the_updates_shape():
    text = layer("ScatterUpdate", [port(0, [3, 4]), port(1, [2]), port(2, [3, 2]), port(3, [])], [port(4, [3, 4])])
    run = irexec.check_layer(text, random=True, seed=4)
    data, idx, upd, axis = (t.array for t in run.inputs)
    assert axis.tolist() == 1 and len(set(idx.tolist())) == 2 and idx.max() < 4
    expect = data.copy()
    expect[:, idx] = upd
    np.testing.assert_array_equal(run.outputs[0].array, expect)


def test_random_gather_elements_and_gather_nd():
    text = layer("GatherElements", [port(0, [3, 4]), port(1, [3, 9])], [port(2, [3, 9])], 'axis="-1"')
    run = irexec.check_layer(text, random=True, seed=1)
    data, idx = (t.array for t in run.inputs)
    assert idx.min() >= 0 and idx.max() < 4
    np.testing.assert_array_equal(run.outputs[0].array, np.take_along_axis(data, idx, axis=1))
    text = layer(
        "GatherND", [port(0, [2, 3, 4, 5]), port(1, [2, 6, 2])], [port(2, [2, 6, 5])], 'version="opset8" batch_dims="1"'
    )
    run = irexec.check_layer(text, random=True, seed=1)
    data, idx = (t.array for t in run.inputs)
    assert np.all((idx >= 0) & (idx < [3, 4]))
    expect = np.stack([data[b][tuple(idx[b].T)] for b in range(2)])
    np.testing.assert_array_equal(run.outputs[0].array, expect)


@pytest.mark.parametrize("reduction,distinct", [("none", True), ("sum", False)])
def test_random_targets_differ_only_when_the_reduction_is_none(reduction, distinct):
    # 3 of 4 positions per row: distinct is possible; random picks with replacement would repeat.
    text = layer(
        "ScatterElementsUpdate",
        [port(0, [400, 4]), port(1, [400, 3]), port(2, [400, 3]), port(3, [], 1)],
        [port(4, [400, 4])],
        f'version="opset12" reduction="{reduction}"',
    )
    run = irexec.check_layer(text, random=True, seed=3)
    idx = run.inputs[1].array
    assert idx.min() >= 0 and idx.max() < 4
    rows_distinct = np.all(np.diff(np.sort(idx, axis=1), axis=1) > 0, axis=1)
    assert rows_distinct.all() if distinct else not rows_distinct.all()
    data, upd = run.inputs[0].array, run.inputs[2].array
    expect = data.copy()
    if distinct:
        np.put_along_axis(expect, idx, upd, axis=1)
    else:
        np.add.at(expect, (np.arange(400)[:, None], idx), upd)
    np.testing.assert_allclose(run.outputs[0].array, expect, rtol=1e-6)


def test_random_cannot_make_indices_distinct_says_so():
    text = layer("ScatterNDUpdate", [port(0, [3]), port(1, [5, 1]), port(2, [5])], [port(3, [3])], 'version="opset15"')
    r = invoke_text(text, "--random")
    assert r.exit_code == 0
    assert "note: input port 1: 5 indices into 3 positions cannot all differ" in r.stderr
    run = irexec.check_layer(text, random=True)
    assert set(run.inputs[1].array.ravel().tolist()) <= {0, 1, 2}


def invoke_text(text, *args, name="snippet.xml"):
    """Run the CLI on ``text`` saved as ``name`` in a scratch folder (messages show the bare name)."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            with open(name, "w", encoding="utf-8") as f:
                f.write(text)
            return CliRunner().invoke(cli, ["layer", name, *map(str, args)], catch_exceptions=False)
        finally:
            os.chdir(here)


# ---- errors: one line, an exit status, never a traceback ---------------------------------------

GOOD = text_of("scatter_nd_update_15_example3")

ERRORS = [
    ("no layer", "just some text", 1, "snippet.xml: no <layer> element found"),
    ("empty", "", 1, "snippet.xml: the file is empty"),
    ("two layers", GOOD + GOOD, 1, "snippet.xml:19: the file holds 2 <layer> elements"),
    ("unclosed", GOOD.replace("</layer>", ""), 1, "snippet.xml:1: the <layer> has no end tag"),
    (
        "unknown op",
        GOOD.replace("ScatterNdUpdate", "ScatterSomething"),
        1,
        "snippet.xml:1: unknown operation type 'ScatterSomething'",
    ),
    (
        "unparsable values",
        GOOD.replace("[10, 20, 30, 40, 50]", "[10, 20, 30,"),
        1,
        "snippet.xml:10: port 2: cannot read the values comment '[10, 20, 30,'",
    ),
    ("words", GOOD.replace("[10, 20, 30, 40, 50]", "ten twenty"), 1, "snippet.xml:10: port 2: cannot read"),
    ("strings", GOOD.replace("[10, 20, 30, 40, 50]", '["a", "b"]'), 1, "holds something other than numbers"),
    ("ragged", GOOD.replace("[10, 20, 30, 40, 50]", "[[1, 2], [3]]"), 1, "is not a rectangular list"),
    (
        "count",
        GOOD.replace("[10, 20, 30, 40, 50]", "[10, 20, 30]"),
        1,
        "snippet.xml:10: port 2: the values comment holds 3 value(s); dims [5] need 5",
    ),
    (
        "two comments",
        GOOD.replace("<!-- updates -->", "<!-- values: [1, 2, 3, 4, 5] -->"),
        1,
        "port 2: the port has two values comments",
    ),
    (
        "range",
        GOOD.replace("[10, 20, 30, 40, 50]", "[10, 20, 30, 40, 5000000000]"),
        1,
        "values must be in [-2147483648, 2147483647] for an i32 port",
    ),
    ("deep", GOOD.replace("[10, 20, 30, 40, 50]", "[" * 70 + "]" * 70), 1, "nests lists more than 64 deep"),
    ("huge int", GOOD.replace("[10, 20, 30, 40, 50]", "[" + "9" * 5000 + "]"), 1, "cannot read the values comment"),
    (
        "missing values",
        GOOD.replace("<!-- values: [10, 20, 30, 40, 50] -->", ""),
        1,
        "snippet.xml:9: port 2: no values for this input",
    ),
    (
        "bad dim",
        GOOD.replace("<dim>4</dim>  <!-- values: [1, 2", "<dim>four</dim>  <!-- values: [1, 2"),
        1,
        "snippet.xml:3: port 0: invalid dimension 'four'",
    ),
    (
        "bad precision",
        GOOD.replace('precision="I32">  <!-- data', 'precision="Q7">  <!-- data'),
        1,
        "snippet.xml:3: port 0: unknown element type 'Q7'",
    ),
    (
        "index out of range",
        GOOD.replace("[0, 2, -3, -3, 0]", "[0, 2, -3, -9, 0]"),
        1,
        "snippet.xml:7: layer 'ScatterNDUpdate': port 1: ScatterNDUpdate indices: index -9",
    ),
    (
        "output shape",
        GOOD.replace("<dim>4</dim>  <!-- values: [-59", "<dim>5</dim>  <!-- values: [-59, 0"),
        1,
        re.compile(r"snippet\.xml:14: .*port 3: .*\[5\].*\[4\]|snippet\.xml:14: .*port 3: .*\[4\].*\[5\]"),
    ),
    (
        "output type",
        GOOD.replace('<port id="3" precision="I32">', '<port id="3" precision="FP32">'),
        1,
        re.compile(r"snippet\.xml:14: .*port 3: .*(f32|FP32).*i32|snippet\.xml:14: .*port 3: .*i32.*(f32|FP32)"),
    ),
    (
        "doctype",
        '<?xml version="1.0"?>\n<!DOCTYPE l [<!ENTITY x "y">]>\n' + GOOD,
        1,
        "DOCTYPE declarations are not allowed",
    ),
    ("late doctype", GOOD + '\n<!DOCTYPE l [<!ENTITY x "y">]>', 1, "DOCTYPE declarations are not allowed"),
    (
        "entity",
        GOOD.replace("<dim>4</dim>  <!-- values: [1", "<dim>&x;</dim>  <!-- values: [1"),
        1,
        "snippet.xml:4: not well-formed XML at column 21: Entity 'x' not defined",
    ),
    ("external entity", GOOD.replace("<!-- data -->", '<x a="&#0;"/>'), 1, "not well-formed XML"),
    ("no type", GOOD.replace('type="ScatterNdUpdate"', ""), 1, "snippet.xml:1: the <layer> has no 'type' attribute"),
    (
        "wrong arity",
        GOOD.replace('<port id="2" precision="I32">', '</input><input><port id="2" precision="I32">'),
        1,
        "ScatterNDUpdate takes 3 inputs, the layer declares 2",
    ),
    (
        "bad attribute",
        GOOD.replace('reduction="sub"', 'reduction="avg"'),
        1,
        "attribute reduction='avg' is not one of none, sum, sub, prod, min, max",
    ),
]


@pytest.mark.parametrize("label,text,code,message", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_are_one_line(label, text, code, message):
    r = invoke_text(text)
    line = one_line_error(r, code)
    assert message.search(line) if isinstance(message, re.Pattern) else message in line, line


def test_usage_errors():
    snippet = example("scatter_nd_update_15_example3")
    assert "no input port '9'" in one_line_error(invoke(snippet, "-i", "9=x.npy"), 2)
    assert "use PORT=FILE.npy" in one_line_error(invoke(snippet, "-i", "x.npy"), 2)
    assert "input file 'x.npy' not found" in one_line_error(invoke(snippet, "-i", "1=x.npy"))
    assert "nope.xml: file not found" in one_line_error(invoke("nope.xml"))
    reshape = layer("Reshape", [port(0, [4]), port(1, [2])], [port(2, [2, 2])], 'special_zero="false"')
    line = one_line_error(invoke_text(reshape, "--random"))
    assert "port 1: --random cannot invent Reshape's shape or axes input" in line


def test_a_pickled_input_is_refused(tmp_path):
    np.save(tmp_path / "p.npy", np.array([object()] * 4), allow_pickle=True)
    line = one_line_error(invoke(example("scatter_nd_update_15_example3"), "-i", f"0={tmp_path / 'p.npy'}"))
    assert "pickled arrays are refused" in line


def test_api_errors_carry_the_location():
    with pytest.raises(IRExecError) as e:
        irexec.run_layer(GOOD.replace("[10, 20, 30, 40, 50]", "[1]"), path="mine.xml")
    assert (e.value.file, e.value.line, e.value.port) == ("mine.xml", 10, "2")
    with pytest.raises(IRExecError, match="no input port 'x'"):
        irexec.run_layer(GOOD, {"x": [1]})


# ---- the API ------------------------------------------------------------------------------------


def test_run_layer_returns_outputs_without_asserting_expected_values():
    outs = irexec.run_layer(text_of("scatter_nd_update_15_example1"))  # the spec's output is wrong here
    assert len(outs) == 1 and outs[0].tolist() == formula(1).tolist()
    run = irexec.check_layer(text_of("scatter_nd_update_15_example1"))
    assert not run.ok and run.checks[0].mismatches == 1
    outs = irexec.run_layer(
        text_of("scatter_nd_update_15_example1").encode("utf-8"), [np.zeros(4, np.float32), None, None]
    )
    assert outs[0].tolist() == spec_scatter_nd_update(np.zeros(4), SPEC_INDICES, SPEC_UPDATES).tolist()


def test_layer_in_docs_form_with_a_name_and_data_element():
    text = (
        '<layer id="7" name="upd" type="ScatterNDUpdate" version="opset15"><data reduction="max"/>'
        "<input>"
        + port(0, [3], "[1, 5, 3]", "FP32")
        + port(1, [2, 1], "[[0], [1]]", "I64")
        + port(2, [2], "[4, 4]", "FP32")
        + "</input><output>"
        + port(3, [3], "[4, 5, 3]", "FP32")
        + "</output></layer>"
    )
    run = irexec.check_layer(text)
    assert run.ok and run.attrs == {"reduction": "max"} and run.version_given
    with pytest.raises(IRExecError, match="attribute 'reduction' is 'min' on <layer> but 'max' in <data>"):
        irexec.run_layer(text.replace('version="opset15"', 'version="opset15" reduction="min"'))


# ---- against the OpenVINO CPU plugin -----------------------------------------------------------

ov = pytest.importorskip("openvino")


def run_plugin(build, arrays, constants=()):
    """The op built by ``build`` on the plugin: inputs at ``constants`` (axes) as constants, the
    others as parameters fed with ``arrays``."""
    from helpers.oracle import core

    nodes = [
        ov.opset15.constant(a) if i in constants else ov.opset15.parameter(list(a.shape), ov.Type(a.dtype))
        for i, a in enumerate(arrays)
    ]
    params = [n for i, n in enumerate(nodes) if i not in constants]
    compiled = core().compile_model(ov.Model([build(*nodes)], params), "CPU")
    return np.asarray(compiled([a for i, a in enumerate(arrays) if i not in constants])[compiled.outputs[0]])


@pytest.mark.parametrize("n", [2, 3])
def test_spec_examples_on_the_plugin(n):
    run = irexec.check_layer(text_of(f"scatter_nd_update_15_example{n}"))
    arrays = [t.array for t in run.inputs]
    got = run_plugin(lambda d, i, u: ov.opset15.scatter_nd_update(d, i, u, SPEC_XML[n][0]), arrays)
    assert got.dtype == run.outputs[0].array.dtype
    np.testing.assert_array_equal(got, run.outputs[0].array)


def test_random_snippets_on_the_plugin():
    ins = [port(0, [6, 5], precision="FP32"), port(1, [4, 5]), port(2, [4, 5]), port(3, [1], "[0]")]
    text = layer("ScatterElementsUpdate", ins, [port(4, [6, 5])], 'version="opset12" reduction="none"')
    run = irexec.check_layer(text, random=True, seed=11)
    arrays = [t.array for t in run.inputs]
    got = run_plugin(lambda d, i, u, a: ov.opset12.scatter_elements_update(d, i, u, a, "none"), arrays, {3})
    np.testing.assert_array_equal(got, run.outputs[0].array)
    text = layer(
        "Gather",
        [port(0, [3, 4, 5], precision="FP32"), port(1, [2, 3], precision="I32"), port(2, [])],
        [port(3, [3, 2, 3, 5])],
        'version="opset8" batch_dims="0"',
    )
    run = irexec.check_layer(text, random=True, seed=11)
    arrays = [t.array for t in run.inputs]
    got = run_plugin(lambda d, i, a: ov.opset8.gather(d, i, a), arrays, {2})
    np.testing.assert_array_equal(got, run.outputs[0].array)
