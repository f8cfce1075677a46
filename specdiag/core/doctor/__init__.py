"""``specdiag doctor``: from whatever evidence the user has to ranked causes, each with its fix.

* :mod:`.model`        the frozen result types (``DoctorReport``, ``CheckResult``, ``Finding``)
* :mod:`.context`      ``DoctorInputs`` and the evidence gathered once for every check
* :mod:`.adapters`     the thin calls into the logs, probe, expected-accept and hidden cores
* :mod:`.checkpoint`   model directories: config.json, safetensors headers, tokenizer files
* :mod:`.server_args`  launch command lines of SGLang, vLLM, llama.cpp, TensorRT-LLM
* :mod:`.registry`     the check registry (``@check``) and its order; :mod:`.catalog` loads them all
* family modules, one per family of checks: :mod:`.aux_layers`, :mod:`.vocab`, :mod:`.weights`,
  :mod:`.mtp`, :mod:`.rope`, :mod:`.tokenizer`, :mod:`.server_checks`, :mod:`.tree`,
  :mod:`.sampling`, :mod:`.logs_checks`, :mod:`.hidden`, :mod:`.expected`
* :mod:`.run`          ``run_doctor(inputs) -> DoctorReport``: gather, check, rank, summarise

Importing this package imports nothing heavy; the adapters import the other cores lazily.
"""
