"""Normalization operations (the operation specs' "normalization" category)."""
