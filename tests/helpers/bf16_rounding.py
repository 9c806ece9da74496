"""How OpenVINO's CPU plugin rounds f32 to bf16, by CPU kind (no openvino import: the case
tables use these to write their departure rows)."""

import ml_dtypes
import numpy as np

BF16 = np.dtype(ml_dtypes.bfloat16)


# How the plugin rounds f32 to bf16 (in Convert, and after bf16 arithmetic, which it computes
# in f32) depends on the CPU. Its jit_uni_vcvtneps2bf16 emitter uses
# - AVX512-BF16's (or AVX2-VNNI-2's) vcvtneps2bf16: round to nearest even, but f32 subnormals
#   are taken as zero;
# - on other AVX-512 CPUs, a software round to nearest even: the specification's value;
# - on AVX2, software that adds half an ulp only when the kept last bit is odd, so a value
#   more than half-way above an even bf16 is truncated to it (one ulp low). OpenVINO's
#   reference Convert from integers and f64 rounds that way on every CPU.
def bf16_nearest_even(x) -> np.ndarray:
    """The specification's f32 -> bf16: round to nearest even, subnormals kept."""
    return np.asarray(x, np.float32).astype(BF16)


def bf16_flushing_subnormals(x) -> np.ndarray:
    """vcvtneps2bf16 (AVX512-BF16, AMX, AVX2-VNNI-2): f32 subnormals become zeros of their sign."""
    x = np.asarray(x, np.float32)
    tiny = (x != 0) & (np.abs(x) < np.finfo(np.float32).tiny)
    return np.where(tiny, np.copysign(np.float32(0), x), x).astype(BF16)


def bf16_rounding_up_from_odd(x) -> np.ndarray:
    """The plugin's AVX2 rounding: add 0x8000 to the f32 bits only when bit 16 (the last bit
    bf16 keeps) is set, then keep the high half; 32-bit wrap-around as in vpaddd."""
    bits = np.asarray(x, np.float32).view(np.uint32)
    return ((bits + ((bits >> 1) & 0x8000)) >> 16).astype(np.uint16).view(BF16)


def bf16_departures(x) -> dict:
    """The plugin's f32 -> bf16 roundings of ``x`` that differ from the specification's, by CPU."""
    return {
        "AVX512-BF16/AMX (vcvtneps2bf16 flushes subnormals)": bf16_flushing_subnormals(x),
        "AVX2 (rounds up only from an odd last bit)": bf16_rounding_up_from_odd(x),
    }


def bf16_plugin_roundings(x) -> list:
    """Every rounding of ``x`` some CPU's plugin gives, besides the specification's."""
    return list(bf16_departures(x).values())
