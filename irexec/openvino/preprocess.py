"""``openvino.preprocess``: the pre- and post-processing a program adds to a model before
compiling it (PrePostProcessor and its steps), from irexec.api.preprocess."""

from ._lazy import lazy_names

_FROM = "irexec.api.preprocess"
__getattr__, __dir__ = lazy_names(
    globals(),
    {
        **dict.fromkeys(
            (
                "PrePostProcessor",
                "InputInfo",
                "OutputInfo",
                "InputTensorInfo",
                "OutputTensorInfo",
                "InputModelInfo",
                "OutputModelInfo",
                "PreProcessSteps",
                "PostProcessSteps",
                "ColorFormat",
                "ResizeAlgorithm",
                "PaddingMode",
            ),
            _FROM,
        ),
        "get_version": "irexec.api.core",
    },
)
