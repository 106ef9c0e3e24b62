"""The 15 kinds of contest (the 13 of recount-rules.md and two school kinds), their aliases,
and the 1987 subsection of 13-16-201 each falls under."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from types import MappingProxyType
from typing import Final

from domain.errors import InputError
from domain.subsections import RULES, Subsection, SubsectionRule


class Family(Enum):
    CANDIDATE_RACE = "candidate_race"
    BALLOT_QUESTION = "ballot_question"
    CANVASS_ERROR = "canvass_error"


class ContestKind(StrEnum):
    COUNTY = "county"
    MUNICIPAL = "municipal"
    DISTRICT = "district"
    SCHOOL = "school"
    PRECINCT = "precinct"
    CONGRESSIONAL = "congressional"
    STATE = "state"
    MULTICOUNTY_DISTRICT = "multicounty-district"
    LEGISLATURE = "legislature"
    DISTRICT_JUDGE = "district-judge"
    QUESTION = "question"
    STATE_QUESTION = "state-question"
    MULTICOUNTY_QUESTION = "multicounty-question"
    SCHOOL_QUESTION = "school-question"
    CANVASS_ERROR = "canvass-error"


# Asked by every check several times: sets, not tuples, for the membership tests below.
_MULTI_COUNTY: Final = frozenset(
    {Subsection.MULTI_COUNTY_OFFICE, Subsection.STATE_QUESTION, Subsection.MULTICOUNTY_QUESTION}
)
_ONE_COUNTY: Final = frozenset({Subsection.ONE_COUNTY_OFFICE, Subsection.LOCAL_QUESTION})


@dataclass(frozen=True, slots=True, kw_only=True)
class KindInfo:
    kind: ContestKind
    aliases: tuple[str, ...]
    label: str  # how a reply names the contest: "a county office"
    covers: str  # what the kind covers, for help and the form
    subsection: Subsection  # the 1987 subsection whose figures the verdict shows
    # A school election: today's code has its own subsection for it (domain.current_law), with
    # its own filing officer, recount board, tie rule and canvass.
    school: bool = False
    # For a chooser (the form's kind list): offices that tell the kinds apart, judges above all
    # ("judge" alone names several kinds).
    for_example: str = ""

    @property
    def choice(self) -> str:
        """The kind as a list of kinds shows it: "County office (sheriff, ...)"."""
        label = f"{self.label[0].upper()}{self.label[1:]}"
        return f"{label} ({self.for_example})" if self.for_example else label

    @property
    def a_label(self) -> str:
        """The label with its article, for sentences: "a county office", "an error ..."."""
        return f"{'an' if self.label[0] in 'aeiou' else 'a'} {self.label}"

    @property
    def rule(self) -> SubsectionRule:
        return RULES[self.subsection]

    @property
    def multi_county(self) -> bool:
        """Voted on in more than one county, or possibly so: (2) offices, (4) and (5). Their
        official canvass is the state canvass ((4), (5): probably; domain.related)."""
        return self.subsection in _MULTI_COUNTY

    @property
    def statewide(self) -> bool:
        """Voted on in the whole state: a state office or a statewide question."""
        return self.kind in (ContestKind.STATE, ContestKind.STATE_QUESTION)

    @property
    def one_county(self) -> bool:
        """Voted on in one county (or a city, district or precinct in it): (1) and (3)."""
        return self.subsection in _ONE_COUNTY

    @property
    def counts_from_state_canvass(self) -> bool:
        """Whether the 5 days run from the state canvass, not the county's."""
        return self.multi_county and not self.school

    @property
    def may_skip_state_canvass(self) -> bool:
        """A multi-county district office or question may be decided at a special district
        election that one county conducts (13-1-505) and no state canvass follows."""
        return self.counts_from_state_canvass and self.kind in (
            ContestKind.MULTICOUNTY_DISTRICT,
            ContestKind.MULTICOUNTY_QUESTION,
        )

    @property
    def takes_counties(self) -> bool:
        """Whether the petition must come from signers of several counties ((4), (5))."""
        return self.rule.min_counties is not None

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
                kind=_K.COUNTY,
                aliases=(),
                label="county office",
                for_example="sheriff, commissioner, justice of the peace",
                covers="county office (commissioner, sheriff, clerk and recorder, county attorney, "
                "treasurer, justice of the peace, ...)",
                subsection=_S.ONE_COUNTY_OFFICE,
            ),
            KindInfo(
                kind=_K.MUNICIPAL,
                aliases=("city", "town"),
                label="city or town office",
                for_example="mayor, council, city judge",
                covers="city or town office (mayor, council, city judge)",
                subsection=_S.ONE_COUNTY_OFFICE,
            ),
            KindInfo(
                kind=_K.DISTRICT,
                aliases=(),
                label="district office voted for in only one county",
                covers="office of a district voted for in only one county (fire, water and "
                "sewer, conservation, hospital, ...; school trustees: school)",
                subsection=_S.ONE_COUNTY_OFFICE,
            ),
            KindInfo(
                kind=_K.SCHOOL,
                aliases=("trustee", "trustees", "school-board", "school-trustee"),
                label="school trustee race",
                covers="school trustee or other school election office (today's code has its "
                "own subsection for school elections)",
                subsection=_S.ONE_COUNTY_OFFICE,
                school=True,
            ),
            KindInfo(
                kind=_K.PRECINCT,
                aliases=(),
                label="precinct office",
                covers="precinct office (precinct committee member)",
                subsection=_S.ONE_COUNTY_OFFICE,
            ),
            KindInfo(
                kind=_K.CONGRESSIONAL,
                aliases=("congress", "us-house", "us-senate"),
                label="congressional office",
                covers="U.S. House or Senate",
                subsection=_S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                kind=_K.STATE,
                aliases=("statewide",),
                label="state office",
                for_example="governor, supreme court justice",
                covers="state office voted on statewide (governor, attorney general, supreme court "
                "justice, ...)",
                subsection=_S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                kind=_K.MULTICOUNTY_DISTRICT,
                aliases=("psc",),
                label="state or district office voted on in more than one county",
                covers="state or district office voted on in more than one county",
                subsection=_S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                kind=_K.LEGISLATURE,
                aliases=("house", "senate", "legislative"),
                label="legislative seat",
                covers="state legislator, even if the district lies in one county",
                subsection=_S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                kind=_K.DISTRICT_JUDGE,
                aliases=(),
                label="district court judgeship",
                for_example="district judge",
                covers="judge of the district court",
                subsection=_S.MULTI_COUNTY_OFFICE,
            ),
            KindInfo(
                kind=_K.QUESTION,
                aliases=("local-question", "levy"),
                label="local ballot question",
                for_example="a city's or county's levy or initiative",
                covers=(
                    "question to the voters of a county, municipality, or district within a county"
                ),
                subsection=_S.LOCAL_QUESTION,
            ),
            KindInfo(
                kind=_K.SCHOOL_QUESTION,
                aliases=("school-levy", "school-bond"),
                label="school district ballot question",
                covers="question to the voters of a school district (levy, bond): today's code "
                "has its own subsection for school elections",
                subsection=_S.LOCAL_QUESTION,
                school=True,
            ),
            KindInfo(
                kind=_K.STATE_QUESTION,
                aliases=(),
                label="statewide ballot question",
                for_example="CI-, I-, LR- measures",
                covers="question to the voters of the state",
                subsection=_S.STATE_QUESTION,
            ),
            KindInfo(
                kind=_K.MULTICOUNTY_QUESTION,
                aliases=(),
                label="multicounty district ballot question",
                covers="question to the voters of a multicounty district",
                subsection=_S.MULTICOUNTY_QUESTION,
            ),
            KindInfo(
                kind=_K.CANVASS_ERROR,
                aliases=(),
                label="error found by the county canvass board",
                covers="county canvass board found an error (13-15-403)",
                subsection=_S.CANVASS_ERROR,
            ),
        )
    }
)

# Words that name more than one kind (recount-rules.md section 1). They are not aliases: a
# guess would send a justice of the peace to the (2) rules, which have no 10-vote floor, or a
# city initiative to the Secretary of State. Each reading: (kind, what the word means there).
AMBIGUOUS_WORDS: Final = MappingProxyType(
    {
        "judge": (
            (_K.DISTRICT_JUDGE, "a district court judge"),
            (_K.COUNTY, "a justice of the peace"),
            (_K.MUNICIPAL, "a city judge"),
        ),
        "justice": (
            (_K.STATE, "a supreme court justice"),
            (_K.COUNTY, "a justice of the peace"),
        ),
        "initiative": (
            (_K.STATE_QUESTION, "a statewide initiative"),
            (_K.QUESTION, "a city's or county's initiative"),
        ),
        "referendum": (
            (_K.STATE_QUESTION, "a statewide referendum"),
            (_K.QUESTION, "a city's or county's referendum"),
        ),
    }
)


def ambiguous_message(word: str) -> str | None:
    """Why `word` cannot be read as one kind, and the kinds it could mean; None if it can."""
    readings = AMBIGUOUS_WORDS.get(word.strip().lower())
    if readings is None:
        return None
    choices = "; ".join(f"{kind.value} for {meaning}" for kind, meaning in readings)
    return f'"{word}" can mean more than one kind of contest; write the kind: {choices}'


_BY_WORD: Final = MappingProxyType(
    {word: info.kind for info in KINDS.values() for word in (info.kind.value, *info.aliases)}
)


def takes_counties(kind: ContestKind) -> bool:
    """Whether the petition for `kind` must come from signers of several counties."""
    return KINDS[kind].takes_counties


def resolve_kind(word: str) -> ContestKind:
    """A code or alias, any case, to its kind; anything else is an input error."""
    ambiguous = ambiguous_message(word)
    if ambiguous is not None:
        raise InputError.about("kind", ambiguous)
    found = _BY_WORD.get(word.strip().lower())
    if found is None:
        raise InputError.about(
            "kind",
            f'"{word}" is not a kind of contest; use one of: {", ".join(k.value for k in KINDS)}',
        )
    return found


def state_canvass_subsections() -> str:
    """The subsections whose 5 days count from the state canvass, as the reply names them:
    "(2), (4) and (5)" (from the rows, never typed again)."""
    found = {info.subsection for info in KINDS.values() if info.counts_from_state_canvass}
    return _listed([f"({s.value})" for s in sorted(found)])


def county_canvass_contests() -> str:
    """The contests whose 5 days count from the county canvass, as help names them: "(1), (3)
    and school" (the one-county subsections and the school kinds, from the rows)."""
    found = {info.subsection for info in KINDS.values() if info.one_county and not info.school}
    school = ["school"] if any(info.school for info in KINDS.values()) else []
    return _listed([f"({s.value})" for s in sorted(found)] + school)


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
