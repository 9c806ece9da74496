"""ShapeOf-1 and ShapeOf-3: cases against the CPU plugin.

The output is the input's shape, so the inputs' values do not matter: what a case varies is the
rank (0 included), empty dims, the element type read, and ShapeOf-3's ``output_type``.

ShapeOf-3 with ``output_type`` left out is i64 by the spec (and irexec), but OpenVINO refuses to
read such a layer ("Output type must be i32 or i64"): no table case can leave it out, so
``test_shapeof3_output_type_left_out`` checks irexec alone and pins OpenVINO's refusal."""

import numpy as np
import pytest

from cases.rows import Case, Error, T, Table

V1, V3 = ("opset1",), ("opset3",)
I32, I64 = {"output_type": "i32"}, {"output_type": "i64"}

TABLE = Table(
    "ShapeOf",
    ("opset1", "opset3"),
    cases=[
        Case((T("f32", (2, 3, 4)),), versions=V1),
        Case((T("f32", (2, 3, 4)),), attrs=I64, versions=V3),
        Case((T("f32", (2, 3, 4)),), attrs=I32, versions=V3),
        Case((T("f32", ()),), versions=V1, name="scalar"),
        Case((T("f32", ()),), attrs=I32, versions=V3, name="scalar"),
        Case((T("f32", (2, 0, 5)),), versions=V1, name="empty"),
        Case((T("f32", (2, 0, 5)),), attrs=I64, versions=V3, name="empty"),
        Case((T("f32", (0, 1, 6)),), attrs=I32, versions=V3, name="empty to i32"),
        Case((T("f32", (0,)),), versions=V1, name="1-D empty"),
        Case((T("i32", (1, 2, 3, 4, 5)),), versions=V1, name="rank 5"),
        Case((T("i32", (1, 2, 3, 4, 5)),), attrs=I32, versions=V3, name="rank 5"),
        Case((T("boolean", (3,)),), versions=V1),
        Case((T("boolean", (3,)),), attrs=I64, versions=V3),
        Case((T("f16", (4, 1)),), versions=V1),
        Case((T("bf16", (4, 1)),), attrs=I32, versions=V3),
        Case((T("i64", (2, 2)),), versions=V1),
        Case((T("u8", (3, 1), const=True),), versions=V1, name="constant input"),
        Case((T("i8", (5, 2), const=True),), attrs=I32, versions=V3, name="constant input"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3)),),
        attrs={"output_type": "f32"},
        match="output_type must be i32 or i64",
        code="O003",
        versions=V3,
        name="f32 output_type",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)),),
        attrs={"output_type": "u8"},
        match="output_type must be i32 or i64",
        code="O003",
        versions=V3,
        name="u8 output_type",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)),),
        attrs={"output_type": "int"},
        match="output_type",
        code="O003",
        versions=V3,
        name="unknown output_type",
        at="lint",
    ),
    # An empty tensor may have a dim past i32's range; ShapeOf-3 to i32 refuses to wrap it.
    Error(
        (T("f32", (0, 2**31)),),
        attrs=I32,
        match="dimension 2147483648 does not fit in the output type i32",
        code="S005",
        versions=V3,
        name="dim past i32",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()


def test_shapeof3_output_type_left_out(tmp_path):
    import irexec
    from cases.irwriter import Row, write_ir

    ov = pytest.importorskip("openvino")
    path = str(tmp_path / "default.xml")
    write_ir([Row("ShapeOf", "opset3", {}, [("f32", (2, 3, 4), None)], outputs=[("i64", (3,))])], path)
    out = list(irexec.read_model(path).infer([np.zeros((2, 3, 4), np.float32)]).values())
    assert out[0].dtype == np.int64 and out[0].tolist() == [2, 3, 4]
    with pytest.raises(RuntimeError, match="Output type must be i32 or i64"):
        ov.Core().read_model(path)
