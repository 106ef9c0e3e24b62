"""Who petitions, where the petition is filed, who must sign, and what follows the filing."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from domain.constants import (
    LOCAL_QUESTION_MIN_SIGNERS,
    MULTICOUNTY_QUESTION_MIN_COUNTIES,
    MULTICOUNTY_QUESTION_MIN_SIGNERS,
    STATE_QUESTION_MIN_COUNTIES,
    STATE_QUESTION_MIN_SIGNERS,
)
from domain.kinds import KINDS, ContestKind, Subsection


class FileWith(StrEnum):
    ELECTION_ADMINISTRATOR = "election_administrator"
    SECRETARY_OF_STATE = "secretary_of_state"

    @property
    def label(self) -> str:
        return {
            FileWith.ELECTION_ADMINISTRATOR: "the election administrator",
            FileWith.SECRETARY_OF_STATE: "the secretary of state",
        }[self]


class Petitioner(StrEnum):
    DEFEATED_CANDIDATE = "defeated_candidate"
    ELECTORS = "electors"
    CANVASS_BOARD = "canvass_board"


@dataclass(frozen=True, slots=True)
class PetitionRule:
    subsection: Subsection
    petitioner: Petitioner
    who_petitions: str  # in plain words, for the reply
    file_with: FileWith
    signers_required: int | None
    counties_required: int | None
    after_filing: str | None  # notice and where the recount is held
    has_deadline: bool  # (7) says "immediately", with no 5-day window

    def sufficient(self, signers: int | None, counties: int | None) -> bool | None:
        """False if a given figure is short; True if every required one is given and meets
        its minimum; None when there is nothing to judge yet (or nothing is required)."""
        pairs = [
            (required, given)
            for required, given in (
                (self.signers_required, signers),
                (self.counties_required, counties),
            )
            if required is not None
        ]
        if not pairs:
            return None
        if any(given is not None and given < required for required, given in pairs):
            return False
        if all(given is not None for _, given in pairs):
            return True
        return None


_CANDIDATE_PETITION: Final = (
    "the defeated candidate, by a verified petition stating the belief that a recount will "
    "change the result and that the votes for the office or nomination should be recounted"
)
_STATE_NOTICE: Final = (
    "the secretary of state immediately notifies each election administrator by certified "
    "mail, and the recount is held in all precincts in each county (13-16-201(6))"
)

PETITION_RULES: Final = MappingProxyType(
    {
        rule.subsection: rule
        for rule in (
            PetitionRule(
                Subsection.ONE_COUNTY_OFFICE,
                Petitioner.DEFEATED_CANDIDATE,
                _CANDIDATE_PETITION,
                FileWith.ELECTION_ADMINISTRATOR,
                None,
                None,
                None,
                has_deadline=True,
            ),
            PetitionRule(
                Subsection.MULTI_COUNTY_OFFICE,
                Petitioner.DEFEATED_CANDIDATE,
                _CANDIDATE_PETITION,
                FileWith.SECRETARY_OF_STATE,
                None,
                None,
                "the secretary of state immediately notifies, by certified or registered mail, "
                "each election administrator whose county includes precincts that voted for the "
                "office, and the recount is held in those precincts",
                has_deadline=True,
            ),
            PetitionRule(
                Subsection.LOCAL_QUESTION,
                Petitioner.ELECTORS,
                f"electors of the jurisdiction: at least {LOCAL_QUESTION_MIN_SIGNERS.value} "
                "must sign a petition like the one in (1)",
                FileWith.ELECTION_ADMINISTRATOR,
                LOCAL_QUESTION_MIN_SIGNERS.value,
                None,
                None,
                has_deadline=True,
            ),
            PetitionRule(
                Subsection.STATE_QUESTION,
                Petitioner.ELECTORS,
                f"electors of the state: at least {STATE_QUESTION_MIN_SIGNERS.value} must sign, "
                f"from at least {STATE_QUESTION_MIN_COUNTIES.value} counties",
                FileWith.SECRETARY_OF_STATE,
                STATE_QUESTION_MIN_SIGNERS.value,
                STATE_QUESTION_MIN_COUNTIES.value,
                _STATE_NOTICE,
                has_deadline=True,
            ),
            PetitionRule(
                Subsection.MULTICOUNTY_QUESTION,
                Petitioner.ELECTORS,
                f"electors of the district: at least {MULTICOUNTY_QUESTION_MIN_SIGNERS.value} "
                f"must sign, from at least {MULTICOUNTY_QUESTION_MIN_COUNTIES.value} counties",
                FileWith.SECRETARY_OF_STATE,
                MULTICOUNTY_QUESTION_MIN_SIGNERS.value,
                MULTICOUNTY_QUESTION_MIN_COUNTIES.value,
                _STATE_NOTICE,
                has_deadline=True,
            ),
            PetitionRule(
                Subsection.CANVASS_ERROR,
                Petitioner.CANVASS_BOARD,
                "the board of county canvassers, which may petition immediately on finding an "
                "error (13-15-403)",
                FileWith.ELECTION_ADMINISTRATOR,
                None,
                None,
                None,
                has_deadline=False,
            ),
        )
    }
)


def rule_for(kind: ContestKind) -> PetitionRule:
    return PETITION_RULES[KINDS[kind].subsection]


def takes_counties(kind: ContestKind) -> bool:
    """Whether the petition for `kind` must come from signers of several counties ((4), (5))."""
    return rule_for(kind).counties_required is not None
