"""Reduction operations (the operation specs' "reduction" category)."""
