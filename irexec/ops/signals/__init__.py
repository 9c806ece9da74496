"""Signal processing operations (the operation specs' "signals" category: DFT and its kin)."""
