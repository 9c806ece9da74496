"""Comparing one call made on OpenVINO and on irexec: both give equal values (OpenVINO's objects by
their type's name and printed forms, containers item by item) and the same warnings, or both raise,
irexec's error an instance of the built-in class OpenVINO's is."""

import warnings

import numpy as np


def _outcome(run):
    """What running gives: ("value", v) or ("raises", error), and the warnings' classes."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = ("value", run())
        except Exception as e:  # (compared by class below)
            result = ("raises", e)
    return result, [w.category for w in caught]


def _plain(v):
    """A value in a form to compare across the two libraries: OpenVINO's objects by their type's
    name and printed forms, containers item by item."""
    if isinstance(v, np.ndarray):
        return ("array", v.dtype.str, v.shape, v.tolist())
    if type(v) in (list, tuple):
        return (type(v).__name__, [_plain(x) for x in v])
    if isinstance(v, dict):
        return ("dict", sorted((repr(k), _plain(x)) for k, x in v.items()))
    if isinstance(v, type):
        return ("class", v.__name__)
    if v is None or isinstance(v, (bool, int, float, str, bytes, np.generic, np.dtype)):
        return (type(v).__name__, v)
    return (type(v).__name__, repr(v), str(v))


def _builtin(error: Exception) -> type:
    return next(c for c in type(error).__mro__ if c.__module__ == "builtins")


def assert_same(theirs, ours):
    """Both runs give equal values, or raise: irexec's error is an instance of OpenVINO's built-in class."""
    (kind, value), warned = _outcome(theirs)
    (our_kind, our_value), our_warned = _outcome(ours)
    assert our_warned == warned
    if kind == "raises":
        assert our_kind == "raises", f"OpenVINO raises {value!r}, irexec gives {our_value!r}"
        assert isinstance(our_value, _builtin(value)), f"OpenVINO raises {value!r}, irexec {our_value!r}"
    else:
        assert our_kind == "value", f"OpenVINO gives {value!r}, irexec raises {our_value!r}"
        assert _plain(our_value) == _plain(value)
