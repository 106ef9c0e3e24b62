"""Neighbouring sections a verdict may point to, described in our own words (never quoted)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from domain.citations import (
    BOND_RECOUNT_SHARE,
    MARGIN_SHARE,
    PETITION_WINDOW_DAYS,
    percent_phrase,
)
from domain.kinds import KindInfo
from domain.subsections import Subsection


@dataclass(frozen=True, slots=True)
class RelatedProvision:
    section: str
    summary: str


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
    "A tie in a school election: today's code gives it to the board of trustees, not to the "
    "county's tie rule.",
)
SCHOOL_RECOUNT_BOARD: Final = (
    "the school election filing officer notifies the school recount board: three trustees, "
    "with the district clerk as its secretary (13-16-204, 20-20-420)"
)
SCHOOL_CANVASS_NOTE: Final = (
    "A school election is not a county election: the official canvass that starts the 5 days "
    "is the trustees' canvass (20-20-416), not the county canvass."
)
STATE_CANVASS_NOTE: Final = (
    "For these offices the official canvass is the state canvass, which comes after the "
    "county canvasses."
)


def official_canvass_note(info: KindInfo) -> str | None:
    """Which canvass starts the 5 days, where that is not the county canvass."""
    if info.school:
        return SCHOOL_CANVASS_NOTE
    return STATE_CANVASS_NOTE if info.subsection is Subsection.MULTI_COUNTY_OFFICE else None


SATURDAY_NOTE: Final = (
    "County offices are closed on Saturdays. 1-1-307's title postpones a Saturday last day to "
    "the next business day; its text could not be verified, so the earlier date is the safe one."
)
NO_CANVASS_NOTE: Final = (
    f"No canvass date given: the petition is due within {PETITION_WINDOW_DAYS.value} days after "
    "the official canvass."
)
