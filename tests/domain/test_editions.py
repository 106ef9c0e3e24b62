"""The law in force on a day: each difference from the 1987 text as a dated row, applied on
the day that opens the window (recount-rules.md section 7a)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

import domain
from domain import KINDS, FileWith, Petitioner, verdict_json
from domain import editions as editions_module
from domain.editions import (
    CANVASS_BOARD_MAY_REQUIRE,
    DATED_ROWS,
    HOLIDAY_NAMES,
    SATURDAY_OBSERVANCE,
    SCHOOL_SUBSECTION,
    DatedRow,
    InForce,
)
from domain.kinds import Family

from ..builders import verdict_of

TODAY = date(2026, 12, 1)


def test_every_row_has_its_date_source_and_confidence() -> None:
    keys = [row.key for row in DATED_ROWS]
    assert len(keys) == len(set(keys)) == 4
    for row in DATED_ROWS:
        assert row.what and row.before and row.source and row.confidence


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        # 2025 SB 57, effective on approval (related.md): passed May 8, 2025, its chapter
        # assigned May 13, the approval day not seen
        (date(2025, 5, 1), InForce.NO),  # May 2025, but before it passed
        (date(2025, 5, 7), InForce.NO),  # the day before it passed: the earlier rule alone
        (date(2025, 5, 8), InForce.UNSETTLED),  # passed: approved that day or later
        (date(2025, 5, 13), InForce.UNSETTLED),  # the chapter's day: approved by then
        (date(2025, 5, 14), InForce.YES),  # the day after: SB 57
        (date(2025, 5, 31), InForce.YES),
    ],
)
def test_a_row_whose_day_lies_between_two_is_unsettled_between_them(
    day: date, expected: InForce
) -> None:
    assert CANVASS_BOARD_MAY_REQUIRE.on(day) is expected


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (date(2013, 4, 29), InForce.NO),
        (date(2013, 4, 30), InForce.YES),  # Ch. 347, L. 2013, effective Apr 30, 2013
        (date(2013, 5, 1), InForce.YES),
    ],
)
def test_a_row_known_to_the_day_applies_from_that_day(day: date, expected: InForce) -> None:
    assert SCHOOL_SUBSECTION.on(day) is expected


def test_the_holiday_rows_apply_from_their_days() -> None:
    assert SATURDAY_OBSERVANCE.on(date(2012, 12, 31)) is InForce.NO
    assert SATURDAY_OBSERVANCE.on(date(2013, 1, 1)) is InForce.YES
    # 2025 SB 224, introduced Feb 26, 2025, its approval day not seen: both names after
    assert HOLIDAY_NAMES.on(date(2025, 2, 25)) is InForce.NO
    assert HOLIDAY_NAMES.on(date(2025, 2, 26)) is InForce.UNSETTLED
    assert HOLIDAY_NAMES.on(date(2030, 1, 1)) is InForce.UNSETTLED  # until it is known


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        ("canvass-error canvass 2024-11-19", {"canvass_board_may_require": "not_yet"}),
        ("canvass-error canvass 2025-05-10", {"canvass_board_may_require": "unsettled"}),
        ("canvass-error canvass 2025-05-20", {"canvass_board_may_require": "in_force"}),
        ("canvass-error canvass 2025-05-06", {"canvass_board_may_require": "not_yet"}),
        ("canvass-error canvass 2026-11-17", {"canvass_board_may_require": "in_force"}),
        ("school A 10 B 9", {"school_subsection": "in_force"}),
        (
            # checked in 2026: a petition filed today is filed under today's school subsection
            # (who files where is read on the day of filing); the calendar rows on the canvass
            "school A 10 B 9 canvass 2012-05-08",
            {
                "school_subsection": "in_force",
                "saturday_holiday_observed_friday": "not_yet",
                "holiday_names_2025": "not_yet",
            },
        ),
        (
            "county A 10 B 9 canvass 2026-11-16",
            {"saturday_holiday_observed_friday": "in_force", "holiday_names_2025": "unsettled"},
        ),
        ("county A 10 B 9", {}),  # no deadline: no calendar row bears on it
    ],
)
def test_the_json_names_the_rows_as_they_stood_on_the_day(text: str, rows: dict[str, str]) -> None:
    j = verdict_json(verdict_of(text, TODAY))
    assert {r["key"]: r["on_the_day"] for r in j["law_rows"]} == rows


def test_each_row_is_read_on_its_own_day() -> None:
    # canvass Mon Apr 29, 2013 + 5 = Sat May 4: the day to act Fri May 3, 2013. The school
    # row (who files where) is read on May 3, after Ch. 347 took effect (Apr 30, 2013); the
    # calendar rows on the canvass day (recount-rules.md section 7a)
    j = verdict_json(verdict_of("school A 10 B 9 canvass 2013-04-29", date(2013, 4, 29)))
    rows = {r["key"]: (r["taken_on"], r["day"], r["on_the_day"]) for r in j["law_rows"]}
    assert rows["school_subsection"] == ("filing", "2013-05-03", "in_force")
    assert rows["saturday_holiday_observed_friday"][:2] == ("day_counted", "2013-04-29")
    assert j["file_with"] == "school_election_filing_officer"
    # checked on Apr 24, 2013 for a canvass that day: + 5 = Mon Apr 29, before Ch. 347
    j = verdict_json(verdict_of("school A 10 B 9 canvass 2013-04-24", date(2013, 4, 24)))
    rows = {r["key"]: (r["taken_on"], r["day"], r["on_the_day"]) for r in j["law_rows"]}
    assert rows["school_subsection"] == ("filing", "2013-04-29", "not_yet")
    assert j["file_with"] == "election_administrator"


@pytest.mark.parametrize(
    ("day", "petitioner", "file_with"),
    [
        # 2025 SB 57 (related.md): the 1987 (7) until it passed; both readings from May 8 to
        # May 13, where the board's petition is the safe course; from May 14 the board requires
        (date(2025, 5, 7), Petitioner.CANVASS_BOARD, FileWith.ELECTION_ADMINISTRATOR),
        (date(2025, 5, 8), Petitioner.CANVASS_BOARD, FileWith.ELECTION_ADMINISTRATOR),
        (date(2025, 5, 13), Petitioner.CANVASS_BOARD, FileWith.ELECTION_ADMINISTRATOR),
        (date(2025, 5, 14), None, None),
        (date(2025, 5, 15), None, None),
    ],
)
def test_the_board_row_says_who_petitions_on_each_day(
    day: date, petitioner: Petitioner | None, file_with: FileWith | None
) -> None:
    reading = CANVASS_BOARD_MAY_REQUIRE.reading(day)
    assert (reading.petitioner, reading.file_with) == (petitioner, file_with)
    assert (reading.no_petition is None) == (petitioner is not None)
    j = verdict_json(verdict_of(f"canvass-error canvass {day.isoformat()}", TODAY))
    assert (j["petitioner"], j["file_with"]) == (
        None if petitioner is None else petitioner.value,
        None if file_with is None else file_with.value,
    )


# What adding a row must wire, each said by the test that fails until it is
# (CONTRIBUTING.md, "Add a dated law row").
_ROW_NAMES: dict[str, DatedRow] = {
    name: value for name, value in vars(editions_module).items() if isinstance(value, DatedRow)
}


def test_every_row_of_editions_is_listed() -> None:
    unlisted = [name for name, row in _ROW_NAMES.items() if all(row is not r for r in DATED_ROWS)]
    assert not unlisted, f"add {unlisted} to DATED_ROWS in domain/editions.py"


@pytest.mark.parametrize("name", sorted(_ROW_NAMES))
def test_every_row_is_read_by_the_code_that_applies_it(name: str) -> None:
    # read on a day (`.on(day)`, or `.reading(day)` for a row whose effect is words), in the
    # module where its law acts; a copy of its date elsewhere is a second vocabulary
    read = re.compile(rf"\b{name}\.(on|reading)\(")
    readers = [
        path.name
        for path in Path(domain.__file__).parent.glob("*.py")
        if path.name != "editions.py" and read.search(path.read_text(encoding="utf-8"))
    ]
    assert readers, (
        f"{name} is read by no module of domain/: ask it `{name}.on(day)` where its law acts "
        "(domain.routes.route_of for who files where, domain.legal_holidays for the calendar, "
        "Verdict.board for (7)), on the day its taken_on says (Verdict.day_of)"
    )


def test_every_row_is_in_the_json_of_the_verdicts_it_bears_on() -> None:
    bodies = {
        Family.CANDIDATE_RACE: "A 10 B 9",
        Family.BALLOT_QUESTION: "for 10 against 9",
        Family.CANVASS_ERROR: "",
    }
    shown = {
        row["key"]
        for kind, info in KINDS.items()
        for row in verdict_json(
            verdict_of(f"{kind.value} {bodies[info.family]} canvass 2026-11-16", TODAY)
        )["law_rows"]
    }
    missing = sorted({row.key for row in DATED_ROWS} - shown)
    assert not missing, (
        f"{missing} in no verdict's law_rows: list the row in Verdict.law_rows "
        "(domain/verdict.py) for the verdicts it bears on"
    )
