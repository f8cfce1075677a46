"""No input is ever written: a file inside a checkpoint directory a command loads counts as an
input, through a symlink or a hard link too, with --force as without."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from specdiag.core.hidden.capture import check_output
from specdiag.core.paths import check_outputs
from specdiag.errors import UsageError


def _checkpoint(tmp_path: Path) -> Path:
    d = tmp_path / "model"
    (d / "sub").mkdir(parents=True)
    (d / "config.json").write_text("{}")
    (d / "model.safetensors").write_bytes(b"weights")
    (d / "sub" / "extra.safetensors").write_bytes(b"more")
    return d


@pytest.mark.parametrize("force", [False, True])
def test_a_file_of_an_input_directory_is_never_an_output(tmp_path: Path, force: bool) -> None:
    d = _checkpoint(tmp_path)
    link = tmp_path / "link.safetensors"
    link.symlink_to(d / "model.safetensors")
    hard = tmp_path / "hard.safetensors"
    os.link(d / "sub" / "extra.safetensors", hard)
    for out in (d / "model.safetensors", d / "sub" / "extra.safetensors", link, hard):
        with pytest.raises(UsageError) as err:
            check_output(out, [None, d], force)
        assert "destroy the input" in err.value.message
    assert (d / "model.safetensors").read_bytes() == b"weights"
    # a new file beside the checkpoint's files is not an input
    assert check_output(d / "new.safetensors", [d], force) == d / "new.safetensors"


def test_check_outputs_names_the_file_and_the_directory(tmp_path: Path) -> None:
    d = _checkpoint(tmp_path)
    with pytest.raises(UsageError) as err:
        check_outputs([("--records", d / "config.json")], [("--draft", d)])
    assert str(d / "config.json") in err.value.message and "--draft" in err.value.message


def test_an_unwritable_output_is_refused_before_any_work(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        if os.access(ro, os.W_OK):  # root writes anywhere: nothing to check
            pytest.skip("running as root")
        with pytest.raises(UsageError) as err:
            check_output(ro / "x.safetensors", [], False)
        assert "not writable" in err.value.message
    finally:
        ro.chmod(0o700)


def test_capture_hidden_hf_never_writes_into_the_checkpoint_it_loads(tmp_path: Path) -> None:
    from tests.support.cli import run_cli

    d = _checkpoint(tmp_path)
    target = d / "model.safetensors"
    res = run_cli(
        ["capture-hidden", "--from", "hf", str(d), "--prompt-ids", "1,2,3",
         "-o", str(target), "--force"]
    )  # fmt: skip
    assert res.exit_code == 2, res.stderr
    assert "destroy the input" in res.stderr
    assert target.read_bytes() == b"weights"
