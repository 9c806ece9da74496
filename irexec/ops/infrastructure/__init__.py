"""Infrastructure operations (the operation specs' "infrastructure" category)."""
