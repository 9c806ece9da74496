"""irexec: read, check and run OpenVINO IR in pure Python."""
from .errors import (ExecutionError, InputError, IRExecError, ParseError, UsageError,  # noqa: F401
                     ValidationError)
from .findings import Finding  # noqa: F401
from .lint import lint  # noqa: F401  (the function; the module is irexec.lint too, via sys.modules)
from .executor import Profiler  # noqa: F401
from .model import Model, TensorInfo, read_model  # noqa: F401
from .request import InferRequest, VariableState  # noqa: F401
from .core import CompiledModel, Core, Tensor, Type, compile_model  # noqa: F401
from .partial_shape import Dimension, PartialShape  # noqa: F401
from .results import Results  # noqa: F401
from .compare import CompareReport, compare  # noqa: F401  (openvino is imported only when it runs)
from .compare.dataset import DatasetReport, compare_dataset  # noqa: F401  (over a dataset)

__version__ = "0.1.0"


def __getattr__(name):
    # Imported when first asked for: a new process's first result does not need them.
    if name in ("check_layer", "run_layer"):
        from . import layer
        return getattr(layer, name)
    raise AttributeError(f"module 'irexec' has no attribute {name!r}")
