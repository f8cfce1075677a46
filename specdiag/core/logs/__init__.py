"""Speculative-decoding statistics from engine logs: parse, normalise, summarise.

* :mod:`.records`  the record every parser returns (frozen dataclass)
* :mod:`.patterns` compiled patterns per engine/version and the prefilter keywords
* :mod:`.parse`    pure line -> record parser with per-line engine auto-detection
* :mod:`.infer`    what one line cannot say (SGLang's rate formula and num_draft_tokens)
* :mod:`.scan`     chunked reading with a C-level prefilter (gzip, stdin)
* :mod:`.parallel` ``--workers 2``: the bytes stage of a file in a second process
* :mod:`.summary`  streaming aggregation with bounded memory
* :mod:`.analyze`  sources in, one report out
* :mod:`.window`   --since/--until
* :mod:`.follow`   tailing growing files
* :mod:`.export`   --records CSV / JSONL
* :mod:`.compare`  comparison with a prediction (the expected-accept core)
"""
