"""The properties irexec answers, by OpenVINO's names: the device's (what OpenVINO's CPU plugin
lists in SUPPORTED_PROPERTIES, as ``core.get_property("CPU", name)`` asks), the core's (asked
without a device) and a compiled model's (``compiled.get_property(name)``).

Every device name irexec takes runs on its NumPy interpreter, so each answers from the same
table. Values are of the Python types OpenVINO returns (bool, int, float, str, list, tuple, set,
dict), except that where OpenVINO returns one of its enums irexec returns the string OpenVINO
takes for it in ``set_property`` ("LATENCY", "LOG_NONE", ...), and an element type is irexec's
(``irexec.Type.f32``, which prints as OpenVINO's). Setting a property checks its name and value as OpenVINO does (an unknown
name, a read-only property or a value of the wrong form is refused); none changes how irexec
computes: it computes each type as its spec says, whatever INFERENCE_PRECISION_HINT asks, and
the hints only size what OpenVINO sizes with them (OPTIMAL_NUMBER_OF_INFER_REQUESTS, and so an
AsyncInferQueue's default number of jobs).
"""

from __future__ import annotations

import functools
import os
import platform
from dataclasses import dataclass

from ..errors import ParseError, UsageError
from ..types import BY_NAME, TYPES, ElementType, element_type, from_precision

RO, RW, WO = "RO", "RW", "WO"


@dataclass(frozen=True)
class Property:
    """One property: who may write it, how a value given for it is read (``kind``), and its
    default (a function of nothing for the computed ones). ``listed``: in SUPPORTED_PROPERTIES."""

    mutability: str
    kind: object  # "bool", "int", "float", "str", "type", "streams", "policy", or a tuple of choices
    default: object
    listed: bool = True


def cores() -> int:
    """The CPUs this process may run on (as OpenVINO counts them for streams and threads)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # (no affinity API on this platform)
        return os.cpu_count() or 1


@functools.lru_cache(maxsize=1)
def processor() -> str:
    """The CPU's model name, as the operating system reports it."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "an unknown CPU"


def architecture() -> str:
    machine = platform.machine().lower()
    return "intel64" if machine in ("x86_64", "amd64") else machine or "unknown"


# The precisions each type-valued property takes, as the CPU plugin takes them.
_PRECISIONS = ("bf16", "f16", "f32")
_CACHE_PRECISIONS = ("u8", "u4", "f16", "f32", "bf16")
# The enums OpenVINO's log Level names (NO, ERR, ...), by the strings set_property takes.
_LOG_LEVELS = {"NO": "LOG_NONE", "ERR": "LOG_ERROR", "WARNING": "LOG_WARNING", "INFO": "LOG_INFO"}
_LOG_LEVELS.update({"DEBUG": "LOG_DEBUG", "TRACE": "LOG_TRACE"})

# The device's properties, in the order OpenVINO's CPU plugin lists them. irexec's answers where
# OpenVINO's would misdescribe it: the interpreter's name, no pinning, f32 computed as f32.
DEVICE = {
    "SUPPORTED_PROPERTIES": Property(RO, None, None),
    "AVAILABLE_DEVICES": Property(RO, None, lambda: [""]),
    "RANGE_FOR_ASYNC_INFER_REQUESTS": Property(RO, None, lambda: (1, 1, 1)),
    "RANGE_FOR_STREAMS": Property(RO, None, lambda: (1, cores())),
    "EXECUTION_DEVICES": Property(RO, None, lambda: ["CPU"]),
    "FULL_DEVICE_NAME": Property(RO, None, lambda: f"irexec NumPy interpreter on {processor()}"),
    "OPTIMIZATION_CAPABILITIES": Property(RO, None, lambda: ["FP32", "FP16", "BF16", "INT8", "BIN"]),
    "DEVICE_TYPE": Property(RO, None, "INTEGRATED"),
    "DEVICE_ARCHITECTURE": Property(RO, None, architecture),
    "NUM_STREAMS": Property(RW, "streams", 1),
    "INFERENCE_NUM_THREADS": Property(RW, "int", 0),
    "PERF_COUNT": Property(RW, "bool", False),
    "INFERENCE_PRECISION_HINT": Property(RW, _PRECISIONS, TYPES["f32"]),
    "PERFORMANCE_HINT": Property(RW, ("LATENCY", "THROUGHPUT", "CUMULATIVE_THROUGHPUT"), "LATENCY"),
    "EXECUTION_MODE_HINT": Property(RW, ("PERFORMANCE", "ACCURACY"), "PERFORMANCE"),
    "PERFORMANCE_HINT_NUM_REQUESTS": Property(RW, "int", 0),
    "ENABLE_CPU_PINNING": Property(RW, "bool", False),
    "ENABLE_CPU_RESERVATION": Property(RW, "bool", False),
    "SCHEDULING_CORE_TYPE": Property(RW, ("ANY_CORE", "PCORE_ONLY", "ECORE_ONLY"), "ANY_CORE"),
    "MODEL_DISTRIBUTION_POLICY": Property(RW, "policy", lambda: set()),
    "ENABLE_HYPER_THREADING": Property(RW, "bool", True),
    "DEVICE_ID": Property(RW, ("",), ""),
    "CPU_DENORMALS_OPTIMIZATION": Property(RW, "bool", False),
    "LOG_LEVEL": Property(RW, tuple(_LOG_LEVELS.values()), "LOG_NONE"),
    "CPU_SPARSE_WEIGHTS_DECOMPRESSION_RATE": Property(RW, "rate", 1.0),
    "ENABLE_TENSOR_PARALLEL": Property(RW, "bool", False),
    "TBB_PARTITIONER": Property(RW, ("STATIC", "AUTO"), "STATIC"),
    "DYNAMIC_QUANTIZATION_GROUP_SIZE": Property(RW, "int", 32),
    "KV_CACHE_PRECISION": Property(RW, _CACHE_PRECISIONS, TYPES["u8"]),
    "KEY_CACHE_PRECISION": Property(RW, _CACHE_PRECISIONS, TYPES["u8"]),
    "VALUE_CACHE_PRECISION": Property(RW, _CACHE_PRECISIONS, TYPES["u8"]),
    "KEY_CACHE_GROUP_SIZE": Property(RW, "int", 0),
    "VALUE_CACHE_GROUP_SIZE": Property(RW, "int", 0),
    "ENABLE_WEIGHTLESS": Property(RW, "bool", False),
    "WEIGHTS_PATH": Property(WO, "str", ""),
    # (Not listed, as OpenVINO's CPU does not list them, but answered per device.)
    "CACHE_DIR": Property(RW, "str", "", listed=False),
    "OPTIMAL_NUMBER_OF_INFER_REQUESTS": Property(RO, None, None, listed=False),  # (of the device's hints)
    "CACHING_PROPERTIES": Property(RO, None, lambda: {"FULL_DEVICE_NAME": RO}, listed=False),
}

# The core's own properties (``core.get_property(name)``, no device).
CORE = {
    "CACHE_DIR": Property(RW, "str", ""),
    "ENABLE_MMAP": Property(RW, "bool", True),
    "FORCE_TBB_TERMINATE": Property(RW, "bool", False),
}

# What a compiled model answers besides the device's settings, in OpenVINO's CPU order (every one
# read-only: a compiled model's properties are set by compile_model's config).
COMPILED = (
    "SUPPORTED_PROPERTIES NETWORK_NAME OPTIMAL_NUMBER_OF_INFER_REQUESTS NUM_STREAMS INFERENCE_NUM_THREADS "
    "PERF_COUNT INFERENCE_PRECISION_HINT PERFORMANCE_HINT EXECUTION_MODE_HINT PERFORMANCE_HINT_NUM_REQUESTS "
    "ENABLE_CPU_PINNING ENABLE_CPU_RESERVATION SCHEDULING_CORE_TYPE MODEL_DISTRIBUTION_POLICY "
    "ENABLE_HYPER_THREADING EXECUTION_DEVICES CPU_DENORMALS_OPTIMIZATION LOG_LEVEL "
    "CPU_SPARSE_WEIGHTS_DECOMPRESSION_RATE ENABLE_TENSOR_PARALLEL TBB_PARTITIONER DYNAMIC_QUANTIZATION_GROUP_SIZE "
    "KV_CACHE_PRECISION KEY_CACHE_PRECISION VALUE_CACHE_PRECISION KEY_CACHE_GROUP_SIZE VALUE_CACHE_GROUP_SIZE "
    "RUNTIME_REQUIREMENTS"
).split()

# Names clients use for a property OpenVINO knows by another (``props.enable_profiling()`` is
# "PERF_COUNT" in OpenVINO; some code spells it by the helper's name).
ALIASES = {"ENABLE_PROFILING": "PERF_COUNT"}


def pairs(properties) -> list:
    """``(name, value)`` pairs from what clients pass for properties: a dict, one ``(name, value)``
    pair (as OpenVINO's property helpers return it), or a list of such pairs."""
    if properties is None:
        return []
    if isinstance(properties, dict):
        return [(_name(k), v) for k, v in properties.items()]
    if isinstance(properties, tuple) and len(properties) == 2 and not isinstance(properties[0], tuple):
        return [(_name(properties[0]), properties[1])]
    if isinstance(properties, (list, tuple)) and all(isinstance(p, tuple) and len(p) == 2 for p in properties):
        return [(_name(k), v) for k, v in properties]
    raise UsageError(f"properties are a dict of name -> value or (name, value) pairs, not {type(properties).__name__}")


def _name(key) -> str:
    if not isinstance(key, str):
        raise UsageError(f"a property's name is a string, not {type(key).__name__}")
    return ALIASES.get(key, key)


def text(value) -> str | None:
    """The string form of a value given as a string or as an enum member (OpenVINO's enums and
    str-valued Python enums alike: by its name, or the string it holds); None for other values."""
    if isinstance(value, str):
        inner = getattr(value, "value", value)  # (a str-valued Enum member: the string it holds)
        return inner if isinstance(inner, str) else str.__str__(value)
    name = getattr(value, "name", None)
    if isinstance(name, str) and hasattr(type(value), "__members__"):
        return name
    return None


def read(name: str, prop: Property, value):
    """``value`` as property ``name`` holds it, or UsageError saying what it takes. A value
    wrapped as OpenVINO's property helpers return it (an ``OVAny``) is read by its text, the
    form a device reads ("THROUGHPUT", "YES", "f16", "AUTO")."""
    if hasattr(value, "astype") and hasattr(value, "get") and not hasattr(value, "dtype"):
        value = value.astype(str)
    kind = prop.kind
    try:
        if kind == "bool":
            return _bool(value)
        if kind in ("int", "streams"):
            return _int(value, kind == "streams")
        if kind == "rate":
            rate = float(value) if isinstance(value, (int, float, str)) and not isinstance(value, bool) else None
            if rate is not None and 0.0 <= rate <= 1.0:
                return rate
        elif kind == "str":
            if isinstance(value, (str, os.PathLike)):
                return os.fspath(value)
        elif kind == "policy":
            return _policy(value)
        elif kind in (_PRECISIONS, _CACHE_PRECISIONS):
            return _type(value, kind)
        elif isinstance(kind, tuple):
            found = text(value)
            if name == "LOG_LEVEL" and not isinstance(value, str):  # (an enum member: NO, ERR ...)
                found = _LOG_LEVELS.get(found, found)
            if found in kind:
                return found
    except (ValueError, TypeError):
        pass
    takes = f"one of {', '.join(map(repr, kind))}" if isinstance(kind, tuple) else f"a {kind} value"
    raise UsageError(f"property {name} takes {takes}, not {value!r}")


def _bool(value) -> bool:
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    word = text(value)
    if word is not None and word.upper() in ("YES", "TRUE", "NO", "FALSE"):
        return word.upper() in ("YES", "TRUE")
    raise ValueError(value)


def _int(value, streams: bool) -> int:
    if streams:
        word = text(value)
        if word in ("AUTO", "NUMA"):
            return {"AUTO": -1, "NUMA": -2}[word]
    if isinstance(value, bool):
        raise ValueError(value)
    number = int(value) if isinstance(value, (int, str)) or hasattr(value, "__index__") else None
    if number is None or number < (-2 if streams else 0):
        raise ValueError(value)
    return number


def _policy(value) -> set:
    if isinstance(value, (set, frozenset, list, tuple)):
        found = {text(v) for v in value}
    else:
        found = {text(value)} - {""}
    if not found <= {"TENSOR_PARALLEL"}:
        raise ValueError(value)
    return found


def _type(value, allowed: tuple):
    if isinstance(value, ElementType):
        etype = value
    else:
        word = text(value)
        if word is None and hasattr(value, "get_type_name"):  # (another library's Type)
            word = value.get_type_name()
        if word in ("", "undefined", "dynamic"):
            return TYPES["dynamic"]
        try:
            etype = element_type(word) if word in BY_NAME else from_precision(word.upper())
        except (ParseError, AttributeError):
            raise ValueError(value) from None
    if etype.name not in allowed:
        raise ValueError(value)
    return TYPES[etype.name]


class Settings:
    """A device's (or the core's) properties: what was set, over ``parent``'s, over the table's
    defaults."""

    def __init__(self, table: dict, parent: Settings | None = None, given: dict | None = None):
        self.table = table
        self.parent = parent
        self.given = dict(given or {})

    def set(self, name: str, value) -> None:
        prop = self.table.get(name)
        if prop is None:
            raise UsageError(f"unknown property {name!r} (SUPPORTED_PROPERTIES lists the known ones)")
        if prop.mutability == RO:
            raise UsageError(f"property {name} is read-only")
        self.given[name] = read(name, prop, value)

    def is_set(self, name: str) -> bool:
        return name in self.given or (self.parent is not None and self.parent.is_set(name))

    def get(self, name: str):
        if name == "SUPPORTED_PROPERTIES":
            return {k: p.mutability for k, p in self.table.items() if p.listed}
        if name == "OPTIMAL_NUMBER_OF_INFER_REQUESTS":
            return optimal_requests(self)
        if name in self.given:
            value = self.given[name]
            return set(value) if isinstance(value, set) else value
        if self.parent is not None and self.parent.is_set(name):
            return self.parent.get(name)
        prop = self.table.get(name)
        if prop is None:
            raise UsageError(f"unknown property {name!r} (SUPPORTED_PROPERTIES lists the known ones)")
        return prop.default() if callable(prop.default) else prop.default

    def device_value(self, name: str):
        """As ``get``, with OpenVINO's device-level spelling of a stream count: AUTO and NUMA read
        as 1."""
        value = self.get(name)
        return 1 if name == "NUM_STREAMS" and value < 0 else value


def streams(settings: Settings) -> int:
    """The streams a compiled model runs (OpenVINO's CPU: the NUM_STREAMS set, up to one per core;
    AUTO, NUMA or a throughput hint: one per core; else one)."""
    asked = settings.get("NUM_STREAMS")
    if settings.is_set("NUM_STREAMS") and asked > 0:
        return min(asked, cores())
    if asked < 0 or settings.get("PERFORMANCE_HINT") != "LATENCY":
        return cores()
    return 1


def optimal_requests(settings: Settings) -> int:
    """OPTIMAL_NUMBER_OF_INFER_REQUESTS: a request per stream, at most PERFORMANCE_HINT_NUM_REQUESTS
    when that is set."""
    n = streams(settings)
    limit = settings.get("PERFORMANCE_HINT_NUM_REQUESTS")
    return min(n, limit) if limit > 0 else n


def compiled_value(name: str, settings: Settings, model_name: str, device: str, version: str):
    """What a compiled model answers for ``name`` (one of COMPILED), compiled with ``settings``
    (the device's, overlaid by compile_model's config), as OpenVINO's CPU answers."""
    if name == "SUPPORTED_PROPERTIES":
        return {k: RO for k in COMPILED}
    if name == "NETWORK_NAME":
        return model_name
    if name == "OPTIMAL_NUMBER_OF_INFER_REQUESTS":
        return optimal_requests(settings)
    if name == "NUM_STREAMS":
        return streams(settings)
    if name == "INFERENCE_NUM_THREADS":
        return settings.get(name) or cores()
    # (OpenVINO's compiled model spells these two as strings.)
    if name == "PERF_COUNT":
        return "YES" if settings.get(name) else "NO"
    if name == "PERFORMANCE_HINT_NUM_REQUESTS":
        return str(settings.get(name))
    if name == "EXECUTION_DEVICES":
        return [device]
    if name == "RUNTIME_REQUIREMENTS":
        return f"irexec={version}"
    if name not in COMPILED:
        raise UsageError(f"unsupported property {name!r} of a compiled model (its SUPPORTED_PROPERTIES lists them)")
    return settings.get(name)
