"""Real models: small PyTorch programs converted by ``openvino.convert_model`` (torch 2.13.0 CPU,
openvino 2026.4.1), committed as IR in tests/data/torch with their inputs and torch's own outputs
(written by scripts/export_torch_models.py). Torch is not needed here: irexec's outputs are
compared with torch's saved ones, and with the OpenVINO CPU plugin's on the same IR when the
``openvino`` package is importable.

Exactness: every comparison is bitwise unless TOLERANCE names the output and says why. That
includes the float scatter reductions: torch's CPU kernels, the plugin and irexec all apply
duplicate updates in index order and accumulate f16 in f32 (rounding once), so even float
sums, products and means come out identical.

Known gaps in irexec are in KNOWN_GAPS; their tests are strict xfails, so they fail as soon as
the gap is closed (then delete the entry).
"""

from __future__ import annotations

import collections
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

import irexec
from irexec.errors import ValidationError
from irexec.ops import lookup

DATA = Path(__file__).parent.parent / "data" / "torch"
MODELS = sorted(p.stem for p in DATA.glob("*.xml"))

# Model -> the op versions irexec lacks that its IR uses (tests needing them are strict xfails).
KNOWN_GAPS: dict = {}

# (model, output index) -> (rtol, atol, why). Everything else must match bit for bit.
TOLERANCE = {
    ("kv_attention_step", 0): (
        1e-5,
        1e-6,
        "torch.softmax's exp is computed by different vectorised code in torch, the "
        "plugin and NumPy and is not correctly rounded: the last bit may differ "
        "(the plugin is 2.4e-7 away from torch)",
    ),
}

# Model -> include_self, for the int64 scatter_reduce(0, ..., "mean") programs: the CPU plugin
# rounds their mean toward zero, while torch, the ScatterElementsUpdate-12 spec and irexec round
# toward negative infinity (their data has negative sums that do not divide evenly).
PLUGIN_TRUNCATES_MEAN = {"scatter_reduce_mean_self_i64": True, "scatter_reduce_mean_noself_i64": False}

SE12 = ("ScatterElementsUpdate", "opset12")
ND3 = ("ScatterNDUpdate", "opset4")
ND15 = ("ScatterNDUpdate", "opset15")
GE6 = ("GatherElements", "opset6")


def _se12(reduction, use_init_val="true"):
    return SE12 + ((("reduction", reduction), ("use_init_val", use_init_val)),)


def _reduce(red, self_):
    return [_se12(red, "true" if self_ else "false")]


# What each program must lower to: its scatter/gather-family layers (and the ops irexec lacks),
# in document order, with their attributes. Pins that each export exercises what its name says.
KEY_TYPES = (
    "ScatterElementsUpdate",
    "ScatterNDUpdate",
    "ScatterUpdate",
    "GatherElements",
    "Select",
    "ReduceSum",
    "ReduceProd",
    "SoftMax",
)
EXPECTED_KEY_LAYERS = {
    "gather_dim0_i32": [GE6 + ((("axis", "0"),),)],
    "gather_negdim_f32": [GE6 + ((("axis", "-1"),),)],
    "index_add_dim1_f32": [_se12("sum")],
    "index_add_i64": [_se12("sum")],
    "index_copy_kv_f32": [_se12("none")],
    "index_copy_negdim_f16": [_se12("none")],
    "index_put_2d_f16": [ND3 + ((),)],
    "index_put_accumulate_f32": [ND15 + ((("reduction", "sum"),),)],
    "index_put_accumulate_i32": [ND15 + ((("reduction", "sum"),),)],
    "index_put_i32_indices_f32": [ND3 + ((),)],
    "index_put_kv_slice_f32": [("ReduceProd", "opset1", (("keep_dims", "false"),)), ND3 + ((),), ND3 + ((),)],
    "index_put_mask_f32": [("Select", "opset1", (("auto_broadcast", "numpy"),))],
    "index_put_rows_f32": [ND3 + ((),)],
    "index_put_scalar_i64": [ND3 + ((),)],
    "kv_attention_step": [
        _se12("sum"),
        _se12("none"),
        _se12("none"),
        GE6 + ((("axis", "2"),),),
        ("ReduceSum", "opset1", (("keep_dims", "false"),)),
        ("SoftMax", "opset8", (("axis", "-1"),)),
        GE6 + ((("axis", "2"),),),
        ("ReduceSum", "opset1", (("keep_dims", "false"),)),
    ],
    "kv_cache_update_mix": [ND15 + ((("reduction", "sum"),),), _se12("none"), GE6 + ((("axis", "1"),),)],
    "scatter_add_f16": [_se12("sum")],
    "scatter_add_f32": [_se12("sum")],
    "scatter_add_negdim_i32": [_se12("sum")],
    "scatter_dim0_f16": [_se12("none")],
    "scatter_reduce_amax_noself_f16": _reduce("max", False),
    "scatter_reduce_amax_noself_f32": _reduce("max", False),
    "scatter_reduce_amax_self_f32": _reduce("max", True),
    "scatter_reduce_amin_noself_i32": _reduce("min", False),
    "scatter_reduce_amin_self_i32": _reduce("min", True),
    "scatter_reduce_mean_noself_f32": _reduce("mean", False),
    "scatter_reduce_mean_noself_i64": _reduce("mean", False),
    "scatter_reduce_mean_self_f32": _reduce("mean", True),
    "scatter_reduce_mean_self_i64": _reduce("mean", True),
    "scatter_reduce_prod_noself_i64": _reduce("prod", False),
    "scatter_reduce_prod_self_f32": _reduce("prod", True),
    "scatter_reduce_prod_self_i64": _reduce("prod", True),
    "scatter_reduce_sum_noself_f32": _reduce("sum", False),
    "scatter_reduce_sum_self_f32": _reduce("sum", True),
    "scatter_src_f32": [_se12("none")],
    "scatter_value_negdim_i64": [_se12("none")],
}


def _params(raises=None):
    """Every model; with ``raises``, the ones in KNOWN_GAPS are strict xfails that must fail with
    that exception (any other failure, e.g. a wrong result once the op exists, is reported)."""
    return [
        pytest.param(n, marks=pytest.mark.xfail(strict=True, raises=raises, reason=KNOWN_GAPS[n]))
        if raises and n in KNOWN_GAPS
        else n
        for n in MODELS
    ]


def _layers(name):
    """The committed IR is our own file: parsed with ElementTree for the test's bookkeeping."""
    return list(ET.parse(DATA / f"{name}.xml").getroot().iter("layer"))


def op_versions(name) -> collections.Counter:
    return collections.Counter((l.get("type"), l.get("version")) for l in _layers(name))


def load(name):
    """(inputs as an ordered dict name -> array, torch's outputs as a list)."""
    with np.load(DATA / f"{name}.npz", allow_pickle=False) as z:
        keys = list(z.files)
        inputs = {k[3:]: z[k] for k in keys if k.startswith("in:")}
        n_out = sum(k.startswith("out:") for k in keys)
        outputs = [z[f"out:{i}"] for i in range(n_out)]
    assert len(inputs) + n_out == len(keys), f"{name}.npz has unexpected keys: {keys}"
    return inputs, outputs


def run_irexec(name, inputs):
    return list(irexec.read_model(str(DATA / f"{name}.xml")).infer(inputs).values())


def _oracle():
    pytest.importorskip("openvino")
    from helpers import oracle

    return oracle


def assert_matches(name, i, got, want, who):
    assert got.shape == want.shape and got.dtype == want.dtype, (
        f"{name} output {i}: {who} gave {got.dtype}{list(got.shape)}, expected {want.dtype}{list(want.shape)}"
    )
    if (name, i) in TOLERANCE:
        rtol, atol, _why = TOLERANCE[name, i]
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=f"{name} output {i} ({who})")
    else:
        np.testing.assert_array_equal(got, want, err_msg=f"{name} output {i} ({who})")


# --- the corpus ------------------------------------------------------------------------------------


def test_corpus_is_complete_and_small():
    assert len(MODELS) >= 30, MODELS
    assert sorted(EXPECTED_KEY_LAYERS) == MODELS, "every exported program needs an EXPECTED_KEY_LAYERS entry"
    assert set(KNOWN_GAPS) <= set(MODELS) and {n for n, _ in TOLERANCE} <= set(MODELS)
    total = 0
    for n in MODELS:
        for ext in (".xml", ".bin", ".npz"):
            path = DATA / f"{n}{ext}"
            assert path.is_file(), f"missing {path.name}"
            total += path.stat().st_size
    assert total < 300_000, f"tests/data/torch holds {total} bytes"


def test_inventory_covers_the_scatter_family():
    """The IRs contain what converters emit around scatters; the inventory is printed (-s)."""
    inventory = collections.Counter()
    for n in MODELS:
        inventory.update(op_versions(n))
    print("\nop versions in tests/data/torch (layers):")
    for (t, v), count in sorted(inventory.items()):
        print(f"  {t:24} {v:8} {count}")
    for key in (
        SE12,
        ND3,
        ND15,
        GE6,
        ("ShapeOf", "opset3"),
        ("Slice", "opset8"),
        ("Broadcast", "opset1"),
        ("Broadcast", "opset3"),
        ("Gather", "opset8"),
        ("Mod", "opset1"),
        ("Convert", "opset1"),
    ):
        assert inventory[key], f"no {key[0]} ({key[1]}) in any exported IR"


@pytest.mark.parametrize("name", MODELS)
def test_export_exercises_what_it_says(name):
    got = [
        (
            l.get("type"),
            l.get("version"),
            tuple(sorted(l.find("data").attrib.items())) if l.find("data") is not None else (),
        )
        for l in _layers(name)
        if l.get("type") in KEY_TYPES
    ]
    assert got == EXPECTED_KEY_LAYERS[name]


@pytest.mark.parametrize("name", _params(raises=AssertionError))
def test_irexec_supports_every_op(name):
    missing = []
    for t, v in sorted(op_versions(name)):
        try:
            lookup(t, v)
        except ValidationError:
            missing.append(f"{t}-{v}")
    assert not missing, f"{name}: irexec does not support {', '.join(missing)}"


# --- irexec against torch ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", _params(raises=ValidationError))
def test_irexec_matches_torch(name):
    inputs, expected = load(name)
    model = irexec.read_model(str(DATA / f"{name}.xml"))
    assert len(model.inputs) == len(inputs)
    for info, key in zip(model.inputs, inputs):  # the npz keeps the model's input order
        assert key in (info.name,) + info.names, (key, info)
    kept = {k: v.copy() for k, v in inputs.items()}
    got = list(model.infer(inputs).values())
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        assert_matches(name, i, g, e, "irexec")
    for k in inputs:
        np.testing.assert_array_equal(inputs[k], kept[k], err_msg=f"irexec wrote to input {k}")


# --- the CPU plugin on the same IRs ------------------------------------------------------------------


def _scatter_mean_reference(name, rounding):
    """scatter_reduce(0, idx, src, 'mean') on integers, in NumPy, with the given rounding."""
    inputs, _ = load(name)
    x, idx, src = inputs["x"], inputs["idx"], inputs["src"]
    include_self = PLUGIN_TRUNCATES_MEAN[name]
    total = x.copy() if include_self else np.zeros_like(x)
    count = np.ones_like(x) if include_self else np.zeros_like(x)
    cols = np.broadcast_to(np.arange(idx.shape[1]), idx.shape)
    np.add.at(total, (idx, cols), src)
    np.add.at(count, (idx, cols), 1)
    hit = count > 0
    q = (
        np.floor_divide(total, np.where(hit, count, 1))
        if rounding == "floor"
        else np.trunc(total / np.where(hit, count, 1)).astype(x.dtype)
    )
    return np.where(hit, q, x)


@pytest.mark.parametrize("name", _params(raises=ValidationError))
def test_irexec_matches_openvino(name):
    oracle = _oracle()
    inputs, expected = load(name)
    ir_outs = run_irexec(name, inputs)
    ov_outs = oracle.run_openvino(str(DATA / f"{name}.xml"), inputs)
    assert len(ir_outs) == len(ov_outs) == len(expected)
    if name in PLUGIN_TRUNCATES_MEAN:
        # A documented departure (irexec/kernels/reduce.py): irexec follows the spec and torch.
        floor, trunc = _scatter_mean_reference(name, "floor"), _scatter_mean_reference(name, "trunc")
        assert not np.array_equal(floor, trunc), "the data should tell floor from truncation"
        np.testing.assert_array_equal(ir_outs[0], floor)
        np.testing.assert_array_equal(ov_outs[0], trunc)
        return
    for i, (o, r) in enumerate(zip(ov_outs, ir_outs)):
        if (name, i) in TOLERANCE:
            rtol, atol, _why = TOLERANCE[name, i]
            oracle.assert_same(o, r, exact=False, rtol=rtol, atol=atol)
        else:
            oracle.assert_same(o, r)


@pytest.mark.parametrize("name", MODELS)
def test_openvino_matches_torch(name):
    """The committed data checked by the plugin alone (no irexec): runs for the gapped models too."""
    oracle = _oracle()
    inputs, expected = load(name)
    ov_outs = oracle.run_openvino(str(DATA / f"{name}.xml"), inputs)
    assert len(ov_outs) == len(expected)
    if name in PLUGIN_TRUNCATES_MEAN:
        np.testing.assert_array_equal(expected[0], _scatter_mean_reference(name, "floor"))
        np.testing.assert_array_equal(ov_outs[0], _scatter_mean_reference(name, "trunc"))
        return
    for i, (o, e) in enumerate(zip(ov_outs, expected)):
        assert_matches(name, i, o, e, "the CPU plugin")
