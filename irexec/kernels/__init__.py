"""Pure NumPy kernels of the scatter family and their gather inverses, and (``packing``, imported
by its own name) the .bin's sub-byte layouts.

``scatter_elements`` follows ONNX's ScatterElements (names and defaults as ONNX spells them);
the others take OpenVINO's reduction names. The IR ops call these same functions.
"""

from .gather import gather_elements, gather_nd  # noqa: F401
from .indices import IndexOutOfRangeError  # noqa: F401
from .reduce import REDUCTIONS, reduce_at  # noqa: F401
from .scatter import scatter_elements, scatter_elements_update, scatter_nd_update, scatter_update  # noqa: F401

__all__ = [
    "scatter_elements",
    "scatter_elements_update",
    "scatter_nd_update",
    "scatter_update",
    "gather_elements",
    "gather_nd",
    "reduce_at",
    "REDUCTIONS",
    "IndexOutOfRangeError",
]
