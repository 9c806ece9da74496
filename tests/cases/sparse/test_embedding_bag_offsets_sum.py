"""EmbeddingBagOffsetsSum-3: cases against the CPU plugin. The plugin refuses an empty last bag
(offset = num_indices) and an empty indices input, which the spec allows (rows it cannot run), and
narrows an i64 table to i32 (a plugin row)."""

from cases.rows import Table

from ._embedding_rows import offsets_cases, offsets_errors

TABLE = Table("EmbeddingBagOffsetsSum", "opset3", cases=offsets_cases(), errors=offsets_errors())

test_cases, test_errors = TABLE.pytest()
