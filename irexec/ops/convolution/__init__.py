"""Convolution operations (the operation specs' "convolution" category)."""
