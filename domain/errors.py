"""The one error type for anything a user typed or chose that the checker cannot take."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input: which field, and what a clerk should do about it."""

    field: str | None
    message: str


class InputError(ValueError):
    """Bad input. Carries one or more problems, each naming its field.

    Every surface turns this into a plain-language reply (Slack: private message or per-field
    form errors; command line: one line on stderr, exit 2). Nothing else should reach a user.
    """

    def __init__(self, problems: Problem | list[Problem] | tuple[Problem, ...]) -> None:
        self.problems: tuple[Problem, ...] = (
            (problems,) if isinstance(problems, Problem) else tuple(problems)
        )
        if not self.problems:
            raise ValueError("InputError needs at least one problem")
        super().__init__(self.message)

    @classmethod
    def about(cls, field: str | None, message: str) -> InputError:
        return cls(Problem(field, message))

    @property
    def message(self) -> str:
        """All problems on one line, for the command line and the Slack ephemeral reply."""
        return "; ".join(p.message for p in self.problems)
