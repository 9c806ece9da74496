"""Mutation fuzzing in the suite (bounded: about half a minute). For any XML, .bin or .npy, irexec
returns a result or raises its own IRExecError, as one line, within a time bound; nothing else may
escape read_model, infer or the CLI. The mutators live in fuzzlib.py; fuzz/fuzz_ir.py runs them for
as long as you like.

Examples are derandomized, so CI is reproducible; a failure prints the seed model, the mutations
applied and the traceback.
"""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import irexec
from helpers import fuzzlib, sweep

SEEDS = fuzzlib.seeds()
CASE_SECONDS = 10.0
# Whatever a case does, it must not take more address space than this beyond what the suite has.
MEMORY_EXTRA = 3 << 30

FUZZ = settings(
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """One directory for every case, a small tensor budget (so a hostile shape is refused rather
    than allocated) and a cap on the address space (so a runaway allocation fails fast)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("IREXEC_MAX_TENSOR_BYTES", "64M")
        with fuzzlib.memory_limit(MEMORY_EXTRA):
            yield str(tmp_path_factory.mktemp("fuzz"))


def check(case: fuzzlib.Case, directory: str, cli: bool = False) -> fuzzlib.Outcome:
    out = fuzzlib.run_case(case, directory, seconds=CASE_SECONDS, cli=cli)
    assert not out.is_finding, (
        f"{out.kind} at {out.stage} after {out.seconds:.2f} s\n"
        f"{fuzzlib.describe(case)}\ninput seed {case.input_seed}\n\n{out.detail}"
    )
    assert out.seconds < CASE_SECONDS
    return out


# ---- the harness itself: a finding is recognised as one ---------------------------------------------


def test_every_seed_reads_and_runs(workdir):
    assert len(SEEDS) >= 10
    for name, xml, blob in SEEDS:
        out = fuzzlib.run_case(fuzzlib.Case(name, xml, blob), workdir, gentle=True, cli=True)
        assert out.kind == "ok", f"{name}: {out.detail}"


_SLOW_CASE = """
import sys, time
import irexec
from helpers import fuzzlib
name, xml, blob = fuzzlib.seeds()[0]
irexec.read_model = lambda *a, **k: time.sleep(5)
out = fuzzlib.run_case(fuzzlib.Case(name, xml, blob), sys.argv[1], seconds=0.2)
print(out.kind, out.seconds)
"""


def test_harness_reports_escapes_timeouts_and_wrapped_errors(workdir, monkeypatch):
    name, xml, blob = SEEDS[0]
    case = fuzzlib.Case(name, xml, blob)

    def escape(*a, **k):
        raise KeyError("boom")

    monkeypatch.setattr(irexec, "read_model", escape)
    out = fuzzlib.run_case(case, workdir)
    assert out.kind == "bug" and "KeyError: 'boom'" in out.detail

    # A case past its time: in a process of its own, as the fuzzer's workers run (the alarm that
    # ends it, raised in this long-lived test process, crashed the suite now and then).
    r = subprocess.run(
        [sys.executable, "-c", _SLOW_CASE, workdir],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),  # (tests/: its helpers)
    )
    kind, seconds = r.stdout.split()
    assert r.returncode == 0 and kind == "timeout" and float(seconds) < 2, r.stderr

    def wrapped(*a, **k):
        try:
            np.zeros(3)[5]
        except IndexError as e:
            raise irexec.ExecutionError(f"IndexError: {e}") from e

    monkeypatch.setattr(irexec, "read_model", wrapped)
    assert fuzzlib.run_case(case, workdir).kind == "wrapped"

    class TwoLines(irexec.ParseError):
        def __str__(self):  # IRExecError.__str__ escapes line breaks; a subclass might not
            return "first\nsecond"

    def two_lines(*a, **k):
        raise TwoLines("first")

    monkeypatch.setattr(irexec, "read_model", two_lines)
    assert fuzzlib.run_case(case, workdir).kind == "multiline"

    def oom(*a, **k):
        raise irexec.ExecutionError("out of memory")

    monkeypatch.setattr(irexec, "read_model", oom)
    assert fuzzlib.run_case(case, workdir).kind == "oom"


# ---- the fuzzing ----------------------------------------------------------------------------------------


@pytest.mark.sweep
@settings(FUZZ, max_examples=sweep.size(2500, 600))
@given(data=st.data())
def test_mutated_irs(workdir, data):
    """Structured mutations (attributes, dims, ports, edges, layer types and versions, a Const's
    data, the .bin's bytes and the Consts' values), sometimes followed by a byte-level one."""
    check(fuzzlib.make_case(fuzzlib.HypothesisChooser(data), SEEDS), workdir)


BODY_SEEDS = [s for s in SEEDS if s[0].startswith("body ")]


@settings(FUZZ, max_examples=200)
@given(data=st.data())
def test_mutated_bodies(workdir, data):
    """Models with bodies, their port maps, back edges and trip counts perturbed (and sometimes
    more): one line, exit 1 or 2, no traceback, no hang."""
    if not BODY_SEEDS:
        pytest.skip("no model with bodies to seed from (OpenVINO writes them)")
    ch = fuzzlib.HypothesisChooser(data)
    name, xml, blob = ch.choice(BODY_SEEDS)
    case = fuzzlib.Case(name, xml, blob)
    root = fuzzlib.etree.fromstring(xml)
    for _ in range(ch.int(1, 3)):
        case.steps.append(
            ch.choice([fuzzlib.m_body, fuzzlib.m_body, fuzzlib.m_body, fuzzlib.m_data_attr, fuzzlib.m_dim])(root, ch)
        )
    case.xml = b'<?xml version="1.0"?>\n' + fuzzlib.etree.tostring(root)
    case.input_seed = ch.int(0, 2**16)
    check(case, workdir, cli=ch.int(0, 3) == 0)


@settings(FUZZ, max_examples=600)
@given(data=st.data())
def test_damaged_xml_bytes(workdir, data):
    """Byte-level damage only: truncation, deleted, repeated or overwritten slices, XML tokens in
    odd places, every byte flipped."""
    ch = fuzzlib.HypothesisChooser(data)
    name, xml, blob = ch.choice(SEEDS)
    case = fuzzlib.Case(name, xml, blob)
    for _ in range(ch.int(1, 3)):
        case.xml, step = fuzzlib.mutate_bytes(case.xml, ch)
        case.steps.append(step)
    check(case, workdir)


@pytest.mark.sweep
@settings(FUZZ, max_examples=sweep.size(300, 100))
@given(data=st.data())
def test_mutated_irs_through_the_cli(workdir, data):
    """`irexec run MODEL --random`: exit 0, or exit 1/2 with one line and no internal error."""
    check(fuzzlib.make_case(fuzzlib.HypothesisChooser(data), SEEDS), workdir, cli=True)


@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_hostile_npy_inputs_through_the_cli(workdir, data):
    """An input file whose header (dtype, order, shape) or bytes are damaged: one line, exit 1."""
    check(fuzzlib.make_npy_case(fuzzlib.HypothesisChooser(data), SEEDS, workdir), workdir)


# ---- what the fuzzing found: one regression test each ----------------------------------------------------

from helpers.irtext import write  # noqa: E402
from irexec.api.model import Model  # noqa: E402
from irexec.ir.reader import read_graph  # noqa: E402
from irexec.ops.attrs import MAX_LIST  # noqa: E402


def _model(tmp_path, build):
    """The model as the executor gets it, without read_model's checks in front: most of these were
    found at run time and must stay errors there (inputs of dynamic shape reach it unchecked).
    Where the checks can see the problem without data, read_model must refuse it as well."""
    b = fuzzlib.Builder()
    build(b)
    xml, blob = b.build("found")
    path = write(tmp_path, xml.decode(), blob)
    try:
        irexec.read_model(path)
    except irexec.IRExecError as e:
        assert fuzzlib.wrapped_cause(e) is None and "\n" not in str(e) and e.layer_type is not None
    return Model(read_graph(path))


def test_softmax_of_an_empty_tensor(tmp_path):
    """Found: SoftMax over a 0-sized axis raised NumPy's 'zero-size array to reduction operation'."""
    m = _model(
        tmp_path, lambda b: b.result(b.op("SoftMax", "opset8", [b.param("x", (0, 3))], [0, 3], data={"axis": "0"}))
    )
    (out,) = m.infer({"x": np.zeros((0, 3), np.float32)}).values()
    assert out.shape == (0, 3) and out.dtype == np.float32


def _range_shapes(b, output_type):
    n = b.param("n", (), "i64")
    r = b.op("Range", "opset4", [b.const(0, "i64"), n, b.const(1, "i64")], [-1], "f32", {"output_type": "f32"})
    col = b.op("Reshape", "opset1", [r, b.const([-1, 1], "i64")], [-1, 1], data={"special_zero": "false"})
    wide = b.op("Add", "opset1", [col, b.param("x", (1, 3))], [-1, 3])
    shape = b.op("ShapeOf", "opset3", [wide], [2], output_type, {"output_type": output_type})
    b.result(b.op("Broadcast", "opset3", [b.const(1.0, "f32"), shape], [-1, 3], data={"mode": "numpy"}))


@pytest.mark.parametrize(
    "n, output_type, message",
    [
        (3_000_000_000, "i32", "ShapeOf): dimension 3000000000 does not fit in the output type i32"),
        (
            np.iinfo(np.int64).max,
            "i64",
            "Reshape): the output would have shape [9223372036854775808, 1]: too large for any array",
        ),
    ],
)
def test_shapes_too_large_for_an_array_or_a_type(tmp_path, n, output_type, message):
    """Found: a Range of 2^63-1 elements, reshaped and broadcast, raised OverflowError in ShapeOf and
    'iterator is too large' in Broadcast while the run was being sized."""
    m = _model(tmp_path, lambda b: _range_shapes(b, output_type))
    with pytest.raises(irexec.ExecutionError) as info:
        m.infer({"n": np.array(n), "x": np.zeros((1, 3), np.float32)})
    assert message in str(info.value)
    assert fuzzlib.wrapped_cause(info.value) is None


def test_broadcast_target_too_large_for_any_array(tmp_path):
    m = _model(
        tmp_path,
        lambda b: b.result(
            b.op(
                "Broadcast",
                "opset3",
                [b.const(1.0, "f32"), b.param("t", (2,), "i64")],
                [-1, -1],
                data={"mode": "numpy"},
            )
        ),
    )
    with pytest.raises(irexec.ExecutionError) as info:
        m.infer({"t": np.array([2**62, 3])})
    assert "the broadcast output would have shape [4611686018427387904, 3]: too large for any array" in str(info.value)
    assert fuzzlib.wrapped_cause(info.value) is None


def test_broadcast_to_a_negative_dim(tmp_path):
    m = _model(
        tmp_path,
        lambda b: b.result(
            b.op("Broadcast", "opset3", [b.param("x", (1,)), b.const([-1], "i64")], [1], data={"mode": "numpy"})
        ),
    )
    with pytest.raises(irexec.IRExecError, match=r"target_shape \[-1\] has a negative dim") as info:
        m.infer({"x": np.ones(1, np.float32)})
    assert fuzzlib.wrapped_cause(info.value) is None


def test_empty_constant_of_an_impossible_shape(tmp_path):
    """Found: NumPy refuses np.zeros((0, 2**62, 2**62)) ('array is too big') when the Const is read."""
    with pytest.raises(irexec.ValidationError, match="too large for any array") as info:
        _model(tmp_path, lambda b: b.layers.append(fuzzlib.const(0, (0, 2**62, 2**62), "f32", 0, 0)))
    assert info.value.layer_type == "Const"


def test_reshape_of_an_empty_tensor_to_an_impossible_shape(tmp_path):
    m = _model(
        tmp_path,
        lambda b: b.result(
            b.op(
                "Reshape",
                "opset1",
                [b.param("x", (0,)), b.const([0, 2**62], "i64")],
                [0, 2**62],
                data={"special_zero": "false"},
            )
        ),
    )
    with pytest.raises(irexec.IRExecError, match="too large for any array") as info:
        m.infer({"x": np.zeros(0, np.float32)})
    assert fuzzlib.wrapped_cause(info.value) is None


def test_range_whose_length_overflows_a_float(tmp_path):
    """Found: Range over f64 bounds whose length is infinite raised OverflowError (math.ceil(inf))."""
    m = _model(
        tmp_path,
        lambda b: b.result(
            b.op(
                "Range",
                "opset4",
                [b.const(-1.7e308, "f64"), b.const(1.7e308, "f64"), b.const(1e-300, "f64")],
                [-1],
                "f64",
                {"output_type": "f64"},
            )
        ),
    )
    with pytest.raises(irexec.IRExecError, match="has more elements than any array can hold") as info:
        m.infer({})
    assert info.value.layer_type == "Range" and fuzzlib.wrapped_cause(info.value) is None


def test_convert_of_an_empty_tensor_to_a_wider_type_too_large_for_any_array(tmp_path):
    """Found: an empty u8 constant of shape [0, 2^62] converted to f64 raised NumPy's 'array is too
    big' (NumPy counts the non-zero dims, times the new item size)."""

    def build(b):
        b.layers.append(fuzzlib.const(0, (0, 2**62), "u8", 0, 0))
        b.n = 1
        b.result(b.op("Convert", "opset1", [(0, 0, "u8", (0, 2**62))], [0, 2**62], "f64", {"destination_type": "f64"}))

    m = _model(tmp_path, build)
    with pytest.raises(irexec.IRExecError, match=r"shape \[0, 4611686018427387904\]: too large for any array") as info:
        m.infer({})
    assert info.value.layer_type == "Convert" and fuzzlib.wrapped_cause(info.value) is None


_GATHER_79_DIMS = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    import numpy as np, irexec
    from helpers import fuzzlib
    b = fuzzlib.Builder()
    x, i = b.param("x", (1,) * 40), b.param("i", (1,) * 40, "i64")
    b.result(b.op("Gather", "opset8", [x, i, b.const(0, "i64")], [1]))  # the port understates the rank
    xml, blob = b.build("g")
    from irexec.api.model import Model
    from irexec.ir.reader import read_graph
    m = Model(read_graph(fuzzlib.write_case(sys.argv[2], fuzzlib.Case("g", xml, blob))))
    try:
        m.infer({"x": np.ones((1,) * 40, np.float32), "i": np.zeros((1,) * 40, np.int64)})
    except irexec.IRExecError as e:
        print(e)
""")


def test_gather_of_more_than_64_dims_is_an_error_not_a_crash(tmp_path):
    """Found: np.take segfaults (NumPy 2.4) when its result would have more than 64 dims; Gather now
    refuses first. In a child process, since the failure mode is the death of the process."""
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            _GATHER_79_DIMS,
            os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-1000:]}"
    assert "the output would have 79 dims; irexec handles at most 64" in proc.stdout


@pytest.mark.parametrize("case", ["unsqueeze", "strided_slice", "gather_nd"])
def test_other_results_of_more_than_64_dims(tmp_path, case):
    def build(b):
        x = b.param("x", (1,) * 40)
        if case == "unsqueeze":
            b.result(b.op("Unsqueeze", "opset1", [x, b.const(list(range(30)), "i64")], [1]))
        elif case == "strided_slice":
            n = 30
            b.result(
                b.op(
                    "StridedSlice",
                    "opset1",
                    [x, b.const([0] * n, "i64"), b.const([1] * n, "i64")],
                    [1],
                    data={
                        "begin_mask": ",".join(["0"] * n),
                        "end_mask": ",".join(["0"] * n),
                        "new_axis_mask": ",".join(["1"] * n),
                    },
                )
            )
        else:
            b.result(b.op("GatherND", "opset8", [x, b.param("i", (1,) * 40 + (1,), "i64")], [1]))

    m = _model(tmp_path, build)
    feeds = {"x": np.ones((1,) * 40, np.float32)}
    if case == "gather_nd":
        feeds["i"] = np.zeros((1,) * 41, np.int64)
    with pytest.raises(irexec.IRExecError, match=r"would have \d+ dims; irexec handles at most 64") as info:
        m.infer(feeds)
    assert fuzzlib.wrapped_cause(info.value) is None


def test_list_attribute_too_long(tmp_path):
    mask = ",".join(["0"] * (MAX_LIST + 1))
    with pytest.raises(irexec.ValidationError, match=f"more than {MAX_LIST} entries"):
        _model(
            tmp_path,
            lambda b: b.result(
                b.op(
                    "StridedSlice",
                    "opset1",
                    [b.param("x", (2,)), b.const([0], "i64"), b.const([1], "i64")],
                    [1],
                    data={"begin_mask": mask, "end_mask": "0"},
                )
            ),
        )


def test_cycle_error_names_the_file(tmp_path):
    """Found: the cycle error had the line but not the file (graph.py raises it without one)."""
    xml = fuzzlib.add_model().replace(
        '<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>',
        '<edge from-layer="2" from-port="2" to-layer="2" to-port="0"/>',
    )
    path = write(tmp_path, xml)
    with pytest.raises(irexec.ValidationError, match="cycle") as info:
        irexec.read_model(path)
    assert str(info.value).startswith(f"{path}:6: layer 'l2'")


def test_weights_that_shrink_after_reading_are_an_error_not_sigbus(tmp_path):
    xml, blob = fuzzlib.scatter_model()
    path = write(tmp_path, xml, blob)
    m = irexec.read_model(path)
    with open(os.path.join(str(tmp_path), "model.bin"), "r+b") as f:
        f.truncate(4)
    with pytest.raises(
        irexec.IRExecError, match=r"changed since the model was read \(its size went from 24 to 4 bytes\)"
    ):
        m.infer({"data": np.zeros((4, 3), np.float32), "updates": np.ones((2, 3), np.float32)})


# ---- found in irexec/cli.py (fixed there: inputs are read header-first, checked before any data) ----------


def _cli(*args, limit_as=None):
    pre = f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({limit_as}, {limit_as})); " if limit_as else ""
    code = (
        pre + "import sys\nfrom irexec.cli import main\ntry:\n    main(sys.argv[1:])\nfinally:\n"
        "    print('VmHWM', next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')),"
        " file=sys.stderr)"
    )
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
    lines = proc.stderr.splitlines()
    peak_mb = int(lines[-1].split()[1]) >> 10 if lines and lines[-1].startswith("VmHWM") else None
    return proc.returncode, [ln for ln in lines if not ln.startswith("VmHWM")], peak_mb


def _npy_with_header(header: str, payload: bytes) -> bytes:
    h = header.encode("latin-1")
    h += b" " * (64 - (10 + len(h) + 1) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + len(h).to_bytes(2, "little") + h + payload


@pytest.mark.parametrize(
    "header",
    [
        "{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000000,), }",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (999999999999999999999999999999,), }",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (1,\xb1\x1c\x05",
    ],
)
def test_hostile_npy_header_is_one_line_not_an_internal_error(tmp_path, header):
    xml_path = write(tmp_path, fuzzlib.add_model())
    npy = tmp_path / "x.npy"
    npy.write_bytes(_npy_with_header(header, b"\0" * 24))
    code, lines, _ = _cli("run", xml_path, "-i", f"x={npy}", "--random")
    assert code == 1 and len(lines) == 1 and lines[0].startswith("error: ") and "internal error" not in lines[0]


def test_npz_bomb_is_refused_before_it_is_decompressed(tmp_path):
    import zipfile

    xml_path = write(tmp_path, fuzzlib.add_model())
    bomb = tmp_path / "bomb.npz"
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (125000000,), }"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as z:
        with z.open("x.npy", "w", force_zip64=True) as f:
            f.write(_npy_with_header(header, b""))
            chunk = bytes(1 << 24)
            for _ in range(500_000_000 // len(chunk) + 1):
                f.write(chunk[: min(len(chunk), 500_000_000)])
    assert bomb.stat().st_size < 2 << 20  # half a gigabyte of zeros in under 2 MB
    code, lines, peak_mb = _cli("run", xml_path, "-i", str(bomb), "--random")
    assert code == 1 and len(lines) == 1 and "internal error" not in lines[0]
    assert peak_mb is not None and peak_mb < 300, f"peak {peak_mb} MB for a {bomb.stat().st_size >> 10} KB input"
