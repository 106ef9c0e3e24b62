"""The scan as ranked text: what needs doing first, then what needs a person, then the rest."""

from __future__ import annotations

from datetime import date

from handlers.results import ScanOptions, scan, scan_text
from handlers.results.facts import WAITING_TITLE

from .fixtures import REPORT_ROWS, REPORT_TODAY, report_scan


def test_text_leads_with_what_needs_doing() -> None:
    text = scan_text(report_scan(complete=True))
    lines = text.splitlines()
    assert lines[0].startswith("Scanned 1 file (plain-table): 6 contests, 4 with a verdict;")
    assert lines[1] == (
        "Read as a general election: a typed table that does not say (give --election primary "
        "for a primary)."
    )
    assert lines[2] == "Deadlines from the county canvass of Mon Nov 28, 2022."
    assert lines[3] == (
        "Contests under (2), (4) and (5) count from the state canvass, not given: they have no "
        "day to act until it is (add --state-canvass DATE); a petition is filed within 5 days "
        "after the state canvass, not before it."
    )
    order = [
        lines.index(h)
        for h in (
            "Recount available (1)",
            "Ties (1)",
            f"{WAITING_TITLE} (1)",  # HD 1, in the bond band: its day waits on the state canvass
            "Need a person (1)",
        )
    ]
    assert order == sorted(order)
    assert "13-16-211 bond band (1)" not in lines
    waiting = " ".join(text[text.index(WAITING_TITLE) :].split())
    assert "Q may petition for a recount with a bond (13-16-211). File with the secretary of " in (
        waiting
    )
    assert "within 5 days after the state canvass, not before it." in waiting
    assert "Recount available — county office" not in text  # the scan's label, not the kind alone
    # a one-county contest shows its county, or the file that does not name it
    assert "  Recount available — County attorney — county not named in t.csv" in lines
    assert (
        lines[-1]
        == "2 other contests: 1 outside the margin or with nothing to petition, 1 unopposed "
        "(--all lists them)."
    )


def test_without_a_canvass_date_it_says_so_once() -> None:
    data = "\n".join(REPORT_ROWS).encode()
    text = scan_text(scan([("t.csv", data)], ScanOptions(today=REPORT_TODAY)))
    assert text.count("No canvass date given: no deadlines (add --canvass DATE).") == 1


def test_a_listed_contest_says_where_todays_code_differs() -> None:
    data = "\n".join(
        (
            "contest,choice,votes",
            "School District 4 Trustee,A,900",
            "School District 4 Trustee,B,895",
        )
    ).encode()
    text = scan_text(scan([("t.csv", data)], ScanOptions(today=REPORT_TODAY)))
    flat = " ".join(text.split())
    assert "File with the school election filing officer" in flat
    assert "Today's code (13-16-201(2), Ch. 347, L. 2013): school elections have their own" in flat
    assert "[from neighbouring sections; the text itself not seen]" in flat


def test_with_the_state_canvass_its_contests_have_their_day() -> None:
    text = scan_text(report_scan(complete=True, state_canvass=date(2022, 12, 5)))
    lines = text.splitlines()
    assert (
        lines[3]
        == "Contests under (2), (4) and (5) count from the state canvass of Mon Dec 5, 2022."
    )
    assert "13-16-211 bond band (1)" in lines and WAITING_TITLE not in text
    said = " ".join(text.split())
    assert "File with the secretary of state by Fri Dec 9, 2022" in said
    assert "once the state canvass of Mon Dec 5, 2022 is complete" in said


def test_the_first_lines_counts_say_which_wait_for_the_state_canvass() -> None:
    """Issue 34: the first line counted a contest its section did not list, because it waits
    for the state canvass under a heading of its own. The count now says so."""
    waiting = scan_text(report_scan(complete=True)).splitlines()
    assert (
        "1 recount available, 1 tie, 1 in the bond band (1 waiting for the state canvass), 0 "
        "petition short"
    ) in waiting[0]
    assert "13-16-211 bond band (1)" not in waiting and f"{WAITING_TITLE} (1)" in waiting
    given = scan_text(report_scan(complete=True, state_canvass=date(2022, 12, 5)))
    assert "waiting for the state canvass" not in given.splitlines()[0]
    assert "1 in the bond band, 0 petition short" in given.splitlines()[0]


def test_before_the_canvass_the_figures_are_unofficial() -> None:
    data = "\n".join(REPORT_ROWS).encode()
    options = ScanOptions(today=date(2022, 11, 20), canvass=date(2022, 11, 28))
    said = " ".join(scan_text(scan([("t.csv", data)], options)).split())
    assert (
        "Today (Sun Nov 20, 2022) is before the canvass: the figures are unofficial, and a "
        "petition window opens only with the official canvass." in said
    )
    assert "before the canvass" not in " ".join(scan_text(report_scan(complete=True)).split())
