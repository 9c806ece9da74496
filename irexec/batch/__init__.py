"""Batches: one model over many input samples (``irexec run MODEL --inputs ... --outputs DIR``),
on a pool of worker processes or a Dask cluster. See ``job.run_batch``."""

from .job import run_batch  # noqa: F401
