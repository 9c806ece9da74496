"""Layout, layout_helpers, set_batch and get_batch against OpenVINO's: the same text read as the
same layout (or refused by both), the same answers of the helpers, the same layouts kept on a
model's inputs and outputs, and the same batch found and set."""

import numpy as np
import openvino as ov
import openvino.opset13 as ovops
import pytest
from openvino import layout_helpers as ov_helpers

from irexec.api.building import parameter, result
from irexec.api.core import Core
from irexec.api.layout import Layout, get_batch, input_layouts, layout_helpers, set_batch
from irexec.api.model import Model
from irexec.api.partial_shape import Dimension
from irexec.errors import IRExecError, UsageError, ValidationError

TEXTS = [
    "NCHW",
    "nchw",
    "[N,C,H,W]",
    "[n,c,h,w]",
    "NC...",
    "...C",
    "N...C",
    "[N,...,C]",
    "NC...HW",
    "[N,...]",
    "[N,?,...]",
    "[...,?,C]",
    "[N,...,?]",
    "",
    "...",
    "[...]",
    "?C??",
    "[?,C,?,?]",
    "N?HW",
    "NC?",
    "?",
    "...?",
    "[N, C]",
    " NCHW",
    "NCHW ",
    "[ N,C]",
    "[N,C] ",
    "NCHWD",
    "NCDHW",
    "C",
    "9",
    "[1,2]",
    "[1a]",
    "[_x]",
    "[n_1,c]",
    "abc",
    "B",
    "b",
    "[B]",
    "[BATCH]",
    "[Batch]",
    "[batch,channels]",
    "[Channels]",
    "[depth,height,width]",
    "[x,y]",
    "[abc,def]",
    "**SCALAR**",
    # refused by both
    "NN",
    "[N,N]",
    "[N,...,...]",
    "[...,N,...]",
    "N...C...",
    "N ...",
    "N  C",
    "N..C",
    "N.C",
    "[N,C",
    "[N;C]",
    "[N,,C]",
    "[]",
    "_",
    "[a b]",
    "é",
    "[é]",
]
NAMES = ["N", "C", "H", "W", "D", "B", "BATCH", "batch", "x", "abc", "ABC", "1", "?", "n_1", "depth"]
HELPERS = [
    "has_batch",
    "batch_idx",
    "has_channels",
    "channels_idx",
    "has_height",
    "height_idx",
    "has_width",
    "width_idx",
    "has_depth",
    "depth_idx",
]


def _answer(call):
    try:
        return call()
    except (RuntimeError, UnicodeDecodeError):  # (irexec's errors are RuntimeErrors; OpenVINO's too,
        return "refused"  # but for a message it cuts inside a UTF-8 character)


def _read(layout_class, helpers, text):
    layout = _answer(lambda: layout_class(text))
    if isinstance(layout, str):  # (refused; a Layout compared with text reads it as a layout)
        return layout
    return (
        layout.to_string(),
        str(layout),
        repr(layout),
        layout.empty,
        [_answer(lambda n=n: layout.has_name(n)) for n in NAMES],
        [_answer(lambda n=n: layout.get_index_by_name(n)) for n in NAMES],
        [_answer(lambda f=f: getattr(helpers, f)(layout)) for f in HELPERS],
    )


@pytest.mark.parametrize("text", TEXTS)
def test_reads_text_as_openvino(text):
    assert _read(Layout, layout_helpers, text) == _read(ov.Layout, ov_helpers, text)


def test_refusals_are_irexecs_errors():
    with pytest.raises(IRExecError, match="more than once"):
        Layout("NN")
    with pytest.raises(IRExecError):
        Layout(5)
    with pytest.raises(IRExecError, match="no dim H"):
        Layout("NC").get_index_by_name("H")


def test_compares_as_openvino():
    pairs = [("NCHW", "[N,C,H,W]"), ("NCHW", "NHWC"), ("", "[...]"), ("?C", "[?,C]"), ("NC", "[N,C,...]")]
    for a, b in pairs:
        assert (Layout(a) == Layout(b)) == (ov.Layout(a) == ov.Layout(b))
        assert (Layout(a) != Layout(b)) == (ov.Layout(a) != ov.Layout(b))
        assert (Layout(a) == b) == (ov.Layout(a) == b)
    assert (Layout("NC") == 5) is (ov.Layout("NC") == 5) is False
    assert Layout() == Layout("") and Layout().empty
    for layout in (Layout("NC"), ov.Layout("NC")):
        with pytest.raises(TypeError):
            hash(layout)


def test_scalar():
    for layout_class in (Layout, ov.Layout):
        scalar = layout_class.scalar()
        assert (scalar.to_string(), repr(scalar), scalar.empty) == ("**SCALAR**", "<Layout: **SCALAR**>", False)
    assert Layout.scalar() == Layout("**SCALAR**")


# ---- a model's inputs and outputs --------------------------------------------------------------------------


def _model(shapes):
    params = []
    for k, shape in enumerate(shapes):
        p = ovops.parameter(shape, np.float32, name=f"p{k}")
        p.output(0).set_names({f"p{k}"})
        params.append(p)
    outs = []
    for k, p in enumerate(params):
        r = ovops.relu(p)
        r.set_friendly_name(f"r{k}")
        r.output(0).set_names({f"r{k}"})
        outs.append(r)
    return ov.Model(outs, params, "m")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layouts")
    paths = {}
    for shapes in ([[1, 3, 4, 5]], [[2, 3, 4, 5]], [[3, 4]], [[2, 3], [2, 5]], [[2, 3], [4, 5]], [[2, 3], [3, 2]]):
        key = str(shapes)
        path = folder / f"m{len(paths)}.xml"
        ov.save_model(_model(shapes), str(path))
        paths[key] = str(path)
    for key, shapes in (("dyn", [[-1, 3]]), ("scalar", [[]]), ("vector", [[5]])):
        path = folder / f"{key}.xml"
        ov.save_model(_model(shapes), str(path))
        paths[key] = str(path)
    return paths


def _both(saved, key):
    return ov.Core().read_model(saved[key]), Core().read_model(saved[key])


def test_a_read_models_ports_have_no_layout(saved):
    theirs, mine = _both(saved, "[[1, 3, 4, 5]]")
    for get, model in ((ov_helpers.get_layout, theirs), (layout_helpers.get_layout, mine)):
        assert [str(get(p)) for p in model.inputs + model.outputs] == ["[...]", "[...]"]


def test_sets_and_gets_an_inputs_and_an_outputs_layout(saved):
    for helpers, layout, model in zip(
        (ov_helpers, layout_helpers), (ov.Layout, Layout), _both(saved, "[[1, 3, 4, 5]]")
    ):
        helpers.set_layout(model.input(), layout("NCHW"))
        helpers.set_layout(model.output(), layout("NC..."))
        assert str(helpers.get_layout(model.input())) == "[N,C,H,W]"
        assert str(helpers.get_layout(model.output())) == "[N,C,...]"
        # the output's producer answers with the output's layout
        relu = [op for op in model.get_ordered_ops() if op.get_type_name() == "Relu"][0]
        assert str(helpers.get_layout(relu.output(0))) == "[N,C,...]"
        helpers.set_layout(model.input(), layout())
        assert helpers.get_layout(model.input()).empty


@pytest.mark.parametrize("text", ["NCH", "NCHWD", "NCHWD...", "?", "**SCALAR**"])
def test_refuses_a_layout_of_another_rank(saved, text):
    theirs, mine = _both(saved, "[[1, 3, 4, 5]]")
    with pytest.raises(RuntimeError):
        ov_helpers.set_layout(theirs.input(), ov.Layout(text))
    with pytest.raises(ValidationError, match="does not fit"):
        layout_helpers.set_layout(mine.input(), Layout(text))
    assert layout_helpers.get_layout(mine.input()).empty


@pytest.mark.parametrize("text", ["NCHW...", "...", "N...W"])
def test_takes_a_layout_that_fits_the_rank(saved, text):
    theirs, mine = _both(saved, "[[1, 3, 4, 5]]")
    ov_helpers.set_layout(theirs.input(), ov.Layout(text))
    layout_helpers.set_layout(mine.input(), Layout(text))
    assert str(layout_helpers.get_layout(mine.input())) == str(ov_helpers.get_layout(theirs.input()))


def test_refuses_a_layout_on_another_port(saved):
    theirs, mine = _both(saved, "[[1, 3, 4, 5]]")
    for helpers, layout, model, error in (
        (ov_helpers, ov.Layout, theirs, RuntimeError),
        (layout_helpers, Layout, mine, UsageError),
    ):
        relu = [op for op in model.get_ordered_ops() if op.get_type_name() == "Relu"][0]
        with pytest.raises(error):
            helpers.set_layout(relu.output(0), layout("NCHW"))


def test_a_layout_is_kept_through_a_reshape(saved):
    _, mine = _both(saved, "[[1, 3, 4, 5]]")
    layout_helpers.set_layout(mine.input(), Layout("NCHW"))
    mine.reshape({0: [2, 3, 6, 7]})
    assert str(layout_helpers.get_layout(mine.input())) == "[N,C,H,W]"


def test_a_layout_set_while_building_is_the_models():
    x = parameter([1, 3, 4, 5], np.float32, "x")
    layout_helpers.set_layout(x.output(0), Layout("NCHW"))
    assert str(layout_helpers.get_layout(x.output(0))) == "[N,C,H,W]"
    model = Model([result(x)], [x], "built")
    layout_helpers.set_layout(model.output(), "NC...")
    assert [str(layout_helpers.get_layout(p)) for p in model.inputs + model.outputs] == ["[N,C,H,W]", "[N,C,...]"]
    assert input_layouts(model) == [Layout("NCHW")]


def test_a_layout_is_kept_in_the_ir(saved, tmp_path):
    """Written with the model and read back (see docs/api.md for where OpenVINO keeps it)."""
    from irexec.api.save import save_model

    _, mine = _both(saved, "[[1, 3, 4, 5]]")
    layout_helpers.set_layout(mine.input(), Layout("NCHW"))
    path = str(tmp_path / "kept.xml")
    save_model(mine, path)
    assert str(layout_helpers.get_layout(Core().read_model(path).input())) == "[N,C,H,W]"


# ---- the batch -----------------------------------------------------------------------------------------------

BATCH_CASES = [
    ("[[1, 3, 4, 5]]", []),
    ("[[2, 3, 4, 5]]", ["NCHW"]),
    ("[[2, 3, 4, 5]]", ["?C??"]),
    ("[[2, 3, 4, 5]]", ["...C"]),
    ("[[3, 4]]", ["CN"]),
    ("[[2, 3], [2, 5]]", ["NC", "NC"]),
    ("[[2, 3], [4, 5]]", ["NC", "NC"]),
    ("[[2, 3], [4, 5]]", ["NC", None]),
    ("[[2, 3], [4, 5]]", []),
    ("[[2, 3], [4, 5]]", ["NC", "CN"]),
    ("[[2, 3], [3, 2]]", ["NC", "CN"]),
    ("[[2, 3], [3, 2]]", ["NC", "?N"]),
    ("dyn", ["NC"]),
    ("[[3, 4]]", ["NC..."]),
    ("[[3, 4]]", ["...N"]),
    ("scalar", []),
    ("vector", []),
]


def _laid_out(saved, key, layouts):
    theirs, mine = _both(saved, key)
    for k, text in enumerate(layouts):
        if text:
            ov_helpers.set_layout(theirs.input(k), ov.Layout(text))
            layout_helpers.set_layout(mine.input(k), Layout(text))
    return theirs, mine


def _shapes(model) -> list:
    return [str(p.get_partial_shape()) for p in model.inputs + model.outputs]


@pytest.mark.parametrize("key, layouts", BATCH_CASES)
def test_finds_the_batch_as_openvino(saved, key, layouts):
    theirs, mine = _laid_out(saved, key, layouts)
    want = _answer(lambda: str(ov.get_batch(theirs)))
    got = _answer(lambda: str(get_batch(mine)))
    assert got == want


@pytest.mark.parametrize("key, layouts", BATCH_CASES)
def test_sets_the_batch_as_openvino(saved, key, layouts):
    theirs, mine = _laid_out(saved, key, layouts)
    want = _answer(lambda: ov.set_batch(theirs, 7))
    got = _answer(lambda: set_batch(mine, 7))
    assert got == want
    assert _shapes(mine) == _shapes(theirs)
    assert [str(layout_helpers.get_layout(p)) for p in mine.inputs] == [
        str(ov_helpers.get_layout(p)) for p in theirs.inputs
    ]


@pytest.mark.parametrize("batch", [-1, 0, 1, (1, 8), "dimension"])
def test_sets_a_batch_of_any_kind(saved, batch):
    theirs, mine = _laid_out(saved, "[[2, 3, 4, 5]]", ["NCHW"])
    if batch == "dimension":
        ov.set_batch(theirs, ov.Dimension(2, 6))
        set_batch(mine, Dimension(2, 6))
    elif isinstance(batch, tuple):
        ov.set_batch(theirs, ov.Dimension(*batch))
        set_batch(mine, Dimension(*batch))
    else:
        ov.set_batch(theirs, batch)
        set_batch(mine, batch)
    assert _shapes(mine) == _shapes(theirs)


def test_the_batch_is_dynamic_by_default(saved):
    theirs, mine = _laid_out(saved, "[[2, 3, 4, 5]]", ["NCHW"])
    ov.set_batch(theirs)
    set_batch(mine)
    assert _shapes(mine) == _shapes(theirs) == ["[?,3,4,5]", "[?,3,4,5]"]


def test_the_batch_is_a_dimension(saved):
    _, mine = _laid_out(saved, "[[2, 3, 4, 5]]", ["NCHW"])
    batch = get_batch(mine)
    assert isinstance(batch, Dimension) and batch == 2 and batch.get_length() == 2


def test_the_batch_set_runs(saved):
    _, mine = _laid_out(saved, "[[2, 3, 4, 5]]", ["NCHW"])
    set_batch(mine, 3)
    x = np.linspace(-1, 1, 3 * 3 * 4 * 5, dtype=np.float32).reshape(3, 3, 4, 5)
    np.testing.assert_array_equal(mine.infer([x])[0], np.maximum(x, 0))


def test_no_layout_says_how_to_set_one(saved):
    _, mine = _both(saved, "[[2, 3], [4, 5]]")
    with pytest.raises(ValidationError, match="no input's layout has N") as caught:
        get_batch(mine)
    assert "p0 [2,3] [...] no batch" in str(caught.value)
    with pytest.raises(ValidationError, match="disagree"):
        _, conflicting = _laid_out(saved, "[[2, 3], [4, 5]]", ["NC", "NC"])
        get_batch(conflicting)
