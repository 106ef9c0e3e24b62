"""How sure we are of what a row of law says: one vocabulary for every dated row, route,
subsection number and note (issue 36), each member the words related.md uses, short enough
for a reply. A StrEnum, so a member is its words wherever it is printed or put in JSON."""

from __future__ import annotations

from enum import StrEnum


class Confidence(StrEnum):
    # what we read
    SHIPPED = "text shipped with recount"  # the 1987 13-16-201 we quote
    TEXT_SEEN = "text seen"
    TEXT_SEEN_MCA_2021 = "text seen (MCA 2021)"
    OLDER_TEXT = "text seen (13-16-301 in the 1995 edition)"
    NUMBER_SEEN = "seen"  # a subsection's number in today's code
    OPENING_WORDS_SEEN = "seen (its opening words)"
    # what others said of it
    NEIGHBOURING_SEEN = "neighbouring sections seen"
    NEIGHBOURING_SECTIONS = "from neighbouring sections; the text itself not seen"
    BILL_SUMMARIES = "from bill summaries; wording not verified"
    TRACKERS_AND_SUMMARIES = "passage and chapter: bill trackers; wording: summaries"
    SUMMARIES = "from summaries of the sections"
    SECONDARY_SOURCES = "cited so by secondary sources"
    # what we made of it
    NUMBER_INFERRED = "inferred; not seen"
    INFERRED = "inferred; no source found"
    OUR_READING = "our reading; no text we saw settles it"
