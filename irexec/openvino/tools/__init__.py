"""``openvino.tools``: OpenVINO's model converter (``ovc``); irexec reads IR that it wrote."""

from . import ovc  # noqa: F401  (imported with its package, as OpenVINO's is)
