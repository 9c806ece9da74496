"""The enums a program chooses steps' variants by (``ResizeAlgorithm``, ``ColorFormat``,
``PaddingMode``: OpenVINO's names and values), and what each color format is: its planes, its
channels, the name a PrePostProcessor's description gives it."""

from __future__ import annotations

import enum


class ResizeAlgorithm(enum.IntEnum):
    RESIZE_LINEAR = 0
    RESIZE_CUBIC = 1
    RESIZE_NEAREST = 2
    RESIZE_BILINEAR_PILLOW = 3
    RESIZE_BICUBIC_PILLOW = 4

    def __str__(self) -> str:
        return f"ResizeAlgorithm.{self.name}"


class ColorFormat(enum.IntEnum):
    UNDEFINED = 0
    NV12_SINGLE_PLANE = 1
    NV12_TWO_PLANES = 2
    I420_SINGLE_PLANE = 3
    I420_THREE_PLANES = 4
    RGB = 5
    BGR = 6
    GRAY = 7
    RGBX = 8
    BGRX = 9

    def __str__(self) -> str:
        return f"ColorFormat.{self.name}"


class PaddingMode(enum.IntEnum):
    CONSTANT = 0
    REFLECT = 2
    SYMMETRIC = 3

    def __str__(self) -> str:
        return f"PaddingMode.{self.name}"


# How a color format is printed in a PrePostProcessor's description.
COLOR_NAMES = {
    ColorFormat.UNDEFINED: "Unknown",
    ColorFormat.NV12_SINGLE_PLANE: "NV12 (single plane)",
    ColorFormat.NV12_TWO_PLANES: "NV12 (multi-plane)",
    ColorFormat.I420_SINGLE_PLANE: "I420 (single plane)",
    ColorFormat.I420_THREE_PLANES: "I420 (multi-plane)",
    ColorFormat.RGB: "RGB",
    ColorFormat.BGR: "BGR",
    ColorFormat.GRAY: "GRAY",
    ColorFormat.RGBX: "RGBX",
    ColorFormat.BGRX: "BGRX",
}

# The planes of each multi-plane format, with the names OpenVINO gives them by default; and the
# channels each plane has. A single-plane YUV image is one channel of 3/2 the height.
PLANES = {
    ColorFormat.NV12_TWO_PLANES: (("Y", 1), ("UV", 2)),
    ColorFormat.I420_THREE_PLANES: (("Y", 1), ("U", 1), ("V", 1)),
}
YUV = (
    ColorFormat.NV12_SINGLE_PLANE,
    ColorFormat.NV12_TWO_PLANES,
    ColorFormat.I420_SINGLE_PLANE,
    ColorFormat.I420_THREE_PLANES,
)
# The channels of an image of each format (in its C dim).
CHANNELS = {ColorFormat.RGB: 3, ColorFormat.BGR: 3, ColorFormat.RGBX: 4, ColorFormat.BGRX: 4, ColorFormat.GRAY: 1}
