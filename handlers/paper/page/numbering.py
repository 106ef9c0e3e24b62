"""Pages numbered "Page N of M", for every paper: M is known only once the last page is laid
out, so each page is kept until the document is saved, then numbered and written."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable


class NumberedPages(Canvas):
    """A canvas whose pages are numbered within their packet (`packet`, set while a page is
    drawn: a kit's county; None for one packet). A subclass draws the number (`number`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.packet: str | None = None
        self._kept: list[dict[str, Any]] = []

    def showPage(self) -> None:  # reportlab's name
        self._kept.append(dict(self.__dict__))
        self._startPage()  # type: ignore[attr-defined]  # reportlab: a fresh page, unshown

    def save(self) -> None:
        counts: dict[str | None, int] = {}
        for page in self._kept:
            counts[page["packet"]] = counts.get(page["packet"], 0) + 1
        seen: dict[str | None, int] = {}
        for page in self._kept:
            self.__dict__.update(page)
            seen[self.packet] = seen.get(self.packet, 0) + 1
            self.number(seen[self.packet], counts[self.packet])
            super().showPage()
        super().save()

    def number(self, page: int, of: int) -> None:
        raise NotImplementedError


class Packet(Flowable):
    """Begins a packet: the page it is drawn on, and those after it, are numbered within
    `name` (None: the paper's main packet). Drawn where its first page begins (after a page
    break), it takes no room."""

    def __init__(self, name: str | None) -> None:
        super().__init__()
        self.name = name
        self.width = self.height = 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # reportlab's
        return 0, 0

    def draw(self) -> None:
        if isinstance(self.canv, NumberedPages):
            self.canv.packet = self.name
