"""Sequence operations (the operation specs' "sequence" category)."""
