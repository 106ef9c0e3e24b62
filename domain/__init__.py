"""Montana law for recounts (MCA 13-16-201) as pure, typed code. No Slack, no I/O, no clock."""

from domain.errors import InputError, Problem
from domain.inputs import (
    BallotQuestion,
    Candidate,
    CandidateRace,
    CanvassError,
    CheckInput,
    build_check,
)
from domain.kinds import KINDS, ContestKind, Family, KindInfo, Subsection, resolve_kind
from domain.petition import takes_counties
from domain.verdict import Outcome, Verdict, check
from domain.verdict_json import verdict_json

__all__ = [
    "KINDS",
    "BallotQuestion",
    "Candidate",
    "CandidateRace",
    "CanvassError",
    "CheckInput",
    "ContestKind",
    "Family",
    "InputError",
    "KindInfo",
    "Outcome",
    "Problem",
    "Subsection",
    "Verdict",
    "build_check",
    "check",
    "resolve_kind",
    "takes_counties",
    "verdict_json",
]
