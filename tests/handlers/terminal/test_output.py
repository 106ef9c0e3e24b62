"""What reaches a terminal: distinct exit statuses, one-line errors, only what shows."""

from __future__ import annotations

import io

from handlers.terminal.output import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, one_line, safe_output


def test_exit_statuses_differ() -> None:
    assert len({EXIT_OK, EXIT_INTERNAL, EXIT_USAGE}) == 3 and EXIT_OK == 0


def test_one_line_shows_control_characters() -> None:
    assert one_line("a\nb\x1b[31m") == "a\\nb\\x1b[31m"


def test_the_terminal_is_sent_only_what_shows() -> None:
    # an escape sequence, a carriage return (which would overwrite the line), a bidi
    # override and a tag letter, as a results file's title might hold them
    stream = io.StringIO()
    out = safe_output(stream)
    out.write("Sheriff\x1b[2J\r\u202eevil\U000e0041\nline two\n")
    assert stream.getvalue() == "Sheriff[2J evil\nline two\n"


def test_what_the_encoding_cannot_show_has_its_ascii_form() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    safe_output(stream).write("5 ≤ 10 — §\u202e\n")
    stream.flush()
    assert raw.getvalue() == b"5 <= 10 - Sec.\n"
