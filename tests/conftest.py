import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import pytest  # noqa: E402


def pytest_addoption(parser):
    parser.addoption(
        "--sweep",
        choices=("slice", "full"),
        default="slice",
        help="the long fuzz and corpus sweeps (marked sweep): a bounded slice (the default, as CI runs them) or all",
    )


def pytest_configure(config):
    # Before any test module is imported (xdist's workers run this too): tests/helpers/sweep.py reads it.
    os.environ["IREXEC_SWEEP"] = config.getoption("--sweep")


@pytest.fixture
def evaluations(monkeypatch) -> list:
    """The types of the layers the executor evaluates from now on, in order (shape inference's own
    folding aside)."""
    from irexec.run import executor

    calls, real = [], executor._evaluate
    monkeypatch.setattr(executor, "DIRECT_CALLS", False)  # (every step through _evaluate)

    def counted(layer, *a, **k):
        calls.append(layer.type)
        return real(layer, *a, **k)

    monkeypatch.setattr(executor, "_evaluate", counted)
    return calls


@pytest.fixture(scope="module")
def browser():
    """Headless chromium for the pages' tests, one per test module (they skip without it)."""
    from helpers.browser import launched

    yield from launched()
