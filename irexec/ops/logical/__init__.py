"""Logical operations (the operation specs' "logical" category)."""
