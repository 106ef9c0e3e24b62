"""Montana law for recounts (MCA 13-16-201) as pure, typed code. No Slack, no I/O, no clock."""

from domain.build_check import build_check
from domain.errors import InputError, Problem
from domain.fields import InputField, Term, ValueType
from domain.input_fields import FAMILY_FIELDS, FIELDS, field_name, fields_for
from domain.inputs import BallotQuestion, Candidate, CandidateRace, CanvassError, CheckInput
from domain.kinds import KINDS, ContestKind, Family, KindInfo, resolve_kind, takes_counties
from domain.subsections import RULES, FileWith, Petitioner, Subsection, SubsectionRule
from domain.verdict import Outcome, Verdict, check
from domain.verdict_json import verdict_json

__all__ = [
    "FAMILY_FIELDS",
    "FIELDS",
    "KINDS",
    "RULES",
    "BallotQuestion",
    "Candidate",
    "CandidateRace",
    "CanvassError",
    "CheckInput",
    "ContestKind",
    "Family",
    "FileWith",
    "InputError",
    "InputField",
    "KindInfo",
    "Outcome",
    "Petitioner",
    "Problem",
    "Subsection",
    "SubsectionRule",
    "Term",
    "ValueType",
    "Verdict",
    "build_check",
    "check",
    "field_name",
    "fields_for",
    "resolve_kind",
    "takes_counties",
    "verdict_json",
]
