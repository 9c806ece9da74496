"""MVN-1 and MVN-6: mean-variance normalization over some axes of floating-point data.

``y = x - mean(x)`` over the axes; with ``normalize_variance``, ``y / sqrt(var + eps)``
(MVN-1, and MVN-6 with ``eps_mode="inside_sqrt"``) or ``y / (sqrt(var) + eps)`` (MVN-6
``outside_sqrt``), where ``var`` is the mean of ``y**2`` over the same axes (computed in two
passes, see ``_norm``). f16 and bf16 compute in f32 and round once. A transformer's layer norm
is an MVN-6 over the last axis.

MVN-1 takes its axes from attributes: ``reduction_axes`` when given (unique, in [-r, r-1]);
otherwise ``across_channels`` (false: dims 2 and on, per sample and channel; true: dims 1 and on,
per sample). OpenVINO writes both (``across_channels`` then says whether ``reduction_axes``
holds dim 1); irexec follows ``reduction_axes``. The spec (2025) marks ``across_channels`` and
``normalize_variance`` required but also forbids giving ``across_channels`` with
``reduction_axes``; irexec takes both as false when left out, as its earlier versions and
OpenVINO do. MVN-6 takes its axes as a 1-D input (an axis named twice counts once, as the CPU
plugin does; empty axes normalise nothing: every output is 0). ``eps`` is required; a negative or
NaN one is refused (the specs ask for a positive number; 0 is accepted).

Where the CPU plugin departs (rows in tests/cases/normalization/test_mvn.py): its MVN-1 ignores
``reduction_axes`` except whether they hold dim 1, and normalises dims 2 and on (or 1 and on)
whatever they say ([3] of a 4-D tensor: irexec normalises dim 3 alone, the plugin dims 2 and 3;
[1, 3]: dims 1 and 3, the plugin 1 to 3). Its MVN-6 passes a 2-D tensor through unchanged given
empty constant axes (irexec: all 0, the mean over no axes being each element). It reads an MVN-1
or MVN-6 without ``eps`` (as 1e-9) or without ``eps_mode``, which irexec refuses. Its sums run in
another order: f32 results agree within a few ulp.
"""

import numpy as np

from ..elementwise import in_f32_unary
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._norm import axes_rank, check_eps, known_axes, moments, norm_axes


def _mvn(x: np.ndarray, axes: tuple, normalize_variance: bool, eps: float, inside: bool) -> np.ndarray:
    if x.size == 0:
        return np.array(x, copy=True)
    centred, var = moments(x, axes)
    if not normalize_variance:
        return centred
    eps = x.dtype.type(eps)
    centred /= np.sqrt(var + eps) if inside else np.sqrt(var) + eps
    return centred


mvn = in_f32_unary(_mvn)


class _MVN(Op):
    name = "MVN"  # as messages spell the version

    def setup(self):
        check_eps(self.eps, "eps", self.name)

    def normalize(self, x, axes, inside: bool):
        return mvn(x, axes, self.normalize_variance, self.eps, inside)


@register
class MVN1(_MVN):
    type, version = "MVN", "opset2"
    builder_args = ("data", "across_channels", "normalize_variance", ("eps", 1e-9))
    spec = "normalization/mvn-1"
    name = "MVN-1"
    inputs = (Input("data", "float"),)
    attrs = (
        Attr("across_channels", "bool", False),
        Attr("reduction_axes", "ints", None),
        Attr("normalize_variance", "bool", False),
        Attr("eps", "float"),
    )

    def setup(self):
        super().setup()
        # (OpenVINO writes reduction_axes="" when it has none.)
        self.reduction_axes = self.reduction_axes or None

    def mvn_axes(self, rank: int) -> tuple:
        if self.reduction_axes is not None:
            return norm_axes(self.reduction_axes, rank, "MVN-1 reduction_axes", unique=True)
        return tuple(range(1 if self.across_channels else 2, rank))

    def output_facts(self, data):
        if data.shape is not None:
            self.mvn_axes(len(data.shape))
        return Fact(data.etype, data.shape)

    def compute(self, x):
        return self.normalize(x, self.mvn_axes(x.ndim), inside=True)


@register
class MVN6(_MVN):
    type, version = "MVN", "opset6"
    spec = "normalization/mvn-6"
    name = "MVN-6"
    inputs = (Input("data", "float"), Input("axes", "i32|i64", role="axes", value=True))
    attrs = (
        Attr("normalize_variance", "bool"),
        Attr("eps", "float"),
        Attr("eps_mode", "str", choices=("inside_sqrt", "outside_sqrt")),
    )

    def output_facts(self, data, axes):
        axes_rank(axes, "MVN-6")
        known_axes(axes, data, "MVN-6", unique=False)
        return Fact(data.etype, data.shape)

    def compute(self, x, axes):
        axes = np.asarray(axes)
        ax = self.memo(
            (axes.dtype.char, axes.tobytes(), x.ndim), lambda: norm_axes(axes, x.ndim, "MVN-6", unique=False)
        )
        return self.normalize(x, ax, inside=self.eps_mode == "inside_sqrt")
