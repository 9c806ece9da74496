"""Condition operations (the operation specs' "condition" category)."""
