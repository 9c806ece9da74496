"""``openvino._offline_transformations``: the transformations OpenVINO's converter and
optimum-intel run on a model before saving it. irexec runs the IR as written: the names import;
calling one says how to transform the model instead."""

from ._stubs import TRANSFORMATION, define

define(
    globals(),
    TRANSFORMATION,
    functions="""apply_fused_names_cleanup apply_low_latency_transformation apply_make_stateful_transformation
    apply_moc_legacy_transformations apply_moc_transformations apply_pruning_transformation
    compress_model_transformation compress_quantize_weights_transformation
    convert_sequence_to_tensor_iterator_transformation paged_attention_transformation
    stateful_to_stateless_transformation""",
)


def get_version() -> str:
    from irexec.api.core import get_version

    return get_version()
