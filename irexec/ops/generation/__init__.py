"""Generation operations (the operation specs' "generation" category)."""
