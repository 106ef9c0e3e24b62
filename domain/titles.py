"""What a contest's title says: its kind (the statute's row), its seats, retention votes.

These are readings of ours, not the statute's words: rules written from titles seen in real
Montana exports (shared/spec/scan.md), tried in order. A title none of them fits, or one that
names two deciding bodies, is unknown and goes to a person: a subsection is never guessed.
A contest whose two choices are Yes/No or For/Against is a question (or a retention vote)
whatever office words its title holds; for a question the body that decides comes first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, NamedTuple

from domain.kinds import ContestKind
from domain.montana import COUNTY_NAMES

_K = ContestKind


def _rule(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# (pattern, kind), in order: state and district offices before county words they contain.
OFFICE_RULES: Final[tuple[tuple[re.Pattern[str], ContestKind], ...]] = (
    (
        _rule(
            r"\bUNITED STATES (SENATOR|REPRESENTATIVE)|\bCONGRESS|"
            r"\bU\.? ?S\.? (SENATE|HOUSE|REPRESENTATIVE|SENATOR)\b"
        ),
        _K.CONGRESSIONAL,
    ),
    (_rule(r"\bPUBLIC SERVICE COMMISSION"), _K.MULTICOUNTY_DISTRICT),
    (_rule(r"\bSTATE (SENATOR|REPRESENTATIVE|HOUSE|SENATE)\b|\bLEGISLAT"), _K.LEGISLATURE),
    (_rule(r"\bDISTRICT (COURT )?JUDGE\b"), _K.DISTRICT_JUDGE),
    (
        _rule(
            r"\bGOVERNOR\b|\bSECRETARY OF STATE\b|\bATTORNEY GENERAL\b|\bSTATE AUDITOR\b|"
            r"\bSUPERINTENDENT OF PUBLIC INSTRUCTION\b|\bCLERK OF THE SUPREME COURT\b|"
            r"\bSUPREME COURT\b|\bCHIEF JUSTICE\b"
        ),
        _K.STATE,
    ),
    (
        # many spellings: PRECINCT COMMITTEEMAN, COMMITTEE PERSON - FEMALE REPUBLICAN,
        # PRECINCT #1 COMMITEEMAN, PRECINCT 1 REPUBLICAN COMMITTEEMAN
        _rule(r"\bPRECINCT\b.*\bCOMMIT+E+|\bCOMMIT+E+ ?(PERSON|MAN|MEN|WOMAN|WOMEN|MEMBER)S?\b"),
        _K.PRECINCT,
    ),
    (
        _rule(
            r"\b(CITY|TOWN) (COUNCIL|COMMISSION)|\bCOUNCIL WARD\b|\bWARD\b.*\bCOUNCIL|\bMAYOR\b|"
            r"\bCOUNCIL ?(MEMBER|PERSON)S?\b|\bCOUNCIL\b.*\bAT LARGE\b|"
            r"\bSELECTM[AE]N\b|\bCITY JUDGE\b|\bALDERM[AE]N\b"
        ),
        _K.MUNICIPAL,
    ),
    # A school election has its own subsection today (domain.current_law): a trustee of a
    # school, or of a district named "SD 4" or "ELEMENTARY"/"HIGH SCHOOL", is a school race.
    (
        _rule(
            r"\bSCHOOL\b.*\b(TRUSTEES?|BOARD)\b|\bTRUSTEES?\b.*\bSCHOOL\b|"
            r"\b(SD|ELEMENTARY|ELEM)\b.*\bTRUSTEES?\b"
        ),
        _K.SCHOOL,
    ),
    # A trustee title that names no school and no other district is not guessed at: unknown.
    (
        _rule(
            r"\bCONSERVATION DIST|\bSUPERVISOR|\b(FIRE|HOSPITAL|WATER|SEWER|"
            r"CEMETERY|IRRIGATION) (AND SEWER )?DISTRICT\b.*"
            r"\b(BOARD|DIRECTOR|TRUSTEE|MEMBER)"
        ),
        _K.DISTRICT,
    ),
    (
        _rule(
            r"\bCOMMISSIONER\b|\bCOMMISSIONER DIST|\bSHERIFF\b|\bCORONER\b|"
            r"\bCLERK (&|AND) RECORDER|"
            r"\bCLERK OF (THE )?(DISTRICT )?COURT\b|\bTREASURER\b|\bASSESSOR\b|\bAUDITOR\b|"
            r"\bCOUNTY ATTORNEY\b|\bSUPERINTENDENT OF SCHOOLS\b|\bSUPT\.? OF SCHOOLS\b|"
            r"\bPUBLIC ADMINISTRATOR\b|\bSURVEYOR\b|\bJUSTICE OF THE PEACE\b|\bCHIEF EXECUTIVE\b"
        ),
        _K.COUNTY,
    ),
)
PRESIDENTIAL: Final = _rule(r"\bPRESIDENT\b")


@lru_cache(maxsize=8192)  # asked of every contest of a scan, the same titles in 56 files
def is_presidential(title: str) -> bool:
    """The presidential race: its electors are not named in 13-16-201."""
    return PRESIDENTIAL.search(title) is not None


STUDY_COMMISSION: Final = _rule(r"\bSTUDY COMMISSION")
# "LAKE, MISSOULA, SANDERS COUNTIES": a contest whose title names several counties
SEVERAL_COUNTIES: Final = _rule(r"\b\w+(?:,\s*\w+)*,?\s+(?:AND\s+)?\w+\s+COUNTIES\b")


def several_counties(title: str) -> str | None:
    """The counties a title names together ("LAKE, MISSOULA, SANDERS COUNTIES"), or None.
    The pattern backtracks at every word (5 us a title, every contest of a scan): where the
    word it ends with is absent (casefold, as IGNORECASE matches), it cannot match."""
    if "counties" not in title.casefold():
        return None
    found = SEVERAL_COUNTIES.search(title)
    return None if found is None else found.group(0)


# "Shall Judge X ... be retained"; exports cut long titles, so "retained" may be gone.
_RETENTION: Final = _rule(r"\bSHALL (JUDGE|JUSTICE)\b")
# Retention: the office's kind (3-1-1014 votes on an unopposed judge)
_RETENTION_OFFICE: Final = (
    (_rule(r"\bJUSTICE OF THE PEACE\b|\bJUSTICE COURT\b"), _K.COUNTY),
    (_rule(r"\bSUPREME COURT\b|\bSHALL JUSTICE\b"), _K.STATE),
    (_rule(r"\bCITY (JUDGE|COURT)\b|\bMUNICIPAL COURT\b"), _K.MUNICIPAL),
    (_rule(r"\bDISTRICT\b"), _K.DISTRICT_JUDGE),
)
_JUDGE_NAME: Final = _rule(
    r"\bSHALL (?:JUDGE|JUSTICE(?: OF THE PEACE)?) (.+?) OF (?:THE|DISTRICT)\b"
)
# Bodies that usually elect several members at once: a default of 1 seat is only a guess.
# Singular or plural: a "SUPERVISOR" contest with five candidates may well fill two seats.
SEVERAL_SEATS: Final = _rule(
    r"\bSTUDY COMMISSION|\bAT[- ]LARGE\b|\bTRUSTEES?\b|\bSUPERVISORS?\b|\bCOMMISSIONERS\b|"
    r"\bCOUNCIL MEMBERS\b"
)
_NUMBERS: Final = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10,
}  # fmt: skip
_SEATS: Final = (
    _rule(r"\bVOTE FOR (?:NOT MORE THAN |UP TO )?(\w+)"),
    _rule(r"\((\w+) SEATS?\)"),
    _rule(r"\bELECT (\w+)\b"),
)
_YES: Final = frozenset({"yes", "for", "approve", "approved"})
_NO: Final = frozenset({"no", "against", "reject", "rejected"})


def is_precinct_office(title: str) -> bool:
    return OFFICE_RULES[5][0].search(title) is not None


@lru_cache(maxsize=8192)
def office_kind(title: str) -> ContestKind | None:
    _, title = county_label(title)
    if STUDY_COMMISSION.search(title):
        # a local government study commission follows its government (before COMMISSIONER)
        return _K.MUNICIPAL if re.search(r"\b(CITY|TOWN)\b", title, re.IGNORECASE) else _K.COUNTY
    for pattern, kind in OFFICE_RULES:
        if pattern.search(title):
            return kind
    return None


def side(choice: str) -> bool | None:
    """True for a Yes/For choice, False for No/Against ("FOR PERMITTING ...", "BONDS YES"),
    else None: the first word decides, or else the last."""
    words = choice.lower().split()
    for word in (words[0], words[-1]) if words else ():
        if word in _YES:
            return True
        if word in _NO:
            return False
    return None


def is_two_sided(choices: list[str]) -> bool:
    return len(choices) == 2 and {side(c) for c in choices} == {True, False}


@dataclass(frozen=True, slots=True)
class Retention:
    judge: str  # as the title names the judge
    kind: ContestKind | None


# A recount already made: "PRECINCT COMMITTEEWOMAN - RECOUNT", "RECOUNT OF ...",
# "... (RECOUNT)". 13-16-201 gives no second petition (scan.md, "Recount results").
_RECOUNT_RESULT: Final = _rule(r"[-–—]\s*RECOUNT\s*$|^\s*RECOUNT\s+OF\s+|\(\s*RECOUNT\s*\)\s*$")


@lru_cache(maxsize=8192)
def recount_of(title: str) -> str | None:
    """The title of the contest a recount result is of, or None for an ordinary contest."""
    if not _RECOUNT_RESULT.search(title):
        return None
    return _RECOUNT_RESULT.sub("", title).strip(" -–—")


@lru_cache(maxsize=8192)
def retention(title: str) -> Retention | None:
    """ "Shall Judge X of DISTRICT 18, DEPT 4 ... be retained in office?" """
    if not _RETENTION.search(title):
        return None
    found = _JUDGE_NAME.search(title)
    judge = found.group(1) if found else "the judge"
    kind = next((k for pattern, k in _RETENTION_OFFICE if pattern.search(title)), None)
    return Retention(judge.strip(), kind)


# --- questions: the body that decides ---------------------------------------------------

# The 2022 county workbooks put the county's name, in title case, before every local title
# ("Madison County ENNIS SCHOOL BOND ..."): the export's label, not the body that decides.
# Lewis and Clark's export writes "Lewis & Clark County ...": the same county.
_COUNTY_LABEL: Final = re.compile(
    r"^("
    + "|".join(re.escape(name).replace(r"\ and\ ", r"\ (?:and|&)\ ") for name in COUNTY_NAMES)
    + r") County\s+(?=\S)"
)
_OPENS_WITH_COUNTY: Final = _rule(
    r"^(?:(?:" + "|".join(re.escape(name) for name in COUNTY_NAMES) + r")\s+)?COUNTY\b"
)
_OPENS_WITH_CITY: Final = _rule(r"^(?:THE\s+)?(?:CITY|TOWN)\b")
_STATE_MARKER: Final = _rule(
    r"^(CI|LR|I|IR|C)-? ?\d+\b|\bCONSTITUTIONAL (AMENDMENT|INITIATIVE)\b|"
    r"\bLEGISLATIVE REFERENDUM\b|\bSTATEWIDE\b|\bSTATE OF MONTANA\b"
)
_SCHOOL_BODY: Final = _rule(
    r"\bSCHOOL DIST|\bSCH\.? DIST|\bSD ?#? ?\d|\bELEMENTARY\b|\bHIGH SCHOOL\b|"
    r"\bPUBLIC SCHOOLS\b|\bSCHOOL (LEVY|LEVIES|BONDS?|BUILDING|QUESTION|ELECTION)\b"
)
_LOCAL_BODY: Final = _rule(
    r"\bLOCAL\b|\b(CITY|TOWN) OF\b|\bCITY (CHARTER|COUNCIL|RESOLUTION|ORDINANCE)\b|\bCOUNTY\b|"
    r"\b(FIRE|HOSPITAL|WATER|SEWER|CEMETERY|IRRIGATION|MOSQUITO|PARK|LIBRARY|GOLF COURSE) "
    r"(AND SEWER )?DISTRICT\b"
)
_INITIATIVE: Final = _rule(r"\bINITIATIVE\b|\bREFERENDUM\b")


class TitleKind(NamedTuple):
    """A question's kind as its title gives it, or why a person must say."""

    kind: ContestKind | None
    doubt: str | None = None
    could_be: tuple[ContestKind, ...] = ()  # with a doubt: each kind the title could mean


# Each of these is asked once per row or contest, and titles repeat across a scan's files.
@lru_cache(maxsize=8192)
def county_label(title: str) -> tuple[str | None, str]:
    """ "Madison County ENNIS SCHOOL BOND" -> ("Madison", "ENNIS SCHOOL BOND")."""
    found = _COUNTY_LABEL.match(title)
    if found is None:
        return None, title
    return found.group(1).replace(" & ", " and "), title[found.end() :]


@lru_cache(maxsize=8192)
def question_kind(title: str) -> TitleKind:
    """The body that decides a question: a title that opens with the county or a city or town
    is theirs, whatever it is about; otherwise the one body it names. Two bodies, or an
    initiative or referendum naming none, go to a person."""
    _, title = county_label(title)
    if _OPENS_WITH_COUNTY.search(title) or _OPENS_WITH_CITY.search(title):
        return TitleKind(_K.QUESTION)
    bodies = {
        name: kind
        for name, pattern, kind in (
            ("the state", _STATE_MARKER, _K.STATE_QUESTION),
            ("a school district", _SCHOOL_BODY, _K.SCHOOL_QUESTION),
            ("a county, city or district", _LOCAL_BODY, _K.QUESTION),
        )
        if pattern.search(title)
    }
    if len(bodies) > 1:
        named = " and ".join(bodies)
        return TitleKind(
            None,
            f'its title names {named}: which one decides it? give --kind "{title}=KIND"',
            tuple(bodies.values()),
        )
    if bodies:
        return TitleKind(next(iter(bodies.values())))
    if _INITIATIVE.search(title):
        return TitleKind(
            None,
            "an initiative or referendum whose title names no body: statewide (state-question) "
            f"or a city's or county's (question)? give --kind \"{title}=KIND\"",
            (_K.STATE_QUESTION, _K.QUESTION),
        )
    # A levy or bond naming no body: a county's, a city's or a district's within the county,
    # which 13-16-201(3) treats alike (the same office, the same 10 signers).
    return TitleKind(_K.QUESTION)


# --- judicial offices: nonpartisan primaries ---------------------------------------------

_JUDICIAL: Final = _rule(
    r"\bSUPREME COURT\b|\bCHIEF JUSTICE\b|\bDISTRICT (COURT )?JUDGE\b|"
    r"\bJUSTICE OF THE PEACE\b|\bCITY JUDGE\b"
)
_COURT_CLERK: Final = _rule(r"\bCLERK OF (THE )?(SUPREME |DISTRICT )?COURT\b")
_SUPREME_COURT: Final = _rule(r"\bSUPREME COURT\b|\bCHIEF JUSTICE\b")


@lru_cache(maxsize=8192)
def is_judicial(title: str) -> bool:
    """A judge or justice (not the clerk of a court): nonpartisan in Montana's primaries."""
    return bool(_JUDICIAL.search(title)) and not _COURT_CLERK.search(title)


def is_supreme_court(title: str) -> bool:
    return bool(_SUPREME_COURT.search(title)) and not _COURT_CLERK.search(title)


@lru_cache(maxsize=8192)
def seats_in(title: str) -> int | None:
    for pattern in _SEATS:
        found = pattern.search(title)
        if found:
            word = found.group(1).lower()
            number = int(word) if word.isascii() and word.isdigit() else _NUMBERS.get(word)
            if number:
                return number
    return None
