"""What reaches a terminal: the exit statuses, one-line errors, and a stream that shows only
what a terminal should show."""

from __future__ import annotations

import io
from typing import Final, TextIO, cast

from domain.plain_text import visible

EXIT_OK: Final = 0  # a verdict, help, or a server that stopped cleanly
EXIT_INTERNAL: Final = 1  # a fault of ours; the user sees one line, never a traceback
EXIT_USAGE: Final = 2  # bad input, bad options or missing settings: the message says what to fix
EXIT_INTERRUPTED: Final = 130  # Ctrl-C, as shells report it
EXIT_BROKEN_PIPE: Final = 128 + 13  # as a shell reports a process ended by SIGPIPE


class UsageError(Exception):
    """A command given wrongly (an option, nothing to check): one line, exit 2."""


def one_line(text: str) -> str:
    """Whatever was typed, an error stays one line: control characters are shown, not obeyed."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


# What a console or file that cannot show a character gets instead (a Windows code page, an
# old terminal): the ASCII forms, so that no verdict is lost to an encoding.
ASCII_FORMS: Final = str.maketrans(
    {
        "≤": "<=",
        "≥": ">=",
        "—": "-",
        "–": "-",
        "·": "-",
        "•": "-",
        "…": "...",
        "’": "'",
        "‘": "'",
        "“": '"',
        "”": '"',
        "→": "->",
        "§": "Sec.",
        "é": "e",
    }
)


class SafeOutput(io.TextIOBase):
    """A text stream that shows only visible characters (a title from a results file cannot
    send the terminal an escape sequence, a carriage return or a bidi override) and falls back
    to ASCII forms for what its encoding cannot show."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        shown = visible(text, newlines=True)
        try:
            self._stream.write(shown)
        except UnicodeEncodeError:
            encoding = getattr(self._stream, "encoding", None) or "ascii"
            plain = shown.translate(ASCII_FORMS)
            self._stream.write(plain.encode(encoding, errors="replace").decode(encoding))
        return len(text)  # all of it was taken, though not every character is shown

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return self._stream.isatty()


def safe_output(stream: TextIO) -> TextIO:
    return cast(TextIO, SafeOutput(stream))
