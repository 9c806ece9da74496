"""``openvino.tools.ovc``: OpenVINO's model converter. irexec reads IR only: ``convert_model``
imports, and says how to convert when called."""

from .._stubs import CONVERSION, define

define(globals(), CONVERSION, functions="convert_model")
