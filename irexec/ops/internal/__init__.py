"""Internal operations: those OpenVINO's frontends write into a saved IR outside every opset
(``version="extension"``), such as the ONNX frontend's GroupQueryAttention."""
