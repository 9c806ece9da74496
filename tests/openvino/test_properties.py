"""irexec.openvino.properties against OpenVINO's: every helper OpenVINO's property modules hold
(found by walking them) exists with the same key, takes the same kinds of value (the same
values, OVAny texts and TypeErrors), and the enums print and number as OpenVINO's."""

import importlib
import re
import types

import numpy as np
import openvino as ov
import openvino._pyopenvino.properties as native
import pytest

import irexec.openvino as iov
import irexec.openvino.properties as iprops
from irexec.openvino.properties._property import PropertyTypeError


def _walk(module, path=""):
    """(dotted path below properties, OpenVINO's native module) for each properties module."""
    yield path, module
    for name in sorted(dir(module)):
        sub = getattr(module, name)
        if not name.startswith("_") and isinstance(sub, types.ModuleType):
            yield from _walk(sub, f"{path}.{name}" if path else name)


MODULES = dict(_walk(native))


def _helpers(module) -> dict:
    return {n: f for n in dir(module) if isinstance(f := getattr(module, n), types.BuiltinFunctionType)}


def _ours(path: str):
    return importlib.import_module("irexec.openvino.properties" + (f".{path}" if path else ""))


def _theirs(path: str):
    return importlib.import_module("openvino.properties" + (f".{path}" if path else ""))


def _keyed(helpers: dict) -> dict:
    """name -> key of each helper that gives its key when called with nothing (OpenVINO's
    cache_encryption_callbacks does not: its public module cannot even show it)."""
    keys = {}
    for name, helper in helpers.items():
        try:
            keys[name] = helper()
        except TypeError:
            pass
    return keys


def _writable(helper) -> bool:
    return "2. " in (helper.__doc__ or "") or "(arg0:" in (helper.__doc__ or "")


def test_the_walk_finds_openvinos_property_modules():
    assert {"", "device", "hint", "streams", "log", "intel_cpu", "intel_auto", "intel_gpu", "intel_gpu.hint"} <= set(
        MODULES
    )


@pytest.mark.parametrize("path", sorted(MODULES))
def test_every_helper_exists_with_openvinos_key_and_no_other(path):
    ours = _ours(path)
    keys = _keyed(_helpers(MODULES[path]))
    assert keys, path
    for name, key in keys.items():
        helper = getattr(ours, name)
        assert helper == key and helper() == key and type(helper()) is str, name
        assert getattr(_theirs(path), name) == key  # (the public module shows the same key)
        assert {helper: 1}[key] == 1  # (usable as the key of a configuration)
    defined = {n for n, v in vars(ours).items() if isinstance(v, iprops._property.Property)}
    assert defined == set(keys)


@pytest.mark.parametrize("path", sorted(MODULES))
def test_a_read_only_helper_refuses_a_value_as_openvinos_does(path):
    ours = _ours(path)
    for name, helper in _helpers(MODULES[path]).items():
        if name not in _keyed({name: helper}) or _writable(helper):
            continue
        with pytest.raises(TypeError):
            helper("x")
        with pytest.raises(TypeError, match=f"{name}.*read-only"):
            getattr(ours, name)("x")


def _public_classes(module) -> set:
    return {n for n in dir(module) if not n.startswith("_") and isinstance(getattr(module, n), type)}


@pytest.mark.parametrize("path", sorted(MODULES))
def test_the_same_classes(path):
    ours = _ours(path)
    mine = {n for n, v in vars(ours).items() if isinstance(v, type) and v.__module__ == ours.__name__}
    assert mine == _public_classes(_theirs(path))


def _enums():
    for path in MODULES:
        public = _theirs(path)
        for name in _public_classes(public):
            if hasattr(getattr(public, name), "__members__"):
                yield path, name


ENUMS = sorted(_enums())


def test_the_walk_finds_the_enums():
    assert ("hint", "PerformanceMode") in ENUMS and ("log", "Level") in ENUMS and ("", "CacheMode") in ENUMS


@pytest.mark.parametrize("path,name", ENUMS)
def test_enums_print_and_number_as_openvinos(path, name):
    theirs, ours = getattr(_theirs(path), name), getattr(_ours(path), name)
    assert list(ours.__members__) == list(theirs.__members__)
    for key, member in theirs.__members__.items():
        mine = ours.__members__[key]
        assert (str(mine), repr(mine), int(mine), mine.name, mine.value) == (
            str(member),
            repr(member),
            int(member),
            member.name,
            member.value,
        )
        assert hash(mine) == hash(member)
        assert mine == getattr(ours, key) and mine != int(member)  # (an enum is no int, as OpenVINO's)
        assert ours(int(member)) == mine


def test_enum_order_is_by_number_and_only_within_one_enum():
    hints = iprops.hint
    assert hints.PerformanceMode.LATENCY < hints.PerformanceMode.THROUGHPUT
    assert not hints.PerformanceMode.THROUGHPUT < hints.PerformanceMode.LATENCY
    assert ov.properties.hint.PerformanceMode.LATENCY < ov.properties.hint.PerformanceMode.THROUGHPUT
    with pytest.raises(TypeError):
        _ = hints.PerformanceMode.LATENCY < 3
    with pytest.raises(TypeError):
        _ = ov.properties.hint.PerformanceMode.LATENCY < 3
    with pytest.raises(TypeError):
        _ = hints.PerformanceMode.LATENCY < hints.Priority.HIGH


def _enum_arguments():
    """(path, helper name, enum's module path, enum name) for each helper taking one enum."""
    for path, module in MODULES.items():
        for name, helper in _helpers(module).items():
            found = re.search(r"arg0: openvino\._pyopenvino\.properties\.?([\w.]*)\.(\w+)\)", helper.__doc__ or "")
            if found and found.group(2)[0].isupper() and found.group(2) != "Num":
                yield path, name, found.group(1), found.group(2)


ENUM_ARGUMENTS = sorted(_enum_arguments())


def test_the_walk_finds_the_helpers_taking_enums():
    assert ("hint", "performance_mode", "hint", "PerformanceMode") in ENUM_ARGUMENTS
    assert ("log", "level", "log", "Level") in ENUM_ARGUMENTS
    assert ("", "cache_mode", "", "CacheMode") in ENUM_ARGUMENTS


@pytest.mark.parametrize("path,name,enum_path,enum", ENUM_ARGUMENTS)
def test_an_enum_value_gives_openvinos_pair_and_text(path, name, enum_path, enum):
    theirs, ours = getattr(_theirs(path), name), getattr(_ours(path), name)
    their_enum, our_enum = getattr(_theirs(enum_path), enum), getattr(_ours(enum_path), enum)
    for key, member in their_enum.__members__.items():
        (k1, v1), (k2, v2) = theirs(member), ours(our_enum.__members__[key])
        assert k2 == k1 and type(k2) is str
        assert repr(v2.value) == repr(v1.value) and v2.astype(str) == v1.astype(str)
        assert v2 == our_enum.__members__[key]  # (OpenVINO's OVAny of a CacheMode is equal to no member)
        assert repr(v2) == repr(v1) == "<OVAny class>"
    other = iprops.log.Level.ERR if enum != "Level" else iprops.CacheMode.OPTIMIZE_SIZE  # (another enum's)
    with pytest.raises(TypeError):
        ours(other)
    for wrong in ("THROUGHPUT", 1, None):
        with pytest.raises(TypeError):
            theirs(wrong)
        with pytest.raises(TypeError):
            ours(wrong)


# Values of every plain kind, including the edges of the C types OpenVINO's bindings convert to.
SAMPLES = [True, False, 0, 1, -1, 3, 2**31 - 1, 2**31, 2**32, 2**63, 2.5, 1e-5, "x", b"ab", None, [1]]
SAMPLES += [np.float32(2.0), np.float64(2.0), np.int8(1), np.bool_(True), np.array(3), np.array([3, 4])]
PLAIN = {"bool", "str", "typing.SupportsInt | typing.SupportsIndex", "typing.SupportsFloat | typing.SupportsIndex"}


def _plain_helpers():
    for path, module in MODULES.items():
        for name, helper in _helpers(module).items():
            takes = re.findall(r"\(arg0: ([^)]*)\)", helper.__doc__ or "")
            if takes and set(takes) <= PLAIN:
                yield path, name


PLAIN_HELPERS = sorted(_plain_helpers())


def test_the_walk_finds_the_helpers_of_plain_values():
    found = {name for _, name in PLAIN_HELPERS}
    assert {
        "cache_dir",
        "enable_profiling",
        "inference_num_threads",
        "num_requests",
        "activations_scale_factor",
    } <= found
    assert {"tiles", "available_device_mem", "dynamic_quantization_group_size", "auto_batch_timeout"} <= found


@pytest.mark.parametrize("path,name", PLAIN_HELPERS)
def test_a_plain_value_is_taken_or_refused_as_openvino_does(path, name):
    theirs, ours = getattr(_theirs(path), name), getattr(_ours(path), name)
    for sample in SAMPLES:
        try:
            want = theirs(sample)
        except TypeError:
            with pytest.raises(PropertyTypeError, match=name) as refused:
                ours(sample)
            assert isinstance(refused.value, TypeError) and "\n" not in str(refused.value)
            continue
        key, value = ours(sample)
        assert key == want[0]
        got, expected = value.value, want[1].value
        assert (type(got), got) == (type(expected), expected), f"{name}({sample!r})"
        assert value.astype(str) == want[1].astype(str), f"{name}({sample!r})"
    with pytest.raises(TypeError):
        theirs(1, 2)
    with pytest.raises(TypeError):
        ours(1, 2)


def test_element_types_models_and_tensors_as_values():
    hints = iprops.hint
    for name in ("f16", "bf16", "f32", "i8"):
        _, theirs = ov.properties.hint.inference_precision(getattr(ov.Type, name))
        key, ours = hints.inference_precision(getattr(iov.Type, name))
        assert key == "INFERENCE_PRECISION_HINT" and ours.astype(str) == theirs.astype(str) == name
        assert ours.value == getattr(iov.Type, name)
    for helper in (hints.inference_precision, hints.kv_cache_precision, iprops.key_cache_precision):
        with pytest.raises(TypeError):
            helper("f16")
        with pytest.raises(TypeError):
            helper(np.float16)
    with pytest.raises(TypeError):
        ov.properties.hint.inference_precision("f16")
    assert hints.model(None)[1].value is None is ov.properties.hint.model(None)[1].value
    with pytest.raises(TypeError):
        hints.model("model.xml")
    blob = iov.Tensor(np.zeros(4, np.uint8))
    assert hints.compiled_blob(blob)[1].value is blob
    with pytest.raises(TypeError):
        hints.compiled_blob(np.zeros(4, np.uint8))


def test_the_number_of_streams():
    streams, their_streams = iprops.streams, ov.properties.streams
    assert streams.Num.AUTO.to_integer() == their_streams.Num.AUTO.to_integer() == -1
    assert streams.Num.NUMA.to_integer() == their_streams.Num.NUMA.to_integer() == -2
    assert streams.Num().to_integer() == their_streams.Num().to_integer()
    assert streams.Num(5).to_integer() == their_streams.Num(5).to_integer() == 5
    assert streams.Num.AUTO == streams.Num.AUTO and streams.Num(5) != streams.Num(5)  # (by identity, as OpenVINO's)
    assert their_streams.Num.AUTO == their_streams.Num.AUTO and their_streams.Num(5) != their_streams.Num(5)
    cases = [
        (iprops.num_streams, ov.properties.num_streams, [streams.Num.AUTO, streams.Num.NUMA, streams.Num(4)]),
        (streams.num, their_streams.num, [streams.Num.AUTO, streams.Num(2), 3, True]),
    ]
    for ours, theirs, values in cases:
        for value in values:
            their_value = getattr(their_streams.Num, "AUTO" if value is streams.Num.AUTO else "NUMA")
            if not isinstance(value, streams.Num):
                their_value = value
            elif value not in (streams.Num.AUTO, streams.Num.NUMA):
                their_value = their_streams.Num(value.to_integer())
            (k1, v1), (k2, v2) = theirs(their_value), ours(value)
            assert (k2, v2.value, v2.astype(str)) == (k1, v1.value, v1.astype(str))
    for wrong in (3, 2.0, "AUTO"):
        with pytest.raises(TypeError):
            ov.properties.num_streams(wrong)
        with pytest.raises(TypeError):
            iprops.num_streams(wrong)
    for wrong in (2.0, "AUTO", 2**31):
        with pytest.raises(TypeError):
            their_streams.num(wrong)
        with pytest.raises(TypeError):
            streams.num(wrong)


def test_device_lists_and_per_device_properties():
    device, theirs = iprops.device, ov.properties.device
    for names in (("CPU",), ("CPU", "GPU")):
        assert device.priorities(*names)[1].value == theirs.priorities(*names)[1].value
    for wrong in ((1,), (None,), (["CPU", "GPU"],), ("CPU", 1)):
        with pytest.raises(TypeError):
            theirs.priorities(*wrong)
        with pytest.raises(TypeError):
            device.priorities(*wrong)
    nested = {"CPU": {"NUM_STREAMS": 4}, "GPU": {"PERF_COUNT": True}}
    assert device.properties(nested)[1].value == theirs.properties(nested)[1].value == nested
    for wrong in (("CPU",), ("CPU", {"NUM_STREAMS": 4})):
        with pytest.raises(TypeError):
            theirs.properties(*wrong)
        with pytest.raises(TypeError):
            device.properties(*wrong)


def test_sets_and_mappings_as_values():
    hints, theirs = iprops.hint, ov.properties.hint
    both = {hints.ModelDistributionPolicy.TENSOR_PARALLEL}
    _, value = hints.model_distribution_policy(both)
    _, their_value = theirs.model_distribution_policy({theirs.ModelDistributionPolicy.TENSOR_PARALLEL})
    assert value.value == both and value.astype(str) == their_value.astype(str) == "TENSOR_PARALLEL"
    assert hints.model_distribution_policy(set())[1].value == set() == theirs.model_distribution_policy(set())[1].value
    with pytest.raises(TypeError):
        theirs.model_distribution_policy([theirs.ModelDistributionPolicy.TENSOR_PARALLEL])
    with pytest.raises(TypeError):
        hints.model_distribution_policy([hints.ModelDistributionPolicy.TENSOR_PARALLEL])
    auto, their_auto = iprops.intel_auto, ov.properties.intel_auto
    assert auto.devices_utilization_threshold({"CPU": 50})[1].value == {"CPU": 50}
    assert their_auto.devices_utilization_threshold({"CPU": 50})[1].value == {"CPU": 50}
    for wrong in ({"CPU": "50"}, {1: 50}, ["CPU"]):
        with pytest.raises(TypeError):
            their_auto.devices_utilization_threshold(wrong)
        with pytest.raises(TypeError):
            auto.devices_utilization_threshold(wrong)


def test_string_constants_and_the_gpu_throttle_levels():
    for path, name in (("device", "Capability"), ("intel_gpu", "CapabilityGPU"), ("intel_gpu", "MemoryType")):
        theirs, ours = getattr(_theirs(path), name), getattr(_ours(path), name)
        want = {n: getattr(theirs, n) for n in dir(theirs) if not n.startswith("_")}
        assert {n: getattr(ours, n) for n in dir(ours) if not n.startswith("_")} == want
    theirs, ours = ov.properties.intel_gpu.hint.ThrottleLevel, iprops.intel_gpu.hint.ThrottleLevel
    for name in ("LOW", "MEDIUM", "HIGH", "DEFAULT"):
        assert repr(getattr(ours, name)) == repr(getattr(theirs, name))
        assert getattr(ours, name) is getattr(iprops.hint.Priority, getattr(theirs, name).name)


def test_property_values_are_the_ovany_programs_know():
    _, value = iprops.enable_profiling(True)
    assert isinstance(value, iov.OVAny) and value.value is True and value.get() is True
    assert value.astype(str) == ov.properties.enable_profiling(True)[1].astype(str) == "YES"
    assert str(value) == str(ov.properties.enable_profiling(True)[1]) == "<OVAny class>"
    assert dict([iprops.cache_dir("models"), iprops.hint.num_requests(4)]) == {
        "CACHE_DIR": "models",
        "PERFORMANCE_HINT_NUM_REQUESTS": 4,
    }


def test_a_configuration_pickles_as_plain_keys_and_values():
    import pickle

    hints = iprops.hint
    config = pickle.loads(pickle.dumps({hints.performance_mode: hints.PerformanceMode.THROUGHPUT}))
    assert config == {"PERFORMANCE_HINT": hints.PerformanceMode.THROUGHPUT}
    assert type(next(iter(config))) is str
    value = pickle.loads(pickle.dumps(hints.performance_mode(hints.PerformanceMode.LATENCY)[1]))
    assert value.value is hints.PerformanceMode.LATENCY and value.astype(str) == "LATENCY"
