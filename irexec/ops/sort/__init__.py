"""Sort operations (the operation specs' "sort" category)."""
