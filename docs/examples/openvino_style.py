"""An OpenVINO script, run on irexec: only the import changed (was: import openvino as ov)."""

import numpy as np

import irexec as ov

core = ov.Core()
model = core.read_model("models/kv_cache_update.xml")
for port in model.inputs:
    print("input ", port.get_any_name(), port.get_partial_shape(), port.get_element_type().get_type_name())
print("ops   ", [op.get_type_name() for op in model.get_ordered_ops()])

compiled = core.compile_model(model, "CPU")
cache = np.zeros((2, 8, 4), np.float32)
tokens = np.ones((2, 2, 4), np.float32)
results = compiled({"cache": cache, "tokens": tokens})
print("by index", results[0][0, :, 0])
print("by port ", results[compiled.output(0)].shape)
print("by name ", results["updated_cache"].dtype)

request = compiled.create_infer_request()
request.infer({0: cache, 1: tokens})
print("tensor  ", request.get_output_tensor(0).data[1, :, 0])

model.reshape({"cache": [2, -1, 4]})
print("reshaped", model.inputs[0].get_partial_shape(), model.is_dynamic())
print("longer  ", ov.compile_model(model)([np.zeros((2, 12, 4), np.float32), tokens])[0].shape)
