"""Comparison operations (the operation specs' "comparison" category)."""
