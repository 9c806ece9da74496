"""RGBtoNV12-17: irexec against the spec alone (the CPU plugin has no kernel for it; the rows
are tests/cases/image/_to_nv12_rows.py's, the input's red in channel 0)."""

from cases.image._to_nv12_rows import table

TABLE = table("RGBtoNV12", 0)

test_cases, test_errors = TABLE.pytest()
