"""``openvino.passes``: OpenVINO's graph transformations (Manager, ModelPass, pattern matching).
irexec runs a model as its IR is written: the names import (a pass class can be subclassed);
running one says how to transform the model instead."""

from ._stubs import TRANSFORMATION, define

define(
    globals(),
    TRANSFORMATION,
    classes="""AnyInput BackwardGraphRewrite ConstantFolding ConvertFP32ToFP16 GraphRewrite LowLatency2
    MakeStateful Manager Matcher MatcherPass ModelPass Optional Or PassBase Predicate Serialize Version
    VisualizeTree WrapType""",
    functions="""attrs_match consumers_count has_static_dim has_static_dims has_static_rank has_static_shape
    rank_equals shape_matches type_matches type_matches_any""",
)
