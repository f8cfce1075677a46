"""The range of a numeric option, declared once on its options dataclass and checked in its
``__post_init__``: an API caller meets the rule the CLI's typer ``min``/``max`` give a user."""

from __future__ import annotations

from dataclasses import field, fields
from typing import TYPE_CHECKING, TypeVar, overload

from specdiag.errors import UsageError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T")


@overload
def bounded(*, flag: str, lo: float | None = None, hi: float | None = None) -> None: ...
@overload
def bounded(*, flag: str, lo: float | None = None, hi: float | None = None, default: T) -> T: ...
def bounded(
    *, flag: str, lo: float | None = None, hi: float | None = None, default: object = None
) -> object:
    """A dataclass field whose value, when not None, lies in ``lo..hi`` (inclusive)."""
    return field(default=default, metadata={"flag": flag, "min": lo, "max": hi})


def field_bounds(cls: type[DataclassInstance]) -> dict[str, tuple[float | None, float | None]]:
    """flag -> (min, max) of every bounded field of the dataclass ``cls``."""
    return {
        f.metadata["flag"]: (f.metadata["min"], f.metadata["max"])
        for f in fields(cls)
        if "flag" in f.metadata
    }


def check_bounds(obj: DataclassInstance) -> None:
    """Raise :class:`UsageError` for the first bounded field of ``obj`` outside its range."""
    for f in fields(obj):
        flag = f.metadata.get("flag")
        value = None if flag is None else getattr(obj, f.name)
        if value is None:
            continue
        lo, hi = f.metadata["min"], f.metadata["max"]
        if value != value or (lo is not None and value < lo) or (hi is not None and value > hi):
            span = f"{'' if lo is None else f'{lo:g}'}..{'' if hi is None else f'{hi:g}'}"
            raise UsageError(
                f"{flag} must be in {span}, got {value}",
                hint=f"give {flag} a value in {span}, or leave it out for the default",
            )
