"""Output paths checked against input paths before anything is written (:func:`check_outputs`,
the one rule every command uses), so no input is ever truncated."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable
from pathlib import Path

from specdiag.errors import UsageError

Named = tuple[str, str | os.PathLike[str] | None]


def _identity(path: Path) -> tuple[str, tuple[int, int] | None]:
    """The resolved path, and (device, inode) when the file exists."""
    try:
        resolved = str(path.resolve(strict=False))
    except (OSError, RuntimeError):  # a symlink loop: compare the path as given
        resolved = os.path.abspath(path)
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return resolved, None
    return resolved, (st.st_dev, st.st_ino)


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name the same file (symlinks resolved, hard links by inode)."""
    ra, ia = _identity(Path(a))
    rb, ib = _identity(Path(b))
    return ra == rb or (ia is not None and ia == ib)


MAX_WALK = 100_000  # files of an input directory compared at most (a checkpoint has a few dozen)


def _files_under(root: Path) -> Iterable[Path]:
    """The files of an input directory, subdirectories included (links not followed)."""
    every = (Path(dirpath) / name for dirpath, _dirs, files in os.walk(root) for name in files)
    return itertools.islice(every, MAX_WALK)


def check_outputs(outputs: Iterable[Named], inputs: Iterable[Named]) -> None:
    """Raise :class:`UsageError` when an output names the same file as an input (a file of an input
    directory included) or as another output. Each item is ``(flag or description, path or
    None)``; ``None`` and ``-`` are skipped."""
    ins = [(what, Path(p)) for what, p in inputs if p is not None and str(p) != "-"]
    outs = [(what, Path(p)) for what, p in outputs if p is not None and str(p) != "-"]
    for i, (what, out) in enumerate(outs):
        for in_what, src in ins:
            named = f"{in_what} {src}" if in_what else str(src)
            if same_file(out, src):
                raise UsageError(
                    f"{what} {out} is the same file as the input {named}: "
                    "writing it would destroy the input",
                    hint=f"give {what} a new file name",
                )
            if src.is_dir() and os.path.exists(out):
                for f in _files_under(src):
                    if same_file(out, f):
                        raise UsageError(
                            f"{what} {out} is {f}, a file of the input {named}: "
                            "writing it would destroy the input",
                            hint=f"give {what} a new file name outside {src}",
                        )
        for other_what, other in outs[:i]:
            if same_file(out, other):
                raise UsageError(
                    f"{what} and {other_what} name the same file {out}",
                    hint="give each output its own file name",
                )
