"""Bitwise operations (the operation specs' "bitwise" category)."""
