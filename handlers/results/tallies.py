"""What every reader produces: votes for one choice in one contest, from one place."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Final, NamedTuple

from handlers.results.budgets import checked_votes, votes_of_digits
from handlers.results.tables import Cell, text


class Tally(NamedTuple):
    """Immutable as a tuple: a NamedTuple is made in a fifth of a frozen dataclass's time,
    and a scan makes one per choice per sheet of every file."""

    key: str  # the contest's identity in its file: an SOS code, or the normalized title
    title: str  # the full title, as shown
    choice: str
    votes: int
    choice_party: str | None = None  # the candidate's party, where the file gives one
    party: str | None = None  # in a primary: the party whose nomination this is
    county: str | None = None
    precinct: str | None = None
    kind: str | None = None  # a plain table's `kind` column
    seats: int | None = None  # a plain table's `seats` column


@dataclass
class FileTallies:
    """One file, read: its tallies, what it says of itself, and what a person should see."""

    name: str
    format: str
    tallies: list[Tally] = field(default_factory=list)
    election: str | None = None  # "general" | "primary", where the file says
    election_from: str | None = None  # where it says: 'the banner says "2020 Primary ..."'
    election_day: date | None = None  # election day, where the file says it (its name)
    banner_title: str | None = None  # "2022 Unofficial General Election Results"
    unofficial: bool = False  # the banner says the figures are unofficial
    reporting: str | None = None  # "Precincts 307 of 307 Reporting"
    downloaded: str | None = None  # "11/23/2022 10:15:06 AM", as the banner says it
    whole: bool = False  # rows cover the whole district or state (formats 2, 3)
    counties_named: bool = False  # rows carry their county
    problems: dict[str, list[str]] = field(default_factory=dict)  # contest key -> reasons
    # why the figures are unofficial, in the report's words, where the file says they are
    unofficial_why: str = "the files say so"
    # contest key -> why its reading decides nothing yet ("partial: 600 of 691 precincts
    # fully reported"): no verdict (scan.md, "A partial reading decides nothing")
    partial: dict[str, str] = field(default_factory=dict)
    shares: set[str] = field(default_factory=set)  # keys not proved whole in a whole file
    # the file's seat counts are how many are elected (TotalVote's VoteFor), so a nonpartisan
    # primary's rule still applies; a typed table's seats column is taken as written
    seats_elected: bool = False
    notes: list[str] = field(default_factory=list)  # what a person must know of the file
    # why the banner's reading is partial ("partial: 243 of 345 precincts"), or None
    partial_why: str | None = None
    # a county workbook's sheets: each contest's precinct rows, and the precincts its banner
    # counts (the state's, for a statewide contest): what proves 56 files the whole state
    # where no title names its county (scan.md, "All 56 counties given")
    precincts: dict[str, tuple[str, ...]] = field(default_factory=dict)
    banner_precincts: dict[str, int] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)  # contest key -> title
    # a file naming counties precinct by precinct: each county's precincts, which name the
    # county of a workbook that does not (scan.md, "A county not named")
    county_precincts: dict[str, frozenset[str]] = field(default_factory=dict)

    def list_precincts(self, pairs: set[tuple[Cell, Cell]]) -> None:
        """Each county's precincts from the (county, precinct) cells of the file's rows."""
        listed: dict[str, set[str]] = {}
        for county, precinct in pairs:
            name, where = text(county), text(precinct)
            if name and where:
                listed.setdefault(name, set()).add(where)
        self.county_precincts = {c: frozenset(ps) for c, ps in listed.items()}

    def banner_says(self, lines: list[str]) -> None:
        """What the banner above the table says of the reading: its title ("2024 Unofficial
        General Election Results"), whether it is unofficial, the precincts reporting and
        when it was downloaded (watch.md: what was read, and when)."""
        lines = [line for line in (text(x) for x in lines) if line]
        if not lines or self.banner_title is not None:
            return
        self.banner_title = banner_title(lines)
        self.unofficial = any("unofficial" in x.lower() for x in lines)
        for line in lines:
            found = _REPORTING.search(line)
            if found is not None and self.reporting is None:
                self.reporting = found.group(0)
                self.partial_why = partial_in(line)
            if line.lower().startswith("downloaded at") and self.downloaded is None:
                self.downloaded = line[len("downloaded at") :].strip()

    def said(self, election: str | None, where: str) -> bool:
        """Records the election where the file first says it: the banner, then the sheet's
        name, then the file's name (scan.md). True once it is known."""
        if self.election is None and election is not None:
            self.election, self.election_from = election, where
        return self.election is not None

    def problem(self, key: str, title: str, reason: str) -> None:
        self.problems.setdefault(key, []).append(reason)
        self.titles.setdefault(key, title)


# Words a banner's title line says of the reading; a 2018 banner opens with the Secretary of
# State's name ("COREY STAPLETON"), which is no title (issue 34).
_TITLE_WORDS: Final = ("election", "primary", "general", "results", "canvass", "special")
_YEAR: Final = re.compile(r"\b(?:19|20)\d\d\b")


def banner_title(lines: list[str]) -> str:
    """The banner's line that names the reading: the first saying "election" (or primary,
    general, results, canvass, special), else the first with a year, else the first."""
    named = [x for x in lines if any(w in x.lower() for w in _TITLE_WORDS)]
    dated = [x for x in lines if _YEAR.search(x) is not None]
    return (named or dated or lines)[0]


def normalized(title: str) -> str:
    """A title's identity: spaces collapsed, &nbsp; gone, case folded."""
    return text(title).casefold()


_REPORTING: Final = re.compile(r"Precincts? \d[\d,]* of \d[\d,]* Reporting", re.IGNORECASE)
_COUNTS: Final = re.compile(r"Precincts? (\d[\d,]*) of (\d[\d,]*) Reporting", re.IGNORECASE)
# "(Precincts Partially Reported: 0/307)", as the 2022 and 2024 banners add it
_PARTLY: Final = re.compile(r"Partially Reported:?\s*(\d[\d,]*)\s*/\s*(\d[\d,]*)", re.IGNORECASE)


def precinct_counts(line: str) -> tuple[int, int, int] | None:
    """A banner line's precincts: reporting, total and partially reported ("Precincts 243 of
    345 Reporting (Precincts Partially Reported: 1/345)" -> 243, 345, 1); None for a line
    that counts none."""
    found = _COUNTS.search(line)
    if found is None:
        return None
    reporting, total = (int(n.replace(",", "")) for n in found.groups())
    partly_found = _PARTLY.search(line)
    partly = 0 if partly_found is None else int(partly_found.group(1).replace(",", ""))
    return reporting, total, partly


def partial_in(line: str) -> str | None:
    """Why a banner's line says its reading is partial (scan.md, "A partial reading decides
    nothing"): fewer precincts reporting than the total, or any partially reported. None
    for a whole reading, or a line that counts no precincts."""
    counts = precinct_counts(line)
    if counts is None:
        return None
    reporting, total, partly = counts
    if reporting >= total and not partly:
        return None
    said = f"partial: {reporting:,} of {total:,} precincts"
    return f"{said}, {partly:,} partially reported" if partly else said


# "General" of "Attorney General" names an office, not the election; "special" names the
# election only as "Special Election" ("Special General", "Special Primary"), never the
# "SPECIAL DISTRICT" of a title.
_ELECTION: Final = re.compile(
    r"(?<!attorney )\b(general|primary|special(?=\s+(?:general|primary|election)\b))\b",
    re.IGNORECASE,
)
# A file's name runs words together: "2016PrimaryresultsbyPrecinct.xlsx",
# "20170525__mt__special__general__precinct.csv".
_ELECTION_IN_NAME: Final = re.compile(r"(general|primary|special)", re.IGNORECASE)


def _one_election(pattern: re.Pattern[str], words: str) -> str | None:
    """The election `words` say, where they name exactly one. A special general election
    ("special__general", OpenElections' 2017 name) is a special election; a special primary
    is not said to be either, and is asked."""
    found = {m.group(1).lower() for m in pattern.finditer(words)}
    if found == {"special", "general"}:
        return "special"
    return found.pop() if len(found) == 1 else None


def election_in(words: str) -> str | None:
    """The election a banner or a sheet's name says: "2020 Primary Election"."""
    return _one_election(_ELECTION, words)


def election_in_name(name: str) -> str | None:
    """The election a file's name says: "2016PrimaryresultsbyPrecinct.xlsx",
    "20161108__mt__general__precinct.csv"."""
    return _one_election(_ELECTION_IN_NAME, name)


def whole_votes(cell: Cell) -> int | None:
    """A vote count: a whole number >= 0 (143.0 from a workbook is 143); else None. Over 9
    digits raises OverBudget (budgets.py): the file is refused in one line, not a contest."""
    if isinstance(cell, bool):
        return None
    if isinstance(cell, int):
        return checked_votes(cell) if cell >= 0 else None
    if isinstance(cell, float):
        return checked_votes(int(cell)) if cell.is_integer() and cell >= 0 else None
    words = text(cell).replace(",", "")
    if words.isascii() and words.isdigit():  # "²" is a digit to isdigit(), not to int()
        return votes_of_digits(words)
    return None


def blank(cell: Cell) -> bool:
    if cell is None:
        return True
    if type(cell) is str:  # strip() removes \xa0 too; "&nbsp;" alone is blank as well
        return not (cell.replace("&nbsp;", "") if "&" in cell else cell).strip()
    return text(cell) == ""


# OpenElections names its files by election day: "20161108__mt__general__precinct.csv".
_DAY_IN_NAME: Final = re.compile(r"(\d{4})(\d{2})(\d{2})__")


def election_day_in_name(name: str) -> date | None:
    """The election day an OpenElections file's name says; None for any other name, or a
    date that is none ("20161332__...")."""
    found = _DAY_IN_NAME.match(name.replace("\\", "/").rsplit("/", 1)[-1])
    if found is None:
        return None
    try:
        return date(int(found.group(1)), int(found.group(2)), int(found.group(3)))
    except ValueError:
        return None
