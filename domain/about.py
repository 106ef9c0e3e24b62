"""What a check is about, as plain facts: the county, the election (its date and type, the
party of a primary's nomination), the office or question by name, and the day the facts were
taken. Each is what a person typed or a results file said, never a guess; None where nobody
said it (the papers leave a line to fill by hand: handlers.paper.about)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from domain.deadline import long_date
from domain.inputs import CandidateRace, CheckInput
from domain.kinds import KINDS, ContestKind, Family


@dataclass(frozen=True, slots=True, kw_only=True)
class About:
    as_of: date  # the day the facts were checked: the verdict's today
    county: str | None = None  # one of the 56, in its own spelling ("Lewis and Clark")
    election: date | None = None  # election day
    election_type: str | None = None  # as given: "general", "primary", "special" ...
    party: str | None = None  # a primary's nomination: the party whose it is
    contest: str | None = None  # the office or question by name ("HD 22", "Mill levy")
    family: Family | None = None  # candidate race, question or canvass error; None: not known
    kind: ContestKind | None = None  # None: not known (a results file's unnamed office)

    @property
    def primary(self) -> bool | None:
        """Whether this is a primary, where the election type says; None where it does not."""
        if self.election_type is None:
            return None
        return "primary" in self.election_type.casefold()

    def as_json(self) -> dict[str, object]:
        return {
            "as_of": self.as_of.isoformat(),
            "county": self.county,
            "election": None if self.election is None else self.election.isoformat(),
            "election_type": self.election_type,
            "party": self.party,
            "contest": self.contest,
        }


def about_inputs(inputs: CheckInput, today: date) -> About:
    """The facts a check's inputs give of what it is about, taken on `today`."""
    return About(
        as_of=today,
        county=inputs.county_name,
        election=inputs.election,
        election_type=inputs.election_type,
        party=inputs.party if isinstance(inputs, CandidateRace) else None,
        contest=inputs.race,
        family=KINDS[inputs.kind].family,
        kind=inputs.kind,
    )


def election_words(about: About) -> str | None:
    """ "general election of Tue Nov 3, 2026", "primary election", "election of ..."; None
    where neither the date nor the type is known."""
    if about.election is None and about.election_type is None:
        return None
    kind = about.election_type or ""
    named = kind if kind.casefold().endswith("election") else f"{kind} election".strip()
    return named if about.election is None else f"{named} of {long_date(about.election)}"


def about_line(about: About) -> str:
    """The known facts in one short line for a screen ("Gallatin County · general election of
    Tue Nov 3, 2026 · Republican nomination"); empty where none is known. The as-of day is
    the screen's own line."""
    parts = []
    if about.county is not None:
        parts.append(f"{about.county} County")
    election = election_words(about)
    if election is not None:
        parts.append(election)
    if about.party is not None:
        parts.append(f"{about.party} nomination")
    return " · ".join(parts)
