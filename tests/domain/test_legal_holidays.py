"""The 1-1-216 calendar: named dates, observed days, and a cross-check with `holidays`."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from domain.legal_holidays import legal_holiday, legal_holidays


@pytest.mark.parametrize(
    ("day", "citation"),
    [
        (date(2026, 1, 1), "1-1-216(1)(b)"),
        (date(2026, 1, 19), "1-1-216(1)(c)"),  # 3rd Monday in January
        (date(2026, 2, 16), "1-1-216(1)(d)"),  # 3rd Monday in February
        (date(2026, 5, 25), "1-1-216(1)(e)"),  # last Monday in May
        (date(2026, 7, 4), "1-1-216(1)(f)"),  # a Saturday
        (date(2026, 7, 3), "1-1-216(2)"),  # ... so the Friday before is a holiday
        (date(2026, 9, 7), "1-1-216(1)(g)"),  # 1st Monday in September
        (date(2026, 10, 12), "1-1-216(1)(h)"),  # 2nd Monday in October
        (date(2026, 11, 11), "1-1-216(1)(i)"),
        (date(2026, 11, 26), "1-1-216(1)(j)"),  # 4th Thursday in November
        (date(2026, 12, 25), "1-1-216(1)(k)"),
        (date(2026, 11, 3), "1-1-216(1)(l)"),  # general election, even year
        (date(2028, 11, 7), "1-1-216(1)(l)"),
        (date(2022, 12, 26), "1-1-216(2)"),  # Christmas 2022 was a Sunday
        (date(2023, 1, 2), "1-1-216(2)"),  # New Year's Day 2023 was a Sunday
        (date(2021, 12, 31), "1-1-216(2)"),  # New Year's Day 2022 was a Saturday
        (date(2023, 11, 10), "1-1-216(2)"),  # Veterans' Day 2023 was a Saturday
        (date(2026, 11, 22), "1-1-216(1)(a)"),  # any Sunday
    ],
)
def test_legal_holidays(day: date, citation: str) -> None:
    holiday = legal_holiday(day)
    assert holiday is not None
    assert holiday.citation == citation


@pytest.mark.parametrize(
    "day",
    [
        date(2026, 6, 19),  # Juneteenth: federal, not in 1-1-216
        date(2026, 11, 27),  # the day after Thanksgiving
        date(2027, 11, 2),  # election-day Tuesday of an odd year
        date(2009, 7, 3),  # Friday before a Saturday July 4, before the 2013 amendment
        date(2026, 11, 21),  # an ordinary Saturday is a business day under 1-1-216(2)
        date(2026, 12, 24),
        date(2026, 11, 10),
    ],
)
def test_not_legal_holidays(day: date) -> None:
    assert legal_holiday(day) is None


def test_each_year_has_its_holidays_and_no_more() -> None:
    # (b)-(k) are 10 holidays; 2026 adds election day and the observed Friday of Sat July 4.
    assert len(legal_holidays(2026)) == 12
    # 2027: no election; Sun Jul 4 -> Mon, Sat Dec 25 -> Fri, Sat Jan 1 2028 -> Fri Dec 31.
    assert len(legal_holidays(2027)) == 13
    observed = [h for h in legal_holidays(2027).values() if h.observed_for]
    assert [h.day for h in observed] == [date(2027, 7, 5), date(2027, 12, 24), date(2027, 12, 31)]


def test_cross_check_with_holidays_package_2000_2060() -> None:
    """Every difference from python-holidays' Montana list is one related.md documents."""
    import holidays as pyholidays

    for year in range(2000, 2061):
        theirs = pyholidays.country_holidays("US", subdiv="MT", years=year)
        ours = legal_holidays(year)
        only_theirs = {d: theirs[d] for d in theirs if d not in ours}
        only_ours = {d: ours[d] for d in ours if d not in theirs}
        for day, name in only_theirs.items():
            juneteenth = "Juneteenth" in name  # not a Montana legal holiday
            # 1-1-216(2)'s Friday-before rule came in 2013; the package applies it to all years.
            pre_2013_friday = (
                year < 2013 and "(observed)" in name and (day + timedelta(days=1)).weekday() == 5
            )
            assert juneteenth or pre_2013_friday, (day, name)
        # python-holidays starts Montana's election-day holiday in 2008; related.md gives (l)
        # no start year, so we keep it in every even year. Nothing else may be ours alone.
        for day, holiday in only_ours.items():
            assert year < 2008 and holiday.citation == "1-1-216(1)(l)", (day, holiday)
