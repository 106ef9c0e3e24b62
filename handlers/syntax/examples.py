"""The slash command's name, and the examples every surface shows (quick-syntax.md)."""

from __future__ import annotations

from typing import Final

from domain import FIELDS, KINDS, ContestKind, Family
from domain.kinds import AMBIGUOUS_WORDS

# The slash command, as users type it; app.yaml declares the same (a test keeps them equal).
COMMAND: Final = "/recount"

# One correct example per family; the kind's own word is put first.
_EXAMPLE_ITEMS: Final = {
    Family.CANDIDATE_RACE: "Smith 1204 Jones 1199 canvass 2026-11-16",
    Family.BALLOT_QUESTION: "for 3237 against 3250 signers 12 canvass 2026-11-21",
    Family.CANVASS_ERROR: "canvass 2026-11-16",
}
_QUESTION_COUNTIES_ITEMS: Final = (
    "yes 201000 no 200600 signers 150 counties 7 state canvass 2026-12-01"
)
# Kinds whose window runs from the state canvass: the county canvass, then the state's.
_STATE_CANVASS_ITEMS: Final = "canvass 2026-11-16 state canvass 2026-12-01"
GENERAL_EXAMPLE: Final = "county Smith 1204 Jones 1199 canvass 2026-11-16"
# The items of quick-syntax.md in one breath, shown by `help` on every surface; the keyword
# items come from the fields' declarations.
ITEMS_SUMMARY: Final = (
    "Items, in any order: NAME VOTES (or NAME=VOTES; names with spaces in double quotes), "
    + ", ".join(
        f"{'/'.join(f.term.keywords)} {f.term.example}".removesuffix(" None")
        for f in FIELDS.values()
        if f.term.keywords
    )
    + '. Dates: 2026-11-16, 11/16/2026, 11/16/26, 11/16, Nov 16, "Nov 16, 2026"; without a '
    "year, the nearest such date, past or future."
)
# The examples of quick-syntax.md, shown by `help` on every surface.
EXAMPLES: Final = (
    GENERAL_EXAMPLE,
    "legislature Sheldon-Galloway 1882 Dever 1868 state canvass 11/28/2018",
    "house Smith 1882 Jones 1878 canvass 11/21/2022 state canvass 11/29/2022",
    "municipal A=900 B=850 McGrew=694 Askew=692 seats 3",
    "question for 3237 against 3250 signers 12 canvass Nov 21",
    "state-question yes 201000 no 200600 signers 150 counties 7 state canvass 12/1/2026",
    "multicounty-district A 500 B 499 canvass 5/11/2026 no state canvass",
    "canvass-error",
    "county Smith 1204 Jones 1199 canvass 2026-11-16 race Sheriff county-name Gallatin "
    "election 2026-11-03 election-type general",
)


def example_for(kind: ContestKind | None) -> str:
    """A correct quick-syntax text for `kind` (what follows the command)."""
    if kind is None:
        return GENERAL_EXAMPLE
    info = KINDS[kind]
    if info.takes_counties:
        return f"{kind.value} {_QUESTION_COUNTIES_ITEMS}"
    items = _EXAMPLE_ITEMS[info.family]
    if info.counts_from_state_canvass:
        items = items.replace("canvass 2026-11-16", _STATE_CANVASS_ITEMS)
    return f"{kind.value} {items}"


# Help's line on the words that name several kinds (refused as a first word, never guessed).
AMBIGUOUS_SUMMARY: Final = (
    "Not kinds, because each names several: "
    + "; ".join(
        f"{word} ({', '.join(f'{kind.value} for {meaning}' for kind, meaning in readings)})"
        for word, readings in AMBIGUOUS_WORDS.items()
    )
    + "."
)
