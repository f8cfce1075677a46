"""Speculative-decoding statistics from engine logs: parse, normalise, summarise.

The entry point is :func:`specdiag.core.logs.run.run_logs` (options validated once in
:class:`~specdiag.core.logs.run.LogsOptions`, every input opened once, one frozen result).

One pipeline, one direction: a record source per input (:class:`~.scan.Scanner`, the Python
one, or :class:`~.fast.FastScanner`, the compiled one: the same records for the same bytes)
turns bytes into :class:`~.batch.RecordBatch` es; :class:`~.analyze.LogAnalyzer` routes their
rows to one :class:`~.summary.SeriesAccumulator` per series (numpy per batch, exact sums);
``report()`` gives the frozen result. The Python source reads a line in three steps:

1. find candidate lines -- :mod:`.scan` (:class:`~.scan.LineFinder`, bytes in, candidates
   out: the anchor ``cc`` plus a keyword of :mod:`.patterns`; context lines after a block
   header or a line cut mid-field; the few lines before a summary's count line);
2. classify the layout -- :mod:`.parse` (:class:`~.parse.LineParser`: engine marks pick the
   parser, the default layouts take one-regex fast paths proven equal to the general path);
3. parse fields -- :mod:`.grammar` (quoting removed, ``key: value`` pairs in any order, the
   synonym table) and :mod:`.formats` (bench tools, example programs, JSON bodies).

Modules:

* :mod:`.run`      the entry point: LogsOptions, run_logs, LogsResult
* :mod:`.records`  the record every parser returns (frozen dataclass), LogEngine, the range guard
* :mod:`.batch`    RecordBatch (records of one source, columnar) and the RecordSource interface
* :mod:`.patterns` compiled patterns per engine/version, prefilter and context keywords
* :mod:`.grammar`  the tolerant field grammar
* :mod:`.parse`    line -> record with per-line engine auto-detection (server logs)
* :mod:`.formats`  bench / example / JSON-body layouts and multi-line blocks
* :mod:`.infer`    what one line cannot say (SGLang's rate formula and num_draft_tokens)
* :mod:`.scan`     the Python record source: chunked reading, prefilter (gzip, stdin, pipes)
* :mod:`.fast`     the compiled record source (csrc/fastlogs.c scans and extracts; numpy rows)
* :mod:`.parallel` ``--workers 2``: the bytes stage of a file in a second process
* :mod:`.summary`  the accumulator: per batch, numpy, exact sums, bounded memory
* :mod:`.analyze`  batches in, one report out
* :mod:`.window`   --since/--until, the year of year-less timestamps
* :mod:`.follow`   tailing growing files, pipes and FIFOs
* :mod:`.export`   --records CSV / JSONL
* :mod:`.compare`  comparison with a prediction (the expected-accept core)
"""

import os
import sys

# Logs uses numpy for element-wise passes only, never its BLAS: on a many-core host OpenBLAS
# would start a thread per core while numpy loads (seconds of CPU for nothing). One thread,
# unless the user chose, and only when numpy is not loaded yet (then it is too late anyway).
if "numpy" not in sys.modules:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
