"""Floor-1: cases against the CPU plugin: the rows every rounding op has
(``cases.unary.rounding_cases``), integers unchanged, where the plugin departs."""

from cases.rows import Table
from cases.unary import boolean_refused, rounding_cases

TABLE = Table("Floor", "opset1", cases=rounding_cases(), errors=[boolean_refused("Floor")])

test_cases, test_errors = TABLE.pytest()
