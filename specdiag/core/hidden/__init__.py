"""Hidden-state dumps: load them safely, compare served vs training captures, inspect dump sets.

Modules (each imports torch lazily, inside the functions that need it, so importing this
package costs nothing):

* :mod:`.loading`      ``load_dump`` / ``dump_from_tensors`` / ``load_file`` / ``check_tensor``:
                       ``.pt``, ``.ckpt``, ``.ckpt.gz``, ``.safetensors``, ``.npy``, ``.npz``.
* :mod:`.values`       ``parse_values``: served numbers given as text (strict, linear time).
* :mod:`.conventions`  layer id <-> ``hidden_states`` index per engine (SGLang adds +1, vLLM not).
* :mod:`.compare`      ``compare(served, training, options) -> CompareResult``; its stages live in
                       ``compare_align``, ``compare_tolerance``, ``compare_stats``,
                       ``compare_identify``, ``compare_diagnosis``, ``compare_values`` and
                       ``compare_results`` (the frozen results and their enums).
* :mod:`.inspect`      ``inspect_paths(paths) -> InspectReport`` (``specdiag inspect-dump``);
                       its one-pass scan is the C extension ``_fastscan`` (csrc/fastscan.c),
                       with a torch fallback; ``--workers`` scans files in threads.
"""
