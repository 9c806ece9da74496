"""OpenVINO's ``openvino.preprocess``, in the order a program meets it: ``processor`` (what the program
says of the tensors and the model, ``PrePostProcessor``), ``steps`` (the steps between them),
``build`` (inserting them into the model), ``describe`` (printing them), ``colors`` and ``ops`` (the
ops each step inserts) and ``formats`` (OpenVINO's enums of resize algorithms, colour formats and
padding modes)."""

from .processor import (  # noqa: F401
    ColorFormat,
    InputInfo,
    InputModelInfo,
    InputTensorInfo,
    OutputInfo,
    OutputModelInfo,
    OutputTensorInfo,
    PaddingMode,
    PostProcessSteps,
    PrePostProcessor,
    PreProcessSteps,
    ResizeAlgorithm,
    __all__,  # noqa: F401
)
