"""Parse a server's launch command line for its speculative settings (SGLang, vLLM, llama.cpp,
TensorRT-LLM): flags by name (``--flag value``, ``--flag=value``; ``_`` and ``-`` alike), in any
order, with shell quoting, argparse's abbreviations read out; what is not understood is said."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from specdiag.core.datafiles import document

# The engines' flags this parser knows, as data (engine_flags.json: what each table holds is
# said in its "about"). Abbreviations: SGLang builds its parser as
# argparse.ArgumentParser(prog="sglang serve") in python/sglang/srt/server_args.py::
# prepare_server_args, and vLLM's FlexibleArgumentParser (vllm/utils/argparse_utils.py) is an
# ArgumentParser subclass that leaves allow_abbrev at its default, True, for `vllm serve`'s
# sub-parser too: both take an unambiguous prefix of a long flag for the flag, and refuse one
# that starts several flags ("ambiguous option"). A prefix is read as a flag only inside a family
# listed in full, so that one match here is one match in the engine; a prefix of two or more
# listed flags is ambiguous whatever else the engine has.
_FLAGS: dict[str, Any] = document("specdiag.core.doctor", "engine_flags.json")
_ABBREVIATING: dict[str, dict[str, Any]] = _FLAGS["abbreviating"]


def _unabbreviate(name: str, engine: str | None, notes: list[str]) -> str:
    """The flag an abbreviated long flag stands for in ``engine``'s parser (else ``name``); an
    ambiguous prefix, or one this table cannot settle, becomes a note naming the token."""
    table = _ABBREVIATING.get(engine or "")
    if table is None or not name.startswith("--"):
        return name
    families, others = table["families"], table["others"]
    known: set[str] = {f for flags in families.values() for f in flags} | set(others)
    if name in known:
        return name
    matches = sorted(f for f in known if f.startswith(name))
    if len(matches) > 1:
        notes.append(
            f"not understood: {name} starts {len(matches)} {engine} flags "
            f"({', '.join(matches[:4])}"
            + (", ..." if len(matches) > 4 else "")
            + f"): {engine}'s argparse refuses an ambiguous abbreviation; write the flag out"
        )
        return name
    if not matches:
        return name
    if any(name.startswith(prefix) for prefix in families):
        notes.append(f"{name} read as {matches[0]} (argparse takes an unambiguous prefix)")
        return matches[0]
    notes.append(
        f"{name} is not read: it may abbreviate {matches[0]} ({engine} takes an unambiguous "
        "prefix, and specdiag cannot tell that no other flag starts so); write the flag out"
    )
    return name


@dataclass(frozen=True)
class ServerArgs:
    text: str
    engine: str | None
    engine_from: str
    flags: dict[str, str | bool]
    positional: tuple[str, ...]
    method: str | None = None
    draft_path: str | None = None
    target_path: str | None = None
    steps: int | None = None
    topk: int | None = None
    num_draft_tokens: int | None = None
    max_len: int | None = None
    max_len_flag: str | None = None
    cuda_graph_off: str | None = None  # the flag that turns CUDA graphs off
    dp_attention: bool = False
    temperature: float | None = None
    top_k: int | None = None
    rejection_sampling: str | None = None
    synthetic: str | None = None
    hf_overrides: dict[str, Any] | None = None
    aux_layers: tuple[int, ...] | None = None  # TRT-LLM eagle3_layers_to_capture
    spec_config: dict[str, Any] | None = None
    options: dict[str, Any] | None = None  # TRT-LLM extra LLM-API options (YAML)
    problems: tuple[str, ...] = field(default_factory=tuple)  # what makes the launch wrong
    warnings: tuple[str, ...] = field(default_factory=tuple)
    notes: tuple[str, ...] = field(default_factory=tuple)

    def flag(self, *names: str) -> str | bool | None:
        for n in names:
            v = self.flags.get(_norm(n))
            if v is not None:
                return v
        return None


def _norm(flag: str) -> str:
    return "--" + flag[2:].replace("_", "-").lower() if flag.startswith("--") else flag


def _split(text: str) -> tuple[list[str], str | None]:
    try:
        return shlex.split(text.replace("\\\n", " ")), None
    except ValueError as exc:
        return (
            text.split(),
            f"the command line does not parse as shell words ({exc}); read by spaces",
        )


def _detect(tokens: list[str], flags: dict[str, str | bool]) -> tuple[str | None, str]:
    joined = " ".join(tokens[:4]).lower()
    for word, eng in _FLAGS["engine_by_word"].items():
        if word in joined:
            return eng, f"the command ({word})"
    for fl, eng in _FLAGS["engine_by_flag"].items():
        if fl in flags:
            return eng, f"the flag {fl}"
    return None, "unknown"


def _int(v: object) -> int | None:
    try:
        return int(str(v).strip())
    except (TypeError, ValueError):
        return None


def _float(v: object) -> float | None:
    try:
        return float(str(v).strip())
    except (TypeError, ValueError):
        return None


def _json_flag(
    flags: dict[str, str | bool], problems: list[str], name: str, *aliases: str
) -> dict[str, Any] | None:
    """The JSON object flag ``name`` (else its first alias given) holds; a problem if not one."""
    v = next((flags[n] for n in (name, *aliases) if n in flags), None)
    if not isinstance(v, str):
        return None
    from specdiag.core.files import JsonError, loads_json

    try:
        doc = loads_json(v)
    except JsonError as exc:
        problems.append(f"{name} is not usable JSON ({exc}): {v[:80]!r}")
        return None
    if not isinstance(doc, dict):
        problems.append(f"{name} is not a JSON object: {v[:80]!r}")
        return None
    return doc


def _scan(
    tokens: list[str], engine: str | None, notes: list[str]
) -> tuple[dict[str, str | bool], list[str]]:
    """Flags (normalised names, abbreviations of ``engine``'s flags read out) and positionals."""
    flags: dict[str, str | bool] = {}
    positional: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.startswith("-") and len(tok) > 1 and _float(tok) is None:
            name, eq, val = tok.partition("=")
            name = _unabbreviate(_norm(name), engine, notes)
            if eq:
                flags[name] = val
            elif (
                name in _FLAGS["takes_no_value"]
                or i + 1 >= len(tokens)
                or (tokens[i + 1].startswith("-") and _float(tokens[i + 1]) is None)
            ):
                flags[name] = True
            else:
                flags[name] = tokens[i + 1]
                i += 1
        else:
            positional.append(tok)
        i += 1
    return flags, positional


def parse_server_args(text: str) -> ServerArgs:
    """Parse a launch command line; never raises (what is not understood becomes a note)."""
    tokens, split_note = _split(text)
    notes: list[str] = [split_note] if split_note else []
    engine, _ = _detect(tokens, {})  # from the command itself, before reading the flags
    scan_notes: list[str] = []
    flags, positional = _scan(tokens, engine, scan_notes)
    if engine is None:
        # told by a flag: read the flags again with that engine's abbreviations, and when no
        # flag tells, try each engine that abbreviates (its own flags then tell)
        told, _ = _detect(tokens, flags)
        for candidate in [told] if told is not None else list(_ABBREVIATING):
            if candidate not in _ABBREVIATING:
                continue
            retry_notes: list[str] = []
            retry, retry_pos = _scan(tokens, candidate, retry_notes)
            if _detect(tokens, retry)[0] == candidate:
                flags, positional, scan_notes = retry, retry_pos, retry_notes
                break
    notes.extend(scan_notes)
    engine, engine_from = _detect(tokens, flags)
    base: dict[str, Any] = {
        "text": text,
        "engine": engine,
        "engine_from": engine_from,
        "flags": flags,
        "positional": tuple(positional),
    }
    if engine is not None:
        return _READERS[engine](base | _settings(engine, flags), flags, positional, notes)
    notes.append(
        "the engine could not be told from the command (no sglang / vllm / llama-server / "
        "trtllm-serve, no engine-specific flag)"
    )
    return ServerArgs(**base, notes=tuple(notes))


def _get(flags: dict[str, str | bool], *names: str) -> str | None:
    for n in names:
        v = flags.get(_norm(n))
        if isinstance(v, str):
            return v
    return None


_NUMBERS: dict[str, Callable[[object], float | None]] = {
    **dict.fromkeys(("steps", "topk", "num_draft_tokens", "max_len", "top_k"), _int),
    "temperature": _float,
}


def _settings(engine: str, flags: dict[str, str | bool]) -> dict[str, Any]:
    """The fields ``engine``'s flags set directly (engine_flags.json "settings"): each the value
    of the first of its flags given (a number where the field is one), a switch the flag's
    name when it is on."""
    table = _FLAGS["settings"][engine]
    out: dict[str, Any] = {}
    for name, names in table["values"].items():
        raw = _get(flags, *names)
        out[name] = raw if raw is None or name not in _NUMBERS else _NUMBERS[name](raw)
    for name, flag in table.get("switches", {}).items():
        out[name] = flag if flags.get(flag) is True else None
    if out["max_len"] is not None:
        out["max_len_flag"] = table["max_len_flag"]
    return out


Args = dict[str, Any]  # the ServerArgs fields read so far, by name


def _sglang(base: Args, flags: dict[str, str | bool], _: list[str], notes: list[str]) -> ServerArgs:
    problems: list[str] = []
    if base["method"] and base["steps"] is None:
        if base["topk"] is not None or base["num_draft_tokens"] is not None:
            problems.append(
                "--speculative-eagle-topk / --speculative-num-draft-tokens without "
                "--speculative-num-steps: SGLang asserts at start"
            )
        notes.append(
            "no --speculative-num-steps: SGLang picks (steps, topk, num_draft_tokens) = (3, 1, 4) "
            "for most models, (5, 4, 8) for LlamaForCausalLM and Grok"
        )
    prefs = _json_flag(flags, problems, "--preferred-sampling-params")
    dp = _int(_get(flags, "--dp-size", "--dp"))
    return ServerArgs(
        **base,
        dp_attention=flags.get("--enable-dp-attention") is True and (dp or 1) > 1,
        temperature=_float(prefs.get("temperature")) if prefs else None,
        top_k=_int(prefs.get("top_k")) if prefs else None,
        problems=tuple(problems),
        notes=tuple(notes),
    )


def _vllm(
    base: Args, flags: dict[str, str | bool], positional: list[str], notes: list[str]
) -> ServerArgs:
    problems: list[str] = []
    spec = _json_flag(flags, problems, "--speculative-config", "-sc")
    if base["target_path"] is None:
        rest = [p for p in positional if p not in ("serve", "vllm", "python", "python3", "-m")]
        rest = [p for p in rest if "vllm" not in p and "api_server" not in p]
        base["target_path"] = rest[0] if rest else None
    method = draft = steps = spec_max = rejection = None
    if spec is not None:
        method = spec.get("method")
        draft = spec.get("model")
        steps = _int(spec.get("num_speculative_tokens"))
        spec_max = _int(spec.get("max_model_len"))
        for k in ("rejection_sample_method", "draft_sample_method"):
            if spec.get(k) is not None:
                rejection = f"{k}={spec[k]}"
        if "num_speculative_tokens_per_batch_size" in spec:
            notes.append(
                "dynamic speculative decoding (num_speculative_tokens_per_batch_size): k varies "
                "per batch; high positions have fewer drafts behind them (vllm PR #32374)"
            )
    elif _get(flags, "--speculative-model"):
        draft = _get(flags, "--speculative-model")
        steps = _int(_get(flags, "--num-speculative-tokens"))
        notes.append("legacy --speculative-model / --num-speculative-tokens flags (vLLM < 0.8)")
    gen = _json_flag(flags, problems, "--override-generation-config")
    return ServerArgs(
        **base,
        method=str(method) if method else None,
        draft_path=str(draft) if draft else None,
        steps=steps,
        temperature=_float(gen.get("temperature")) if gen else None,
        top_k=_int(gen.get("top_k")) if gen else None,
        rejection_sampling=rejection,
        hf_overrides=_json_flag(flags, problems, "--hf-overrides"),
        spec_config=spec,
        problems=tuple(problems),
        notes=tuple(notes + ([f"draft max_model_len {spec_max}"] if spec_max else [])),
    )


def _llamacpp(
    base: Args, flags: dict[str, str | bool], _: list[str], notes: list[str]
) -> ServerArgs:
    problems: list[str] = []
    warnings = [
        f"{fl} was removed from llama-server (builds since 7c158fbb4): such a build "
        "exits with 'the argument has been removed'; use --spec-draft-n-max / "
        "--spec-draft-n-min (older builds still take it)"
        for fl in _FLAGS["llamacpp_removed"]
        if fl in flags
    ]
    draft, spec_type = base["draft_path"], base["method"]
    if draft and not spec_type:
        problems.append(
            "-md without --spec-type: the draft model loads but llama-server does not "
            "speculate (speculative.types is 'none'; all draft counters stay 0) in builds with "
            "--spec-type; add --spec-type draft-simple (or draft-eagle3 / draft-mtp)"
        )
    base["method"] = spec_type or ("draft (no --spec-type)" if draft else None)
    if base["steps"] is None and (draft or spec_type):
        notes.append("no --spec-draft-n-max: llama-server drafts at most 3 tokens (its default)")
    return ServerArgs(
        **base,
        synthetic=next((fl for fl in _FLAGS["llamacpp_synthetic"] if fl in flags), None),
        problems=tuple(problems),
        warnings=tuple(warnings),
        notes=tuple(notes),
    )


def _trtllm(
    base: Args, flags: dict[str, str | bool], positional: list[str], notes: list[str]
) -> ServerArgs:
    problems: list[str] = []
    opts_path = _get(flags, "--extra-llm-api-options", "--config")
    doc: object = None
    if opts_path:
        from specdiag.core.files import FileKind, read_text_bounded
        from specdiag.errors import InputError

        try:
            text = read_text_bounded(opts_path, what="the options file", kind=FileKind.ARGUMENT)
            import yaml

            doc = yaml.safe_load(text)
        except InputError as exc:
            notes.append(f"{exc.message}: its settings are unknown")
        except ImportError:
            notes.append("PyYAML is not installed: the extra LLM-API options were not read")
        except Exception as exc:  # noqa: BLE001 - yaml raises several error types
            problems.append(f"{opts_path} is not valid YAML: {str(exc).splitlines()[0]}")
    options = doc if isinstance(doc, dict) else None
    spec = options.get("speculative_config") if options is not None else None
    spec = spec if isinstance(spec, dict) else None
    s = spec or {}
    rest = [p for p in positional if p not in ("trtllm-serve", "serve")]
    raw = s.get("eagle3_layers_to_capture")
    ids = [_int(x) for x in raw] if isinstance(raw, (list, tuple, set)) else [None]
    model = s.get("speculative_model") or s.get("speculative_model_dir")
    return ServerArgs(
        **base,
        method=str(s["decoding_type"]) if s.get("decoding_type") else None,
        draft_path=str(model) if model else None,
        target_path=rest[0] if rest else None,
        steps=_int(s.get("max_draft_len")),
        aux_layers=tuple(sorted(i for i in ids if i is not None)) if None not in ids else None,
        spec_config=spec,
        options=options,
        problems=tuple(problems),
        notes=tuple(notes),
    )


_READERS = {"sglang": _sglang, "vllm": _vllm, "llamacpp": _llamacpp, "trtllm": _trtllm}


def args_from_server_info(info: dict[str, Any]) -> ServerArgs | None:
    """SGLang's ``/server_info`` carries its launch arguments (``ServerArgs`` fields): read them
    as the equivalent command line, so the command-line checks apply to a live server too."""
    if not isinstance(info, dict) or not any(str(k).startswith("speculative_") for k in info):
        return None
    words = ["python", "-m", "sglang.launch_server"]
    for k, v in info.items():
        ignored = k in ("internal_states", "version") or isinstance(v, (dict, list))
        if ignored or v is None or v is False:
            continue
        flag = "--" + str(k).replace("_", "-")
        words += [flag] if v is True else [flag, str(v)]
    parsed = parse_server_args(shlex.join(words))
    return replace(parsed, engine_from="the server's /server_info launch arguments")
