"""The one output layer: a JSON document or a rich human view on stdout; everything else on stderr.

* ``--json``: exactly one JSON document on stdout (stable keys, no NaN: non-finite numbers
  become ``null``), nothing else on stdout.
* human: rich tables on stdout; colour only when stdout is a terminal (and ``NO_COLOR`` unset).
* warnings, notes, progress: stderr, without colour or animation when stderr is not a terminal.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import io
import json
import math
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, cast, overload

from specdiag.errors import scrub, terminal_safe

if TYPE_CHECKING:
    from _typeshed import DataclassInstance
    from rich.console import Console
    from rich.table import Table

    from specdiag.core.accept import Judgement


@overload
def to_jsonable(value: DataclassInstance) -> dict[str, object]: ...
@overload
def to_jsonable(value: object) -> object: ...
def to_jsonable(value: object) -> object:
    """Dataclasses, enums, tuples and floats -> plain JSON values (non-finite floats -> None):
    a dataclass becomes a JSON object."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return to_jsonable(value.value)
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if type(value).__module__ == "numpy" and hasattr(value, "item"):
        return to_jsonable(value.item())  # a numpy scalar a core result let through
    return value


def derive(
    obj: DataclassInstance,
    *,
    only: tuple[str, ...] | None = None,
    omit: tuple[str, ...] = (),
    rename: Mapping[str, str] | None = None,
    # (a converter takes its field's own type: the value is read by name, with getattr)
    convert: Mapping[str, Callable[[Any], object]] | None = None,
    add: Mapping[str, object] | None = None,
) -> dict[str, object]:
    """One dataclass's JSON object: its fields in order (or ``only``'s), less ``omit``, keys
    renamed by ``rename``, ``convert``'s serialisers instead of :func:`to_jsonable`, and ``add``'s
    keys that are no field (where ``only`` names them, else last)."""
    fields = tuple(f.name for f in dataclasses.fields(obj))
    names = only if only is not None else fields
    rename = rename or {}
    convert = convert or {}
    add = add or {}
    clash = set(add) & set(fields)
    if clash:
        raise ValueError(f"derive: {sorted(clash)} are fields, not additions")
    out: dict[str, object] = {}
    for n in names:
        if n in omit:
            continue
        if n in add:
            out[n] = to_jsonable(add[n])
            continue
        value = getattr(obj, n)
        out[rename.get(n, n)] = convert[n](value) if n in convert else to_jsonable(value)
    for key, value in add.items():
        if key not in out:
            out[key] = to_jsonable(value)
    return out


# One JSON shape per entity, for every command that shows it.


def judgement_fields(judgement: Judgement, *, with_verdict: bool = True) -> dict[str, object]:
    """A :class:`~specdiag.core.accept.Judgement`'s fields (``verdict`` unless elsewhere)."""
    return derive(judgement, omit=() if with_verdict else ("verdict",))


# --------------------------------------------------------------------------- human views

VERDICT_STYLE = {"healthy": "green", "below": "yellow", "collapsed": "bold red", "above": "magenta"}


def verdict_markup(verdict: str) -> str:
    style = VERDICT_STYLE.get(verdict, "magenta")
    return f"[{style}]{verdict}[/{style}]"


def fmt(value: float | None, spec: str = ".3f", none: str = "-") -> str:
    return none if value is None else format(value, spec)


def table(title: str | None, columns: Iterable[str], rows: Iterable[Sequence[str]] = ()) -> Table:
    """A rich table titled on the left: a column name ending in ``>`` is right-justified (the
    ``>`` is not shown)."""
    from rich.table import Table

    t = Table(title=title, title_justify="left")
    for c in columns:
        t.add_column(c.removesuffix(">"), justify="right" if c.endswith(">") else "left")
    for row in rows:
        t.add_row(*row)
    return t


@contextmanager
def progress_bar(
    console: Console, label: str, total: int | None, elapsed: bool = False
) -> Iterator[Callable[..., None]]:
    """A transient bar on ``console`` (stderr); yields its update(completed=, total=,
    description=). Not on a terminal: no bar, and update does nothing."""
    if not console.is_terminal:
        yield lambda **_: None
        return
    from rich import progress as rp

    columns: list[rp.ProgressColumn] = [
        rp.TextColumn("[progress.description]{task.description}"),
        rp.BarColumn(),
        rp.MofNCompleteColumn(),
    ]
    if elapsed:
        columns.append(rp.TimeElapsedColumn())
    with rp.Progress(*columns, console=console, transient=True) as bar:
        yield functools.partial(bar.update, bar.add_task(label, total=total))


class SafeStream(io.TextIOBase):
    """A text stream whose writes are scrubbed of secrets and of what a terminal would act on
    (server, file and Prometheus text reaches the human view; colour is kept on a terminal)."""

    def __init__(self, stream: IO[str], keep_colour: bool) -> None:
        self._stream = stream
        self._keep = keep_colour

    def write(self, text: str) -> int:
        self._stream.write(terminal_safe(scrub(text), keep_colour=self._keep))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return bool(self._stream.isatty())

    def fileno(self) -> int:
        return int(self._stream.fileno())

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self._stream, "encoding", None) or "utf-8")


@functools.lru_cache(maxsize=1)
def _console_class() -> type[Console]:
    from rich.console import Console

    class SafeConsole(Console):
        """A console whose plain-text messages are made terminal-safe before markup applies
        (stderr keeps rich's own cursor sequences for its progress bars, so the stream itself
        is left alone there)."""

        def print(self, *objects: Any, **kwargs: Any) -> None:
            safe = [terminal_safe(scrub(o)) if isinstance(o, str) else o for o in objects]
            super().print(*safe, **kwargs)

    return SafeConsole


def make_console(stderr: bool = False) -> Console:
    """A rich console bound to the *current* sys.stdout / sys.stderr (test runners swap them);
    what it prints is scrubbed of secrets and control sequences."""
    stream = sys.stderr if stderr else sys.stdout
    tty = stream.isatty()
    return _console_class()(
        file=stream if stderr else cast("IO[str]", SafeStream(stream, keep_colour=tty)),
        # without a terminal rich wraps at 80 columns; tables read better wider, COLUMNS still wins
        width=None if tty or os.environ.get("COLUMNS") else 120,
        no_color=bool(os.environ.get("NO_COLOR")) or not tty,
        highlight=False,  # (so no print call needs to say it)
        soft_wrap=False,
        emoji=False,
    )


class Output:
    """Where a command's results, warnings and progress go."""

    def __init__(self, json_mode: bool) -> None:
        self.json_mode = json_mode
        self._stderr: Console | None = None

    @property
    def stderr(self) -> Console:
        if self._stderr is None:
            self._stderr = make_console(stderr=True)
        return self._stderr

    def emit(self, document: Mapping[str, object], human: Callable[[Console], None]) -> None:
        """Print the result: the JSON document, or the human view; flushed, so that a reader
        waiting on stdout (a script reading a server's URL) has it now."""
        if self.json_mode:
            text = json.dumps(to_jsonable(document), indent=2, allow_nan=False)
            sys.stdout.write(scrub(text) + "\n")
        else:
            human(make_console())
        sys.stdout.flush()

    def warn(self, *messages: str) -> None:
        from rich.markup import escape

        for m in messages:
            self.stderr.print(f"[yellow]warning:[/yellow] {escape(terminal_safe(m))}", markup=True)

    def note(self, *messages: str) -> None:
        for m in messages:
            self.stderr.print(f"note: {m}", markup=False)
