"""Speculative-decoding statistics from engine logs: parse, normalise, summarise.

The entry point is :func:`specdiag.core.logs.run.run_logs`. The pipeline (record sources ->
batches -> accumulators -> report) and what each module does: docs/logs.md, section Code.
"""

import os
import sys

# Logs uses numpy for element-wise passes only, never its BLAS: on a many-core host OpenBLAS
# would start a thread per core while numpy loads (seconds of CPU for nothing). One thread,
# unless the user chose, and only when numpy is not loaded yet (then it is too late anyway).
if "numpy" not in sys.modules:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
