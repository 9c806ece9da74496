"""Assign-3 and -6 over several inferences, each row paired with a ReadValue declaring its variable
(Assign-3's a ReadValue-3 of zeros, Assign-6's a ReadValue-6 without init_value; see _stateful.py)."""

from cases.rows import T

from ._stateful import StateCase as Case
from ._stateful import StateError as Error
from ._stateful import StateTable

TABLE = StateTable(
    "Assign",
    ("opset3", "opset6"),
    cases=[
        Case((T("f32", (2, 3)),), {"variable_id": "a"}, name="f32"),
        Case((T("i32", (4,)),), {"variable_id": "b"}, name="i32"),
        Case(
            (T("i32", (2, 2)),),
            {"variable_id": "c"},
            partner={"variable_shape": "2,2"},
            versions=("opset6",),
            name="static declaration",
        ),
        Case(
            (T("f32", (3,)),),
            {"variable_id": "d"},
            partner={"variable_shape": "?"},
            versions=("opset6",),
            name="dynamic declaration",
        ),
        Case((T("u8", (), low=0, high=50),), {"variable_id": "e"}, name="scalar"),  # (no u8 wrap: the plugin saturates)
        Case(
            (T("f32", (2, 3)),),
            {"variable_id": "f"},
            partner={"variable_shape": "0..10,3"},
            versions=("opset6",),
            declared="f32 [0..10,3]",
            name="bounded declaration, a value that grows within it",
        ),
        Case(
            (T("i32", (2, 3)),),
            {"variable_id": "g"},
            partner={"variable_shape": "?,3"},
            versions=("opset6",),
            declared="i32 [?,3]",
            name="dynamic declaration, a value that grows",
        ),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2,)),),
        "new_value is f32, but variable 'v_r0' is i32",
        {"variable_id": "v"},
        partner={"variable_type": "i32"},
        code="S005",
        versions=("opset6",),
        name="type",
    ),
    Error(
        (T("f32", (2,)),),
        "new_value is \\[2\\], but variable 'v_r0' is f32 \\[3\\]",
        {"variable_id": "v"},
        partner={"variable_shape": "3"},
        code="S005",
        versions=("opset6",),
        name="shape",
    ),
    Error(
        (T("f32", (-1,)),),
        "the value for variable 'v_r0' is \\[3\\], but the variable is declared \\[2\\]",
        {"variable_id": "v"},
        partner={"variable_shape": "2"},
        value_shape=(2,),
        fed_shape=(3,),
        at="run",
        modes=("param",),
        versions=("opset6",),
        name="shape at run time",
    ),
    Error((T("f32", (2,)),), "variable_id must not be empty", {"variable_id": ""}, code="O003", name="empty id"),
    *[
        Error(
            (T("f32", shape),),
            f"new_value is \\[{shape[0]},{shape[1]}\\], but variable 'v_r0' is f32 \\[1..10,3\\]",
            {"variable_id": "v"},
            partner={"variable_shape": "1..10,3"},
            code="S005",
            versions=("opset6",),
            name=f"bounded declaration, a value of {shape}",
        )
        for shape in ((0, 3), (11, 3), (2, 4))
    ],
    Error(
        (T("f32", (2, 3)),),
        "new_value is \\[2,3\\], but variable 'v_r0' is f32 \\[1..10\\]",
        {"variable_id": "v"},
        partner={"variable_shape": "1..10"},
        code="S005",
        versions=("opset6",),
        name="a value of another rank",
    ),
    *[
        Error(
            (T("f32", (-1, 3)),),
            f"the value for variable 'v_r0' is \\[{k}, 3\\], but the variable is declared \\[1..10,3\\]",
            {"variable_id": "v"},
            partner={"variable_shape": "1..10,3"},
            value_shape=(1, 3),
            fed_shape=(k, 3),
            at="run",
            modes=("param",),
            versions=("opset6",),
            name=f"bounded declaration, a value of {k} at run time",
        )
        for k in (0, 11)
    ],
]

test_cases, test_errors = TABLE.pytest()
