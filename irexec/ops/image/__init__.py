"""Image operations (the operation specs' "image" category)."""
