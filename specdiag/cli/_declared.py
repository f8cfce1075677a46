"""The commands as declared (``Annotated[T, typer.Option(...)]``), read through typer's public
API only, never through the click command typer builds: its attributes change between typer
releases. ``docgen`` and the contract tests read the CLI from here.
"""

from __future__ import annotations

import enum
import inspect
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import typer
from typer.models import ArgumentInfo, OptionInfo  # (not exported by `typer`: docs/testing.md)


@dataclass(frozen=True)
class Param:
    """One declared parameter of a command."""

    name: str  # the Python parameter name
    kind: Literal["option", "argument"]
    flags: tuple[str, ...]  # option names in declaration order ("--header", "-H"); () for one
    secondary: tuple[str, ...]  # the off names of an on/off flag ("--no-stream")
    value_type: object  # the annotation, None stripped, one element of a repeatable
    repeatable: bool  # a list (repeatable option, or an argument taking several values)
    arity: int  # values per occurrence (2 for a tuple[str, str])
    required: bool
    default: object
    show_default: bool | str
    hidden: bool
    help: str
    envvar: tuple[str, ...]
    minimum: int | float | None
    maximum: int | float | None

    @property
    def is_flag(self) -> bool:
        return self.kind == "option" and self.value_type is bool

    @property
    def choices(self) -> tuple[str, ...]:
        """The values of an enum-typed parameter, else ()."""
        t = self.value_type
        if isinstance(t, type) and issubclass(t, enum.Enum):
            return tuple(str(m.value) for m in t)
        return ()

    @property
    def value_kind(self) -> str:
        """A short name of the value type: int, float, str, path, bool, choice."""
        if self.choices:
            return "choice"
        t = self.value_type
        if t is Path:
            return "path"
        return getattr(t, "__name__", str(t))


@dataclass(frozen=True)
class Command:
    name: str  # the words after ``specdiag``: "probe", or "capture-hidden vllm" in a group
    help: str
    params: tuple[Param, ...]
    group: bool = False  # a group of subcommands (listed right after it); params: its own

    @property
    def top(self) -> str:
        """The command's first word: the top-level command it is, or is a subcommand of."""
        return self.name.split(" ")[0]

    @property
    def short_help(self) -> str:
        return short_help(self.help)


def _strip_none(annotation: object) -> object:
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        return args[0]
    return annotation


def _param(name: str, hint: object, default: object) -> Param | None:
    meta = getattr(hint, "__metadata__", ())
    infos = [m for m in (*meta, default) if isinstance(m, (OptionInfo, ArgumentInfo))]
    if not infos:
        return None  # typer.Context and the like
    info = infos[0]
    base = _strip_none(typing.get_args(hint)[0] if meta else hint)
    repeatable, arity = False, 1
    origin = typing.get_origin(base)
    if origin is list:
        repeatable, base = True, typing.get_args(base)[0]
    elif origin is tuple:
        elems = typing.get_args(base)
        arity, base = len(elems), elems[0]
    value = default if meta else info.default
    required = value is inspect.Parameter.empty or value is ...
    envvar = info.envvar if isinstance(info.envvar, (list, tuple)) else (info.envvar,)
    kind: Literal["option", "argument"] = "option"
    on: list[str] = []
    off: list[str] = []
    if isinstance(info, ArgumentInfo):
        kind = "argument"
    else:
        decls = list(info.param_decls or ())
        if meta and isinstance(info.default, str) and info.default.startswith("-"):
            decls.insert(0, info.default)  # Annotated form: the first name sits in ``default``
        for d in decls or [f"--{name.replace('_', '-')}"]:
            first, _, second = d.partition("/")
            on.append(first)
            if second:
                off.append(second)
    return Param(
        name=name,
        kind=kind,
        flags=tuple(on),
        secondary=tuple(off),
        value_type=base,
        repeatable=repeatable,
        arity=arity,
        required=required,
        default=None if required else value,
        show_default=info.show_default,
        hidden=bool(info.hidden),
        help=info.help or "",
        envvar=tuple(str(e) for e in envvar if e),
        minimum=info.min,
        maximum=info.max,
    )


def _params(callback: Callable[..., Any] | None) -> tuple[Param, ...]:
    if callback is None:
        return ()
    func = inspect.unwrap(callback)
    hints = typing.get_type_hints(func, include_extras=True)
    params = []
    for name, sig in inspect.signature(func).parameters.items():
        p = _param(name, hints.get(name), sig.default)
        if p is not None:
            params.append(p)
    return tuple(params)


def _help(text: object, callback: Callable[..., Any] | None) -> str:
    if isinstance(text, str):
        return text
    return (inspect.getdoc(callback) or "") if callback is not None else ""


def commands(app: typer.Typer, prefix: str = "") -> list[Command]:
    """The app's registered commands with their declared parameters: its commands in
    registration order, then each group (``Typer.registered_groups``) followed by its own
    subcommands, named by their words after the app's (``"capture-hidden vllm"``)."""
    out = []
    for info in app.registered_commands:
        if info.callback is None or info.name is None:
            continue
        text = _help(info.help, info.callback)
        out.append(Command(f"{prefix}{info.name}", text, _params(info.callback)))
    for group in app.registered_groups:
        sub = group.typer_instance
        name = group.name or (sub.info.name if sub is not None else None)
        if sub is None or not isinstance(name, str):
            continue
        # given to add_typer, or to the group's own @callback (unset: typer's placeholder)
        callback = group.callback if callable(group.callback) else None
        if callback is None and sub.registered_callback is not None:
            callback = sub.registered_callback.callback
        text = _help(group.help if isinstance(group.help, str) else sub.info.help, callback)
        out.append(Command(f"{prefix}{name}", text, _params(callback), group=True))
        out += commands(sub, f"{prefix}{name} ")
    return out


def short_help(text: str, limit: int = 200) -> str:
    """The first sentence of a help text (the words up to one ending in a full stop), cut at a
    word with "..." when it is longer than ``limit`` characters."""
    words = text.split("\f")[0].split()
    taken: list[str] = []
    for word in words:
        if len(" ".join([*taken, word])) > limit:
            while taken and len(" ".join(taken)) + 3 > limit:
                taken.pop()
            return " ".join(taken) + "..."
        taken.append(word)
        if word.endswith("."):
            break
    return " ".join(taken)
