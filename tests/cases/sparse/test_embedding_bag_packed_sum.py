"""EmbeddingBagPackedSum-3: cases against the CPU plugin. The plugin refuses bags of no index
(indices [batch, 0]), which the spec allows (a row it cannot run), and narrows an i64 table to i32
(a plugin row)."""

from cases.rows import Table

from ._embedding_rows import packed_cases, packed_errors

TABLE = Table("EmbeddingBagPackedSum", "opset3", cases=packed_cases(), errors=packed_errors())

test_cases, test_errors = TABLE.pytest()
