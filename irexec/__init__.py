"""irexec: read, check and run OpenVINO IR in pure Python."""

from sys import modules as _modules
from types import ModuleType as _ModuleType  # (underscored: irexec.types, once imported, is "types" here)

from .errors import ExecutionError, InputError, IRExecError, ParseError, UsageError, ValidationError  # noqa: F401

__version__ = "0.1.0"

# The rest of the API is imported when first asked for (PEP 562): a new process pays only for
# what its first result needs (``irexec.read_model`` loads the reader, the linter and the
# executor, not Core, the OpenVINO comparison nor the layer runner), and ``irexec --help`` or
# ``irexec rules`` none of it.
_LAZY = {
    "Finding": "check.findings",
    "lint": "check.lint",
    "Profiler": "run.profiling",
    "Model": "api.model",
    "TensorInfo": "api.tensor_info",
    "read_model": "api.model",
    "InferRequest": "api.request",
    "VariableState": "api.request",
    "CompiledModel": "api.core",
    "Core": "api.core",
    "Tensor": "api.tensor",
    "Type": "api.tensor",
    "compile_model": "api.core",
    "get_version": "api.core",
    "Version": "api.core",
    "AsyncInferQueue": "api.async_queue",
    "ProfilingInfo": "api.request",
    "Shape": "api.partial_shape",
    "save_model": "api.save",
    "serialize": "api.save",
    "Dimension": "api.partial_shape",
    "PartialShape": "api.partial_shape",
    "Results": "api.results",
    "CompareReport": "compare",
    "compare": "compare",  # (openvino is imported only when it runs)
    "DatasetReport": "compare.dataset",
    "compare_dataset": "compare.dataset",
    "check_layer": "layer",
    "run_layer": "layer",
}
__all__ = sorted(_LAZY) + [
    "ExecutionError",
    "InputError",
    "IRExecError",
    "ParseError",
    "UsageError",
    "ValidationError",
    "__version__",
]


def __getattr__(name):
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'irexec' has no attribute {name!r}")
    value = getattr(__import__(f"{__name__}.{where}", fromlist=[name]), name)
    globals()[name] = value  # (asked once: the module's own dict, past _Package's refusal below)
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))


class _Package(_ModuleType):
    """``irexec.compare`` is a function named like the package holding it. The import system binds
    a submodule to its package's attribute when it first loads it, which would now happen after
    ``import irexec`` (whoever imports ``irexec.compare.dataset`` first); that binding is refused,
    so the name stays the function (the package is in sys.modules). (``irexec.lint`` is the
    function too; its module is irexec.check.lint.)"""

    def __setattr__(self, name, value):
        if name == "compare" and isinstance(value, _ModuleType):
            return
        super().__setattr__(name, value)


_modules[__name__].__class__ = _Package
