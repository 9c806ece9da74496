"""Builders of the real-model corpus (see scripts/export_corpus.py)."""
