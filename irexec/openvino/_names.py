"""What ``irexec.openvino`` holds at its top level, against ``dir(openvino)`` of OpenVINO 2026.4:
the names taken from irexec's own modules, the submodules, and the names it does not provide
(each with the reason, for the docs; tests/openvino checks both lists against OpenVINO's)."""

# name -> the irexec module that defines it ("module:other" where irexec's name differs).
NAMES = {
    # Core, compiling and versions
    "Core": "irexec.api.core",
    "CompiledModel": "irexec.api.core",
    "compile_model": "irexec.api.core",
    "get_version": "irexec.api.core",
    "Version": "irexec.api.core",
    # Models and requests
    "Model": "irexec.api.model",
    "read_model": "irexec.api.model",
    "InferRequest": "irexec.api.request",
    "VariableState": "irexec.api.request",
    "ProfilingInfo": "irexec.api.request",
    "AsyncInferQueue": "irexec.api.async_queue",
    # Tensors, types and shapes
    "Tensor": "irexec.api.tensor",
    "Type": "irexec.api.tensor",
    "PartialShape": "irexec.api.partial_shape",
    "Dimension": "irexec.api.partial_shape",
    "Shape": "irexec.api.partial_shape",
    "Symbol": "irexec.api.partial_shape",
    "Strides": "irexec.openvino._coordinates",
    "CoordinateDiff": "irexec.openvino._coordinates",
    "Layout": "irexec.api.layout",
    "layout_helpers": "irexec.api.layout",
    "set_batch": "irexec.api.layout",
    "get_batch": "irexec.api.layout",
    # Graphs built in Python
    "Node": "irexec.api.nodes",
    "Output": "irexec.api.nodes",
    "ConstOutput": "irexec.api.nodes:Output",
    "Input": "irexec.api.nodes",
    "DiscreteTypeInfo": "irexec.api.model_api:TypeInfo",
    "save_model": "irexec.api.save",
    "serialize": "irexec.api.save",
    # Values, files and the rest
    "OVAny": "irexec.api.model_api",
    "RTMap": "irexec.api.model_api",
    "tensor_from_file": "irexec.openvino._functions",
    "shutdown": "irexec.openvino._functions",
    "convert_model": "irexec.openvino._functions",
}

# OpenVINO's submodules (``openvino.X``), irexec.openvino's too; ``runtime`` is the alias tree
# older programs import (OpenVINO 2026 removed it).
SUBMODULES = (
    "exceptions",
    "frontend",
    "op",
    *(f"opset{n}" for n in range(1, 18)),
    "passes",
    "preprocess",
    "properties",
    "runtime",
    "tools",
    "utils",
    "_offline_transformations",
)

# In dir(openvino), not in irexec.openvino: what each needs that irexec has not.
NOT_PROVIDED = {
    "AxisSet": "a coordinate container of OpenVINO's C++ graph API: build code passes lists",
    "AxisVector": "a coordinate container of OpenVINO's C++ graph API: build code passes lists",
    "Coordinate": "a coordinate container of OpenVINO's C++ graph API: build code passes lists",
    "Extension": "custom operations are native libraries",
    "OpExtension": "custom operations are native libraries",
    "Op": "custom operations written in Python run inside OpenVINO's plugins",
    "RemoteContext": "device memory: irexec has no device but its NumPy interpreter",
    "RemoteTensor": "device memory: irexec has no device but its NumPy interpreter",
    "VAContext": "device memory: irexec has no device but its NumPy interpreter",
    "VASurfaceTensor": "device memory: irexec has no device but its NumPy interpreter",
    "TensorVector": "a C++ vector type: irexec takes and gives lists of Tensors",
    "experimental": "bounds evaluation over OpenVINO's C++ graph",
    "helpers": "packing of sub-byte data for OpenVINO's C++ tensors",
    "package_utils": "OpenVINO's packaging internals",
    "torch": "torch.compile's OpenVINO backend",
    "_add_openvino_libs_to_search_path": "OpenVINO's packaging internals",
    "_op_base": "OpenVINO's packaging internals",
    "_ov_api": "OpenVINO's packaging internals",
    "_pyopenvino": "OpenVINO's native extension module",
}
