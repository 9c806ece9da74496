"""Sparse operations (the operation specs' "sparse" category: the embedding bags and kin)."""
