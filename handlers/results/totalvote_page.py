"""The Secretary of State's results pages (KNOWiNK TotalVote, `ResultsSW.aspx`): the races a
page shows, and the service URL of each race's data. Pure functions of text: nothing here
opens a socket (handlers/ never does); the watch fetches what these name.

A race on the page (../shared/fixtures/totalvote/):

    <div class="display-results-box-a"><h1>UNITED STATES SENATOR</h1></div>
    ... Precincts Fully: 727 / 727 ... Partially: 0 / 727 ...
    <input ... onclick="BuildCounty('FED', '450000000001602', '1000', '');" value="County Results">

BuildCounty's four arguments are the race's type, its id, its office sequence number and,
in a primary, its party ('REP'); "Results last updated: 12/19/2024 1:25:20 PM MT" is the
page's own line (the 2026 primary's capture has none).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape
from typing import Final, Literal
from urllib.parse import parse_qsl, urlencode, urlsplit

from handlers.results.tables import ResultsFileError, text

# The Secretary of State's two hosts: the results pages, and the service they call
# (fixtures README: Montana's service answers from esersws.mt.gov).
SOS_HOSTS: Final = ("electionresults.mt.gov", "esersws.mt.gov")
PAGE_HOST, SERVICE_HOST = SOS_HOSTS
PAGE_PATH: Final = "/resultssw.aspx"  # compared case-folded: IIS paths ignore case
_RACE: Final = "display-results-box-a"  # the box that opens each race, its <h1> the title
_H1: Final = re.compile(r"<h1[^>]*>(.*?)</h1>", re.IGNORECASE | re.DOTALL)
# the four arguments are quoted words or digits; anything else is not a race's button
_BUILD_COUNTY: Final = re.compile(
    r"BuildCounty\(\s*'([A-Za-z0-9]+)'\s*,\s*'(\d+)'\s*,\s*'(\d+)'\s*,\s*'([A-Za-z0-9]*)'\s*\)"
)
_FULLY: Final = re.compile(r"Precincts Fully:\s*([\d,]+)\s*/\s*([\d,]+)", re.IGNORECASE)
_PARTIALLY: Final = re.compile(r"Partially:\s*([\d,]+)\s*/\s*([\d,]+)", re.IGNORECASE)
_UPDATED: Final = re.compile(r"Results last updated:\s*([^<]+)", re.IGNORECASE)
# the page's heading: <h2>General Election - November 5, 2024</h2>
_ELECTION: Final = re.compile(r"<h2[^>]*>\s*([^<]*\bElection\b[^<]*)</h2>", re.IGNORECASE)
_TAG: Final = re.compile(r"<[^>]*>")


class NoRaceOnPage(ResultsFileError):
    """A page with no race on it: not a results page, or its layout changed."""


@dataclass(frozen=True, slots=True)
class PageRace:
    """One race as the page shows it; `type`, `race_id`, `office_seq` and `party` are
    BuildCounty's arguments, as written."""

    type: str  # "FED", "ST", ...
    race_id: str  # "450000000001602"
    office_seq: str  # "1000": the service's `osn`
    party: str  # "" in a general; a primary's party, "REP"
    title: str  # the <h1>, unescaped: "PRESIDENT & VICE PRESIDENT"
    precincts_fully: int | None  # "Precincts Fully: 727 / 727": 727
    precincts_total: int | None  # 727
    precincts_partial: int | None  # "Partially: 0 / 727": 0
    updated: str | None  # the page's "Results last updated: ..." line's time, as written

    @property
    def all_reported(self) -> bool:
        """Every precinct fully reported, none partially, as the page counts them."""
        return (
            self.precincts_total is not None
            and self.precincts_fully == self.precincts_total
            and self.precincts_partial == 0
        )


def _number(words: str) -> int:
    return int(words.replace(",", ""))


def races_on_page(html: str) -> list[PageRace]:
    """The races on a results page, in its order, each once. Raises NoRaceOnPage."""
    updated_at = _UPDATED.search(html)
    updated = text(unescape(updated_at.group(1))) if updated_at else None
    races: list[PageRace] = []
    seen: set[tuple[str, str, str, str]] = set()
    # each race's box, to the next one: its title, its counts and its buttons are inside
    for box in html.split(_RACE)[1:]:
        button = _BUILD_COUNTY.search(box)
        title_at = _H1.search(box)
        if button is None or title_at is None:
            continue
        call = (button.group(1), button.group(2), button.group(3), button.group(4))
        if call in seen:
            continue
        seen.add(call)
        fully = _FULLY.search(box)
        partially = _PARTIALLY.search(box)
        races.append(
            PageRace(
                *call,
                title=text(unescape(_TAG.sub(" ", title_at.group(1)))),
                precincts_fully=None if fully is None else _number(fully.group(1)),
                precincts_total=None if fully is None else _number(fully.group(2)),
                precincts_partial=None if partially is None else _number(partially.group(1)),
                updated=updated,
            )
        )
    if not races:
        raise NoRaceOnPage(
            "the page shows no race (no County Results button): not a results page of the "
            "Secretary of State's site, or its layout has changed"
        )
    return races


def election_heading(html: str) -> str | None:
    """The page's heading, "General Election - November 5, 2024", where it has one: the
    service's records do not say which election they are of."""
    found = _ELECTION.search(html)
    return None if found is None else text(unescape(found.group(1))) or None


def race_name(race: PageRace, heading: str | None) -> str:
    """The name a race's service response is read under, as a file's: its page's heading
    (which says the election), its title and, in a primary, its party."""
    party = f" ({race.party})" if race.party else ""
    return f"{heading + ' — ' if heading else ''}{race.title}{party}.json"


def looks_like_page(data: bytes) -> bool:
    """A results page's HTML (saved from the browser, or given for its data): markup with a
    race's County Results button."""
    return data[:512].lstrip().startswith(b"<") and b"BuildCounty(" in data


def is_results_page(url: str) -> bool:
    """A results page of the Secretary of State's site: https (or http) on one of its hosts,
    ResultsSW.aspx (any case)."""
    try:
        parts = urlsplit(url.strip())
        host = parts.hostname
    except ValueError:  # a malformed address (an unclosed IPv6 bracket, a bad port)
        return False
    return (
        parts.scheme.lower() in ("https", "http")
        and host is not None
        and host.lower() in SOS_HOSTS
        and parts.path.lower().endswith(PAGE_PATH)
    )


def service_url(
    page_url: str,
    race: PageRace,
    category: Literal["CTY", "PREC"] = "CTY",
    county: str = "",
) -> str:
    """The service's URL for a race's data: county by county (category CTY), or precinct by
    precinct (PREC, `county` "01"-"56" for one county's, "" as the page leaves it).

    How sure (fixtures README): the address and its parameters are those public scrapers of
    the Montana, North Dakota, South Dakota, Oregon and New Mexico sites call,
    `ResultsAjax.svc/GetMapData?type=FED&category=PREC&raceID=...&osn=2001&county=NN&party=0`,
    and Montana's service answers from esersws.mt.gov; none of it was tried live here.
    Chosen where it is not known: the host is always SERVICE_HOST (whichever of the
    Secretary of State's hosts the page is on); a general's party is "0" as the scrapers
    wrote it, a primary's the party BuildCounty gives ("REP": how the service spells it in
    the query is not seen anywhere); the parameters are spelled as the scrapers spell them
    (the stored South Dakota response was asked `Type=SWR&Category=PREC&RaceID=...`: whether
    Montana's service reads either spelling is not known).
    A page URL carrying `ElectionID` (an archived election) gets the archive variant,
    `GetMapDataArchive`, with it. Raises ResultsFileError for a page not on the site.
    """
    if not is_results_page(page_url):
        raise ResultsFileError(
            f"{page_url}: not a results page of the Secretary of State's site "
            f"(https://{PAGE_HOST}/ResultsSW.aspx...)"
        )
    query = {k.casefold(): v for k, v in parse_qsl(urlsplit(page_url.strip()).query)}
    election = query.get("electionid", "")
    params = [
        ("type", race.type),
        ("category", category),
        ("raceID", race.race_id),
        ("osn", race.office_seq),
        ("county", county),
        ("party", race.party or "0"),
    ]
    method = "GetMapData"
    if election:
        method = "GetMapDataArchive"
        params.append(("ElectionID", election))
    return f"https://{SERVICE_HOST}/ResultsAjax.svc/{method}?{urlencode(params)}"
