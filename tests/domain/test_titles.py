"""Title -> kind, seats and retention, on titles seen in real Montana exports."""

from __future__ import annotations

import pytest

from domain import ContestKind
from domain.titles import (
    SEVERAL_COUNTIES,
    SEVERAL_SEATS,
    county_label,
    is_judicial,
    is_presidential,
    is_supreme_court,
    is_two_sided,
    office_kind,
    question_kind,
    retention,
    seats_in,
    several_counties,
    side,
)

_K = ContestKind


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("UNITED STATES REPRESENTATIVE 2ND DISTRICT", _K.CONGRESSIONAL),
        ("UNITED STATES SENATOR", _K.CONGRESSIONAL),
        ("U.S. Senate", _K.CONGRESSIONAL),
        ("GOVERNOR", _K.STATE),
        ("SECRETARY OF STATE", _K.STATE),
        ("STATE AUDITOR", _K.STATE),
        ("SUPERINTENDENT OF PUBLIC INSTRUCTION", _K.STATE),
        ("SUPREME COURT JUSTICE #1", _K.STATE),
        ("CLERK OF THE SUPREME COURT", _K.STATE),
        ("PUBLIC SERVICE COMMISSIONER DISTRICT 1", _K.MULTICOUNTY_DISTRICT),
        ("STATE REPRESENTATIVE DISTRICT 72", _K.LEGISLATURE),
        ("STATE SENATOR DISTRICT 15 UNEXPIRED TERM", _K.LEGISLATURE),
        ("State House 72", _K.LEGISLATURE),
        ("DISTRICT COURT JUDGE DISTRICT 11, DEPT 5", _K.DISTRICT_JUDGE),
        ("Beaverhead County COUNTY ATTORNEY", _K.COUNTY),
        ("COMMISSIONER DIST # 3", _K.COUNTY),
        ("COUNTY COMMISSIONER DISTRICT #2", _K.COUNTY),
        ("Lake County COUNTY CLERK AND RECORDER/AUDITOR/PUBLIC ADMINISTRATOR/SURVEYOR", _K.COUNTY),
        ("Glacier County CLERK OF THE DISTRICT COURT (UNEXPIRED TERM)", _K.COUNTY),
        ("Missoula County JUSTICE OF THE PEACE DEPARTMENT 1", _K.COUNTY),
        ("Carbon County RED LODGE CITY COUNCIL WARD #1", _K.MUNICIPAL),
        ("Ravalli County TOWN OF PINESDALE SELECTMAN", _K.MUNICIPAL),
        ("CITY OF BILLINGS MAYOR", _K.MUNICIPAL),
        ("GALLATIN SOIL CONSERVATION DISTRICT SUPERVISOR", _K.DISTRICT),
        ("SCHOOL DISTRICT 2 TRUSTEE", _K.SCHOOL),
        ("TRUSTEE, SCHOOL DISTRICT 4", _K.SCHOOL),
        ("SD 7 TRUSTEE", _K.SCHOOL),
        ("ELEMENTARY DISTRICT 2 TRUSTEES", _K.SCHOOL),
        ("HOSPITAL DISTRICT BOARD TRUSTEE", _K.DISTRICT),
        ("FIRE DISTRICT TRUSTEE", _K.DISTRICT),
        ("TRUSTEE", None),
        ("SUPERINTENDENT OF SCHOOLS", _K.COUNTY),
        ("Missoula County PRECINCT COMMITTEEMAN", _K.PRECINCT),
        ("CITY OF WHITEFISH STUDY COMMISSION", _K.MUNICIPAL),
        ("FLATHEAD COUNTY LOCAL GOVERNMENT STUDY COMMISSION", _K.COUNTY),
        ("Fergus County COMMUNITY COUNCIL DISTRICT #1", None),
        ("PRESIDENT", None),
        # the rest of scan.md's office rows
        ("ATTORNEY GENERAL", _K.STATE),
        ("CHIEF JUSTICE OF THE SUPREME COURT", _K.STATE),
        ("STATE SENATOR DISTRICT 9", _K.LEGISLATURE),
        ("State Senate 9", _K.LEGISLATURE),
        ("SHERIFF", _K.COUNTY),
        ("CORONER", _K.COUNTY),
        ("CLERK & RECORDER", _K.COUNTY),
        ("CLERK OF DISTRICT COURT", _K.COUNTY),
        ("TREASURER", _K.COUNTY),
        ("ASSESSOR", _K.COUNTY),
        ("PUBLIC ADMINISTRATOR", _K.COUNTY),
        ("SURVEYOR", _K.COUNTY),
        ("CHIEF EXECUTIVE", _K.COUNTY),
        ("JUSTICE OF THE PEACE", _K.COUNTY),
        ("CITY JUDGE", _K.MUNICIPAL),
        ("TOWN COUNCIL", _K.MUNICIPAL),
        ("ALDERMAN WARD 2", _K.MUNICIPAL),
        ("WATER AND SEWER DISTRICT BOARD MEMBER", _K.DISTRICT),
        ("PRECINCT COMMITTEEWOMAN", _K.PRECINCT),
        ("COMMITTEE PERSON PRECINCT 31 REPUBLICAN FEMALE", _K.PRECINCT),
        ("Lewis and Clark County SHERIFF", _K.COUNTY),
    ],
)
def test_office_kind(title: str, kind: ContestKind | None) -> None:
    assert office_kind(title) is kind


# scan.md's question rows, and the traps: the body that decides comes first; INITIATIVE and
# REFERENDUM are statewide only with a state marker; two bodies, or an initiative naming
# none, go to a person (None).
@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("CONSTITUTIONAL AMENDMENT NO. 48", _K.STATE_QUESTION),
        ("LEGISLATIVE REFERENDUM NO. 131", _K.STATE_QUESTION),
        ("CI-121", _K.STATE_QUESTION),
        ("I-190", _K.STATE_QUESTION),
        ("IR-131 STATEWIDE", _K.STATE_QUESTION),
        ("LR-130", _K.STATE_QUESTION),
        ("C-46", _K.STATE_QUESTION),
        ("STATE OF MONTANA INITIATIVE NO. 190", _K.STATE_QUESTION),
        ("Dawson County MOSQUITO LEVY", _K.QUESTION),
        ("HOSPITAL MILL LEVY", _K.QUESTION),
        ("CITY CHARTER PROPOSED BY THE CITY COUNCIL", _K.QUESTION),
        ("GENERAL OBLIGATION BOND ISSUE", _K.QUESTION),  # no body: (3) whichever it is
        ("BILLINGS SCHOOL DISTRICT 2 GENERAL FUND LEVY", _K.SCHOOL_QUESTION),
        ("SD 5 BUILDING RESERVE LEVY", _K.SCHOOL_QUESTION),
        ("Madison County ENNIS SCHOOL BOND ENNIS SCH DIST 52", _K.SCHOOL_QUESTION),
        ("BOZEMAN HIGH SCHOOL DISTRICT BUILDING RESERVE LEVY", _K.SCHOOL_QUESTION),
        ("COUNTY SUPERINTENDENT OF SCHOOLS SALARY", _K.QUESTION),
        # the traps of issue 16
        ("CITY OF MISSOULA INITIATIVE NO. 1", _K.QUESTION),  # a city's: (3), not the state's
        ("COUNTY SCHOOL RESOURCE OFFICER PUBLIC SAFETY LEVY", _K.QUESTION),  # the county's
        ("GALLATIN COUNTY SCHOOL SAFETY LEVY", _K.QUESTION),
        (
            "Gallatin County TOWN OF MANHATTAN ORDINANCE PROHIBITING MARIJUANA BUSINESSES",
            _K.QUESTION,
        ),
        ("AMENDING THE CHARTER OF THE CITY OF GREAT FALLS", _K.QUESTION),
        ("SCHOOL DISTRICT 4 AND CITY OF LIVINGSTON JOINT LEVY", None),  # two bodies
        ("STATEWIDE SCHOOL DISTRICT FUNDING REFERENDUM", None),  # the state and a school district
        ("INITIATIVE NO. 1", None),  # no body: statewide or local?
        ("REFERENDUM ON THE PARKS PLAN", None),
    ],
)
def test_question_kind(title: str, kind: ContestKind | None) -> None:
    found = question_kind(title)
    assert found.kind is kind
    assert (found.doubt is None) is (kind is not None)
    if kind is None:
        assert found.doubt is not None and "--kind" in found.doubt


@pytest.mark.parametrize(
    ("choices", "two_sided"),
    [
        (["Yes", "No"], True),
        (["FOR", "AGAINST"], True),
        (["FOR PERMITTING BUSINESSES", "AGAINST PERMITTING BUSINESSES"], True),
        (["BONDS YES", "BONDS NO"], True),
        (["Yes", "Yes"], False),
        (["SMITH", "JONES"], False),
        (["Yes", "No", "Maybe"], False),
    ],
)
def test_two_sided(choices: list[str], two_sided: bool) -> None:
    assert is_two_sided(choices) is two_sided
    assert side("NOEL FORD") is None


@pytest.mark.parametrize(
    ("title", "judge", "kind"),
    [
        (
            'Shall Judge ANDREW "ANDY" BREUNER of DISTRICT 18, DEPT 4 of the state of Montana '
            "be retained in office for another term?",
            'ANDREW "ANDY" BREUNER',
            _K.DISTRICT_JUDGE,
        ),
        (
            "Beaverhead County Shall Justice of the Peace RANDI R. BRADDOCK of the Justice Court "
            "of the County of BEAVERHEAD of the state of Montana be retained in",
            "RANDI R. BRADDOCK",
            _K.COUNTY,
        ),
        (
            "Shall Justice JIM RICE of the Supreme Court of the state of Montana be retained",
            "JIM RICE",
            _K.STATE,
        ),
    ],
)
def test_retention(title: str, judge: str, kind: ContestKind) -> None:
    found = retention(title)
    assert found is not None and (found.judge, found.kind) == (judge, kind)


def test_not_a_retention() -> None:
    assert retention("SUPREME COURT JUSTICE #1") is None


@pytest.mark.parametrize(
    ("title", "seats"),
    [
        ("CITY COUNCIL VOTE FOR 2", 2),
        ("TRUSTEES (3 SEATS)", 3),
        ("STUDY COMMISSION ELECT THREE", 3),
        ("TRUSTEE VOTE FOR NOT MORE THAN TWO", 2),
        ("COUNTY COMMISSIONER DISTRICT 2", None),
    ],
)
def test_seats_in_title(title: str, seats: int | None) -> None:
    assert seats_in(title) == seats


@pytest.mark.parametrize(
    ("title", "several"),
    [
        ("GALLATIN SOIL CONSERVATION DISTRICT SUPERVISOR", True),  # singular counts too
        ("CONSERVATION DISTRICT SUPERVISORS", True),
        ("SCHOOL DISTRICT 2 TRUSTEE", True),
        ("CITY COUNCIL AT LARGE", True),
        ("CITY OF BOZEMAN STUDY COMMISSIONER", True),
        ("COUNTY COMMISSIONERS", True),
        ("COUNTY COMMISSIONER DISTRICT 2", False),
        ("SHERIFF", False),
    ],
)
def test_body_words_that_often_elect_several(title: str, several: bool) -> None:
    assert bool(SEVERAL_SEATS.search(title)) is several


@pytest.mark.parametrize(
    ("title", "judicial", "supreme"),
    [
        ("SUPREME COURT JUSTICE #1", True, True),
        ("Supreme Court Justice #1", True, True),
        ("CHIEF JUSTICE OF THE SUPREME COURT", True, True),
        ("DISTRICT COURT JUDGE DISTRICT 11, DEPT 5", True, False),
        ("JUSTICE OF THE PEACE DEPARTMENT 1", True, False),
        ("CLERK OF THE SUPREME COURT", False, False),  # a partisan office
        ("CLERK OF DISTRICT COURT", False, False),
        ("SHERIFF", False, False),
    ],
)
def test_judicial_offices(title: str, judicial: bool, supreme: bool) -> None:
    assert (is_judicial(title), is_supreme_court(title)) == (judicial, supreme)


def test_county_label_of_the_2022_exports() -> None:
    assert county_label("Lewis and Clark County COUNTY ATTORNEY") == (
        "Lewis and Clark",
        "COUNTY ATTORNEY",
    )
    assert county_label("McCone County SHERIFF") == ("McCone", "SHERIFF")
    assert county_label("GALLATIN COUNTY MEDICAL MARIJUANA EXCISE TAX") == (
        None,
        "GALLATIN COUNTY MEDICAL MARIJUANA EXCISE TAX",
    )
    assert county_label("Nowhere County SHERIFF") == (None, "Nowhere County SHERIFF")
    # Lewis and Clark's own workbook writes its name with "&" (CTYALL Results(25).xlsx)
    assert county_label("Lewis & Clark County COUNTY SHERIFF/CORONER") == (
        "Lewis and Clark",
        "COUNTY SHERIFF/CORONER",
    )
    assert county_label("Lewis + Clark County SHERIFF") == (None, "Lewis + Clark County SHERIFF")


def test_several_counties() -> None:
    title = "ARLEE SCHOOL BONDS ELECTION LAKE, MISSOULA, SANDERS COUNTIES"
    assert several_counties(title) == "LAKE, MISSOULA, SANDERS COUNTIES"
    # the case the pattern ignores, the guard ignores too
    assert several_counties("Arlee bonds Lake and Sanders Counties") == "Lake and Sanders Counties"
    assert several_counties("Beaverhead County COUNTY ATTORNEY") is None
    # the guard never hides a title the pattern finds
    for t in (title, "x LAKE COUNTIES", "Beaverhead County COUNTY ATTORNEY", "A, B COUNTIES"):
        found = SEVERAL_COUNTIES.search(t)
        assert several_counties(t) == (None if found is None else found.group(0))


def test_is_presidential() -> None:
    assert is_presidential("PRESIDENT AND VICE PRESIDENT OF THE UNITED STATES")
    assert is_presidential("president and vice president")
    assert not is_presidential("PRESIDENTIAL PREFERENCE PRIMARY QUESTION")
    assert not is_presidential("UNITED STATES SENATOR")
