"""Activation operations (the operation specs' "activation" category)."""
