"""Detection operations (the operation specs' "detection" category)."""
