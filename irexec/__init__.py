"""irexec: read, check and run OpenVINO IR in pure Python."""
from .errors import (ExecutionError, InputError, IRExecError, ParseError, UsageError,  # noqa: F401
                     ValidationError)
from .model import Model, TensorInfo, read_model  # noqa: F401

__version__ = "0.1.0"
