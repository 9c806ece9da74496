"""A port's precision in another letter case. OpenVINO writes "FP32", "I64", "BOOL" (and reads the
type names "f32", "i64", "boolean" too); irexec reads any letter case of either spelling as the
same element type, so a model's ports agree or disagree by type, never by spelling: lint finds
nothing where only the case differs, and an S002/S004 where the types do (its fix in OpenVINO's
spelling). An unknown or unsupported precision is O003, whatever its case."""

import numpy as np
import pytest

import irexec
from helpers.irtext import layer, net, write
from irexec.types import element_type, from_precision

SPELLINGS = {
    "f32": ["FP32", "fp32", "Fp32", "fP32", "f32", "F32"],
    "f16": ["FP16", "fp16", "f16", "F16"],
    "f64": ["FP64", "fp64", "f64"],
    "bf16": ["BF16", "bf16", "Bf16"],
    "i64": ["I64", "i64"],
    "i32": ["I32", "i32"],
    "i8": ["I8", "i8"],
    "u8": ["U8", "u8"],
    "boolean": ["BOOL", "bool", "Bool", "BOOLEAN", "boolean", "Boolean"],
    "u1": ["BIN", "bin", "Bin", "U1", "u1"],
    "nf4": ["NF4", "nf4", "Nf4"],
    "f8e4m3": ["F8E4M3", "f8e4m3", "F8e4m3"],
    "string": ["STRING", "string", "String"],
}


@pytest.mark.parametrize("name, spelling", [(n, s) for n, ss in SPELLINGS.items() for s in ss])
def test_every_case_of_a_precision_is_its_type(name, spelling):
    assert from_precision(spelling).name == name
    assert from_precision(spelling) is from_precision(SPELLINGS[name][0])


@pytest.mark.parametrize("spelling", ["F32", "fp32", "Fp32", "I64", "BOOL", "bool", "Boolean", "BF16", "FP16", "fp16"])
def test_an_element_type_attribute_in_any_case(spelling):
    assert element_type(spelling) is from_precision(spelling)


def tport(pid, precision, dims=(2, 3), names=None) -> str:
    n = f' names="{names}"' if names else ""
    return f'<port id="{pid}" precision="{precision}"{n}>' + "".join(f"<dim>{d}</dim>" for d in dims) + "</port>"


def two_input_model(et, op, out_prec, in_precs, param_et=None) -> str:
    """x, y (element type ``param_et`` or ``et``, each Parameter's port written ``in_precs[0]``)
    -> ``op`` (its input ports written ``in_precs[1]``, its output ``out_prec``) -> Result (its
    port written ``in_precs[2]``)."""
    p_out, op_in, r_in = in_precs
    return net(
        [
            layer(
                0,
                "Parameter",
                data={"shape": "2,3", "element_type": param_et or et},
                outputs=[tport(0, p_out, names="x")],
                name="x",
            ),
            layer(
                1,
                "Parameter",
                data={"shape": "2,3", "element_type": param_et or et},
                outputs=[tport(0, p_out, names="y")],
                name="y",
            ),
            layer(2, op, inputs=[tport(0, op_in), tport(1, op_in)], outputs=[tport(2, out_prec, names="z")], name="op"),
            layer(3, "Result", inputs=[tport(0, r_in)], name="out"),
        ],
        [(0, 0, 2, 0), (1, 0, 2, 1), (2, 2, 3, 0)],
    )


CASES = [
    ("f32", "Add", ["FP32", "fp32", "Fp32"], np.float32),
    ("f32", "Add", ["f32", "F32", "FP32"], np.float32),
    ("f16", "Add", ["fp16", "FP16", "f16"], np.float16),
    ("i64", "Add", ["i64", "I64", "i64"], np.int64),
    ("i32", "Multiply", ["I32", "i32", "I32"], np.int32),
    ("boolean", "LogicalAnd", ["BOOL", "boolean", "Bool"], np.bool_),
]


@pytest.mark.parametrize("et, op, precs, dtype", CASES, ids=[f"{c[0]}-{'-'.join(c[2])}" for c in CASES])
def test_ports_that_differ_only_in_case_agree(tmp_path, et, op, precs, dtype):
    """Each tensor's ports in other spellings (the producer's one way, the consumer's another):
    lint is clean, the model reads and runs in that type."""
    path = write(
        tmp_path, two_input_model(et, op, precs[1], precs, param_et=precs[2].lower() if et != "boolean" else None)
    )
    assert irexec.lint(path) == []
    m = irexec.read_model(path)
    assert [str(i.element_type) for i in m.inputs] == [et, et] and str(m.outputs[0].element_type) == et
    x = np.ones((2, 3), dtype)
    got = m.infer({"x": x, "y": x})["z"]
    assert got.dtype == dtype and got.shape == (2, 3)


def test_a_type_that_differs_is_found_whatever_the_case(tmp_path):
    """f32 ops, an output port written "fp16" and its consumer "Fp16": one S002, in OpenVINO's words."""
    path = write(tmp_path, two_input_model("f32", "Add", "fp16", ["FP32", "fp32", "Fp16"]))
    got = [(f.code, f.layer_name, f.message, f.fix) for f in irexec.lint(path)]
    assert got == [("S002", "op", "the port declares f16, but Add gives f32", "declare FP32")]


def test_an_input_port_of_another_type_is_found_whatever_the_case(tmp_path):
    path = write(tmp_path, two_input_model("f32", "Add", "FP32", ["fp32", "I64", "f32"]))
    got = sorted((f.code, f.message.split(" (")[0], f.fix) for f in irexec.lint(path))
    assert got == [("S004", "the port declares i64, but its input is f32", "declare FP32")] * 2


@pytest.mark.parametrize(
    "spelling, message",
    [
        ("I2", "element type 'i2' is not supported by irexec"),
        ("i2", "element type 'i2' is not supported by irexec"),
        ("FLOAT32", "unknown element type 'FLOAT32'"),
        ("Fp33", "unknown element type 'Fp33'"),
    ],
)
def test_an_unknown_precision_is_o003_in_any_case(tmp_path, spelling, message):
    path = write(tmp_path, two_input_model("f32", "Add", spelling, ["FP32", "FP32", "FP32"]))
    found = [(f.code, f.layer_name, f.message) for f in irexec.lint(path)]
    assert found == [("O003", "op", message)]
    with pytest.raises(irexec.IRExecError, match=message) as e:
        irexec.read_model(path)
    assert e.value.code == "O003"
