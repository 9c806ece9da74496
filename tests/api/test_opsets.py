"""irexec's ``opsetN`` functions against OpenVINO's: the same names and parameter lists (names, kinds,
defaults) in every opset 1..16, and, for a sample of ops of every category, the same node built
from the same arguments (positional and by keyword) has the same type, version, output shapes and
types, default attributes and values when run."""

import importlib
import inspect
import re
import types

import numpy as np
import pytest

from irexec.api.model import Model
from irexec.api.opsets import NEWEST, opset_functions
from irexec.errors import InputError

ov = pytest.importorskip("openvino")

# (OpenVINO 2026.4's Python module opset17 holds only its two new functions, erfinv and
# grouped_matmul: irexec's holds those and opset16's, test_opset17_has_openvinos_two_new_functions...)
OPSETS = range(1, 17)
F32 = {"INFERENCE_PRECISION_HINT": "f32"}

# OpenVINO's functions irexec lacks: the ops with bodies, which OpenVINO builds as classes whose
# bodies are set by methods after they are made (``loop.set_function``); irexec's nodes carry no
# bodies, so a model with them is read from IR, not built in Python.
LACKING = {"if_op", "loop", "tensor_iterator"}

# irexec's functions OpenVINO's module of that opset lacks: ops its C++ opset has and no Python
# function builds (the ExperimentalDetectron family, Reverse, Xor), and those irexec reads under an
# earlier opset than the one whose Python module first builds them.
EXTRAS = {
    "reverse": 1,
    "xor": 1,
    "rnn_cell": (1, 2),
    "shuffle_channels": (1, 2),
    "roi_pooling": (1,),
    "scatter_nd_update": (3,),
    "experimental_detectron_detection_output": 6,
    "experimental_detectron_generate_proposals_single_image": 6,
    "experimental_detectron_prior_grid_generator": 6,
    "experimental_detectron_roi_feature_extractor": 6,
    "experimental_detectron_topk_rois": 6,
}


def _extras(n: int) -> set:
    return {k for k, v in EXTRAS.items() if (n in v if isinstance(v, tuple) else n >= v)}


def _theirs(n: int) -> dict:
    module = importlib.import_module(f"openvino.opset{n}")
    return {
        k: getattr(module, k)
        for k in dir(module)
        if not k.startswith("_") and k[0].islower() and callable(getattr(module, k))
    }


def _signature(f) -> list:
    return [(p.name, p.kind, repr(p.default)) for p in inspect.signature(f).parameters.values()]


def _their_signatures(f) -> list:
    """The parameter lists OpenVINO's function takes: one; one per overload of a function of
    several (``typemap``); a class's, read from its constructor's overloads (names only)."""
    if hasattr(f, "typemap"):
        return [_signature(g) for g in f.typemap.values()]
    if isinstance(f, type):
        overloads = re.findall(r"__init__\(self: [^,)]+((?:, [^)]*)?)\)", f.__init__.__doc__ or "")
        return [[m.split(":")[0] for m in re.findall(r", (\w+: [^,]+)", o)] for o in overloads]
    return [_signature(f)]


@pytest.mark.parametrize("n", OPSETS)
def test_every_openvino_function_is_there_or_listed_as_lacking(n):
    theirs, mine = _theirs(n), opset_functions(n)
    assert set(theirs) - set(mine) == LACKING & set(theirs)
    assert not LACKING & set(mine)  # (the list names only what irexec lacks)
    assert set(mine) - set(theirs) == _extras(n)


def test_opset17_has_openvinos_two_new_functions_and_opset16s():
    theirs, mine = _theirs(17), opset_functions(17)
    assert NEWEST == 17 and set(theirs) == {"erfinv", "grouped_matmul"}
    # (and the colour conversions to NV12, which OpenVINO's C++ opset17 has and no Python function builds)
    assert set(mine) == set(opset_functions(16)) | set(theirs) | {"rgb_to_nv12", "bgr_to_nv12"}
    for name, f in theirs.items():
        assert _signature(mine[name]) in _their_signatures(f)


@pytest.mark.parametrize("n", OPSETS)
def test_the_parameters_are_openvinos(n):
    theirs, mine = _theirs(n), opset_functions(n)
    differ = {}
    for k in sorted(set(theirs) & set(mine)):
        want = _their_signatures(theirs[k])
        got = _signature(mine[k])
        if isinstance(theirs[k], type):
            got = [name for name, _, _ in got]
        if got not in want:
            differ[k] = (got, want)
    assert not differ


def test_the_extras_take_their_irs_names():
    f = opset_functions(6)["experimental_detectron_topk_rois"]
    assert list(inspect.signature(f).parameters) == ["input_rois", "rois_probs", "max_rois", "name"]


# ---- the same node on both sides ------------------------------------------------------------------


class P:
    """A model input in a case's arguments: made on each side by its ``parameter``, fed the same
    values (``values``, or random ones of the shape and type)."""

    def __init__(self, shape, dtype=np.float32, values=None):
        self.shape, self.dtype, self.values = list(shape), np.dtype(dtype), values

    def data(self, rng):
        if self.values is not None:
            return np.asarray(self.values, self.dtype)
        if self.dtype == np.bool_:
            return rng.random(self.shape) > 0.5
        if self.dtype.kind in "iu":
            return rng.integers(0, 4, self.shape).astype(self.dtype)
        return rng.standard_normal(self.shape).astype(self.dtype)


class K:
    """A Constant in a case's arguments, made on each side by its ``constant``: for the inputs
    OpenVINO's functions take only as nodes (prior_box's)."""

    def __init__(self, values):
        self.values = values


def _i64(*v):
    return np.array(v, np.int64)


X4 = P([1, 4, 6, 6])
X2 = P([3, 4])
Y2 = P([3, 4])
B2 = P([3, 4], np.bool_)
C2 = P([3, 4], np.bool_)
I2 = P([3, 4], np.int32)
J2 = P([3, 4], np.int32)

# (OpenVINO's proposal takes its integers as NumPy unsigned ones)
PROPOSAL = {
    **dict.fromkeys(["base_size", "pre_nms_topn", "feat_stride", "min_size"], np.uint32(4)),
    **{
        "post_nms_topn": np.uint32(2),
        "nms_thresh": np.float32(0.7),
        "ratio": np.float32([1]),
        "scale": np.float32([1]),
    },
}

# (opset, function, positional arguments, keyword arguments[, run]): as OpenVINO's samples call them.
CASES = [
    # arithmetic
    (1, "add", (X2, Y2), {}),
    (1, "divide", (X2, Y2), {"auto_broadcast": "numpy"}),
    (1, "squared_difference", (X2, Y2), {}),
    (1, "absolute", (X2,), {}),
    (1, "ceil", (X2,), {}),
    (3, "cumsum", (X2, np.int64(1)), {"reverse": True}),
    (5, "round", (X2,), {"mode": "half_away_from_zero"}),
    # activation
    (1, "relu", (X2,), {}),
    (1, "clamp", (X2, -0.5, 0.5), {}),
    (1, "elu", (X2, 0.5), {}),
    (1, "selu", (X2, np.float32([1.5]), np.float32([1.1])), {}),
    (1, "hard_sigmoid", (X2, np.float32(0.2), np.float32(0.5)), {}),
    (1, "prelu", (X2, np.float32([0.1])), {}),
    (1, "softmax", (X2, 1), {}),
    (4, "hswish", (X2,), {}),
    (5, "hsigmoid", (X2,), {}),
    (4, "softplus", (X2,), {}),
    (9, "softsign", (X2,), {}),
    (4, "swish", (X2,), {}),
    (7, "gelu", (X2, "tanh"), {}),
    (5, "log_softmax", (X2, -1), {}),
    # comparison
    (1, "less_equal", (X2, Y2), {}),
    (10, "is_inf", (X2,), {"attributes": {"detect_negative": False}}),
    (10, "is_nan", (X2,), {}),
    (10, "is_finite", (X2,), {}),
    # bitwise
    (13, "bitwise_and", (I2, J2), {}),
    (15, "bitwise_left_shift", (I2, J2), {}),
    # logical
    (1, "logical_and", (B2, C2), {}),
    (1, "logical_not", (B2,), {}),
    # condition
    (1, "select", (B2, X2, Y2), {}),
    (3, "bucketize", (X2, np.float32([-1, 0, 1])), {}),
    (3, "non_zero", (I2,), {"output_type": "i32"}),
    # convolution
    (1, "convolution", (X4, np.ones((2, 4, 3, 3), np.float32), [1, 1], [1, 1], [1, 1], [1, 1]), {}),
    (1, "group_convolution", (X4, np.ones((2, 1, 2, 3, 3), np.float32), [2, 2], [0, 0], [0, 0], [1, 1]), {}),
    (1, "convolution_backprop_data", (X4, np.ones((4, 2, 3, 3), np.float32), [2, 2]), {}),
    (1, "group_convolution_backprop_data", (X4, np.ones((2, 2, 1, 3, 3), np.float32), [1, 1]), {}),
    # pooling
    (1, "max_pool", (X4, [2, 2], [0, 0], [0, 0], [2, 2]), {"rounding_type": "ceil"}),
    (8, "max_pool", (X4, [1, 1], [1, 1], [0, 0], [0, 0], [3, 3]), {}),
    # (dilations given: OpenVINO's default, an empty list, crashes its CPU plugin)
    (16, "avg_pool", (X4, [2, 2], [0, 0], [0, 0], [2, 2], True), {"dilations": [1, 1]}),
    (1, "avg_pool", (X4, [2, 2], [1, 1], [1, 1], [3, 3], False, "ceil"), {}),
    (8, "adaptive_avg_pool", (X4, _i64(3, 2)), {}),
    # movement
    (1, "concat", ([X2, Y2], 0), {}),
    (1, "transpose", (X2, _i64(1, 0)), {}),
    (8, "gather", (X2, _i64(2, 0), np.int64(0)), {}),
    (6, "gather_elements", (X2, np.zeros((3, 4), np.int64)), {}),
    (1, "strided_slice", (X2, _i64(0, 1), _i64(3, 4), _i64(2, 1), [0, 0], [0, 0]), {}),
    (12, "pad", (X2, _i64(1, 0), _i64(0, 2), "constant"), {}),
    (3, "broadcast", (X2, _i64(2, 3, 4)), {}),
    (1, "split", (X2, np.int64(1), 2), {}),
    (1, "depth_to_space", (X4, "blocks_first", 2), {}),
    (1, "reverse_sequence", (X2, np.int32([1, 2, 3]), 0, 1), {}),
    (7, "roll", (X2, _i64(1), _i64(1)), {}),
    (12, "scatter_elements_update", (X2, np.zeros((1, 4), np.int64), P([1, 4]), np.int64(0)), {}),
    (15, "scatter_nd_update", (X2, _i64(1).reshape(1, 1), P([1, 4])), {}),
    (15, "col2im", (P([1, 8, 4]), _i64(3, 3), _i64(2, 2)), {}),
    (3, "shuffle_channels", (X4, 1, 2), {}),
    # shape
    (1, "reshape", (X2, _i64(4, -1), False), {}),
    (1, "squeeze", (P([1, 3, 1]), _i64(0)), {}),
    (15, "squeeze", (P([1, 3, 1]),), {}),
    (1, "unsqueeze", (X2, _i64(0)), {}),
    (3, "shape_of", (X2,), {"output_type": "i32"}),
    # reduction
    (1, "reduce_sum", (X2, _i64(1)), {"keep_dims": True}),
    (1, "reduce_mean", (X2, _i64(0, 1)), {}),
    (4, "reduce_l2", (X2, _i64(0)), {}),
    (1, "reduce_logical_and", (B2, _i64(1)), {}),
    # normalization
    (2, "mvn", (X4,), {"normalize_variance": True}),
    (6, "mvn", (X4, _i64(2, 3), True, 1e-5, "inside_sqrt"), {}),
    (1, "lrn", (X4, _i64(1)), {}),
    (1, "normalize_l2", (X2, _i64(1), 1e-6, "add"), {}),
    (
        5,
        "batch_norm_inference",
        (X4, *[np.float32([1, 2, 3, 4])] * 2, np.zeros(4, np.float32), np.ones(4, np.float32), 1e-5),
        {},
    ),
    (
        1,
        "batch_norm_inference",
        (X4, *[np.float32([1, 2, 3, 4])] * 2, np.zeros(4, np.float32), np.ones(4, np.float32), 1e-5),
        {},
    ),
    (12, "group_normalization", (X4, np.ones(4, np.float32), np.zeros(4, np.float32), 2, 1e-5), {}),
    # matrix
    (1, "matmul", (X2, Y2, False, True), {}),
    (7, "einsum", ([X2, Y2], "ij,ij->i"), {}),
    (14, "inverse", (P([2, 3, 3]),), {}),
    # sort
    (11, "topk", (X2, np.int64(2), 1, "max", "value"), {}),
    (1, "topk", (X2, np.int64(2), 1, "min", "index"), {}),
    (15, "search_sorted", (np.float32([-1, 0, 1, 2]), X2), {}),
    # type
    (1, "convert", (X2, "i32"), {}),
    (1, "convert_like", (X2, I2), {}),
    (14, "convert_promote_types", (X2, P([3, 4], np.float16)), {}),
    (14, "convert_promote_types", (I2, P([3, 4], np.uint8)), {"promote_unsafe": True}),
    # image
    (1, "interpolate", (X4, _i64(8, 9), {"axes": [2, 3], "mode": "nearest"}), {}),
    (10, "interpolate", (X4, _i64(8, 9), np.float32([1.5, 1.5]), "linear", "sizes"), {"axes": _i64(2, 3)}),
    (11, "interpolate", (X4, _i64(3, 12), "nearest", "sizes"), {"axes": _i64(2, 3)}),
    (9, "grid_sample", (X4, P([1, 5, 5, 2], values=np.linspace(-1, 1, 50).reshape(1, 5, 5, 2))), {"attributes": {}}),
    (8, "nv12_to_rgb", (P([1, 6, 4, 1], values=np.full((1, 6, 4, 1), 100)),), {}),
    # signals
    (7, "dft", (P([2, 8, 2]), _i64(1)), {}),
    (9, "rdft", (P([2, 8]), _i64(1)), {}),
    (15, "stft", (P([2, 16]), np.hanning(4).astype(np.float32), np.int64(4), np.int64(2), True), {}),
    # sequence
    (1, "one_hot", (P([3], np.int64, [0, 2, 1]), np.int64(3), np.float32(1), np.float32(0), 1), {}),
    (16, "one_hot", (P([3], np.int64, [0, 2, -1]), np.int64(3), np.float32(1), np.float32(0), 0), {}),
    (
        3,
        "gru_cell",
        (
            P([2, 3]),
            P([2, 4]),
            np.ones((12, 3), np.float32) / 4,
            np.ones((12, 4), np.float32) / 4,
            np.zeros(12, np.float32),
            4,
        ),
        {},
    ),
    (
        4,
        "lstm_cell",
        (
            P([2, 3]),
            P([2, 4]),
            P([2, 4]),
            np.ones((16, 3), np.float32) / 4,
            np.ones((16, 4), np.float32) / 4,
            np.zeros(16, np.float32),
            4,
        ),
        {},
    ),
    (
        1,
        "lstm_cell",
        (
            P([2, 3]),
            P([2, 4]),
            P([2, 4]),
            np.ones((16, 3), np.float32) / 4,
            np.ones((16, 4), np.float32) / 4,
            np.zeros(16, np.float32),
            4,
        ),
        {"clip": 0.5},
    ),
    (
        3,
        "rnn_cell",
        (
            P([2, 3]),
            P([2, 4]),
            np.ones((4, 3), np.float32) / 4,
            np.ones((4, 4), np.float32) / 4,
            np.zeros(4, np.float32),
            4,
            ["tanh"],
            [],
            [],
        ),
        {},
    ),
    (1, "ctc_greedy_decoder", (P([5, 2, 4]), P([5, 2], values=np.ones((5, 2)))), {}),
    (13, "scaled_dot_product_attention", (P([1, 3, 4]), P([1, 5, 4]), P([1, 5, 4])), {}),
    # generation
    (1, "range", (np.float32(0), np.float32(5), np.float32(1.5)), {}),
    (4, "range", (P([], np.int32, 0), np.array(5, np.int32), np.array(2, np.int32)), {}),
    (12, "range", (P([], np.int32, 0), np.array(5, np.int32), np.array(2, np.int32), "i64"), {}),
    (9, "eye", (np.int64(3), np.int64(4), np.int64(1), "f32"), {}),
    # quantization
    (1, "fake_quantize", (X2, np.float32(-1), np.float32(1), np.float32(0), np.float32(2), 5), {}),
    # detection
    (
        1,
        "prior_box",
        (K(_i64(2, 2)), K(_i64(8, 8)), {"min_size": [2.0], "aspect_ratio": [1.0], "offset": 0.5, "variance": [0.1]}),
        {},
    ),
    (8, "prior_box", (K(_i64(2, 2)), K(_i64(8, 8)), {"min_size": [2.0], "max_size": [4.0], "offset": 0.5}), {}),
    (
        1,
        "prior_box_clustered",
        (K(_i64(2, 2)), K(_i64(8, 8)), {"width": [1.0, 2.0], "height": [1.0, 2.0], "offset": 0.5}),
        {},
    ),
    (2, "roi_pooling", (X4, np.float32([[0, 0, 0, 4, 4]]), [2, 2], 1.0), {}),
    (2, "roi_pooling", (X4, np.float32([[0, 0, 0, 4, 4]])), {"spatial_scale": 1.0, "output_size": [3, 2]}),
    (1, "region_yolo", (P([1, 8, 2, 2]), 2, 1, 2, False, [0, 1], 1, 3), {}),
    (2, "reorg_yolo", (X4, [2]), {}),
    (1, "psroi_pooling", (P([1, 8, 6, 6]), np.float32([[0, 0, 0, 4, 4]]), 2, 2, 1.0, 1, 1, "average"), {}),
    (
        8,
        "detection_output",
        (
            P([1, 8]),
            P([1, 6]),
            K(np.tile(np.float32([0.1, 0.1, 0.5, 0.5]), (1, 2, 2))),
            {"keep_top_k": [2], "nms_threshold": 0.5, "top_k": 2, "normalized": True},
        ),
        {},
    ),
    # (built, not run: OpenVINO's CPU plugin crashes running this one)
    (1, "proposal", (P([1, 2, 2, 2]), P([1, 4, 2, 2]), K(np.float32([16, 16, 1])), PROPOSAL), {}, False),
    (1, "deformable_psroi_pooling", (P([1, 8, 6, 6]), np.float32([[0, 0, 0, 4, 4]]), 2, 1.0), {"group_size": 2}),
    (15, "roi_align_rotated", (X4, np.float32([[3, 3, 2, 2, 0.3]]), np.int32([0]), 2, 2, 2, 1.0, True), {}),
    (9, "roi_align", (X4, np.float32([[0, 0, 4, 4]]), np.int32([0]), 2, 2, 2, 1.0, "avg"), {}),
    # (the sorting and suppression ops: outputs of data-dependent sizes)
    (
        5,
        "non_max_suppression",
        (
            P([1, 4, 4], values=np.tile(np.float32([0, 0, 1, 1]), (1, 4, 1)) * np.float32([[1], [2], [3], [4]])),
            P([1, 1, 4]),
            np.int64(2),
            np.float32(0.5),
        ),
        {},
    ),
    (
        8,
        "matrix_nms",
        (P([1, 3, 4], values=[[[0, 0, 1, 1], [0, 0, 2, 2], [1, 1, 3, 3]]]), P([1, 2, 3])),
        {"score_threshold": -10.0},
    ),
    (
        9,
        "multiclass_nms",
        (P([1, 3, 4], values=[[[0, 0, 1, 1], [0, 0, 2, 2], [1, 1, 3, 3]]]), P([1, 2, 3])),
        {"iou_threshold": 0.5, "score_threshold": -10.0},
    ),
    (10, "unique", (I2,), {"sorted": False}),
    (3, "topk", (X2, np.int64(3), 1, "max", "none"), {"index_element_type": "i64"}),
    # more of each family's signatures
    (
        1,
        "deformable_convolution",
        (X4, P([1, 18, 4, 4]), np.ones((2, 4, 3, 3), np.float32), [1, 1], [0, 0], [0, 0], [1, 1]),
        {},
    ),
    (
        8,
        "deformable_convolution",
        (X4, P([1, 18, 4, 4]), np.ones((2, 4, 3, 3), np.float32), [1, 1], [0, 0], [0, 0], [1, 1], P([1, 9, 4, 4])),
        {},
    ),
    (3, "extract_image_patches", (X4, [2, 2], [2, 2], [1, 1], "valid"), {}),
    (
        1,
        "gather_tree",
        (
            P([3, 1, 2], values=np.ones((3, 1, 2))),
            P([3, 1, 2], values=np.zeros((3, 1, 2))),
            np.float32([3]),
            np.float32(9),
        ),
        {},
    ),
    (1, "pad", (X2, _i64(1, 0), _i64(0, 2), "constant", np.float32(7)), {}),
    (1, "broadcast", (X2, _i64(2, 3, 4), _i64(1, 2), "explicit"), {}),
    (8, "adaptive_max_pool", (X4, _i64(2, 3)), {"index_element_type": "i32"}),
    (
        8,
        "i420_to_rgb",
        (
            P([1, 4, 4, 1], values=np.full((1, 4, 4, 1), 90)),
            P([1, 2, 2, 1], values=np.full((1, 2, 2, 1), 120)),
            P([1, 2, 2, 1], values=np.full((1, 2, 2, 1), 140)),
        ),
        {},
    ),
    (16, "istft", (P([1, 3, 3, 2]), np.hanning(4).astype(np.float32), np.int64(4), np.int64(2), False, False), {}),
    (
        5,
        "gru_sequence",
        (
            P([1, 2, 3]),
            P([1, 1, 4]),
            np.int32([2]),
            np.ones((1, 12, 3), np.float32) / 4,
            np.ones((1, 12, 4), np.float32) / 4,
            np.zeros((1, 12), np.float32),
            4,
            "forward",
        ),
        {},
    ),
    (
        5,
        "lstm_sequence",
        (
            P([1, 2, 3]),
            P([1, 1, 4]),
            P([1, 1, 4]),
            np.int32([2]),
            np.ones((1, 16, 3), np.float32) / 4,
            np.ones((1, 16, 4), np.float32) / 4,
            np.zeros((1, 16), np.float32),
            4,
            "reverse",
        ),
        {},
    ),
    (
        5,
        "rnn_sequence",
        (
            P([1, 2, 3]),
            P([1, 1, 4]),
            np.int32([2]),
            np.ones((1, 4, 3), np.float32) / 4,
            np.ones((1, 4, 4), np.float32) / 4,
            np.zeros((1, 4), np.float32),
            4,
            "forward",
        ),
        {},
    ),
    (6, "ctc_greedy_decoder_seq_len", (P([2, 5, 4]), np.int32([5, 3])), {"merge_repeated": False}),
    (13, "fake_convert", (X2, np.float32([1.0])), {}),
    (8, "random_uniform", (_i64(2, 3), np.float32(0), np.float32(1), "f32", 1, 2), {}),
    (16, "identity", (X2,), {}),
    (16, "segment_max", (X2, _i64(0, 0, 2)), {"num_segments": np.int64(3), "fill_mode": "ZERO"}),
    (1, "space_to_depth", (X4, "depth_first", 2), {}),
    (1, "logical_xor", (B2, C2), {}),
    (15, "bitwise_right_shift", (I2, P([3, 4], np.int32, np.ones((3, 4)))), {}),
    # sparse
    (3, "embedding_bag_packed_sum", (X2, np.int64([[0, 2], [1, 1]])), {}),
    (3, "embedding_segments_sum", (X2, _i64(0, 2, 1), _i64(0, 0, 1), np.int64(3)), {}),
]


def _resolve(value, made: dict, make):
    if isinstance(value, K):
        return make(value)
    if isinstance(value, P):
        if id(value) not in made:
            made[id(value)] = (make(value), value)
        return made[id(value)][0]
    if isinstance(value, list):
        return [_resolve(v, made, make) for v in value]
    if isinstance(value, tuple):
        return tuple(_resolve(v, made, make) for v in value)
    if isinstance(value, dict):
        return {k: _resolve(v, made, make) for k, v in value.items()}
    return value


def _build(functions, fname, args, kwargs):
    """The node built by ``functions[fname]`` (a module's or a namespace's), and its inputs in the
    order made."""
    made: dict = {}

    def make(p):
        return functions.constant(p.values) if isinstance(p, K) else functions.parameter(p.shape, p.dtype)

    node = getattr(functions, fname)(*_resolve(args, made, make), **_resolve(kwargs, made, make))
    return node, list(made.values())


def _as_keywords(f, args, kwargs) -> dict:
    """The same call with every argument by keyword, under OpenVINO's names."""
    bound = inspect.signature(f).bind(*args, **kwargs)
    return dict(bound.arguments)


def _attr(value):
    """An attribute's value as comparable across the two (lists, names, f32 precision)."""
    if hasattr(value, "get_type_name"):
        return value.get_type_name()
    if hasattr(value, "bits") and hasattr(value, "name"):  # an irexec element type
        return value.name
    if isinstance(value, str):  # (irexec keeps a list of names as the IR writes it: "sigmoid,tanh")
        items = [s.strip().lower() for s in value.split(",")] if "," in value else [value.lower()]
        return [] if items == [""] else items if len(items) > 1 else items[0]
    if isinstance(value, (list, tuple, np.ndarray)):
        # (one item: the IR writes it as the item alone, as OpenVINO's ReorgYolo stride)
        items = [_attr(v) for v in value]
        return items[0] if len(items) == 1 else items
    if isinstance(value, float):
        return float(np.float32(value))
    return value


def _attrs(node) -> dict:
    return {k: _attr(v) for k, v in node.get_attributes().items() if v is not None}


def _outputs(node) -> list:
    # (not get_output_size(): OpenVINO's ROIPooling answers its attribute output_size)
    return [
        (str(node.get_output_partial_shape(i)), node.get_output_element_type(i)) for i in range(len(node.outputs()))
    ]


MARKS: dict = {}  # (cases expected to fail, by function: none now)


@pytest.mark.filterwarnings("ignore:`output_size` is deprecated:DeprecationWarning")  # (OpenVINO's, roi_pooling)
@pytest.mark.parametrize(
    "case",
    [pytest.param(c, id=f"opset{c[0]}-{c[1]}-{i}", marks=MARKS.get(c[1], ())) for i, c in enumerate(CASES)],
)
def test_the_same_node_on_both_sides(case):
    n, fname, args, kwargs, run = (case + (True,))[:5]
    ours = types.SimpleNamespace(**opset_functions(n))
    theirs = importlib.import_module(f"openvino.opset{n}")
    ov_node, ov_params = _build(theirs, fname, args, kwargs)
    node, params = _build(ours, fname, args, kwargs)
    by_keyword, _ = _build(ours, fname, (), _as_keywords(getattr(theirs, fname), args, kwargs))

    assert node.get_type_name() == by_keyword.get_type_name() == ov_node.get_type_name()
    assert node.get_type_info().version_id == ov_node.get_type_info().version_id
    want = [(shape, etype.get_type_name()) for shape, etype in _outputs(ov_node)]
    assert [(shape, etype.name) for shape, etype in _outputs(node)] == want
    assert [(shape, etype.name) for shape, etype in _outputs(by_keyword)] == want
    mine, theirs_attrs = _attrs(node), _attrs(ov_node)
    assert _attrs(by_keyword) == mine
    compared = set(mine) - KEPT_APART.get((n, fname), set())
    assert {k: mine[k] for k in compared} == {k: theirs_attrs.get(k) for k in compared}

    if not run:
        return
    rng = np.random.default_rng(0)
    feeds = [p.data(rng) for _, p in params]
    ov_model = ov.Model([theirs.result(o) for o in ov_node.outputs()], [p for p, _ in ov_params], "m")
    want = ov.Core().compile_model(ov_model, "CPU", F32)(feeds).to_tuple()
    model = Model([ours.result(o) for o in node.outputs()], [p for p, _ in params], "m")
    got = model.infer(feeds)
    for i, w in enumerate(want):
        w = np.asarray(w)
        assert got[i].dtype == w.dtype and got[i].shape == w.shape
        if w.dtype.kind == "f":
            np.testing.assert_allclose(got[i], w, rtol=2e-5, atol=2e-5)
        else:
            np.testing.assert_array_equal(got[i], w)


# irexec's attributes OpenVINO holds otherwise, by (opset, function): ROIPooling's output_size, which
# irexec reads as another spelling of pooled_h and pooled_w, and leaves empty when given those;
# Broadcast-1's mode "explicit", which OpenVINO holds (and writes) as "none", irexec as given (it
# reads both as one).
KEPT_APART = {(2, "roi_pooling"): {"output_size"}, (1, "broadcast"): {"mode"}}


# ---- wrong arguments ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda f: f["add"](np.float32(1), np.float32(2), bogus=1), "unexpected keyword argument 'bogus'"),
        (lambda f: f["add"](np.float32(1)), "missing a required argument: 'right_node'"),
        (
            lambda f: f["max_pool"](f["parameter"]([1, 1, 4, 4]), [1, 1], "x", [0, 0], [0, 0], [2, 2]),
            "'dilations' takes a list",
        ),
        (lambda f: f["max_pool"](f["parameter"]([1, 1, 4, 4]), [1], [1], [0], [0], "x"), "'kernel_shape' takes a list"),
        (lambda f: f["is_inf"](np.float32([1]), {"detect_negative": "no"}), "'detect_negative' takes True or False"),
        (lambda f: f["gather"](np.float32([1, 2]), _i64(0), None), "'axis' is required"),
        (lambda f: f["concat"](np.float32([1]), 0), "takes a list of nodes"),
        (lambda f: f["softmax"](np.float32([1]), [0, 1]), "'axis' takes an integer, got list"),
        (lambda f: f["relu"]({"a": 1}), "'node' takes a node, an output or values, got dict"),
        (lambda f: f["topk"](np.float32([1]), np.int64(1), 0, "largest", "value"), "mode"),
        (lambda f: f["prior_box"](_i64(2, 2), _i64(8, 8), {"offset": 0.5, "min_sizes": [1.0]}), "min_sizes"),
        (lambda f: f["detection_output"](np.float32([1]), np.float32([1]), np.float32([1])), "'attrs'"),
        (lambda f: f["roi_pooling"](np.float32([1]), np.float32([1]), [2, 2, 2], 1.0), "'output_roi' takes 2"),
        (
            lambda f: f["convolution_backprop_data"](
                np.ones((1, 1, 2, 2), np.float32), np.ones((1, 1, 1, 1), np.float32)
            ),
            "strides",
        ),
    ],
)
def test_a_wrong_argument_is_one_line_naming_the_function(call, words):
    functions = opset_functions(16)
    with pytest.raises(InputError) as e:
        call(functions)
    message = str(e.value)
    assert "\n" not in message
    assert re.match(r"\w+\(\): ", message), message
    assert words in message


def test_read_value_takes_openvinos_second_form():
    f = opset_functions(6)
    with_init = f["read_value"](np.float32([1, 2]), "v", "f32", [2])
    without = f["read_value"]("w", "f32", [2])
    assert [n.get_input_size() for n in (with_init, without)] == [1, 0]
    assert without.get_attributes()["variable_id"] == "w"
    assert str(without.get_output_partial_shape(0)) == "[2]"
