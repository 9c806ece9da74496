"""Properties and versions as OpenVINO's CPU answers them: every property its SUPPORTED_PROPERTIES
lists answers on irexec with a value of the Python type OpenVINO's has (an enum's string form, an
element type irexec's Type), values are refused as OpenVINO refuses them, a compiled model
answers for its config, and versions have OpenVINO's fields."""

import enum

import numpy as np
import pytest

import irexec
from irexec.api import core as irexec_core
from irexec.api.properties import DEVICE, cores

ov = pytest.importorskip("openvino")
opset = pytest.importorskip("openvino.opset13")
hint = pytest.importorskip("openvino.properties.hint")

# OpenVINO lists it, but cannot give its value to Python (a TypeError): irexec does not list it.
UNREADABLE = {"COMPATIBILITY_CHECK"}


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    x = opset.parameter([2, 3], np.float32, name="x")
    p = tmp_path_factory.mktemp("properties") / "relu.xml"
    ov.save_model(ov.Model([opset.relu(x)], [x], "relu_net"), str(p))
    return str(p)


@pytest.fixture(scope="module")
def theirs():
    return ov.Core()


def loaded():
    """A new OpenVINO core with its CPU plugin loaded: a core checks what is set for a device only
    once it has loaded the device's plugin (irexec checks at once)."""
    core = ov.Core()
    core.get_property("CPU", "FULL_DEVICE_NAME")
    return core


def kind(value):
    """What an irexec value must be for OpenVINO's ``value``: its type, a str for one of
    OpenVINO's enums, irexec's element type for OpenVINO's Type."""
    if isinstance(value, ov.Type):
        return irexec.Type
    if hasattr(type(value), "__members__"):
        return str
    if isinstance(value, set) and value:
        return set
    return type(value)


def enum_text(value) -> str:
    """An enum's string form as set_property takes it (the log levels are spelled LOG_...)."""
    name = value.name
    return {"NO": "LOG_NONE", "ERR": "LOG_ERROR"}.get(name, f"LOG_{name}" if type(value).__name__ == "Level" else name)


def hello_query_device(lib) -> dict:
    """What OpenVINO's hello_query_device sample does: every device, every supported property."""
    core = lib.Core()
    shown = {}
    for device in core.available_devices:
        for key in core.get_property(device, "SUPPORTED_PROPERTIES"):
            if key in ("SUPPORTED_PROPERTIES",):
                continue
            try:
                value = core.get_property(device, key)
            except TypeError:
                value = "UNSUPPORTED TYPE"
            shown[(device, key)] = ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
    return shown


def test_every_supported_property_answers_with_openvinos_type(theirs):
    ours = irexec.Core()
    listed = theirs.get_property("CPU", "SUPPORTED_PROPERTIES")
    mine = ours.get_property("CPU", "SUPPORTED_PROPERTIES")
    assert isinstance(mine, dict) and mine == {k: v for k, v in listed.items() if k not in UNREADABLE}
    for key in mine:
        want = theirs.get_property("CPU", key)
        got = ours.get_property("CPU", key)
        assert isinstance(got, kind(want)), (key, got, want)
        if isinstance(want, (bool, int, float)) and key not in ("INFERENCE_NUM_THREADS", "ENABLE_CPU_PINNING"):
            assert got == want, key
    shown_theirs, shown_ours = hello_query_device(ov), hello_query_device(irexec)
    assert set(shown_ours) == set(shown_theirs) - {("CPU", k) for k in UNREADABLE}
    assert "irexec" in shown_ours[("CPU", "FULL_DEVICE_NAME")]
    assert shown_ours[("CPU", "RANGE_FOR_STREAMS")] == f"1, {cores()}"


def test_the_values_irexec_answers_are_ones_openvino_takes(theirs):
    """Each writable property's irexec value, set on OpenVINO, is taken and read back alike."""
    ours = irexec.Core()
    probe = loaded()
    for key, prop in DEVICE.items():
        if prop.mutability != "RW" or key == "CACHE_DIR":
            continue
        value = ours.get_property("CPU", key)
        given = value.name if isinstance(value, irexec.Type) else value
        given = "" if given == set() else given  # (OpenVINO takes "" for no policy, not an empty set)
        probe.set_property("CPU", {key: given})
        back = probe.get_property("CPU", key)
        if hasattr(type(back), "__members__"):
            assert enum_text(back) == value, key
        elif isinstance(back, ov.Type):
            assert back.get_type_name() == value.name, key
        elif isinstance(back, set):
            assert {m.name for m in back} == value, key
        else:
            assert back == value, key


@pytest.mark.parametrize(
    "key, value",
    [
        ("PERFORMANCE_HINT", "THROUGHPUT"),
        ("PERFORMANCE_HINT", hint.PerformanceMode.CUMULATIVE_THROUGHPUT),
        ("NUM_STREAMS", "3"),
        ("NUM_STREAMS", 0),
        ("INFERENCE_NUM_THREADS", "2"),
        ("PERF_COUNT", "YES"),
        ("PERF_COUNT", "false"),
        ("ENABLE_CPU_PINNING", True),
        ("INFERENCE_PRECISION_HINT", "f16"),
        ("INFERENCE_PRECISION_HINT", "FP32"),
        ("KV_CACHE_PRECISION", "u4"),
        ("LOG_LEVEL", "LOG_WARNING"),
        ("LOG_LEVEL", pytest.importorskip("openvino.properties.log").Level.ERR),
        ("EXECUTION_MODE_HINT", "ACCURACY"),
        ("SCHEDULING_CORE_TYPE", "PCORE_ONLY"),
        ("MODEL_DISTRIBUTION_POLICY", "TENSOR_PARALLEL"),
        ("CPU_SPARSE_WEIGHTS_DECOMPRESSION_RATE", "0.5"),
        ("DYNAMIC_QUANTIZATION_GROUP_SIZE", 64),
        ("TBB_PARTITIONER", "AUTO"),
    ],
)
def test_a_property_set_reads_back_as_openvinos(key, value):
    theirs, ours = loaded(), irexec.Core()
    theirs.set_property("CPU", {key: value})
    ours.set_property("CPU", {key: value})
    want, got = theirs.get_property("CPU", key), ours.get_property("CPU", key)
    if hasattr(type(want), "__members__"):
        want = enum_text(want)
    elif isinstance(want, ov.Type):
        want, got = want.get_type_name(), got.name
    elif isinstance(want, set):
        want = {m.name for m in want}
    assert got == want and type(got) is type(want)


@pytest.mark.parametrize(
    "properties",
    [
        {"NOT_A_PROPERTY": 1},
        {"FULL_DEVICE_NAME": "x"},
        {"PERFORMANCE_HINT": "FAST"},
        {"PERFORMANCE_HINT": "latency"},
        {"NUM_STREAMS": "x"},
        {"PERF_COUNT": 1},
        {"INFERENCE_PRECISION_HINT": "i8"},
        {"KV_CACHE_PRECISION": "i8"},
        {"DEVICE_ID": "1"},
        {"LOG_LEVEL": "NO"},
        {"CPU_SPARSE_WEIGHTS_DECOMPRESSION_RATE": 2.0},
    ],
)
def test_what_set_property_refuses(properties, path):
    with pytest.raises(RuntimeError):
        loaded().set_property("CPU", properties)
    with pytest.raises(irexec.UsageError, match=f"property.*{list(properties)[0]}"):
        irexec.Core().set_property("CPU", properties)
    with pytest.raises(irexec.UsageError, match=list(properties)[0]):
        irexec.Core().compile_model(path, "CPU", properties)


def test_unknown_and_misspelt_properties_are_refused_on_reading(theirs, path):
    with pytest.raises(RuntimeError):
        theirs.get_property("CPU", "NOT_A_PROPERTY")
    with pytest.raises(irexec.UsageError, match="unknown property 'NOT_A_PROPERTY'"):
        irexec.Core().get_property("CPU", "NOT_A_PROPERTY")
    with pytest.raises(TypeError):
        theirs.set_property("CPU", "LATENCY")
    with pytest.raises(irexec.UsageError, match="set_property takes a dict"):
        irexec.Core().set_property("CPU", "LATENCY")
    with pytest.raises(irexec.UsageError, match="unknown device"):
        irexec.Core().get_property("CPX", "FULL_DEVICE_NAME")


def test_properties_as_pairs_and_enum_members(path):
    """OpenVINO's property helpers give ``(name, value)``; enums come as OpenVINO's or as Python's."""

    class Mode(str, enum.Enum):
        THROUGHPUT = "THROUGHPUT"

    theirs, ours = ov.Core(), irexec.Core()
    theirs.set_property("CPU", ("PERFORMANCE_HINT", "THROUGHPUT"))
    ours.set_property("CPU", ("PERFORMANCE_HINT", "THROUGHPUT"))
    assert ours.get_property("CPU", "PERFORMANCE_HINT") == enum_text(theirs.get_property("CPU", "PERFORMANCE_HINT"))
    ours.set_property("CPU", [("PERFORMANCE_HINT", "LATENCY"), ("NUM_STREAMS", 1)])
    assert ours.get_property("CPU", "PERFORMANCE_HINT") == "LATENCY"
    ours.set_property({"PERFORMANCE_HINT": Mode.THROUGHPUT})  # (every device's)
    assert ours.get_property("GPU", "PERFORMANCE_HINT") == "THROUGHPUT"
    assert ours.get_property("CPU", "PERFORMANCE_HINT") == "LATENCY"  # (the device's own, set above)
    compiled = ours.compile_model(path, "CPU", ("PERFORMANCE_HINT", hint.PerformanceMode.THROUGHPUT))
    assert compiled.get_property("PERFORMANCE_HINT") == "THROUGHPUT"
    compiled = ours.compile_model(path, "CPU", {"ENABLE_PROFILING": True})  # (PERF_COUNT's helper's name)
    assert compiled.get_property("PERF_COUNT") == "YES"


def test_what_the_device_answers_unlisted(theirs):
    ours = irexec.Core()
    for key in ("OPTIMAL_NUMBER_OF_INFER_REQUESTS", "CACHING_PROPERTIES", "CACHE_DIR"):
        assert ours.get_property("CPU", key) == theirs.get_property("CPU", key), key
    ours.set_property("CPU", {"PERFORMANCE_HINT": "THROUGHPUT"})
    assert ours.get_property("CPU", "OPTIMAL_NUMBER_OF_INFER_REQUESTS") == cores()
    with pytest.raises(irexec.UsageError, match="read-only"):
        ours.set_property("CPU", {"OPTIMAL_NUMBER_OF_INFER_REQUESTS": 2})


def test_the_cores_own_properties(theirs, tmp_path):
    ours = irexec.Core()
    for key in ("CACHE_DIR", "ENABLE_MMAP", "FORCE_TBB_TERMINATE"):
        assert ours.get_property(key) == theirs.get_property(key), key
        assert type(ours.get_property(key)) is type(theirs.get_property(key))
    assert ours.get_property("CPU", "CACHE_DIR") == theirs.get_property("CPU", "CACHE_DIR") == ""
    fresh = ov.Core()
    for core in (fresh, ours):
        core.set_property({"CACHE_DIR": str(tmp_path)})
    assert ours.get_property("CPU", "CACHE_DIR") == fresh.get_property("CPU", "CACHE_DIR") == str(tmp_path)
    assert ours.get_property("AVAILABLE_DEVICES") == ours.get_available_devices() == ["CPU"]
    assert ours.get_property("CPU", "AVAILABLE_DEVICES") == theirs.get_property("CPU", "AVAILABLE_DEVICES")


def test_a_compiled_model_answers_for_its_config(theirs, path):
    ours = irexec.Core()
    for config in ({}, {"PERF_COUNT": True, "PERFORMANCE_HINT": "LATENCY"}, {"NUM_STREAMS": 1}):
        want, got = theirs.compile_model(path, "CPU", config), ours.compile_model(path, "CPU", config)
        listed = want.get_property("SUPPORTED_PROPERTIES")
        assert got.get_property("SUPPORTED_PROPERTIES") == listed
        for key in listed:
            assert isinstance(got.get_property(key), kind(want.get_property(key))), key
        for key in ("NETWORK_NAME", "OPTIMAL_NUMBER_OF_INFER_REQUESTS", "NUM_STREAMS", "PERF_COUNT"):
            assert got.get_property(key) == want.get_property(key), (config, key)
        for key in ("PERFORMANCE_HINT", "PERFORMANCE_HINT_NUM_REQUESTS", "EXECUTION_DEVICES"):
            assert got.get_property(key) == want.get_property(key), (config, key)
    assert got.get_property("NETWORK_NAME") == "relu_net"
    for compiled, error in ((want, RuntimeError), (got, irexec.UsageError)):
        with pytest.raises(error):
            compiled.get_property("CACHE_DIR")
        with pytest.raises(error):
            compiled.set_property({"PERFORMANCE_HINT": "THROUGHPUT"})
    one = {"PERFORMANCE_HINT": "THROUGHPUT", "PERFORMANCE_HINT_NUM_REQUESTS": 1}
    assert ours.compile_model(path, "AUTO", one).get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS") == 1
    assert theirs.compile_model(path, "CPU", one).get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS") == 1
    throughput = ours.compile_model(path, "GPU", {"PERFORMANCE_HINT": "THROUGHPUT"})
    assert throughput.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS") == throughput.get_property("NUM_STREAMS")
    assert throughput.get_property("NUM_STREAMS") == cores()
    assert throughput.get_property("EXECUTION_DEVICES") == ["GPU"]
    assert ours.compile_model(path, "AUTO").get_property("EXECUTION_DEVICES") == ["CPU"]


def test_versions_have_openvinos_fields(theirs):
    ours = irexec.Core()
    for device in ("CPU", "AUTO:CPU", "HETERO:CPU", "MULTI:CPU", "BATCH:CPU"):
        want, got = theirs.get_versions(device), ours.get_versions(device)
        assert sorted(got) == sorted(want), device
    version = ours.get_versions("CPU")["CPU"]
    their_version = theirs.get_versions("CPU")["CPU"]
    for field in ("description", "build_number", "major", "minor", "patch"):
        assert type(getattr(version, field)) is type(getattr(their_version, field)), field
    assert (
        version.build_number == irexec_core.get_version() == f"{irexec_core.API_VERSION}-0-irexec-{irexec.__version__}"
    )
    assert [version.major, version.minor, version.patch] == [int(p) for p in irexec_core.API_VERSION.split(".")]
    # (a program's check of the OpenVINO it needs compares the leading version: OpenVINO's own form)
    assert version.build_number.split("-")[0] == f"{their_version.major}.{their_version.minor}.0"
    assert "irexec" in version.description and str(version).startswith("<Version: ")
    assert isinstance(ov.get_version(), str)
    with pytest.raises(irexec.UsageError, match="unknown device"):
        ours.get_versions("CPX")


def test_openvinos_property_helpers_pairs_are_taken():
    """``props.hint.performance_mode(PerformanceMode.THROUGHPUT)`` and the like give ``(key, OVAny)``:
    irexec reads the value by its text, as a device does."""
    props = pytest.importorskip("openvino.properties")
    streams = pytest.importorskip("openvino.properties.streams")
    log = pytest.importorskip("openvino.properties.log")
    pairs = [
        hint.performance_mode(hint.PerformanceMode.THROUGHPUT),
        props.enable_profiling(True),
        hint.inference_precision(ov.Type.f16),
        streams.num(3),
        log.level(log.Level.DEBUG),
        hint.model_distribution_policy({hint.ModelDistributionPolicy.TENSOR_PARALLEL}),
        hint.num_requests(4),
    ]
    theirs, ours = loaded(), irexec.Core()
    for key, value in pairs:
        theirs.set_property("CPU", (key, value))
        ours.set_property("CPU", (key, value))
        want, got = theirs.get_property("CPU", key), ours.get_property("CPU", key)
        if hasattr(type(want), "__members__"):
            want = enum_text(want)
        elif isinstance(want, ov.Type):
            want, got = want.get_type_name(), got.name
        elif isinstance(want, set):
            want = {m.name for m in want}
        assert got == want, key
    assert ours.get_property("CPU", props.supported_properties())["PERF_COUNT"] == "RW"
