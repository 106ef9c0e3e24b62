"""Petition drafts (issues 25, 33), read page by page as the county attorney would: a cover
note apart, then a petition under the section it is filed under in today's numbering, holding
only what the petitioner states; electors' petitions verified on every sheet; a complete
Montana notarial certificate; the canvass board's petition a board's act; every page headed
and numbered. Nothing drafted where nothing can be filed."""

from __future__ import annotations

import io
import re
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pypdf
import pytest

from domain.deadline import long_date
from domain.explain import explain
from handlers.paper.petition import DRAFT_NOTE, EXTRA_LINES, NoPetition, petition_pdf
from handlers.paper.record import Provenance

from ...builders import verdict_of

AT = datetime(2026, 11, 18, 14, 5, tzinfo=ZoneInfo("America/Denver"))
TODAY = date(2026, 11, 18)

# What a tool says and a sworn petition must not: the check's own words about itself, its
# readings of the deadline, and the draft's own notes (all belong on the cover note).
TOOL_TEXT = (
    "Read as",
    "File with",
    "1-1-307",
    "safe date",
    "safe last day",
    "days left",
    "DRAFT",
    "Drafted by recount",
    "not legal advice",
    "Not legal advice",
    "Cover note",
    "as of",
    "if the office is open",
)
PAGE = re.compile(r"Page (\d+) of (\d+)")


def pages_of(pdf: bytes) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def draft(text: str, today: date = TODAY) -> list[str]:
    """The cover note (its pages as one), then each page of the petition."""
    return parts(pages_of(petition_pdf(verdict_of(text, today), Provenance(AT))))


def parts(pages: list[str]) -> list[str]:
    """The cover note's pages joined as one, then the petition's pages: the petition opens
    with its caption ("Before the ..."), on a page of its own."""
    first = next(n for n, page in enumerate(pages) if "Before the " in page)
    assert first >= 1 and all("Cover note" not in page for page in pages[first:])
    return [" ".join(pages[:first]), *pages[first:]]


def assert_numbered(pages: list[str], contest: str) -> None:
    """Every page headed with the contest; the cover note's (never filed) marked "Cover
    note" and counted apart; the petition's numbered "Page N of M" from its first sheet."""
    first = next(n for n, page in enumerate(pages) if "Before the " in page)
    cover, petition = pages[:first], pages[first:]
    for n, page in enumerate(cover, start=1):
        assert contest in page, (n, page[:200])
        assert PAGE.findall(page) == [], (n, page[:200])
        mark = "Cover note" if len(cover) == 1 else f"Cover note {n} of {len(cover)}"
        assert mark in page, (n, page[-200:])
    for n, page in enumerate(petition, start=1):
        assert contest in page, (n, page[:200])
        assert PAGE.findall(page) == [(str(n), str(len(petition)))], (n, page[:200])


def assert_no_tool_text(sworn: list[str]) -> None:
    for page in sworn:
        for said in TOOL_TEXT:
            assert said not in page, (said, page[:300])


# Today's number of each 1987 subsection (related.md, "Later amendments of 13-16-201"), and
# the school elections' own (2) of Ch. 347, L. 2013.
@pytest.mark.parametrize(
    ("text", "today_number", "was", "office"),
    [
        ('county race "Sheriff" Smith 1204 Jones 1199 canvass 2026-11-16', "(1)(a)", "(1)", None),
        ('house race "HD 22" A 1882 B 1878 state canvass 2026-11-16', "(1)(b)", "(2)", "Secretary"),
        ('question race "Levy" for 1000 against 998 canvass 2026-11-16', "(1)(c)", "(3)", None),
        (
            'state-question race "LR-131" yes 100000 no 99990 state canvass 2026-11-16',
            "(1)(d)",
            "(4)",
            "Secretary",
        ),
        (
            'multicounty-question race "Hospital" yes 1000 no 999 state canvass 2026-11-16',
            "(1)(e)",
            "(5)",
            "Secretary",
        ),
        ('school race "Trustee" A 500 B 499 canvass 2026-11-16', "(2)", "(1)", "School"),
        ('school-question race "Levy" for 1000 against 998 canvass 2026-11-16', "(2)", "(3)", None),
    ],
)
def test_each_petition_is_captioned_in_todays_numbering_with_the_1987_one_beside(
    text: str, today_number: str, was: str, office: str | None
) -> None:
    every = pages_of(petition_pdf(verdict_of(text), Provenance(AT)))
    contest = re.search(r'race "([^"]+)"', text)
    assert contest is not None
    assert_numbered(every, contest.group(1))
    pages = parts(every)
    cover, first, *_ = pages
    assert "Cover note: not part of the petition" in cover
    assert " ".join(DRAFT_NOTE.split()) in cover
    action = explain(verdict_of(text)).action_dated  # the check's own filing sentence, whole
    assert action.startswith("File with") and " ".join(action.split()) in cover
    caption = f"under Mont. Code Ann. § 13-16-201{today_number} (1987: § 13-16-201{was})"
    assert caption in first
    # never a 1987 number standing alone as the section filed under
    assert f"under Mont. Code Ann. § 13-16-201{was} " not in first
    if office == "Secretary":
        assert "Before the Secretary of State of the State of Montana" in first
    elif office == "School":
        assert "Before the School Election Filing Officer of" in first
    assert_no_tool_text(pages[1:])


@pytest.mark.parametrize(
    ("text", "today", "said", "not_before"),
    [
        # canvass Sat Nov 21 + 5 = Thu Nov 26, Thanksgiving (1-1-216(1)(j)): Fri Nov 27, a
        # day many offices close; the open day before it is Wed Nov 25
        (
            "county Smith 1204 Jones 1199 canvass 2026-11-21",
            date(2026, 11, 23),
            ("by Fri Nov 27, 2026", "if the office is open that day", "by Wed Nov 25, 2026"),
            None,
        ),
        # Dec 19 + 5 = Thu Dec 24, which many offices close: the open day before, Wed Dec 23
        (
            "county Smith 1204 Jones 1199 canvass 2026-12-19",
            date(2026, 12, 21),
            ("by Thu Dec 24, 2026", "if the office is open that day", "by Wed Dec 23, 2026"),
            None,
        ),
        # a state canvass still ahead: not before it is complete
        (
            "house A 1882 B 1878 canvass 2026-11-12 state canvass 2026-11-30",
            TODAY,
            ("once the state canvass of Mon Nov 30, 2026 is complete", "by Fri Dec 4, 2026"),
            "Mon Nov 30, 2026",
        ),
        # canvass Mon Nov 16 + 5 = Sat Nov 21; on Mon Nov 23 only 1-1-307's reading is left
        (
            "county Smith 1204 Jones 1199 canvass 2026-11-16",
            date(2026, 11, 23),
            ("timely only if 1-1-307 applies", "Sat Nov 21, 2026"),
            None,
        ),
        # the board's petition: immediately
        ("canvass-error canvass 2024-11-12", date(2024, 11, 12), ("immediately",), None),
    ],
)
def test_the_cover_note_says_the_day_to_act_as_the_check_says_it_and_the_petition_does_not(
    text: str, today: date, said: tuple[str, ...], not_before: str | None
) -> None:
    verdict = verdict_of(text, today)
    e = explain(verdict)
    pages = parts(pages_of(petition_pdf(verdict, Provenance(AT))))
    cover, sworn = pages[0], pages[1:]
    # the check's sentence, whole, as the record's dated summary says it
    assert e.action_dated and " ".join(e.action_dated.split()) in cover
    if verdict.margin is not None:  # the check's own summary ends with the same sentence
        assert e.action_dated in e.summary_dated
    for words in said:
        assert words in cover
    assert_no_tool_text(sworn)
    if not_before is not None:
        assert not_before in e.action
    assert_dated(pages)


@pytest.mark.parametrize(
    "text",
    [
        # canvass Mon Nov 16 + 5 = Sat Nov 21, a closed day: the day to act is Fri Nov 20
        "county Smith 1204 Jones 1199 canvass 2026-11-16",
        "question for 1000 against 998 canvass 2026-11-16",
        "county Smith 1210 Jones 1199 canvass 2026-11-16",  # the bond band
    ],
)
def test_the_cover_note_says_the_day_to_act_once(text: str) -> None:
    verdict = verdict_of(text, TODAY)
    assert verdict.act_by == date(2026, 11, 20)
    cover = parts(pages_of(petition_pdf(verdict, Provenance(AT))))[0]
    assert cover.count("Fri Nov 20, 2026") == 1, cover
    assert "Day to act:" not in cover  # the section heading says it; no line repeats it
    assert "Sat Nov 21, 2026" in cover  # the safe last day is still shown


# A day counted from the day checked, and a screen's source marker: neither belongs on a
# paper read later (its "As of" day and the dates say it; a doubt is said in words). "Today's
# code" names the law, not a day.
RELATIVE = re.compile(
    r"\b(?:today(?!'s)|tomorrow|yesterday|\d+ days? (?:left|ago))\b|\[[^\]]*\bseen\]", re.IGNORECASE
)


def assert_dated(pages: list[str]) -> None:
    for page in pages:
        found = RELATIVE.search(page)
        assert found is None, (found, page[:300])


@pytest.mark.parametrize(
    ("text", "today"),
    [
        # candidate, on the day to act itself (a screen says "today, Fri Nov 20")
        ("county Smith 1204 Jones 1199 canvass 2026-11-16", date(2026, 11, 20)),
        # a day before it (a screen counts "1 day left")
        ("county Smith 1204 Jones 1199 canvass 2026-11-16", date(2026, 11, 19)),
        # on the last day under 1-1-307 (Mon Nov 23, the safe Sat Nov 21 past)
        ("county Smith 1204 Jones 1199 canvass 2026-11-16", date(2026, 11, 23)),
        # a bond petition (13-16-211), days ahead
        ("county Smith 1210 Jones 1199 canvass 2026-11-16", date(2026, 11, 17)),
        ("house A 1882 B 1878 state canvass 2026-11-16", date(2026, 11, 20)),
        ("question for 1000 against 998 canvass 2026-11-16", date(2026, 11, 20)),
        ("state-question yes 100000 no 99990 state canvass 2026-11-16", date(2026, 11, 20)),
        ("multicounty-question yes 1000 no 999 state canvass 2026-11-16", date(2026, 11, 18)),
        ("school A 500 B 499 canvass 2026-11-16", date(2026, 11, 20)),
        ("school-question for 1000 against 998 canvass 2026-11-16", date(2026, 11, 19)),
        ("canvass-error canvass 2024-11-12", date(2024, 11, 12)),
    ],
)
def test_no_draft_counts_days_from_the_day_checked_or_carries_a_source_marker(
    text: str, today: date
) -> None:
    verdict = verdict_of(text, today)
    pages = pages_of(petition_pdf(verdict, Provenance(AT)))
    assert_dated(pages)
    e = explain(verdict)
    cover = parts(pages)[0]
    assert " ".join(e.action_dated.split()) in cover
    assert f"As of: {long_date(today)}" in cover


def test_a_candidates_petition_is_sworn_before_a_montana_notary_naming_the_petitioner() -> None:
    cover, petition = draft('county race "Sheriff" Smith 1204 "Ann Jones" 1199 canvass 2026-11-16')
    assert "Verified petition for a recount" in petition
    assert "I, Ann Jones, residing at" in petition
    # write-ins not given: the total of all candidates is the petitioner's to fill in
    assert "Smith received 1,204 votes and I received 1,199, of ______________ votes" in petition
    # the statement (1) requires, in its words
    assert "I believe a recount will change the result and a recount of the votes for the " in (
        petition
    )
    assert "office or nomination should be had." in petition
    assert "Verification" in petition and "I, Ann Jones, being first sworn" in petition
    jurat = petition.split("Notary's certificate (jurat)", 1)[1]
    assert re.search(r"Signed and sworn to \(or affirmed\) before me on _+ by Ann Jones\.", jurat)
    for part in (
        "(signature of notary)",
        "(printed name of notary)",
        "Notary Public for the State of Montana, residing at",
        "my commission expires",
        "(SEAL)",
    ):
        assert part in jurat
    assert "petitioner named above" not in jurat  # the jurat names who swore
    assert "notary public" in cover  # the cover note says how it is signed


def test_the_bond_petition_is_filed_under_13_16_211_naming_the_ballots_and_the_bond() -> None:
    # 30 behind of 8,000: over 1/4 of 1% (20), within 1/2 of 1% (40): the 13-16-211 band
    cover, petition = draft('legislature race "HD 57" A 4015 B 3985 state canvass 2026-11-16')
    assert "Verified petition for a recount with a bond under Mont. Code Ann. § 13-16-211 " in (
        petition
    )
    assert "13-16-201(" not in petition.split("1. I, B")[0]  # not captioned under 13-16-201
    assert "these ballots be recounted (13-16-211(3))" in petition
    assert (
        "bond with the election administrator of ______________ County, Montana, the county "
        "where I reside"
    ) in re.sub(r"_{2,}", "______________", petition)
    assert "(13-16-211(2))" in petition
    assert "by B." in petition  # the jurat names the petitioner
    assert "The candidate." in cover  # who pays
    assert "Before the Secretary of State" in petition  # where B filed for nomination (2)


@pytest.mark.parametrize(
    ("text", "signers", "counties", "electors_of"),
    [
        ("question for 1000 against 998 canvass 2026-11-16", 10, False, None),
        ("state-question yes 100000 no 99990 state canvass 2026-11-16", 100, True, "Montana"),
        ("multicounty-question yes 1000 no 999 state canvass 2026-11-16", 25, True, None),
        ("school-question for 1000 against 998 canvass 2026-11-16", 10, False, None),
    ],
)
def test_an_electors_petition_is_verified_on_every_sheet(
    text: str, signers: int, counties: bool, electors_of: str | None
) -> None:
    cover, *sheets = draft(text)
    assert "Confirm the form with the county attorney" in cover
    assert f"This petition needs at least {signers:,} electors" in cover
    lines: list[int] = []
    for n, sheet in enumerate(sheets, start=1):
        assert f"Signature sheet {n} of {len(sheets)}" in sheet
        assert "Verified petition of electors for a recount" in sheet
        # the petition's statement on every sheet, then each signer's affirmation
        assert "We, the undersigned, each an elector of" in sheet
        assert "a recount will change the result" in sheet
        assert "By signing, each signer affirms that he or she is an elector" in sheet
        assert "Circulator's affidavit" in sheet and "(circulator's signature)" in sheet
        assert "Notary Public for the State of Montana, residing at" in sheet
        assert "my commission expires" in sheet and "(SEAL)" in sheet
        assert ("County" in sheet.split("Printed name", 1)[1].split("Date", 1)[0]) is counties
        if electors_of is not None:
            assert f"each an elector of the State of {electors_of}" in sheet
        table = sheet.split("Date", 1)[1].split("Circulator's affidavit", 1)[0]
        lines += [int(n) for n in re.findall(r"\b\d+\b", table)]
    # the minimum and a few more, numbered on through the sheets
    assert lines == list(range(1, signers + EXTRA_LINES + 1))
    assert len(sheets) > 1 if signers >= 25 else True
    assert_no_tool_text(sheets)


def test_a_statewide_petition_runs_over_several_sheets_each_one_page() -> None:
    every = pages_of(
        petition_pdf(
            verdict_of('state-question race "LR-131" yes 100000 no 99990 state canvass 2026-11-16'),
            Provenance(AT),
        )
    )
    assert_numbered(every, "LR-131")
    sheets = parts(every)[1:]
    assert len(sheets) >= 100 // 15  # 105 lines cannot sit on a few pages with their jurats
    assert sum("Signature sheet" in page for page in sheets) == len(sheets)


def test_the_canvass_boards_petition_is_the_boards_act() -> None:
    # a 2024 canvass: before 2025 SB 57 the board petitions (13-15-403(4) as in 2021)
    every = pages_of(
        petition_pdf(
            verdict_of("canvass-error canvass 2024-11-12", date(2024, 11, 12)), Provenance(AT)
        )
    )
    assert_numbered(every, "Petition of the county canvass board")
    cover, petition = parts(every)
    assert "Petition of the board of county canvassers" in petition
    assert "under Mont. Code Ann. § 13-16-201(1)(f) and § 13-15-403(4) (1987: § 13-16-201(7))" in (
        petition
    )
    assert "found an error in the returns of these precincts" in petition
    assert "The error found" in petition
    assert "a recount of the votes in the precincts named" in petition
    assert "an inspection of the ballots in the precincts named (13-15-403(4))" in petition
    assert "Members of the board voting for this petition" in petition
    assert "minutes of that meeting" in petition
    for sworn in ("sworn", "Notary", "petitioner named above"):
        assert sworn not in petition
    assert "minutes" in cover
    assert_no_tool_text([petition])


def test_the_canvass_boards_petition_in_may_2025_is_drafted_under_both_readings() -> None:
    # SB 57 passed May 8, 2025, its approval day not seen: the board's petition is the safe course
    cover, petition = draft("canvass-error canvass 2025-05-09", date(2025, 5, 9))
    assert "Petition of the board of county canvassers" in petition
    assert "SB 57" in cover


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
    pages = draft('county Smith 1204 "Nguyễn Thị Ánh" 1199 canvass 2026-11-16')
    said = " ".join(pages)
    assert "I, Nguyễn Thị Ánh, residing at" in said and "Nguy?n" not in said
    assert "by Nguyễn Thị Ánh." in pages[1]


def test_with_several_seats_the_margin_is_to_the_last_winner() -> None:
    # seats 2: A and B elected; C is 3 behind B, the last of the two
    _, petition = draft("county A 900 B 800 C 797 seats 2 canvass 2026-11-16")
    assert "B, the last of the 2 elected, received 800 votes and I received 797" in petition


def test_the_cover_note_says_who_asked_in_slack() -> None:
    verdict = verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16")
    cover, petition = parts(pages_of(petition_pdf(verdict, Provenance(AT, asked_by="jdoe"))))
    assert "asked in Slack by jdoe" in cover and "jdoe" not in petition


def test_a_long_contest_name_heads_every_page_beside_its_number() -> None:
    name = "Board of Trustees of the Hospital District of the Counties Around " + "X" * 30
    text = f'county race "{name}" Smith 1204 Jones 1199 canvass 2026-11-16'
    assert_numbered(pages_of(petition_pdf(verdict_of(text), Provenance(AT))), name)


def test_what_the_check_is_about_is_named_on_the_petition() -> None:
    text = (
        'county race "Sheriff" Smith 1204 Jones 1199 canvass 2026-06-15 county-name "Gallatin" '
        'election 2026-06-02 election-type primary party "Republican"'
    )
    every = pages_of(petition_pdf(verdict_of(text, date(2026, 6, 16)), Provenance(AT)))
    assert_numbered(every, "Gallatin County")  # every page headed with the county
    cover, petition = parts(every)
    assert "Before the Election Administrator of Gallatin County, Montana" in petition
    assert "In the matter of: Sheriff; election: primary election of Tue Jun 2, 2026" in petition
    assert "for the nomination of the Republican party" in petition
    assert "County: Gallatin County" in cover and "Party (nomination): Republican" in cover


@pytest.mark.parametrize(
    ("words", "party_blank"),
    [
        ("election-type general", False),  # said not to be a primary: no party to name
        ("", True),  # nobody said: a blank for the party, where it is a nomination
    ],
)
def test_a_party_is_asked_for_only_where_the_election_may_be_a_primary(
    words: str, party_blank: bool
) -> None:
    _, petition = draft(f"county Smith 1204 Jones 1199 canvass 2026-11-16 {words}")
    assert ("(for a nomination, of the" in petition) is party_blank
    assert "Before the Election Administrator of ______________ County, Montana" in petition


def test_the_cover_note_is_dated_as_every_paper_dates() -> None:
    """It said "Dec 03, 2026", unlike the record and the kit ("Thu Dec 3, 2026")."""
    note = draft("county Smith 1204 Jones 1199 canvass 11/16")[0]
    day = AT.date()
    assert f"Drafted by recount, {day:%a %b} {day.day}, {day.year}" in " ".join(note.split())


@pytest.mark.parametrize(
    ("text", "today"),
    [
        # 40 behind of 10,000: over 1/4 of 1% (25), within 1/2 of 1% (50): 13-16-211
        ("county Smith 5020 Jones 4980 canvass 2026-11-16", date(2026, 11, 17)),
        ("school A 5013 B 4987 canvass 2026-11-16", TODAY),  # 26 behind of 10,000
    ],
)
def test_the_bond_is_sworn_as_posted_or_to_be_posted_once_its_amount_is_set(
    text: str, today: date
) -> None:
    """The cover note says the bond is set and posted after filing: nobody can swear on the
    day of signing that he posts it (13-16-211(2))."""
    _, petition = draft(text, today)
    assert (
        "I have posted, or will post when its amount is set, a bond with the election "
        "administrator of ______________ County, Montana, the county where I reside"
    ) in re.sub(r"_{2,}", "______________", petition)
    assert "I post a bond" not in petition
    assert re.search(r"\(\$_+\), covering all costs", petition)  # "($" never ends a line alone


@pytest.mark.parametrize(
    "text",
    [
        "school A 500 B 499 canvass 2026-11-16",
        "school A 5013 B 4987 canvass 2026-11-16",  # the bond band too
        'school race "Trustee" A 500 B 499 canvass 2026-11-16 election-type primary',
    ],
)
def test_a_school_petition_names_no_party_school_elections_being_nonpartisan(text: str) -> None:
    cover, *sworn = draft(text)
    for page in sworn:
        assert "party" not in page, page[:300]
    assert "Party" not in cover
    # a county office, the same figures: the party is still asked for
    _, county = draft(text.replace("school", "county", 1).replace("Trustee", "Sheriff"))
    assert "party" in county


@pytest.mark.parametrize(
    ("text", "blank"),
    [
        ("county Smith 1204 Jones 1199 canvass 2026-11-16", "(the office)"),
        ("question for 1000 against 998 canvass 2026-11-16", "(the question)"),
    ],
)
def test_a_caption_leaves_the_office_to_name_where_it_is_not_given(text: str, blank: str) -> None:
    _, first, *_ = draft(text)
    matter = first.split("In the matter of: ", 1)[1].split("; election:", 1)[0]
    assert re.fullmatch(rf"_+ {re.escape(blank)}", matter), matter
    # the race's name where it is given
    named = draft(text.replace("canvass", 'race "Sheriff" canvass'))[1]
    assert "In the matter of: Sheriff; election:" in named


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # tied at the cut beside the petitioner: both of the tied, not only the first
        ("county A 100 B 100 C 92 canvass 2026-11-16", "A and B each received 100 votes and I "),
        # another defeated candidate stands between the winner and the petitioner
        (
            "county A 100 B 95 C 92 candidate C canvass 2026-11-16",
            "A received 100 votes, B received 95 votes and I received 92,",
        ),
        # two seats, the last tied: the clearly elected A is not the margin's
        (
            "county A 900 B 800 C 800 D 797 seats 2 canvass 2026-11-16",
            "B and C each received 800 votes and I received 797,",
        ),
        # one above, nobody between: as before
        ("county A 100 B 92 canvass 2026-11-16", "A received 100 votes and I received 92,"),
    ],
)
def test_the_sworn_votes_name_everyone_placed_above_the_petitioner_from_the_cut(
    text: str, said: str
) -> None:
    """ "A received 100 votes and I received 92" with B's 100 unsaid misleads by omission
    under oath."""
    petition = " ".join(draft(text)[1:])
    assert said in petition, petition[:900]


def test_a_tied_question_resulted_in_a_tie_it_was_not_decided() -> None:
    _, *sheets = draft("question for 1000 against 1000 canvass 2026-11-16")
    for sheet in sheets:
        assert (
            "resulted according to the official canvass of Mon Nov 16, 2026 in a tie, 1,000 "
            "votes for and 1,000 against, of 2,000 votes cast"
        ) in sheet
        assert "decided" not in sheet
    # one vote apart: decided, by its votes
    _, first, *_ = draft("question for 1000 against 999 canvass 2026-11-16")
    assert "was decided according to the official canvass" in first
    assert "by 1,000 votes for and 999 against" in first


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "county A 100 B 100 C 92 canvass 2026-11-16",
            "A and B are tied for the seat: the tie is certified and recounted as if petitioned "
            "(13-15-405(4), 13-16-203(1)); that recount needs no petition. C, 8 votes behind A "
            "and B, may also petition under 13-16-201(1)(a) (a margin of not more than 10 votes).",
        ),
        (
            "county A 900 B 800 C 800 D 797 seats 2 canvass 2026-11-16",
            "B and C are tied for the last seat: the tie is certified and recounted as if "
            "petitioned (13-15-405(4), 13-16-203(1)); that recount needs no petition. D, 3 votes "
            "behind B and C, may also petition under 13-16-201(1)(a)",
        ),
        # 60 behind of 14,940: over 1/4 of 1% (37.35), within 1/2 of 1% (74.7): 13-16-211
        (
            "county A 5000 B 5000 C 4940 canvass 2026-11-16",
            "C, 60 votes behind A and B, may also petition for a recount with a bond under "
            "13-16-211 (a margin of more than 37 but not more than 74 votes)",
        ),
        (
            "question for 1000 against 1000 canvass 2026-11-16",
            "The question is tied, 1,000 votes for and 1,000 against: the county canvass board "
            "certifies the tie and the election administrator recounts it as if petitioned "
            "(13-15-405(4), 13-16-203(1)); that recount needs no petition. Electors who want "
            "certainty may also petition under 13-16-201(1)(c) (at least 10 electors must sign).",
        ),
    ],
)
def test_beside_a_tie_the_cover_names_the_tied_and_who_may_still_petition(
    text: str, said: str
) -> None:
    cover = draft(text)[0]
    beside = cover.split("Beside the tie", 1)[1].split("What the petition is about", 1)[0]
    assert said in beside, beside
    assert "so no petition is needed" not in beside  # then a filing day: read as a contradiction


@pytest.mark.parametrize(
    ("words", "sworn"),
    [
        ("", None),  # the candidates named only: the total is to fill
        ("write-ins 35", "2,438"),  # 2,403 + 35
        ("write-ins 0", "2,403"),  # said to be none: the named candidates are all
        ("total 2500", "2,500"),
    ],
)
def test_the_sworn_total_of_all_candidates_is_left_to_fill_unless_write_ins_were_given(
    words: str, sworn: str | None
) -> None:
    """2,403 is the sum of the candidates typed: with write-ins not given, "of 2,403 votes
    cast for all candidates for the office" may be false under oath."""
    cover, petition = draft(f"county Smith 1204 Jones 1199 canvass 2026-11-16 {words}")
    total = petition.split("I received 1,199, of ", 1)[1].split(" votes cast for all", 1)[0]
    said = "The check counted 2,403 votes for the candidates named; write-ins were not given."
    if sworn is None:
        assert re.fullmatch(r"_+", total), total
        assert said in cover
    else:
        assert total == sworn
        assert "write-ins were not given" not in cover


@pytest.mark.parametrize(
    "text",
    [
        "county Smith 1204 Jones 1199 canvass 2026-11-16",  # one sheet
        "question for 1000 against 998 canvass 2026-11-16",  # two signature sheets
        "canvass-error canvass 2024-11-12",
    ],
)
def test_the_petition_begins_on_page_1_the_cover_note_numbered_apart(text: str) -> None:
    """The cover note is never filed: the petition filed is not to begin "Page 2 of 2"."""
    today = date(2024, 11, 12) if "2024" in text else TODAY
    every = pages_of(petition_pdf(verdict_of(text, today), Provenance(AT)))
    cover, first, *rest = parts(every)
    assert PAGE.findall(cover) == [] and "Cover note" in cover
    assert PAGE.findall(first) == [("1", str(1 + len(rest)))]
    assert PAGE.findall(rest[-1] if rest else first)[0][0] == str(1 + len(rest))
