"""What Python users hold: ``Model``, OpenVINO's ``Core``, requests, tensors, results and shapes."""
