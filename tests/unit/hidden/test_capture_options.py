"""capture-hidden's options refuse through the API what the CLI refuses, with the same words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specdiag.core.hidden.capture_run import (
    CaptureOptions,
    CaptureSource,
    ServerArgsOptions,
    capture_source,
    server_args,
)
from specdiag.core.hidden.conventions import CaptureEngine, LayerConvention
from specdiag.errors import UsageError
from tests.support.cli import run_cli

URL = "http://127.0.0.1:9"
OUT = Path("served.safetensors")

# (API keyword arguments beyond source/where/output, the same on the command line, the message)
REFUSED: list[tuple[dict[str, Any], list[str], str]] = [
    ({}, [], "give the sample once"),
    ({"prompt_ids": "1", "prompt": "hi"}, ["--prompt-ids", "1", "--prompt", "hi"],
     "give the sample once: --like SAMPLE, --prompt-ids IDS or --prompt TEXT (got --prompt-ids, --prompt)"),
    ({"prompt": ""}, ["--prompt", ""], "--prompt is empty"),
    ({"prompt_ids": "1", "timeout": 0.0}, ["--prompt-ids", "1", "--timeout", "0"],
     "--timeout must be in (0, "),
    ({"prompt_ids": "1", "timeout": float("nan")}, ["--prompt-ids", "1", "--timeout", "nan"],
     "--timeout must be in (0, "),
    ({"prompt_ids": "1", "training_layers": (1, 2)}, ["--prompt-ids", "1", "--training-layers", "1,2"],
     "--training-layers goes with --compare TRAINING"),
    ({"prompt_ids": "1", "layers": (2, 30)}, ["--prompt-ids", "1", "--served-layers", "2,30"],
     "--served-layers needs --layer-convention"),
    ({"prompt_ids": "1", "pad_id": -2}, ["--prompt-ids", "1", "--pad-id", "-2"], ""),
]  # fmt: skip

HF_REFUSED: list[tuple[dict[str, Any], list[str], str]] = [
    ({"prompt_ids": "1", "layers": (1,), "layer_convention": LayerConvention.VLLM},
     ["--prompt-ids", "1", "--served-layers", "1", "--layer-convention", "vllm"],
     "--served-layers is for a server (vllm, sglang): hf writes every layer"),
    ({"prompt_ids": "1", "compare_with": Path("t.ckpt")},
     ["--prompt-ids", "1", "--compare", "t.ckpt"], "--compare is for a server"),
    ({"prompt": "hello"}, ["--prompt", "hello"], "hf needs token ids"),
]  # fmt: skip


def _api_error(source: CaptureSource, where: str, kwargs: dict[str, Any]) -> str:
    with pytest.raises(UsageError) as exc:
        CaptureOptions(source=source, where=where, output=OUT, **kwargs)
    return exc.value.message


@pytest.mark.parametrize(("kwargs", "argv", "message"), REFUSED)
def test_vllm_options_refuse_what_the_cli_refuses(
    kwargs: dict[str, Any], argv: list[str], message: str
) -> None:
    said = _api_error(CaptureSource.VLLM, URL, kwargs)
    assert said.startswith(message)
    r = run_cli(["capture-hidden", "vllm", URL, "-o", str(OUT), *argv])
    assert r.exit_code == 2
    if message:  # the range of --pad-id: typer's own words on the command line
        assert r.stderr.splitlines()[0] == f"error: {said}"


@pytest.mark.parametrize(("kwargs", "argv", "message"), HF_REFUSED)
def test_hf_options_refuse_what_the_cli_refuses(
    kwargs: dict[str, Any], argv: list[str], message: str, tmp_path: Path
) -> None:
    said = _api_error(CaptureSource.HF, str(tmp_path), kwargs)
    assert said.startswith(message)
    # the hf subcommand does not take a server's flags at all: typer refuses them by name
    r = run_cli(["capture-hidden", "hf", str(tmp_path), "-o", str(OUT), *argv])
    assert r.exit_code == 2
    server_flag = next(a for a in argv if a in ("--served-layers", "--compare", "--prompt"))
    assert r.stderr.splitlines()[0].startswith(f"error: No such option: {server_flag}")


def test_pad_id_range_is_the_clis() -> None:
    with pytest.raises(UsageError, match="--pad-id must be in -1.."):
        CaptureOptions(source=CaptureSource.VLLM, where=URL, output=OUT, prompt_ids="1", pad_id=-2)
    opts = CaptureOptions(CaptureSource.VLLM, URL, OUT, prompt_ids="1", pad_id=-1)
    assert opts.sample_pad_id is None


def test_layers_as_each_engine_is_launched_with_them() -> None:
    """1,29,57 in the training convention: vLLM ids 2,30,58; SGLang takes the training ids
    (and adds +1 itself); vLLM ids given to SGLang are read back one lower."""
    spec = {"prompt_ids": "1", "layers": (1, 29, 57)}
    vllm = CaptureOptions(
        CaptureSource.VLLM, URL, OUT, layer_convention=LayerConvention.SPECFORGE, **spec
    )
    assert vllm.engine_layers == (2, 30, 58)
    assert CaptureOptions(CaptureSource.SGLANG, URL, OUT, **spec).engine_layers == (1, 29, 57)
    from_vllm_ids = CaptureOptions(
        CaptureSource.SGLANG, URL, OUT, prompt_ids="1", layers=(2, 30, 58),
        layer_convention=LayerConvention.VLLM,
    )  # fmt: skip
    assert from_vllm_ids.engine_layers == (1, 29, 57)
    assert CaptureOptions(CaptureSource.HF, "d", OUT, prompt_ids="1").engine_layers is None


def test_an_unknown_source_is_a_usage_error_naming_the_three() -> None:
    with pytest.raises(UsageError, match="foo: expected vllm, sglang or hf"):
        capture_source("foo")
    r = run_cli(["capture-hidden", "foo", URL, "--prompt-ids", "1", "-o", str(OUT)])
    assert r.exit_code == 2 and "foo: expected vllm, sglang or hf" in r.stderr


def test_server_args_options_refuse_what_the_cli_refuses() -> None:
    with pytest.raises(UsageError, match="--print-server-args needs --served-layers"):
        ServerArgsOptions()
    with pytest.raises(UsageError, match="--served-layers needs --layer-convention"):
        ServerArgsOptions(layers=(2, 30))
    with pytest.raises(UsageError, match="--connector must be one of specdiag, vllm"):
        ServerArgsOptions(layers=(2,), layer_convention=LayerConvention.VLLM, connector="x")
    r = run_cli(["capture-hidden", "vllm", "--print-server-args", "--served-layers", "2",
                 "--layer-convention", "vllm", "--connector", "x"])  # fmt: skip
    assert r.exit_code == 2 and "--connector must be one of specdiag, vllm" in r.stderr
    vllm = {"layers": (2,), "layer_convention": LayerConvention.VLLM}
    with pytest.raises(UsageError, match="captures nothing: URL, --like go with a capture"):
        ServerArgsOptions(**vllm, where=URL, like=Path("data_0.ckpt"))
    with pytest.raises(UsageError, match="captures nothing: -o goes with a capture"):
        ServerArgsOptions(engine=CaptureEngine.SGLANG, output=OUT)


def test_a_capture_refuses_the_launch_flags() -> None:
    for kwargs in ({"connector": "vllm"}, {"storage": "/data/hs"}):
        flag = f"--{next(iter(kwargs))}"
        with pytest.raises(UsageError, match=f"^{flag} goes with --print-server-args"):
            CaptureOptions(CaptureSource.VLLM, URL, OUT, prompt_ids="1", **kwargs)


def test_server_args_are_the_engines_flags() -> None:
    vllm = server_args(
        ServerArgsOptions(layers=(1, 29, 57), layer_convention=LayerConvention.SPECFORGE)
    )
    assert vllm.layers == (2, 30, 58) and vllm.connector == "specdiag"
    assert "2,30,58" in vllm.text.replace(" ", "") or "[2,30,58]" in vllm.text.replace(" ", "")
    assert vllm.notes  # where the connector module must be importable
    sglang = server_args(ServerArgsOptions(engine=CaptureEngine.SGLANG))
    assert sglang.layers is None and sglang.connector is None
    assert "--enable-return-aux-hidden-states" in sglang.args
    assert "SGLang's default" in sglang.notes[0]
