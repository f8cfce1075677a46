"""Speculative-decoding statistics from engine logs: parse, normalise, summarise.

The entry point is :func:`specdiag.core.logs.run.run_logs` (options validated once in
:class:`~specdiag.core.logs.run.LogsOptions`, every input opened once, one frozen result).

Reading a line is three stages with one seam between finding and parsing (the compiled path,
csrc/fastlogs.c, reproduces stage 1 byte for byte and hands the same candidates to stage 2):

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
* :mod:`.patterns` compiled patterns per engine/version, prefilter and context keywords
* :mod:`.grammar`  the tolerant field grammar
* :mod:`.parse`    line -> record with per-line engine auto-detection (server logs)
* :mod:`.formats`  bench / example / JSON-body layouts and multi-line blocks
* :mod:`.infer`    what one line cannot say (SGLang's rate formula and num_draft_tokens)
* :mod:`.scan`     chunked reading with a C-level prefilter (gzip, stdin, pipes)
* :mod:`.parallel` ``--workers 2``: the bytes stage of a file in a second process
* :mod:`.summary`  streaming aggregation with bounded memory
* :mod:`.analyze`  sources in, one report out
* :mod:`.window`   --since/--until, the year of year-less timestamps
* :mod:`.follow`   tailing growing files, pipes and FIFOs
* :mod:`.export`   --records CSV / JSONL
* :mod:`.compare`  comparison with a prediction (the expected-accept core)
"""
