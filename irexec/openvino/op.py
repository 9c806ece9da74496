"""``openvino.op``: the node classes a program makes directly (``op.Parameter``, ``op.Constant``,
``op.Result``), from irexec's graph builder."""

from ._lazy import lazy_names

__getattr__, __dir__ = lazy_names(
    globals(),
    {"Parameter": "irexec.api.building", "Constant": "irexec.api.building", "Result": "irexec.api.building"},
)
