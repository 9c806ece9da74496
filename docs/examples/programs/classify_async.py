"""A program written for OpenVINO's Python API: it reads a classifier, adds preprocessing (u8 NHWC
images of another size, resized and converted by the model itself), and classifies batches on an
AsyncInferQueue. Run as it is on OpenVINO, or on irexec with
``python -m irexec.openvino classify_async.py MODEL.xml``."""

import sys

import numpy as np
import openvino as ov
import openvino.properties.hint as hints
from openvino.preprocess import PrePostProcessor, ResizeAlgorithm


def main() -> int:
    core = ov.Core()
    model = core.read_model(sys.argv[1])
    ppp = PrePostProcessor(model)
    ppp.input().tensor().set_element_type(ov.Type.u8).set_layout(ov.Layout("NHWC")).set_spatial_static_shape(20, 20)
    steps = ppp.input().preprocess()
    steps.convert_element_type(ov.Type.f32).mean(128.0).scale(64.0).resize(ResizeAlgorithm.RESIZE_LINEAR)
    ppp.input().model().set_layout(ov.Layout("NCHW"))
    model = ppp.build()
    port = model.input(0)
    print("input ", port.get_any_name(), port.get_partial_shape(), port.get_element_type().get_type_name())
    print("layout", ov.layout_helpers.get_layout(port))

    config = {hints.performance_mode(): hints.PerformanceMode.THROUGHPUT, hints.inference_precision(): ov.Type.f32}
    compiled = core.compile_model(model, "CPU", config)
    queue = ov.AsyncInferQueue(compiled, 2)
    found = {}

    def done(request, batch):
        found[batch] = request.get_output_tensor(0).data.argmax(axis=1).tolist()

    queue.set_callback(done)
    rng = np.random.default_rng(3)
    for batch in range(3):
        images = rng.integers(0, 256, (4, 20, 20, 1), dtype=np.uint8)
        queue.start_async({0: images}, batch)
    queue.wait_all()
    for batch in sorted(found):
        print("batch", batch, found[batch])
    return 0


if __name__ == "__main__":
    sys.exit(main())
