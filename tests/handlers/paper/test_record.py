"""The verdict's record for the minutes: a PDF whose text holds the verdict's facts, the same
fields as every other surface, for every outcome; the same bytes for the same input."""

from __future__ import annotations

import io
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pypdf
import pytest
from pypdf.generic import DictionaryObject

from domain import Outcome
from domain.explain import explain
from handlers.paper.fonts import fits, shown
from handlers.paper.record import Provenance, record_lines, record_pdf

from ...builders import verdict_of

AT = Provenance(datetime(2026, 11, 18, 14, 5, tzinfo=ZoneInfo("America/Denver")), "Jane Clerk")
TODAY = date(2026, 11, 18)


def text_of(pdf: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1  # one page for the minutes
    return " ".join(reader.pages[0].extract_text().split())


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        ("county Smith 1204 Jones 1199 canvass 2026-11-16", Outcome.AVAILABLE),
        ("county A 700 B 700 canvass 2026-11-16", Outcome.TIE),
        ("county A 5 B 4 canvass 2026-11-01", Outcome.DEADLINE_PASSED),
        ("question for 1000 against 999 signers 9 canvass 2026-11-16", Outcome.PETITION_SHORT),
        ("county A 720 B 700 canvass 2026-11-16", Outcome.NOT_AVAILABLE),
        ("legislature A 4015 B 3985 state canvass 2026-11-16", Outcome.BOND),
        ("canvass-error canvass 2026-11-17", Outcome.CANVASS_BOARD),
    ],
)
def test_every_outcome_has_its_record_with_the_verdicts_facts(text: str, outcome: Outcome) -> None:
    v = verdict_of(text, TODAY)
    assert v.outcome is outcome
    said = text_of(record_pdf(v, AT))
    e = explain(v)
    # the same words as the other surfaces: headline, read as, summary, the law
    for line in (e.headline, e.read_as, e.summary, e.citation, e.edition):
        assert " ".join(shown(line).split()) in said, line
    for quote in e.quotes:  # the quoted subsection, whole
        assert " ".join(quote.split()) in said
    assert "Produced Wed Nov 18, 2026, 2:05 p.m. MST." in said
    assert "Asked in Slack by Jane Clerk." in said
    assert "not legal advice" in said


def test_both_deadline_readings_with_their_steps_and_the_day_to_act() -> None:
    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16", TODAY)
    said = text_of(record_pdf(v, AT))
    assert "Day to act: Fri Nov 20, 2026" in said
    assert "How: canvass Mon Nov 16, 2026 + 5 days = Sat Nov 21, 2026 -> Saturday (1-1-307)" in said
    assert "Safe reading: canvass Mon Nov 16, 2026 + 5 days = Sat Nov 21, 2026" in said
    assert "File with the election administrator by Fri Nov 20, 2026" in said
    assert "5 <= 10: the margin qualifies." in said  # "≤" as the standard fonts write it


def test_a_record_from_a_scan_names_its_file_and_when_it_was_downloaded() -> None:
    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16", TODAY)
    scanned = Provenance(AT.produced_at, None, "CTYALL Results(7).xlsx", "11/23/2022 10:16:06 AM")
    said = text_of(record_pdf(v, scanned))
    assert (
        "From the results file CTYALL Results(7).xlsx, downloaded at 11/23/2022 10:16:06 AM."
        in said
    )
    assert "Asked in Slack" not in said


def test_the_same_verdict_and_time_make_the_same_bytes() -> None:
    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16", TODAY)
    assert record_pdf(v, AT) == record_pdf(v, AT)


def test_every_character_a_record_prints_is_one_the_fonts_have() -> None:
    # "—", "§", "·", "é" are in the standard fonts' encoding; "≤" is written "<="
    assert shown("A — § · é ≤ ≥") == "A — § · é <= >="
    v = verdict_of("school A 10 B 9 canvass 2026-11-16", TODAY)
    for _, lines in record_lines(v, AT):
        for line in lines:
            assert fits(line), line  # the standard fonts alone: no font file read


def fonts_of(pdf: bytes) -> set[str]:
    """The fonts the PDF's words are set in ("DejaVuSans", not its subset's name)."""
    names: set[str] = set()

    def seen(
        text: str, cm: object, tm: object, font: DictionaryObject | None, size: object
    ) -> None:
        if text.strip() and font is not None:
            names.add(str(font["/BaseFont"]).lstrip("/").split("+")[-1])

    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=seen)
    return names


@pytest.mark.parametrize("name", ["Nguyễn", "Łukasz", "Ałnaqiʔ"])
def test_a_name_the_standard_fonts_lack_is_printed_as_written(name: str) -> None:
    assert not fits(name)
    # the longest record, the bond band's, still one page in DejaVu (text_of checks)
    text_of(record_pdf(verdict_of(f'house "{name}" 4015 Jones 3985 canvass 2026-11-16', TODAY), AT))
    v = verdict_of(f'county "{name}" 1204 Jones 1199 canvass 2026-11-16', TODAY)
    pdf = record_pdf(v, AT)
    said = text_of(pdf)
    assert name in said
    assert name.encode("cp1252", errors="replace").decode("cp1252") not in said  # "Nguy?n"
    # one typeface on the page (the statute's words keep Times)
    assert fonts_of(pdf) == {"DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "Times-Roman"}
    metadata = pypdf.PdfReader(io.BytesIO(pdf)).metadata
    assert metadata is not None and metadata.title == shown(explain(v).headline)
    assert pdf == record_pdf(v, AT)  # the same bytes again


def test_a_record_of_names_the_standard_fonts_have_embeds_no_font() -> None:
    v = verdict_of("county José 1204 Zoë 1199 canvass 2026-11-16", TODAY)
    assert fonts_of(record_pdf(v, AT)) <= {"Helvetica", "Helvetica-Bold", "Times-Roman"}


def test_page_streams_are_stored_compressed_not_spelled_out_in_ascii85() -> None:
    pdf = record_pdf(verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16", TODAY), AT)
    assert b"/FlateDecode" in pdf and b"/ASCII85Decode" not in pdf


@pytest.mark.parametrize("letter", ["A", "Ł"])
def test_the_longest_record_with_the_longest_names_is_still_one_page(letter: str) -> None:
    # the bond band's record, with names of 100 characters (the most a name may have)
    first, second = letter * 100, "B" * 100
    v = verdict_of(f'house "{first}" 4015 "{second}" 3985 state canvass 2026-11-16', TODAY)
    said = text_of(record_pdf(v, AT))  # one page: text_of checks
    assert first in said.replace(" ", "") and "not legal advice" in said


def test_a_record_that_fits_keeps_its_usual_type() -> None:
    v = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16", TODAY)
    sizes: set[float] = set()

    def seen(text: str, _cm: object, _tm: object, _font: object, size: float) -> None:
        if text.strip():
            sizes.add(size)

    pypdf.PdfReader(io.BytesIO(record_pdf(v, AT))).pages[0].extract_text(visitor_text=seen)
    assert max(sizes) == 15  # the headline's usual size
