"""Petition drafts: one per subsection, to the office the verdict names, with the statements
13-16-201 asks for and as many signature lines as it requires and a few more; nothing
drafted where nothing can be filed."""

from __future__ import annotations

import io
import re
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pypdf
import pytest

from handlers.paper.petition import DRAFT_NOTE, EXTRA_LINES, NoPetition, petition_pdf
from handlers.paper.record import Provenance

from ...builders import verdict_of

AT = datetime(2026, 11, 18, 14, 5, tzinfo=ZoneInfo("America/Denver"))
TODAY = date(2026, 11, 18)
SOS = "the secretary of state"


def text_of(pdf: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def draft(text: str) -> str:
    return text_of(petition_pdf(verdict_of(text, TODAY), Provenance(AT)))


@pytest.mark.parametrize(
    ("text", "office", "signers"),
    [
        ("county Smith 1204 Jones 1199 canvass 2026-11-16", "the election administrator", None),
        ("house A 1882 B 1878 state canvass 2026-11-16", "the secretary of state", None),
        ("question for 1000 against 998 canvass 2026-11-16", "the election administrator", 10),
        (
            "state-question yes 100000 no 99990 state canvass 2026-11-16",
            "the secretary of state",
            100,
        ),
        (
            "multicounty-question yes 1000 no 999 state canvass 2026-11-16",
            "the secretary of state",
            25,
        ),
    ],
)
def test_one_draft_per_subsection_to_the_office_named(
    text: str, office: str, signers: int | None
) -> None:
    said = draft(text)
    assert " ".join(DRAFT_NOTE.split()) in said  # a draft, and where to get the official form
    assert f"To {office}." in said
    assert "believe that a recount will change the result" in said
    assert f"File with {office} by Fri Nov 20, 2026." in said
    if signers is None:  # a defeated candidate's verified petition
        assert "the votes for the office or nomination be recounted" in said
        assert "Signature:" in said and "Notary public:" in said and "Verification" in said
    else:  # the electors' petition: the minimum, and that many lines and a few more
        assert f"This petition needs at least {signers:,} electors" in said
        table = said.split("Printed name", 1)[1]  # the header repeats on every page
        numbers = {int(n) for n in re.findall(r"\b\d+\b", table)}
        assert signers + EXTRA_LINES in numbers and signers + EXTRA_LINES + 1 not in numbers
        for column in ("Printed name", "Residence address", "County", "Signature", "Date"):
            assert column in said


def test_the_bond_band_draft_says_who_sets_the_bond() -> None:
    said = draft("legislature A 4015 B 3985 state canvass 2026-11-16")
    assert "post a bond covering all costs of the recount (13-16-211)" in said
    assert "set by the election administrator of my county of residence" in said


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("county A 700 B 700 canvass 2026-11-16", "a tie is recounted as if a petition"),
        ("county A 720 B 700 canvass 2026-11-16", "the margin is too large"),
        ("county A 5 B 4 canvass 2026-11-01", "the last day to file has passed"),
        ("canvass-error canvass 2026-11-17", "the canvass board requires a recount"),
    ],
)
def test_nothing_is_drafted_where_nothing_can_be_filed(text: str, why: str) -> None:
    with pytest.raises(NoPetition, match=why):
        petition_pdf(verdict_of(text, TODAY), Provenance(AT))


def test_a_petitioner_named_beyond_the_standard_fonts_is_named_as_written() -> None:
    said = draft('county Smith 1204 "Nguyễn Thị Ánh" 1199 canvass 2026-11-16')
    assert "Nguyễn Thị Ánh" in said and "Nguy?n" not in said
