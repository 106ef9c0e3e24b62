"""The verdict's record for the minutes: a PDF whose text holds the verdict's facts, the same
fields as every other surface, for every outcome; the same bytes for the same input."""

from __future__ import annotations

import io
import re
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pypdf
import pytest
from pypdf.generic import DictionaryObject

from domain import Outcome
from domain.explain import explain
from handlers.paper.about import about_lines
from handlers.paper.page.fonts import fits, shown
from handlers.paper.record import Provenance, on_paper, record_lines, record_pdf

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
    # the same words as the other surfaces: headline, read as, summary, the law (its source
    # markers said in words on paper)
    as_of = "Wed Nov 18, 2026"
    for line in (e.headline, e.read_as, e.summary_dated, e.citation, on_paper(e.edition, as_of)):
        assert " ".join(shown(line).split()) in said, line
    assert f"As of: {as_of}" in said
    assert "[" not in said and "Safe reading" not in said
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
    # the safe reading once, as its line says it, not again as its steps
    assert "Safe last day under every reading: Sat Nov 21, 2026; Mon Nov 23, 2026" in said
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


# --- the record as minutes need it (issue 33) ----------------------------------------------

LATER = Provenance(datetime(2026, 12, 1, 9, 30, tzinfo=ZoneInfo("America/Denver")), "Jane Clerk")
# days counted from the day checked, and words that mean the day of reading
RELATIVE = re.compile(
    r"\b\d+ days? (?:left|ago|to)\b|\b(?:today|tomorrow|yesterday)\b(?!'s)", re.IGNORECASE
)


def pages_of(pdf: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]


CHECKS = [
    "county Smith 1204 Jones 1199 canvass 2026-11-16",  # the issue's: 3 days left on Nov 18
    "county A 700 B 700 canvass 2026-11-16",
    "county A 5 B 4 canvass 2026-11-01",  # passed 7 days before
    "question for 1000 against 999 signers 9 canvass 2026-11-16",
    "legislature A 4015 B 3985 state canvass 2026-11-16",
    "legislature A 4015 B 3985 state canvass 2026-11-14",  # the 1-1-307 day only
    "canvass-error canvass 2026-11-17",
]


@pytest.mark.parametrize("text", CHECKS)
@pytest.mark.parametrize("today", [date(2026, 11, 18), date(2026, 11, 20), date(2026, 11, 23)])
def test_a_record_says_its_as_of_day_and_dates_only(text: str, today: date) -> None:
    v = verdict_of(text, today)
    (page,) = pages_of(record_pdf(v, LATER))  # checked on `today`, printed on Dec 1
    assert f"As of: {today:%a %b} {today.day}, {today.year}" in page
    assert RELATIVE.search(page) is None, RELATIVE.search(page)


@pytest.mark.parametrize("text", CHECKS)
def test_the_decision_and_action_come_before_the_margin_and_the_deadline(text: str) -> None:
    v = verdict_of(text, TODAY)
    e = explain(v)
    (page,) = pages_of(record_pdf(v, AT))
    decision = page.index(" ".join(shown(e.headline).split()))
    action = page.index(" ".join(shown(e.summary_dated).split()))
    heading = about_lines(v.about)[0]  # "County: ..." or, statewide, "Jurisdiction: ..."
    assert decision == 0 < page.index(heading) < action
    margin = page.index("Margin \x7f")  # the title, then a bullet (pypdf reads it as \\x7f)
    assert action < margin
    if "Deadline \x7f" in page:
        assert margin < page.index("Deadline \x7f")


def test_a_record_names_its_county_and_election_or_leaves_a_line_for_them() -> None:
    told = verdict_of(
        'county Smith 1204 Jones 1199 canvass 2026-11-16 county-name "Gallatin" '
        'election 2026-11-03 election-type general race "Sheriff"',
        TODAY,
    )
    (page,) = pages_of(record_pdf(told, AT))
    assert "County: Gallatin County" in page
    assert "Election: general election of Tue Nov 3, 2026" in page
    assert "Office: Sheriff" in page and "Party" not in page  # a general election
    assert page.count("Sheriff") == 2  # the headline and the Office line; "Read as" leaves it
    (blank,) = pages_of(record_pdf(verdict_of("county A 5 B 4 canvass 2026-11-16", TODAY), AT))
    for label in ("County:", "Election:", "Party, if a primary's nomination:", "Office:"):
        assert re.search(re.escape(label) + r" _{10,}", blank), label


def test_a_tie_record_says_what_the_office_does_next() -> None:
    (page,) = pages_of(record_pdf(verdict_of("county A 700 B 700 canvass 2026-11-16", TODAY), AT))
    assert "certifies the tie to the election administrator (13-15-405(4))" in page
    assert "the election administrator notifies the county recount board" in page
    assert "convenes no later than 5 days after it is notified (13-16-204(2))" in page


def test_a_canvass_error_record_gives_one_reading() -> None:
    v = verdict_of("canvass-error canvass 2026-11-17", TODAY)
    sections = dict(record_lines(v, AT))
    said = " ".join(
        line for name in ("summary", "Margin", "Deadline") for line in sections.get(name, [])
    )
    assert "can probably require" in said
    assert "petition the" not in said and "may petition" not in said  # not the 1987 reading too
    # the 1987 text stays quoted under the law, as the text we implement
    assert any("may file a petition" in line for line in sections["The law"])


def test_the_candidates_and_votes_are_not_in_the_smallest_type() -> None:
    pdf = record_pdf(verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16", TODAY), AT)
    sizes: dict[str, float] = {}

    def seen(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            sizes[text.strip()] = size * tm[0]

    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=seen)
    smallest = min(sizes.values())
    votes = [size for text, size in sizes.items() if "1,204" in text]
    assert votes and all(size > smallest for size in votes), (votes, smallest)


@pytest.mark.parametrize(
    ("line", "printed"),
    [
        (
            "(1) is (1)(a) in the current code [numbering seen]. Law",
            "(1) is (1)(a) in the current code. Law",
        ),
        ("a thing [text seen]", "a thing"),
        (
            "(7) is (1)(f) [numbering cited so by secondary sources].",
            "(7) is (1)(f) (numbering cited so by secondary sources).",
        ),
        (
            "Says it. [from bill summaries; wording not verified]",
            "Says it. From bill summaries; wording not verified.",
        ),
        (
            "Today's code (13-15-403): says it.",
            "The code as of Wed Nov 18, 2026 (13-15-403): says it.",
        ),
    ],
)
def test_a_source_marker_is_left_unsaid_where_sure_and_said_in_words_where_not(
    line: str, printed: str
) -> None:
    assert on_paper(line, "Wed Nov 18, 2026") == printed
