"""Matrix operations (the operation specs' "matrix" category)."""
