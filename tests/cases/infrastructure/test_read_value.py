"""ReadValue-3 and -6 over several inferences, each row paired with an Assign of its variable
(see _stateful.py: the plugin compiles no lone ReadValue, and one inference says nothing of state).

Below the table, what its rows cannot say: a variable declared with a bounded dim and no
init_value starts as zeros of the lower bound (the spec's zeros of variable_shape; the plugin's
first read is empty along that dim, a shape the declaration does not allow), and one of unbounded
rank takes a value of any shape (the plugin refuses a ReadValue of dynamic rank)."""

import numpy as np
import pytest

import irexec
from cases.rows import T

from ._stateful import StateCase as Case
from ._stateful import StateError as Error
from ._stateful import StateTable, _Writer, ov

TABLE = StateTable(
    "ReadValue",
    ("opset3", "opset6"),
    cases=[
        # ReadValue-3: the variable is its init_value's type and shape.
        Case((T("f32", (2, 3)),), {"variable_id": "a"}, versions=("opset3",), name="f32"),
        Case((T("i32", (4,), const=True),), {"variable_id": "b"}, versions=("opset3",), name="i32 constant init"),
        Case((T("f32", ()),), {"variable_id": "c"}, versions=("opset3",), name="scalar"),
        Case((T("i32", (0, 3)),), {"variable_id": "d"}, versions=("opset3",), name="empty"),
        # ReadValue-6: declared by variable_type and variable_shape.
        Case(
            (T("f32", (2, 3)),),
            {"variable_id": "e", "variable_type": "f32", "variable_shape": "2,3"},
            versions=("opset6",),
            name="static",
        ),
        Case(
            (T("f32", (2, 3)),),
            {"variable_id": "f", "variable_type": "f32", "variable_shape": "?,3"},
            versions=("opset6",),
            name="dynamic dim",
        ),
        Case(
            (T("i32", (3,), const=True),),
            {"variable_id": "g", "variable_type": "i32", "variable_shape": "?"},
            versions=("opset6",),
            name="i32 constant init, dynamic",
        ),
        Case(
            (T("f16", (2, 2)),),
            {"variable_id": "h", "variable_type": "f16", "variable_shape": "2,2"},
            versions=("opset6",),
            name="f16",
        ),
        Case(
            (T("boolean", (3,)),),
            {"variable_id": "i", "variable_type": "boolean", "variable_shape": "3"},
            versions=("opset6",),
            name="boolean",
        ),
        # No init_value: zeros of the declared shape, a dynamic dim as 0 (the plugin's reading).
        Case(
            (),
            {"variable_id": "j", "variable_type": "f32", "variable_shape": "2,3"},
            versions=("opset6",),
            value_shape=(2, 3),
            name="no init",
        ),
        Case(
            (),
            {"variable_id": "k", "variable_type": "i32", "variable_shape": "?,3"},
            versions=("opset6",),
            value_shape=(2, 3),
            name="no init, dynamic dim",
        ),
        Case(
            (),
            {"variable_id": "l", "variable_type": "i32", "variable_shape": ""},
            versions=("opset6",),
            value_shape=(),
            name="no init, scalar",
        ),
        # The declaration against the init_value: the declared shape must hold the init_value's,
        # and is the output's, even where the init_value knows a dim the declaration leaves open.
        *[
            Case(
                (T("f32", (k, 3)),),
                {"variable_id": f"m{k}", "variable_type": "f32", "variable_shape": "1..10,3"},
                versions=("opset6",),
                declared="f32 [1..10,3]",
                name=f"bounded 1..10, init of {k}",
            )
            for k in (1, 4, 10)
        ],
        Case(
            (T("f32", (2, 3), const=True),),
            {"variable_id": "n", "variable_type": "f32", "variable_shape": "?,?"},
            versions=("opset6",),
            declared="f32 [?,?]",
            name="every dim dynamic, constant init",
        ),
        Case(
            (T("i32", (2, 3)),),
            {"variable_id": "o", "variable_type": "i32", "variable_shape": "2,3"},
            versions=("opset6",),
            declared="i32 [2,3]",
            name="static, the init's shape",
        ),
        Case(
            (T("f32", (2, 3)),),
            {"variable_id": "q", "variable_type": "f32", "variable_shape": "0..10,3"},
            versions=("opset6",),
            declared="f32 [0..10,3]",
            name="bounded 0..10, a value that grows within it",
        ),
        Case(
            (T("f32", (2, 3)),),
            {"variable_id": "s"},
            versions=("opset6",),
            declared="f32 [2,3]",
            name="no variable_type or variable_shape: the init's",
        ),
    ],
)
TABLE.errors = [
    *[
        Error(
            (T("f32", shape),),
            "variable_shape \\[1..10,3\\] does not extend its init_value's shape",
            {"variable_id": "v", "variable_type": "f32", "variable_shape": "1..10,3"},
            code="S005",
            versions=("opset6",),
            name=f"bounded 1..10, init of {shape}",
        )
        for shape in ((0, 3), (11, 3), (1, 4))
    ],
    Error(
        (T("f32", (2, 3)),),
        "variable_shape \\[1..10\\] does not extend its init_value's shape \\[2,3\\]",
        {"variable_id": "v", "variable_type": "f32", "variable_shape": "1..10"},
        code="S005",
        versions=("opset6",),
        name="init of another rank",
    ),
    *[
        Error(
            (T("f32", (-1, 3)),),
            f"variable_shape \\[{bounded},3\\] does not extend its init_value's shape \\[\\?,3\\]",
            {"variable_id": "v", "variable_type": "f32", "variable_shape": f"{bounded},3"},
            code="S005",
            versions=("opset6",),
            fed_shape=(2, 3),
            value_shape=(2, 3),
            modes=("param",),
            name=f"bounded {bounded}, an init of a dynamic dim",
        )
        for bounded in ("1..10", "0..10")
    ],
    Error(
        (T("f32", (2, 3)),),
        "variable_shape \\[2\\] does not extend its init_value's shape \\[2,3\\]",
        {"variable_id": "v", "variable_type": "f32", "variable_shape": "2"},
        code="S005",
        versions=("opset6",),
        name="a static declaration of another rank",
    ),
    Error(
        (T("f32", (2,)),),
        "variable_shape \\[3\\] does not extend its init_value's shape \\[2\\]",
        {"variable_id": "v", "variable_type": "f32", "variable_shape": "3"},
        code="S005",
        versions=("opset6",),
        name="init shape",
    ),
    Error(
        (T("f32", (2,)),),
        "variable_type is i32, but its init_value is f32",
        {"variable_id": "v", "variable_type": "i32", "variable_shape": "2"},
        code="S005",
        versions=("opset6",),
        name="init type",
    ),
    Error((T("f32", (2,)),), "variable_id must not be empty", {"variable_id": ""}, code="O003", name="empty id"),
    Error(
        (),
        "no value yet and no init_value, and its declared rank is dynamic",
        {"variable_id": "v", "variable_type": "f32", "variable_shape": "..."},
        versions=("opset6",),
        value_shape=(2,),
        at="run",
        modes=("param",),
        no_partner=True,
        name="no init, dynamic rank",
    ),
    Error(
        (),
        "no value yet and no init_value, and its declared type is dynamic",
        {"variable_id": "v", "variable_type": "dynamic", "variable_shape": "2"},
        versions=("opset6",),
        value_shape=(2,),
        at="run",
        modes=("param",),
        no_partner=True,
        name="no init, dynamic type",
    ),
]

test_cases, test_errors = TABLE.pytest()


def _model(tmp_path, variable_shape: str, init=None) -> str:
    """ReadValue-6 of f32 variable "v" (``init``: an init_value fed as input "init" of that
    shape) -> Result "read"; Assign of input "next" (of unknown shape). The path of the IR."""
    w = _Writer()
    ins = []
    if init is not None:
        ins = [(w.param("init", "f32", init), "f32", init)]
    attrs = {"variable_id": "v", "variable_type": "f32", "variable_shape": variable_shape}
    read_dims, next_dims = ((), (-1,)) if variable_shape == "..." else ((-1, 3), (-1, 3))
    read = w.op("rv", "ReadValue", "opset6", attrs, ins, [("f32", read_dims)])
    w.result("read", read, "f32", read_dims)
    nxt = w.param("next", "f32", next_dims)
    w.op("as", "Assign", "opset6", {"variable_id": "v"}, [(nxt, "f32", next_dims)], [("f32", next_dims)])
    path = str(tmp_path / "state.xml")
    w.write(path)
    return path


def test_no_init_bounded_starts_at_zeros_of_the_lower_bound(tmp_path):
    path = _model(tmp_path, "2..4,3")
    model = irexec.read_model(path)
    (variable,) = model.variables
    assert str(variable) == "v: f32 [2..4,3]"
    request = model.create_infer_request()
    assert request.query_state()[0].state.shape == (2, 3)
    first = request.infer({"next": np.full((4, 3), 1.5, np.float32)})["read"]
    assert first.dtype == np.float32 and first.shape == (2, 3) and not first.any()
    second = request.infer({"next": np.full((3, 3), 2.5, np.float32)})["read"]
    np.testing.assert_array_equal(second, np.full((4, 3), 1.5, np.float32))
    with pytest.raises(irexec.IRExecError, match=r"is \[5, 3\], but the variable is declared \[2..4,3\]"):
        request.infer({"next": np.zeros((5, 3), np.float32)})
    with pytest.raises(irexec.IRExecError, match=r"is \[1, 3\], but the variable is declared \[2..4,3\]"):
        request.infer({"next": np.zeros((1, 3), np.float32)})
    # (a failed inference keeps nothing: the value of the second stands)
    np.testing.assert_array_equal(request.infer({"next": np.ones((2, 3), np.float32)})["read"], np.full((3, 3), 2.5))
    request.reset_state()
    again = request.infer({"next": np.ones((2, 3), np.float32)})["read"]
    assert again.shape == (2, 3) and not again.any()


def test_plugin_starts_a_bounded_variable_empty(tmp_path):
    """The departure: the plugin's first read of a 2..4 dim without init_value is 0 long."""
    compiled = ov.Core().compile_model(_model(tmp_path, "2..4,3"), "CPU")
    first = compiled.create_infer_request().infer({compiled.inputs[0]: np.ones((2, 3), np.float32)})
    assert np.asarray(first[compiled.outputs[0]]).shape == (0, 3)


def test_unbounded_rank_with_init_takes_any_shape(tmp_path):
    path = _model(tmp_path, "...", init=(2, 3))
    model = irexec.read_model(path)
    assert str(model.variables[0]) == "v: f32 [...]"
    request = model.create_infer_request()
    init = np.arange(6, dtype=np.float32).reshape(2, 3)
    first = request.infer({"init": init, "next": np.ones(5, np.float32)})["read"]
    np.testing.assert_array_equal(first, init)
    second = request.infer({"init": init, "next": np.ones(2, np.float32)})["read"]
    np.testing.assert_array_equal(second, np.ones(5, np.float32))
    request.reset_state()
    np.testing.assert_array_equal(request.infer({"init": 2 * init, "next": np.ones(1, np.float32)})["read"], 2 * init)
