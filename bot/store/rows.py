"""What every piece of the watch database shares: its engine, a transaction, and one kind of
error. Each piece (watches, leases, sources, readings, changes, posts, scans, events) is a
small class over the same engine that stores one thing and answers questions about it; the
watch service (handlers.watch.service) decides what a watch does with the answers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import ParamSpec, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from handlers.watch.records import DatabaseError

P = ParamSpec("P")
R = TypeVar("R")
C = TypeVar("C", bound=type)


def _reason(error: SQLAlchemyError) -> str:
    """Why, in a few words: the driver's own (never the statement or its parameters, which
    SQLAlchemy's message carries), its first line, its last clause ("Connection refused")."""
    said = str(getattr(error, "orig", None) or type(error).__name__).strip()
    first = said.splitlines()[0] if said else ""
    return first.rsplit(": ", 1)[-1].strip() or type(error).__name__


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """`method`, raising only DatabaseError (SQLAlchemy's error as its cause), so a caller
    that catches DatabaseError is never surprised by SQLAlchemy."""

    @wraps(method)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except SQLAlchemyError as error:
            raise DatabaseError(f"the database failed: {_reason(error)}") from error

    return guarded


def guarded(cls: C) -> C:
    """Every question the class answers (its public methods) raises only DatabaseError."""
    for name, method in list(vars(cls).items()):
        if callable(method) and not name.startswith("_"):
            setattr(cls, name, _guarded(method))
    return cls


class Rows:
    """A piece of the watch database over its engine. `session` is the raw transaction (for
    the pieces and their tests); it is not guarded."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session
