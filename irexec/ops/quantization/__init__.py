"""Quantization operations (the operation specs' "quantization" category)."""
