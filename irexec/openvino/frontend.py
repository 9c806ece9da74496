"""``openvino.frontend``: OpenVINO's readers of ONNX, TensorFlow, PaddlePaddle, PyTorch and JAX
models. irexec reads only IR: the names import; using one says how to convert instead."""

from ._stubs import CONVERSION, define


class GeneralFailure(Exception):
    """(OpenVINO's frontend errors, for programs that catch them: irexec raises none.)"""


class InitializationFailure(Exception):
    pass


class NotImplementedFailure(Exception):
    pass


class OpConversionFailure(Exception):
    pass


class OpValidationFailure(Exception):
    pass


define(
    globals(),
    CONVERSION,
    classes="""ConversionExtension DecoderTransformationExtension FrontEnd FrontEndManager InputModel
    NodeContext OpExtension Place ProgressReporterExtension TelemetryExtension""",
)


def get_version() -> str:
    from irexec.api.core import get_version

    return get_version()
