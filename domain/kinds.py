"""The 13 kinds of contest, their aliases, and the subsection of 13-16-201 each falls under."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum
from types import MappingProxyType
from typing import Final

from domain.errors import InputError


class Subsection(IntEnum):
    """Subsections of 13-16-201 in the 1987 numbering of the text we implement."""

    ONE_COUNTY_OFFICE = 1
    MULTI_COUNTY_OFFICE = 2
    LOCAL_QUESTION = 3
    STATE_QUESTION = 4
    MULTICOUNTY_QUESTION = 5
    SOS_NOTICE = 6
    CANVASS_ERROR = 7

    @property
    def code(self) -> str:
        return f"13-16-201({self.value})"

    @property
    def citation(self) -> str:
        return f"Mont. Code Ann. § 13-16-201({self.value})"


class Family(Enum):
    CANDIDATE_RACE = "candidate_race"
    BALLOT_QUESTION = "ballot_question"
    CANVASS_ERROR = "canvass_error"


class ContestKind(StrEnum):
    COUNTY = "county"
    MUNICIPAL = "municipal"
    DISTRICT = "district"
    PRECINCT = "precinct"
    CONGRESSIONAL = "congressional"
    STATE = "state"
    MULTICOUNTY_DISTRICT = "multicounty-district"
    LEGISLATURE = "legislature"
    DISTRICT_JUDGE = "district-judge"
    QUESTION = "question"
    STATE_QUESTION = "state-question"
    MULTICOUNTY_QUESTION = "multicounty-question"
    CANVASS_ERROR = "canvass-error"


@dataclass(frozen=True, slots=True)
class KindInfo:
    kind: ContestKind
    aliases: tuple[str, ...]
    label: str  # how a reply names the contest: "a county office"
    covers: str  # what the kind covers, for help and the form
    subsection: Subsection

    @property
    def family(self) -> Family:
        if self.subsection in (Subsection.ONE_COUNTY_OFFICE, Subsection.MULTI_COUNTY_OFFICE):
            return Family.CANDIDATE_RACE
        if self.subsection is Subsection.CANVASS_ERROR:
            return Family.CANVASS_ERROR
        return Family.BALLOT_QUESTION


_S = Subsection
_K = ContestKind
KINDS: Final = MappingProxyType(
    {
        info.kind: info
        for info in (
            KindInfo(
                _K.COUNTY,
                (),
                "county office",
                "county office (commissioner, sheriff, clerk and recorder, county attorney, "
                "treasurer, ...)",
                _S.ONE_COUNTY_OFFICE,
            ),
            KindInfo(
                _K.MUNICIPAL,
                ("city", "town"),
                "city or town office",
                "city or town office (mayor, council)",
                _S.ONE_COUNTY_OFFICE,
            ),
            KindInfo(
                _K.DISTRICT,
                ("school", "trustee"),
                "district office voted for in only one county",
                "office of a district voted for in only one county (school trustee, fire, "
                "water and sewer, conservation, ...)",
                _S.ONE_COUNTY_OFFICE,
            ),
            KindInfo(
                _K.PRECINCT,
                (),
                "precinct office",
                "precinct office (precinct committee member)",
                _S.ONE_COUNTY_OFFICE,
            ),
            KindInfo(
                _K.CONGRESSIONAL,
                ("congress", "us-house", "us-senate"),
                "congressional office",
                "U.S. House or Senate",
                _S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                _K.STATE,
                ("statewide",),
                "state office",
                "state office voted on statewide (governor, attorney general, supreme court "
                "justice, ...)",
                _S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                _K.MULTICOUNTY_DISTRICT,
                ("psc",),
                "state or district office voted on in more than one county",
                "state or district office voted on in more than one county",
                _S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                _K.LEGISLATURE,
                ("house", "senate", "legislative"),
                "legislative seat",
                "state legislator, even if the district lies in one county",
                _S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                _K.DISTRICT_JUDGE,
                ("judge",),
                "district court judgeship",
                "judge of the district court",
                _S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                _K.QUESTION,
                ("local-question", "levy"),
                "local ballot question",
                "question to the voters of a county, municipality, or district within a county",
                _S.LOCAL_QUESTION,
            ),
            KindInfo(
                _K.STATE_QUESTION,
                ("initiative", "referendum"),
                "statewide ballot question",
                "question to the voters of the state",
                _S.STATE_QUESTION,
            ),
            KindInfo(
                _K.MULTICOUNTY_QUESTION,
                (),
                "multicounty district ballot question",
                "question to the voters of a multicounty district",
                _S.MULTICOUNTY_QUESTION,
            ),
            KindInfo(
                _K.CANVASS_ERROR,
                (),
                "error found by the county canvass board",
                "county canvass board found an error (13-15-403)",
                _S.CANVASS_ERROR,
            ),
        )
    }
)

_BY_WORD: Final = MappingProxyType(
    {word: info.kind for info in KINDS.values() for word in (info.kind.value, *info.aliases)}
)


def kind_info(kind: ContestKind) -> KindInfo:
    return KINDS[kind]


def resolve_kind(word: str) -> ContestKind:
    """A code or alias, any case, to its kind; anything else is an input error."""
    found = _BY_WORD.get(word.strip().lower())
    if found is None:
        raise InputError.about(
            "kind",
            f'"{word}" is not a kind of contest; use one of: {", ".join(k.value for k in KINDS)}',
        )
    return found
