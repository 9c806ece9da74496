"""``Dimension``, ``PartialShape`` and ``Shape`` behave as OpenVINO's: each expression runs on
``openvino`` and on irexec, and both give the same value (type, printed forms) or raise the same
built-in class. Where irexec answers otherwise on purpose, a test below says what each does."""

import copy
import operator
import os
from types import SimpleNamespace

import numpy as np
import pytest

import irexec
from helpers.ov_same import assert_same
from irexec.api.partial_shape import (
    ArgumentTypeError,
    ArgumentValueError,
    Dimension,
    DimIndexError,
    PartialShape,
    Shape,
    ShapeError,
)
from irexec.shapes import DYN, Dim, fixed

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ov = pytest.importorskip("openvino")

OURS = SimpleNamespace(Dimension=Dimension, PartialShape=PartialShape, Shape=Shape)


def _names(api) -> dict:
    return {"D": api.Dimension, "P": api.PartialShape, "S": api.Shape, "np": np}


def same(expr: str):
    assert_same(lambda: eval(expr, _names(ov)), lambda: eval(expr, _names(OURS)))


DIMENSIONS = [
    # made
    "D()",
    "D(-1)",
    "D(32)",
    "D(0)",
    "D(1, 10)",
    "D(3, 3)",
    "D(0, -1)",
    "D(5, -1)",
    "D(0, 5)",
    "D(-1, 5)",
    "D(True)",
    "D(np.int64(4))",
    "D(2**40)",
    "D('3')",
    "D('1..10')",
    "D('?')",
    "D('2..')",
    "D('..5')",
    "D('-1')",
    "D('x')",
    "D(1.5)",
    "D(None)",
    "D([1, 2])",
    "D(1, 2, 3)",
    "D(D(3))",
    "D.dynamic()",
    # compared
    "D(32) == 32",
    "32 == D(32)",
    "D(32) != 32",
    "D(32) == 33",
    "D(32) == D(32)",
    "D(1, 10) == D(1, 10)",
    "D(1, 10) == D(1, 11)",
    "D(1, 10) != D(1, 10)",
    "D() == D(-1)",
    "D() == -1",
    "D(32) == '32'",
    "D(32) == 32.0",
    "D(32) == None",
    "D(3) == np.int64(3)",
    "D(1) == True",
    "D(3) == True",
    "D(1, 10) == (1, 10)",
    "D(3) < D(4)",
    "D(3) <= 3",
    "D(3) + 4",
    "int(D(32))",
    "int(D())",
    "hash(D(32))",
    "{D(32): 1}",
    # asked
    "D(32).is_static",
    "D(32).is_dynamic",
    "D().is_static",
    "D(1, 10).is_dynamic",
    "D(32).get_length()",
    "D().get_length()",
    "D(1, 10).get_length()",
    "D(1, 10).get_min_length()",
    "D(1, 10).get_max_length()",
    "D().get_min_length()",
    "D().get_max_length()",
    "D(5, -1).get_max_length()",
    "D(1, 10).min_length",
    "D(1, 10).max_length",
    "len(D(32))",
    "len(D())",
    "bool(D(0))",
    "bool(D(3))",
    "bool(D())",
    "D(4).to_string()",
    "str(D(0, 5))",
    "D(1, 10).compatible(D(4))",
    "D(1, 10).compatible(D(20, 30))",
    "D(1, 10).compatible(D())",
    "D(1, 10).compatible(4)",
    "D(1, 10).refines(D(2, 5))",
    "D(4).refines(D(1, 10))",
    "D(1, 10).relaxes(D(2, 5))",
    "D(3).relaxes(D(3))",
    "D(3).same_scheme(D(4))",
    "D(3).same_scheme(D(3))",
    "D(1, 5).same_scheme(D(1, 5))",
    "D().same_scheme(D())",
    "D(1, 5).same_scheme(D())",
    "D(3).same_scheme(D())",
]


@pytest.mark.parametrize("expr", DIMENSIONS)
def test_dimension(expr):
    same(expr)


PARTIAL_SHAPES = [
    # made
    "P([1, 2, 3])",
    "P((1, 2))",
    "P([1, -1, (2, 5)])",
    "P([1, D(2, 8)])",
    "P([D(1, 5)])[0]",
    "P('[1,?,2..5]')",
    "P('1,2')",
    "P('?')",
    "P('...')",
    "P('[1..]')",
    "P('[..5]')",
    "P('')",
    "P('[]')",
    "P('[a]')",
    "P(S([1, 2]))",
    "P(P([1, 2]))",
    "P([])",
    "P()",
    "P(5)",
    "P([1.5])",
    "P(['2'])",
    "P([(1, -1)])",
    "P([[1, 2]])",
    "P([(1, 2, 3)])",
    "P([None])",
    "P.dynamic()",
    "P.dynamic(3)",
    "P.dynamic(0)",
    "P.dynamic(-1)",
    "P.dynamic(D(2))",
    "P.dynamic(D())",
    "P.dynamic(D(1, 3))",
    # compared
    "P([1, 2]) == [1, 2]",
    "[1, 2] == P([1, 2])",
    "P([1, 2]) == (1, 2)",
    "P([1, 2]) == [True, 2]",
    "P([1, 2]) == S([1, 2])",
    "S([1, 2]) == P([1, 2])",
    "P([1, 2]) == S([1, 3])",
    "S([2, 3]) == P([2, -1])",
    "P([1, -1]) == P([1, -1])",
    "P([1, (2, 5)]) == P([1, (2, 5)])",
    "P([1, (2, 5)]) == P([1, (2, 6)])",
    "P([1, 2]) == [1, 2, 3]",
    "P([1, 2]) == None",
    "P([1, 2]) == 5",
    "P([1, 2]) != [1, 2]",
    "P([1, 2]) != P([1, 3])",
    "P.dynamic() == P.dynamic()",
    "P.dynamic() == P([])",
    "P([]) == []",
    "hash(P([1, 2]))",
    "P([1, 2]) + P([3])",
    "P([1, 2]) * 2",
    # read as a sequence
    "len(P([1, 2, 3]))",
    "len(P.dynamic())",
    "P([1, 2, 3])[0]",
    "P([1, 2, 3])[-1]",
    "P([1, 2, 3])[3]",
    "P([1, 2, 3])[1:]",
    "P([1, 2, 3])[::-1]",
    "P([1, 2, 3])[::2]",
    "P([1, 2, 3])[5:]",
    "P([1, 2, 3])[np.int64(1)]",
    "P([1, 2])[True]",
    "P([1, 2])['a']",
    "P([1, 2])[1.0]",
    "P.dynamic()[0]",
    "list(P([1, -1]))",
    "tuple(P([1, 2]))",
    "[d for d in P([1, 2])]",
    "list(P.dynamic())",
    "1 in P([1, 2])",
    "3 in P([1, 2])",
    "D(1) in P([1, 2])",
    "P([1, 2])[0] == 1",
    "bool(P([]))",
    "bool(P([1]))",
    "bool(P.dynamic())",
    # asked
    "P([1, 2]).rank",
    "P.dynamic().rank",
    "P([1, 2]).rank == 2",
    "P([1, -1]).is_static",
    "P([1, -1]).is_dynamic",
    "P([1, 2]).is_static",
    "P.dynamic().is_dynamic",
    "P([]).is_static",
    "P([1, 2]).to_shape()",
    "type(P([2, 3]).to_shape()[0])",
    "P([1, -1]).to_shape()",
    "P.dynamic().to_shape()",
    "P([1, 2]).get_shape()",
    "P([1, -1]).get_shape()",
    "P([1, (2, 5)]).get_min_shape()",
    "P([1, (2, 5)]).get_max_shape()",
    "P([1, -1]).get_max_shape()",
    "P.dynamic().get_min_shape()",
    "P.dynamic().get_max_shape()",
    "P([1, 2]).get_dimension(0)",
    "P([1, 2]).get_dimension(5)",
    "P([1, -1]).to_string()",
    "P.dynamic().to_string()",
    "P([1, 2]).all_non_negative",
    "P([1, 2]).compatible(P([1, -1]))",
    "P([1, 2]).compatible(P([1]))",
    "P([1, 2]).compatible(P.dynamic())",
    "P([1, (2, 5)]).compatible(P([1, 6]))",
    "P([1, 2]).refines(P([1, -1]))",
    "P([1, 2]).relaxes(P([1, -1]))",
    "P([1, 2]).refines(P.dynamic())",
    "P.dynamic().relaxes(P([1, 2]))",
    "P.dynamic().refines(P([1, 2]))",
    "P([1, 2]).same_scheme(P([1, 2]))",
    "P([1, -1]).same_scheme(P([1, -1]))",
    "P([1, (1, 5)]).same_scheme(P([1, (1, 5)]))",
    "P.dynamic().same_scheme(P.dynamic())",
    "P.dynamic().same_scheme(P([1]))",
]


@pytest.mark.parametrize("expr", PARTIAL_SHAPES)
def test_partial_shape(expr):
    same(expr)


SHAPES = [
    # made
    "S([1, 2, 3])",
    "S((1, 2))",
    "S([])",
    "S()",
    "S(np.array([1, 2]))",
    "S([np.int64(2)])",
    "S([True, 2])",
    "S('1,2')",
    "S('[1,2]')",
    "S('1, 2')",
    "S('')",
    "S(P([1, 2]))",
    "S([-1])",
    "S([1.5])",
    "S(['2'])",
    "S(5)",
    "S([D(3)])",
    # printed and read
    "str(S([1, 3, 224, 224]))",
    "repr(S([1, 3, 224, 224]))",
    "S([1, 2]).to_string()",
    "len(S([1, 2, 3]))",
    "S([1, 2, 3])[0]",
    "type(S([1, 2, 3])[0])",
    "S([1, 2, 3])[-1]",
    "S([1, 2, 3])[1:]",
    "S([1, 2, 3])[::-1]",
    "S([1, 2])[1.0]",
    "list(S([1, 2, 3]))",
    "tuple(S([1, 2]))",
    "[type(x) for x in S([1, 2])]",
    "(lambda n, c, h, w: (n, c, h, w, type(w)))(*S([1, 3, 224, 224]))",
    "1 in S([1, 2])",
    "bool(S([]))",
    "sum(S([2, 3]))",
    "np.prod(S([2, 3]))",
    "np.array(S([2, 3]))",
    # compared
    "S([1, 2]) == [1, 2]",
    "S([1, 2]) == (1, 2)",
    "[1, 2] == S([1, 2])",
    "(1, 2) == S([1, 2])",
    "S([1, 2]) == S([1, 2])",
    "S([1, 2]) == [1, 2, 3]",
    "S([1, 2]) == [True, 2]",
    "S([1, 2]) == '[1,2]'",
    "S([1, 2]) == None",
    "S([1, 2]) == D(1)",
    "S([1, 2]) != [1, 2]",
    "S([1, 2]) != S([1, 3])",
    "hash(S([1, 2]))",
    "S([1, 2]) + [3]",
    # where NumPy wants a shape
    "np.zeros(S([2, 3])).shape",
    "np.empty(S([2, 3]), np.float32).shape",
    "np.ones(S([])).shape",
    "np.arange(6).reshape(S([2, 3])).shape",
    "np.full(S([2, 1]), 7).tolist()",
]


@pytest.mark.parametrize("expr", SHAPES)
def test_shape(expr):
    same(expr)


def _set(api, make, *steps):
    """Makes a shape, sets each (index, value) in turn, and gives the shape and its items."""
    shape = make(api)
    for index, value in steps:
        shape[index] = value(api) if callable(value) else value
    return shape, list(shape)


@pytest.mark.parametrize(
    "steps",
    [
        [(0, 5)],
        [(0, 5), (1, lambda api: api.Dimension(2, 8)), (2, -1)],
        [(0, lambda api: api.Dimension())],
        [(np.int64(1), 7)],
        [(5, 7)],
        [(0, (1, 4))],
        [(0, "3")],
        [(0, 1.5)],
        [(0, None)],
    ],
)
def test_partial_shape_item_assignment(steps):
    make = lambda api: api.PartialShape([1, 2, 3])
    assert_same(lambda: _set(ov, make, *steps), lambda: _set(OURS, make, *steps))


def test_partial_shape_item_assignment_of_unknown_rank():
    make = lambda api: api.PartialShape.dynamic()
    assert_same(lambda: _set(ov, make, (0, 1)), lambda: _set(OURS, make, (0, 1)))


@pytest.mark.parametrize(
    "steps",
    [
        [(0, 9)],
        [(0, 9), (2, 0)],
        [(0, lambda api: api.Dimension(4))],
        [(0, lambda api: api.Dimension())],
        [(0, lambda api: api.Dimension(1, 4))],
        [(0, 1.5)],
        [(0, "2")],
    ],
)
def test_shape_item_assignment(steps):
    make = lambda api: api.Shape([1, 2, 3])
    assert_same(lambda: _set(ov, make, *steps), lambda: _set(OURS, make, *steps))


def test_shapes_are_copied_not_shared():
    def run(api):
        ps = api.PartialShape([1, 2])
        other = api.PartialShape(ps)
        copied, deep = copy.copy(ps), copy.deepcopy(ps)
        ps[0] = 9
        return ps, other, copied, deep

    assert_same(lambda: run(ov), lambda: run(OURS))
    shape = Shape([1, 2])
    copied = copy.copy(shape)
    shape[0] = 9
    assert copied == [1, 2] and shape == [9, 2]


# ---- irexec's own forms, and what irexec refuses with its own errors ------------------------------


def test_a_dimension_is_a_dim_and_a_partial_shape_gives_irexecs_shape_back():
    d = Dimension(3)
    assert isinstance(d, Dim) and d.lo == 3 and d.hi == 3 and d.is_static
    assert fixed(3) == Dimension(3) and Dimension(3) == fixed(3) and Dim(1, 10) == Dimension(1, 10)
    assert DYN == Dimension() and Dimension(5, -1) == Dim(5, None)
    ps = PartialShape([1, -1, (2, 5)])
    dims = ps.irexec_shape()
    assert dims == (fixed(1), DYN, Dim(2, 5)) and all(type(x) is Dim for x in dims)
    assert {dims}  # irexec's dims stay hashable
    assert PartialShape.dynamic().irexec_shape() is None and PartialShape([]).irexec_shape() == ()
    # irexec's shapes (tuples of Dims, None for an unknown rank) make PartialShapes, and compare with them
    assert PartialShape((fixed(2), Dim(1, 4))) == PartialShape("[2,1..4]")
    assert str(PartialShape(None)) == "[...]" and PartialShape(None) == PartialShape.dynamic()
    assert (fixed(2), fixed(3)) == PartialShape([2, 3]) and PartialShape([2, 3]) == (fixed(2), fixed(3))
    assert irexec.Dimension is Dimension and irexec.PartialShape is PartialShape


def test_the_errors_are_irexecs_and_the_built_in_class_openvino_raises():
    cases = [
        (lambda: Dimension(1.5), ArgumentTypeError, TypeError),
        (lambda: Dimension(-2), ArgumentValueError, ValueError),
        (lambda: Dimension().get_length(), ShapeError, RuntimeError),
        (lambda: PartialShape([1, -1]).to_shape(), ShapeError, RuntimeError),
        (lambda: PartialShape("[a]"), ShapeError, RuntimeError),
        (lambda: PartialShape([1, 2])[2], DimIndexError, IndexError),
        (lambda: PartialShape([1.5]), ArgumentTypeError, TypeError),
        (lambda: Shape([-1]), ArgumentTypeError, TypeError),
        (lambda: Shape([1, 2])[2], DimIndexError, RuntimeError),
    ]
    for run, ours, builtin in cases:
        with pytest.raises(ours) as caught:
            run()
        assert isinstance(caught.value, builtin) and isinstance(caught.value, irexec.IRExecError)
        assert "\n" not in str(caught.value)
    with pytest.raises(irexec.ValidationError, match=r"shape \[1,\?\] is dynamic"):
        PartialShape([1, -1]).get_shape()
    with pytest.raises(ShapeError, match="dimension 1..10 is dynamic: it has no length"):
        len(Dimension(1, 10))
    with pytest.raises(DimIndexError, match="dimension index -3 is out of range for rank 2"):
        PartialShape([1, 2])[-3]


# ---- where irexec answers otherwise on purpose (docs/api.md lists these) --------------------------


def test_a_size_below_minus_one_or_a_crossed_interval_is_refused_where_openvino_makes_another():
    assert repr(ov.Dimension(-2)) == "<Dimension: 0>" and repr(ov.Dimension(5, 2)) == "<Dimension: ?>"
    assert repr(ov.PartialShape([2, -5])) == "<PartialShape: [2,0]>"
    for bad in [(-2,), (5, 2), (2, -3), (-2, 5)]:
        with pytest.raises(ArgumentValueError, match="invalid dimension"):
            Dimension(*bad)
    with pytest.raises(ArgumentValueError, match="invalid dimension -5"):
        PartialShape([2, -5])
    assert repr(ov.Shape("?")) == "<Shape: [0]>"
    with pytest.raises(ArgumentValueError, match="a Shape is static"):
        Shape("?")


def test_a_shape_index_past_its_rank_raises_where_openvino_reads_past_its_memory():
    shape = Shape([1, 2, 3])
    for index in (3, -4):
        with pytest.raises(DimIndexError, match="out of range for rank 3"):
            shape[index]
        with pytest.raises(DimIndexError):
            shape[index] = 1
    assert shape == [1, 2, 3]


def test_irexec_takes_more_forms_than_openvino():
    # A dynamic PartialShape against a list, and against text: OpenVINO raises, or answers False.
    with pytest.raises(TypeError, match="Cannot compare dynamic shape"):
        ov.PartialShape([1, -1]) == [1, -1]  # noqa: B015
    assert not ov.PartialShape([1, 2]) == "[1,2]"
    assert PartialShape([1, -1]) == [1, -1] and PartialShape([1, 2]) == "[1,2]" and PartialShape([1, 2]) != "[1,3]"
    assert PartialShape([1, (2, 5)]) == [1, (2, 5)] and PartialShape([1, 2]) != [1, "x"]
    # NumPy integers as dims, negative indices to set, PartialShape(None): irexec's unknown rank.
    with pytest.raises(TypeError):
        ov.PartialShape([np.int64(3)])
    assert PartialShape([np.int64(3)]) == [3] and PartialShape(np.array([2, 3])) == [2, 3]
    with pytest.raises(TypeError):
        ov.PartialShape([1, 2]).__setitem__(-1, 7)
    ps = PartialShape([1, 2])
    ps[-1] = 7
    assert ps == [1, 7]
    shape = Shape([1, 2])
    shape[-1] = 5
    assert shape == [1, 5]


def test_a_ports_shape_gives_ints_where_programs_want_them():
    """``_, h, w, _ = model.input().shape`` then ``np.zeros(shape)`` or an OpenCV size, as programs
    written for OpenVINO do: a static dim is an int there, a dynamic one refuses."""
    from irexec.api.core import Core

    model = Core().read_model(os.path.join(ROOT, "models", "kv_cache_update.xml"))
    shape = model.input(0).shape
    theirs = ov.Core().read_model(os.path.join(ROOT, "models", "kv_cache_update.xml")).input(0).shape
    assert np.zeros(shape).shape == np.zeros(theirs).shape == (2, 8, 4)
    n, length, width = shape
    assert (operator.index(n), operator.index(length), operator.index(width)) == tuple(theirs)
    assert [1, 2, 3][:n] == [1, 2]
    model.reshape({0: [2, -1, 4]})
    with pytest.raises(TypeError, match="dynamic"):
        np.zeros(model.input(0).shape)
