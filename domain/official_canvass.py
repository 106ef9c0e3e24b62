"""Which canvass opens the 5 days: "within 5 days after the official canvass" (13-16-201).

(1), (3), (7) and school kinds count from their own canvass (`canvass DATE`). (2) offices and
(4)/(5) questions count from the state canvass (`state canvass DATE`), which follows the
county canvasses: the Secretary of State's office has said a defeated candidate must wait for
it (related.md, "state canvass"). The county canvass is no safe substitute: it is too early to
file, and later gives a false "deadline passed". A multi-county district contest decided at a
special district election that no state canvass follows (13-1-505) counts from that
election's canvass (`no state canvass`). recount-rules.md section 6.
"""

from __future__ import annotations

from datetime import date
from enum import StrEnum
from functools import cache

from domain.inputs import CheckInput
from domain.kinds import KINDS, ContestKind


class CountsFrom(StrEnum):
    """Which canvass opens the window; the value is the JSON's `counts_from`."""

    COUNTY = "county_canvass"
    STATE = "state_canvass"
    SPECIAL_DISTRICT = "special_district_canvass"

    @property
    def words(self) -> str:
        """How a sentence names it: "the state canvass"."""
        return {
            CountsFrom.COUNTY: "the canvass",
            CountsFrom.STATE: "the state canvass",
            CountsFrom.SPECIAL_DISTRICT: "the canvass",  # of the special district election
        }[self]


def counts_from(inputs: CheckInput) -> CountsFrom:
    return _counts_from(inputs.kind, inputs.no_state_canvass)


@cache  # a few kinds, asked several times by every check
def _counts_from(kind: ContestKind, no_state_canvass: bool) -> CountsFrom:
    if not KINDS[kind].counts_from_state_canvass:
        return CountsFrom.COUNTY
    return CountsFrom.SPECIAL_DISTRICT if no_state_canvass else CountsFrom.STATE


def official_canvass(inputs: CheckInput) -> date | None:
    """The date of the canvass that opens the window, where given; never the county canvass
    in place of a state canvass not given."""
    if counts_from(inputs) is CountsFrom.STATE:
        return inputs.state_canvass
    return inputs.canvass


def waiting_for_state_canvass(inputs: CheckInput) -> bool:
    """A (2), (4) or (5) contest whose state canvass date is not given: no deadline yet."""
    return counts_from(inputs) is CountsFrom.STATE and inputs.state_canvass is None
