"""``openvino.runtime``: the module tree programs written for OpenVINO before 2025 import
(``from openvino.runtime import Core``, ``import openvino.runtime.opset8 as ops``). OpenVINO 2026
removed it; irexec keeps it as an alias of irexec.openvino: every name and submodule is the same
object as at the top level."""

import irexec.openvino as _top

from ._aliases import install

__path__: list = []  # (a package without files: its submodules are the top level's, by the alias)
install(__name__, _top.__name__, whole=False)


def __getattr__(name: str):
    return getattr(_top, name)


def __dir__():
    return dir(_top)
