"""Sin-1: cases against the CPU plugin: the angles, special values and types every trigonometric table
has (``cases.unary.trigonometric_cases``)."""

from cases.rows import Table
from cases.unary import boolean_refused, trigonometric_cases

TABLE = Table("Sin", "opset1", cases=trigonometric_cases(), errors=[boolean_refused("Sin")])

test_cases, test_errors = TABLE.pytest()
