"""Type operations (the operation specs' "type" category)."""
