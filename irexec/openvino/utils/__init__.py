"""``openvino.utils``: ``types``, the conversions between element types and NumPy's that graph
building code calls."""

from .._lazy import lazy_names

__getattr__, __dir__ = lazy_names(globals(), {}, ("types",))
