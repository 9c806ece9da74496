"""Shape operations (the operation specs' "shape" category)."""
