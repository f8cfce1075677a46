"""Speculative-decoding statistics from engine logs: parse, normalise, summarise.

The entry point is :func:`specdiag.core.logs.run.run_logs`. The pipeline (record sources ->
batches -> accumulators -> report) and what each module does: docs/logs.md, section Code.
"""
