"""Pages numbered "Page N of M" within their packet, as the petition and the kit number them."""

from __future__ import annotations

import io

import pypdf

from handlers.paper.page.numbering import NumberedPages


class _Numbered(NumberedPages):
    def number(self, page: int, of: int) -> None:
        self.drawString(72, 72, f"Page {page} of {of}")


def test_pages_are_numbered_within_their_packet_once_all_are_laid_out() -> None:
    out = io.BytesIO()
    canvas = _Numbered(out)
    for packet in ("Lake", "Lake", "Sanders", "Lake"):
        canvas.packet = packet
        canvas.drawString(72, 144, packet)
        canvas.showPage()
    canvas.save()
    pages = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(out.getvalue())).pages]
    assert [" ".join(t.split()) for t in pages] == [
        "Lake Page 1 of 3",
        "Lake Page 2 of 3",
        "Sanders Page 1 of 1",
        "Lake Page 3 of 3",
    ]
