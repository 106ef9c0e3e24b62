"""The verdict as a record for the canvass minutes: one page, a PDF.

Every line comes from `domain.explain` and the `Verdict`, the same fields the text, the Slack
message and the JSON show; this module says what the record holds, and the page kit
(handlers.paper.page) sets it: Type 1 fonts (Helvetica), and DejaVu (shipped) for a page with
a name they cannot print.
Output is the same bytes for the same verdict and time (reportlab's invariant mode).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer

from domain.current_law import Shown
from domain.deadline import long_date
from domain.explain import NOT_LEGAL_ADVICE, explain
from domain.verdict import Verdict
from handlers.paper.about import about_lines
from handlers.paper.page.fonts import set_for, shown
from handlers.paper.page.letter import letter_pdf
from handlers.paper.page.styles import paragraph, type_scale


@dataclass(frozen=True, slots=True)
class Provenance:
    """Who asked and what was read: the record's last lines."""

    produced_at: datetime  # Montana time, with its zone
    asked_by: str | None = None  # a Slack user's name or id, where asked in Slack
    source: str | None = None  # the results file a scan read, where it came from one
    downloaded: str | None = None  # that file's "Downloaded at", where its banner says it


# The record's type size, as a share of the page kit's: smaller only where a long record (the
# bond band's, with names of 60 characters) would run onto a second page.
_SCALES: Final = (1.0, 0.92, 0.85, 0.78)


def _section(title: str, lines: tuple[str, ...] | list[str], style: str = "line") -> list[Flowable]:
    if not lines:
        return []
    out: list[Flowable] = [paragraph(title, "section")]
    out += [paragraph(line, style, bulletText="\u2022") for line in lines]
    return out


# A source marker of the screens ("[numbering seen]", "[text seen]"): on paper a certainty is
# left unsaid, and a doubt is said in words, as firm as its source and no firmer.
_SURE: Final = re.compile(r"\s*\[(?:numbering |text )?seen\]")
_MARKER: Final = re.compile(r"\s*\[([^\]]+)\]")
_CLOSING: Final = re.compile(r"(?<=\.)\s*\[([^\]]+)\]$")
_TODAYS_CODE: Final = "Today's code ("


def on_paper(line: str, as_of: str) -> str:
    """A screen's line as a record says it, read long after the day checked: no source
    markers (a doubt in parentheses instead), and "Today's code" dated."""
    line = _SURE.sub("", line)
    closing = _CLOSING.search(line)
    if closing is not None:  # after the last sentence: a sentence of its own
        said = closing.group(1)
        line = f"{line[: closing.start()]} {said[0].upper()}{said[1:]}."
    line = _MARKER.sub(r" (\1)", line)
    if line.startswith(_TODAYS_CODE):
        line = f"The code as of {as_of} ({line.removeprefix(_TODAYS_CODE)}"
    return line


def _unrepeated(verdict: Verdict, lines: tuple[str, ...], above: str) -> list[str]:
    """The related lines less those whose section the decision and action above cite."""
    sections = [r.section for r in verdict.related]
    sections += [n.section for n in verdict.current_law if n.shown is Shown.RELATED]
    return [
        line for line in lines if not any(line.startswith(f"{s}:") and s in above for s in sections)
    ]


def record_lines(verdict: Verdict, provenance: Provenance) -> list[tuple[str, list[str]]]:
    """The record's sections and their lines, in order: what the PDF prints (tests and other
    layouts read the same list). As minutes need it: the decision (the headline), what the
    record is about, the action (the summary and who petitions, or what the office does
    next), then the margin and the deadline; dates only, never days counted from the day
    checked; each thing said once."""
    e = explain(verdict)
    as_of = long_date(verdict.today)
    relative = set(e.relative_lines)
    at = provenance.produced_at
    half = "a.m." if at.hour < 12 else "p.m."
    asked = [f"Produced {at:%a %b} {at.day}, {at:%Y}, {at.hour % 12 or 12}:{at:%M} {half} {at:%Z}."]
    if provenance.asked_by:
        asked.append(f"Asked in Slack by {provenance.asked_by}.")
    if provenance.source:
        read = f"From the results file {provenance.source}"
        if provenance.downloaded:
            read += f", downloaded at {provenance.downloaded}"
        asked.append(read + ".")
    asked.append(f"This record is {NOT_LEGAL_ADVICE}: check it with the county attorney.")
    action = list(e.petition_lines)
    above = " ".join([e.summary_dated, *action])
    law = [e.edition, *e.current_law]
    return [
        ("headline", [e.headline]),
        ("about", about_lines(verdict.about)),
        ("contest", [e.contest, e.read_as_unlabelled]),  # the headline and "Office:" name it
        ("summary", [e.summary_dated]),
        ("Action" if verdict.to_file else "What follows", [on_paper(x, as_of) for x in action]),
        ("Margin", [on_paper(x, as_of) for x in e.margin_lines]),
        ("Deadline", [on_paper(x, as_of) for x in e.deadline_lines if x not in relative]),
        ("Related", [on_paper(x, as_of) for x in _unrepeated(verdict, e.related_lines, above)]),
        ("The law", [e.citation, *e.quotes, *(on_paper(x, as_of) for x in law)]),
        ("record", asked),
    ]


def record_pdf(verdict: Verdict, provenance: Provenance) -> bytes:
    """The record as a PDF (US Letter, one page for a verdict of any outcome): in its usual
    type where that fits one page, else in the largest smaller type that does."""
    sections = record_lines(verdict, provenance)
    for scale in _SCALES:
        with type_scale(scale):
            pdf, pages = _record_pdf(verdict, sections)
        if pages == 1:
            break
    return pdf


def _record_pdf(verdict: Verdict, sections: list[tuple[str, list[str]]]) -> tuple[bytes, int]:
    with set_for(line for _, lines in sections for line in lines):
        story: list[Flowable] = []
        for name, lines in sections:
            if name == "headline":
                story.append(paragraph(lines[0], "headline"))
            elif name == "about":
                story += [paragraph(line, "about") for line in lines]
            elif name == "contest":  # the candidates and votes: in the body's type, not smaller
                story += [Spacer(1, 3), *(paragraph(line, "plain") for line in lines)]
            elif name == "summary":
                story += [Spacer(1, 4), paragraph(lines[0], "summary")]
            elif name == "The law":
                citation, *rest = lines
                story.append(paragraph(f"{name}: {citation}", "section"))
                quotes = rest[: len(verdict.quotes)]
                story += [paragraph(q, "quote") for q in quotes]
                story += [paragraph(line, "small") for line in rest[len(verdict.quotes) :]]
            elif name == "record":
                story.append(Spacer(1, 8))
                story += [paragraph(line, "small") for line in lines]
            else:
                story += _section(name, lines, "entry")
        return letter_pdf(story, shown(explain(verdict).headline), side_margin=0.8 * inch)
