"""The Scan for recounts form: the election prefilled from the file, the dates optional."""

from __future__ import annotations

from handlers.slack.scan.form import SCAN_FORM_ID, scan_form


def blocks_by_id(view: dict[str, object]) -> dict[str, dict[str, object]]:
    blocks = view["blocks"]
    assert isinstance(blocks, list)
    return {b["block_id"]: b for b in blocks}


def test_the_form_before_and_after_the_file_is_read() -> None:
    first = scan_form("signed")
    assert first["callback_id"] == SCAN_FORM_ID and first["private_metadata"] == "signed"
    assert "initial_option" not in blocks_by_id(first)["election"]["element"]  # type: ignore[operator]
    read = scan_form("signed", election="primary", said="results.xlsx: a primary election.")
    element = blocks_by_id(read)["election"]["element"]
    assert element["initial_option"]["value"] == "primary"  # type: ignore[index]


def test_every_input_is_optional() -> None:
    inputs = [b for b in blocks_by_id(scan_form("m")).values() if b["type"] == "input"]
    assert len(inputs) == 4 and all(b["optional"] for b in inputs)
