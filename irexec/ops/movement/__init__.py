"""Movement operations (the operation specs' "movement" category)."""
