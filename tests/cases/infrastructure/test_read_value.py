"""ReadValue-3 and -6 over several inferences, each row paired with an Assign of its variable
(see _stateful.py: the plugin compiles no lone ReadValue, and one inference says nothing of state)."""

from cases.rows import T

from ._stateful import StateCase as Case
from ._stateful import StateError as Error
from ._stateful import StateTable

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
    ],
)
TABLE.errors = [
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
