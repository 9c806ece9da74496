"""Compiling one model on OpenVINO and on irexec, for tests that run a call on both: OpenVINO's
compiled model made once per path and config (it takes 0.1 s)."""

import functools

import openvino as ov


def compiled(lib, path, config=None):
    """``path`` compiled by ``lib`` (OpenVINO's, made once per path and config: it takes 0.1 s)."""
    if lib is ov:
        return _ov_compiled(path, tuple(sorted((config or {}).items())))
    return lib.Core().compile_model(path, "CPU", config or {})


@functools.cache
def _ov_compiled(path, config: tuple):
    return ov.Core().compile_model(path, "CPU", dict(config))
