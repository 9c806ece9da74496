"""Pooling operations (the operation specs' "pooling" category)."""
