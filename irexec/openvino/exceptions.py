"""``openvino.exceptions``: the error classes of OpenVINO's Python helpers (irexec.openvino.utils
raises them where OpenVINO's raise them)."""

from ..errors import IRExecError


class OVError(IRExecError):
    """Base class for OV exceptions (irexec's: an IRExecError too)."""


class OVTypeError(OVError, TypeError):
    """Type mismatch error."""


class UserInputError(OVError):
    """User provided unexpected input."""
