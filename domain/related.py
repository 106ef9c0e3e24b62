"""Neighbouring sections a verdict may point to, described in our own words (never quoted)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Final

from domain.citations import (
    BOND_RECOUNT_SHARE,
    CANVASS_EARLIEST_DAYS,
    CANVASS_LATEST_DAYS,
    MARGIN_SHARE,
    PETITION_WINDOW_DAYS,
    RECOUNT_BOARD_CONVENES_DAYS,
    percent_phrase,
)
from domain.deadline import long_date as long_day
from domain.kinds import KindInfo
from domain.subsections import Subsection


@dataclass(frozen=True, slots=True)
class RelatedProvision:
    section: str
    summary: str


TIE_CERTIFIED: Final = "13-15-405(4)"  # the county canvass board certifies a one-county tie
TIE_RECOUNT: Final = RelatedProvision(
    "13-16-203",
    "A tie: when a tie vote is certified, the election administrator or the secretary of "
    "state proceeds as if a recount petition had been filed, so no petition is needed; a tie "
    "that survives the recount is settled as the law provides.",
)
BOND_RECOUNT: Final = RelatedProvision(
    BOND_RECOUNT_SHARE.reference,
    f"Recount with a bond: a candidate defeated by more than {percent_phrase(MARGIN_SHARE)} but "
    f"not more than {percent_phrase(BOND_RECOUNT_SHARE)} of the total votes may, within "
    f"{PETITION_WINDOW_DAYS.value} days after the official canvass, petition the officer "
    "with whom they filed for nomination, posting a bond that covers all costs of the recount.",
)
SCHOOL_TIE: Final = RelatedProvision(
    "13-16-203(2), 20-20-418",
    "A tie in a school election: the trustees proceed as if a recount petition had been "
    "filed, so the school recount board recounts first; only a tie that survives the recount "
    "is resolved under 20-20-418.",
)
# 13-16-203(2) settles a surviving tie "under 20-20-418 or as otherwise provided by law";
# 20-20-418 speaks of candidates, and how a question tied after its recount is settled is in
# no text we saw: said as open, never as 20-20-418's.
SCHOOL_QUESTION_TIE: Final = RelatedProvision(
    "13-16-203(2)",
    "A tied school question: the trustees proceed as if a recount petition had been filed, so "
    "the school recount board recounts first. How a question still tied after the recount is "
    "settled, 20-20-418 or as otherwise provided by law, is in no text we saw: confirm with "
    "the county attorney.",
)


def tied_seat(names: tuple[str, ...]) -> RelatedProvision:
    """The last seat is tied between candidates other than the one checked: that tie is
    recounted without a petition (13-16-203), whatever the checked candidate does."""
    return RelatedProvision(
        TIE_RECOUNT.section,
        f"The last seat is tied ({' and '.join(names)}): a certified tie is recounted as if a "
        "recount petition had been filed, so that recount needs no petition.",
    )


QUESTION_TIE_NOTE: Final = (
    "A tied statewide or multicounty question: a tie certified to the secretary of state may "
    "be recounted as if a petition had been filed (13-16-203(1)), but how such a tie is "
    "certified was not traced. A margin of 0 qualifies, so the safe course is to file the "
    "petition as usual."
)
QUESTION_TIE_RECOUNT: Final = RelatedProvision(
    "13-15-405(4), 13-16-203(1)",
    "A tied question voted on only in one county or part of it: the county canvass board "
    "certifies the tie to the election administrator, who proceeds as if a recount petition "
    "had been filed, so no petition is needed. Electors who want certainty may also petition "
    "within the window.",
)
MULTICOUNTY_DISTRICT_NOTICE: Final = (
    "For a multicounty district question, the secretary of state's notice and the recount "
    "concern the counties and precincts of the district, not every county of the state (our "
    "reading; today's (1)(e) text not seen)."
)


def canvass_day_question(canvass: date, holiday: str) -> str:
    """A canvass typed on a Sunday or a legal holiday: canvass boards meet on business days."""
    return (
        f"{long_day(canvass)} is {'a Sunday' if holiday == 'Sunday' else holiday}: is that the "
        "canvass date? Canvass boards meet on business days; check the date before relying on "
        "the deadline."
    )


def canvass_timing_question(canvass: date, election: date) -> str | None:
    """A county canvass typed outside 13-15-401(1)'s 3 to 14 days after the election given:
    questioned like a Sunday one (related.md); None where it is within them."""
    days = (canvass - election).days
    if CANVASS_EARLIEST_DAYS.value <= days <= CANVASS_LATEST_DAYS.value:
        return None
    if days == 0:
        when = "the election day itself"
    else:
        when = f"{days} day{'s' if days != 1 else ''} after the election of {long_day(election)}"
    return (
        f"{long_day(canvass)} is {when}: is that the county canvass date? The county canvass "
        f"is held within {CANVASS_EARLIEST_DAYS.value} to {CANVASS_LATEST_DAYS.value} days "
        f"after each election ({CANVASS_EARLIEST_DAYS.reference}); check the date before "
        "relying on the deadline."
    )


SCHOOL_RECOUNT_BOARD: Final = (
    "the school election filing officer notifies the school recount board: three trustees, "
    "with the district clerk as its secretary (13-16-204, 20-20-420)"
)
COUNTY_RECOUNT_BOARD: Final = "the election administrator notifies the county recount board"


def board_convenes() -> str:
    """13-16-204(2), in our words: the recount board meets within 5 days of being told."""
    return (
        f"convenes no later than {RECOUNT_BOARD_CONVENES_DAYS.value} days after it is notified "
        f"({RECOUNT_BOARD_CONVENES_DAYS.reference})"
    )


SCHOOL_CANVASS_NOTE: Final = (
    "Which canvass starts the 5 days: for an election the school district runs, probably the "
    "trustees' canvass (20-20-416) [from neighbouring sections; the school subsection's text "
    "not seen]; a school question or race on the county's ballot (a bond voted in November) "
    "may be canvassed by the county instead. Confirm with the school election filing officer; "
    "counting from the earlier canvass is the safe course."
)
STATE_CANVASS_NOTE: Final = (
    "For these offices the official canvass is the state canvass, which follows the county "
    "canvasses. The Secretary of State's office has said that a defeated candidate must wait "
    "for it and file within 5 days after it [as reported in 2020]: a petition filed before it "
    "may be refused, and the county canvass is no safe substitute."
)
QUESTION_CANVASS_NOTE: Final = (
    "For a statewide or multicounty question the official canvass is the state canvass "
    "[inferred, but supported: 13-15-506 puts ballot issues in the state canvass report, and "
    "13-16-419(2) has the state board recanvass a question after a recount]: file within 5 "
    "days after it, not before it."
)
SPECIAL_DISTRICT_HINT: Final = (
    "A district contest decided at a special district election that no state canvass follows "
    "(one county conducts it for the district, 13-1-505) counts from that election's canvass "
    "instead: say no state canvass."
)
SPECIAL_DISTRICT_NOTE: Final = (
    "No state canvass follows this special district election: the county with the most "
    "electors in the district conducts it (13-1-505), and its canvass is the official one."
)
# How long after the county canvasses the state canvass comes (related.md, "state canvass":
# about 27 days after the election; Nov 28, 2018, Nov 30, 2020, Nov 29, 2022).
STATE_CANVASS_WHEN: Final = (
    "The state canvass follows the county canvasses (in recent general elections about three "
    "to four weeks after election day)."
)
# What to do while the state canvass is not set: said by the verdict, the scan and its help.
AFTER_STATE_CANVASS: Final = (
    f"within {PETITION_WINDOW_DAYS.value} days after the state canvass, not before it"
)
WAITING_FOR_STATE_CANVASS: Final = (
    f"No state canvass date given: the {PETITION_WINDOW_DAYS.value} days run from the state "
    "canvass, so no day can be given until it is set."
)
COUNTY_CANVASS_HINT: Final = (
    "The county canvass. For this kind the window opens with the state canvass (below)."
)


def statute_canvass_note(info: KindInfo, special_district: bool = False) -> str | None:
    """Which canvass starts the 5 days for a kind of the 1987 rows, where that is not plainly
    the county canvass (a school kind's is its route's: domain.routes.SCHOOL)."""
    if not info.counts_from_state_canvass:
        return None
    if special_district:
        return SPECIAL_DISTRICT_NOTE  # never "the official canvass is the state canvass"
    note = (
        STATE_CANVASS_NOTE
        if info.subsection is Subsection.MULTI_COUNTY_OFFICE
        else QUESTION_CANVASS_NOTE
    )
    return f"{note} {SPECIAL_DISTRICT_HINT}" if info.may_skip_state_canvass else note


def saturday_note(office: str) -> str:
    """Why a Saturday safe date is not the day to act, naming the office that is closed."""
    return (
        f"{office[0].upper()}{office[1:]} is closed on Saturdays. 1-1-307's title postpones a "
        "Saturday last day to the next business day; its text could not be verified, so the "
        "earlier date is the safe one."
    )


def monday_note(monday: date, asks: str) -> str:
    """For the office that receives petitions: a petition brought on the 1-1-307 Monday."""
    return (
        f"For the office receiving petitions: a petition brought on {long_day(monday)} is timely "
        f"if 1-1-307 applies; accept it and ask {asks} before treating it as late."
    )


NO_CANVASS_NOTE: Final = (
    f"No canvass date given: the petition is due within {PETITION_WINDOW_DAYS.value} days after "
    "the official canvass."
)
MULTI_SEAT_NOTE: Final = (
    "With several seats, the total is every vote cast for the office, all seats together: "
    'our reading of "the total votes cast" in (1) and "for all candidates for the same '
    'position" in (2).'
)
