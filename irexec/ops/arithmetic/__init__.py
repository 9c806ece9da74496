"""Arithmetic operations (the operation specs' "arithmetic" category)."""
