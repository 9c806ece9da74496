"""What a compiled model is fed, converted as OpenVINO's Python API converts it: each case runs on
the installed runtime and on irexec through every entry of the compatible surface (the compiled
model's call, infer_new_request, a request's infer and start_async, AsyncInferQueue), and both
must give the same array or both refuse. irexec's own Model.infer keeps its stricter rule."""

import warnings

import numpy as np
import pytest

import irexec
from irexec.api.async_queue import AsyncInferQueue
from irexec.api.conversion import as_input

ov = pytest.importorskip("openvino")
opset = pytest.importorskip("openvino.opset13")

F32, F16, F64 = ov.Type.f32, ov.Type.f16, ov.Type.f64
U8, I32, I64, BOOL = ov.Type.u8, ov.Type.i32, ov.Type.i64, ov.Type.boolean

# (case, the input's type, its shape, the value fed)
CASES = [
    ("u8 into f32", F32, [2], np.array([1, 255], np.uint8)),
    ("f64 into f32, past its range", F32, [2], np.array([1.1, 1e40])),
    ("f64 into u8: wraps", U8, [3], np.array([1.7, 300.2, -1.5])),
    ("i64 into i32: low bits", I32, [3], np.array([1, 2**31 + 5, -(2**40)], np.int64)),
    ("i32 into i64", I64, [2], np.array([1, -2], np.int32)),
    ("u64 into i64", I64, [2], np.array([2**63 + 1, 1], np.uint64)),
    ("NaN into i32", I32, [2], np.array([np.nan, 3e9], np.float32)),
    ("bool into f32", F32, [2], np.array([True, False])),
    ("f32 into bool", BOOL, [3], np.array([0.0, 0.5, -2.0], np.float32)),
    ("i32 into bool", BOOL, [3], np.array([0, 1, 2], np.int32)),
    ("f32 into f16, past its range", F16, [2], np.array([1.5, 70000], np.float32)),
    ("text into f32", F32, [2], np.array(["1", "2.5"])),
    ("complex into f32", F32, [2], np.array([1 + 2j, 3], np.complex64)),
    ("empty i64 into f32", F32, [0], np.ones(0, np.int64)),
    ("non-contiguous", F32, [2, 2], np.arange(16, dtype=np.float32).reshape(4, 4)[::2, ::2]),
    ("non-contiguous f64", F32, [2, 2], np.arange(16, dtype=np.float64).reshape(4, 4)[::2, ::2]),
    ("Fortran order", F32, [2, 3], np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3))),
    ("f64 into a dynamic dim", F32, [-1], np.array([1.5, 2, 3])),
    ("list of ints into i64", I64, [2], [1, 2]),
    ("list of ints into f32", F32, [2], [1, 2]),
    ("list of floats into f64", F64, [2], [1.5, 2.5]),
    ("list of floats into i32", I32, [2], [1.7, -2.7]),
    ("nested list into f32", F32, [2, 2], [[1, 2], [3, 4]]),
    ("list of bools", BOOL, [2], [True, False]),
    ("Python int into f32 []", F32, [], 3),
    ("Python float into i32 []", I32, [], 2.7),
    ("Python int past i32 into []", I32, [], 2**40),
    ("Python bool into f32 []", F32, [], True),
    ("NumPy scalar into i64 []", I64, [], np.float32(2.7)),
    ("text scalar into f32 []", F32, [], "3"),
    ("0-d array into [1,1]", F32, [1, 1], np.array(3.0)),
    ("0-d array into [2]", F32, [2], np.array(3.0)),
    ("Python int into [2]", F32, [2], 3),
    ("Python int into [?]", F32, [-1], 3),
    ("[1] into []", F32, [], np.array([3.0], np.float32)),
    ("wrong rank", F32, [2, 2], np.ones(4, np.float32)),
    ("wrong shape", F32, [2, 2], np.ones((2, 3), np.float32)),
    ("past a bound", F32, [ov.Dimension(1, 3)], np.ones(5)),
    ("within a bound", F32, [ov.Dimension(1, 3)], np.ones(2)),
    ("a Tensor of i32 into f32", F32, [2], "tensor:int32"),
    ("a Tensor of f64 into f32", F32, [2], "tensor:float64"),
    ("a Tensor of another shape", F32, [2, 2], "tensor-shape"),
    ("a Tensor of the input's type", F32, [2], "tensor:float32"),
]


def _value(lib, value, shape):
    """The case's value, with Tensors made by the library that runs it."""
    if isinstance(value, str) and value.startswith("tensor:"):
        return lib.Tensor(np.array([1.5, 2.0], value.split(":")[1]))
    if isinstance(value, str) and value == "tensor-shape":
        return lib.Tensor(np.ones((2, 3), np.float32))
    return value


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """case -> the path of a model passing its one input, of the case's type and shape, through."""
    where = tmp_path_factory.mktemp("conversion")
    paths = {}
    for i, (name, etype, shape, _) in enumerate(CASES):
        x = opset.parameter(shape, etype, name="x")
        path = where / f"case{i}.xml"
        ov.save_model(ov.Model([x], [x], "passthrough"), str(path))
        paths[name] = str(path)
    return paths


def _ways(queue_class, compiled, value):
    """The entries of the compatible surface, each giving the first output of one inference."""

    def call():
        return compiled(value)[0]

    def new_request():
        return compiled.infer_new_request({0: value})[0]

    def request():
        return compiled.create_infer_request().infer({"x": value})[0]

    def shared():
        return compiled.create_infer_request().infer({0: value}, share_inputs=True)[0]

    def started():
        r = compiled.create_infer_request()
        r.start_async({0: value})
        r.wait()
        return r.get_output_tensor(0).data.copy()

    def queued():
        q = queue_class(compiled, 1)
        q.start_async({0: value})
        q.wait_all()
        return q[0].get_output_tensor(0).data.copy()

    return {"call": call, "new_request": new_request, "request": request, "shared": shared}, {
        "start_async": started,
        "queue": queued,
    }


def _outcome(fn):
    """The array an inference gives, or the exception it raised (NumPy's cast warnings, which
    OpenVINO's conversion lets through, kept out of the output)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = fn()
    except Exception as e:  # noqa: BLE001 (either library's error: compared by the caller)
        return e
    return np.asarray(out)


# Where OpenVINO's start_async is broken (it crashes, SIGSEGV, on an input of bounded dims), irexec's
# every path is held to OpenVINO's request.infer.
HELD_TO_INFER = {"within a bound", "past a bound"}


@pytest.mark.parametrize("case", [c[0] for c in CASES])
def test_a_value_converts_as_openvino_converts_it(case, models):
    _, etype, shape, value = next(c for c in CASES if c[0] == case)
    theirs_model = ov.Core().compile_model(models[case], "CPU")
    ours_model = irexec.Core().compile_model(models[case], "CPU")
    sync_theirs, async_theirs = _ways(ov.AsyncInferQueue, theirs_model, _value(ov, value, shape))
    sync_ours, async_ours = _ways(AsyncInferQueue, ours_model, _value(irexec, value, shape))
    theirs_ways = {**sync_theirs, **async_theirs}
    want = _outcome(sync_theirs["request"])
    for way, run in {**sync_ours, **async_ours}.items():
        theirs = want if case in HELD_TO_INFER else _outcome(theirs_ways[way])
        ours = _outcome(run)
        if isinstance(theirs, Exception):
            assert isinstance(ours, irexec.InputError), (case, way, theirs, ours)
            continue
        assert not isinstance(ours, Exception), (case, way, ours)
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape, (case, way, ours, theirs)
        np.testing.assert_array_equal(ours, theirs, err_msg=f"{case} ({way})")


def test_a_scalar_fills_a_one_element_input(models):
    """As a 0-d array fills a [1,1] input on OpenVINO (a Python scalar into [1] reads uninitialised
    memory there, a bug of the runtime's), a Python number fills one on irexec."""
    compiled = irexec.compile_model(models["0-d array into [1,1]"])
    for value in (3, 3.0, np.float64(3.0), np.array(3)):
        for out in (compiled(value)[0], compiled.create_infer_request().infer({0: value})[0]):
            assert out.shape == (1, 1) and out.dtype == np.float32 and out[0, 0] == 3.0


def test_irexecs_own_infer_keeps_its_stricter_rule(models):
    """The compatible surface casts u8 into f32 and wraps f64 into u8; Model.infer refuses both."""
    wide = irexec.read_model(models["u8 into f32"])
    with pytest.raises(irexec.InputError, match="expects f32, got u8"):
        wide.infer({0: np.array([1, 255], np.uint8)})
    with pytest.raises(irexec.InputError, match="expects u8"):
        irexec.read_model(models["f64 into u8: wraps"]).infer({0: np.array([1.7, 300.2, -1.5])})
    own = wide.create_infer_request()  # (a Model's own request: irexec's rule too)
    with pytest.raises(irexec.InputError, match="expects f32, got u8"):
        own.infer({0: np.array([1, 255], np.uint8)})
    np.testing.assert_array_equal(
        irexec.compile_model(models["u8 into f32"])(np.array([1, 255], np.uint8))[0], [1.0, 255.0]
    )


def test_a_one_input_models_list_is_its_value_unless_it_holds_arrays(tmp_path):
    """``compiled([1.5, 2.5])`` is the one input's value; ``compiled([array])`` lists the inputs."""
    x = opset.parameter([2], F64, name="x")
    path = tmp_path / "f64.xml"
    ov.save_model(ov.Model([x], [x], "f64"), str(path))
    theirs, ours = ov.compile_model(str(path)), irexec.compile_model(str(path))
    for value in ([1.5, 2.5], [np.ones(2, np.float32)], (np.ones(2),)):
        np.testing.assert_array_equal(ours(value)[0], theirs(value)[0])
        np.testing.assert_array_equal(
            ours.create_infer_request().infer(value)[0], theirs.create_infer_request().infer(value)[0]
        )
    with pytest.raises(RuntimeError):
        theirs([[1.5, 2.5]])
    with pytest.raises(irexec.InputError, match=r"expects shape \[2\], got \[1, 2\]"):
        ours([[1.5, 2.5]])
    with pytest.raises(TypeError):
        theirs.create_infer_request().infer({0: (1.5, 2.5)})
    with pytest.raises(irexec.InputError, match="a tuple is no input value"):
        ours.create_infer_request().infer({0: (1.5, 2.5)})


def test_the_conversion_names_what_it_refuses():
    info = irexec.compile_model("models/kv_cache_update.xml").input("cache")
    with pytest.raises(irexec.InputError, match="'cache' is f32: a list makes a int64 array"):
        as_input(info, [[1, 2]])
    with pytest.raises(irexec.InputError, match="'cache' is f32: a Tensor of i32 is not converted"):
        as_input(info, irexec.Tensor(np.zeros((2, 8, 4), np.int32)))
    with pytest.raises(irexec.InputError, match="'cache' is f32: the value does not convert"):
        as_input(info, np.array([b"ab"]))
    with pytest.raises(irexec.InputError, match="the list is not one array"):
        as_input(info, [[1.0], [2.0, 3.0]])
    kept = np.zeros((2, 8, 4), np.float32)
    assert as_input(info, kept) is kept  # (the input's type already: not copied)
