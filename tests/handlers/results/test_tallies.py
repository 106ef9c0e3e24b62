"""A results file's cells as tallies: titles compared without spaces or case, whole votes."""

from __future__ import annotations

from datetime import date

import pytest

from handlers.results.tallies import (
    banner_title,
    blank,
    election_day_in_name,
    election_in,
    election_in_name,
    normalized,
    whole_votes,
)


def test_a_titles_identity_ignores_spacing_nbsp_and_case() -> None:
    assert normalized("County  Attorney\xa0") == normalized("COUNTY ATTORNEY")


@pytest.mark.parametrize(
    ("cell", "votes"),
    [
        (143, 143),
        (143.0, 143),
        ("1,204", 1204),
        (0, 0),
        (-1, None),
        (1.5, None),
        (True, None),
        ("x", None),
        ("²", None),  # a digit to str.isdigit, not a number
        ("١٢", None),  # Arabic-Indic digits: not how a Montana export writes votes
        ("", None),
    ],
)
def test_whole_votes(cell: object, votes: int | None) -> None:
    assert whole_votes(cell) == votes  # type: ignore[arg-type]


def test_the_election_a_banner_names() -> None:
    assert election_in("2024 Unofficial General Election Results") == "general"
    assert election_in("2016 PRIMARY") == "primary"
    assert election_in("Results") is None


@pytest.mark.parametrize(
    ("words", "election"),
    [
        ("2017 Special Election", "special"),
        ("2017 Special General Election", "special"),  # a special election's general
        ("2017 Special Primary Election", None),  # a special primary: not said, so asked
        ("SPECIAL DISTRICT LEVY", None),  # a title's word, not the election
        ("911 DISPATCH SPECIAL MILL LEVY", None),
    ],
)
def test_special_is_the_election_only_as_special_election(words: str, election: str | None) -> None:
    assert election_in(words) == election


@pytest.mark.parametrize(
    ("name", "election"),
    [
        ("20170525__mt__special__general__precinct.csv", "special"),  # OpenElections' 2017
        ("20161108__mt__general__precinct.csv", "general"),
        ("2016PrimaryresultsbyPrecinct.xlsx", "primary"),
        ("special-primary.csv", None),
        ("results.xlsx", None),
    ],
)
def test_the_election_a_files_name_says(name: str, election: str | None) -> None:
    assert election_in_name(name) == election


def test_blank_cells() -> None:
    assert blank(None) and blank("  ") and blank("&nbsp;") and not blank(0)


@pytest.mark.parametrize(
    ("name", "day"),
    [
        ("20161108__mt__general__precinct.csv", date(2016, 11, 8)),
        ("results/20140603__mt__primary__county.csv", date(2014, 6, 3)),
        ("20161332__mt__general__precinct.csv", None),  # no such day: not a date at all
        ("2016PrimaryresultsbyPrecinct.xlsx", None),
        ("CTYALL Results(7).xlsx", None),
        ("x20161108__mt__general.csv", None),  # the day must open the name
    ],
)
def test_the_election_day_an_openelections_name_says(name: str, day: date | None) -> None:
    assert election_day_in_name(name) == day


@pytest.mark.parametrize(
    ("lines", "title"),
    [
        # the 2018 banners open with the Secretary of State's name (issue 34)
        (["COREY STAPLETON", "SECRETARY OF STATE", "2018 Primary Results"], "2018 Primary Results"),
        (["COREY STAPLETON", "Statewide Canvass, June 5, 2018"], "Statewide Canvass, June 5, 2018"),
        (["COREY STAPLETON", "June 5, 2018"], "June 5, 2018"),
        # the usual banner, its first line the title
        (
            ["2022 Unofficial General Election Results", "Precincts 307 of 307 Reporting"],
            "2022 Unofficial General Election Results",
        ),
        (["RESULTS BY PRECINCT"], "RESULTS BY PRECINCT"),
        (["SOMETHING ELSE"], "SOMETHING ELSE"),  # nothing better: the first line, as written
    ],
)
def test_the_banners_title_is_the_line_that_names_the_reading(lines: list[str], title: str) -> None:
    assert banner_title(lines) == title
