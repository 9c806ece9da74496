"""I420toRGB-8: cases against the CPU plugin (the rows every YUV conversion shares: one plane or
several, u8 and the float types, values past [0, 255], an empty batch, every refusal)."""

from cases.image._yuv_rows import table

TABLE = table("I420toRGB", "i420")

test_cases, test_errors = TABLE.pytest()
