"""irexec: read, check and run OpenVINO IR in pure Python."""
from .errors import (ExecutionError, InputError, IRExecError, ParseError, UsageError,  # noqa: F401
                     ValidationError)
from .findings import Finding  # noqa: F401
from .lint import lint  # noqa: F401  (the function; the module is irexec.lint too, via sys.modules)
from .executor import Profiler  # noqa: F401
from .model import Model, TensorInfo, read_model  # noqa: F401
from .request import InferRequest, VariableState  # noqa: F401
from .layer import check_layer, run_layer  # noqa: F401

__version__ = "0.1.0"
