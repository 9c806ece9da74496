"""OpenVINO's Python package, as programs import it, over irexec::

    import irexec.openvino as ov                  # in a program written for irexec
    python -m irexec.openvino program.py ARGS     # a program written for openvino, unchanged

The module tree is OpenVINO 2026.4's (``openvino.properties.hint``, ``openvino.preprocess``,
``openvino.opset13``, ``openvino.utils.types`` ...) plus ``runtime``, the alias tree older programs
import. The classes and functions are irexec's own (irexec.api), taken when first
asked for: importing this package loads neither NumPy nor the reader. What OpenVINO has that
irexec does not do (converting models from frameworks, graph passes, device memory) imports, and
says why when called.
"""

from ._lazy import lazy_names as _lazy_names
from ._names import NAMES as _NAMES
from ._names import SUBMODULES as _SUBMODULES

_getattr, _dir = _lazy_names(globals(), _NAMES, _SUBMODULES)


def __dir__():
    return sorted({*_dir(), "__version__"})


def __getattr__(name: str):
    if name == "__version__":  # (OpenVINO's is its build's version: irexec's says it is irexec)
        value = _getattr("get_version")()
        globals()[name] = value
        return value
    return _getattr(name)
