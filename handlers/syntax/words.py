"""Words that look like names but are not: keywords mistyped, kinds, offices, race labels.

The parser never turns such a word into a candidate. It says what was probably meant, for
the kind at hand, and how to say it if the word really is a candidate's name (in quotes).
"""

from __future__ import annotations

import re
from typing import Final

from domain import KINDS, ContestKind
from domain.offices import OFFICE_WORDS  # offices a clerk may type where a kind belongs
from handlers.syntax.tokens import KEYWORDS

KIND_WORDS: Final = {
    word: info.kind for info in KINDS.values() for word in (info.kind.value, *info.aliases)
}


def _osa(a: str, b: str) -> int:
    """Edit distance with adjacent transpositions (optimal string alignment). Each cell is the
    least of its moves by comparisons, not min(): a typo check runs on every name typed."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] * (len(b) + 1)
        left = i
        for j, cb in enumerate(b, start=1):
            cell = previous[j - 1] + (ca != cb)
            if previous[j] < cell:
                cell = previous[j] + 1
            if left < cell:
                cell = left + 1
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb and previous2[j - 2] < cell:
                cell = previous2[j - 2] + 1
            current[j] = left = cell
        previous2, previous = previous, current
    return previous[-1]


def _is_subsequence(short: str, long: str) -> bool:
    letters = iter(long)
    return all(ch in letters for ch in short)


def near_keyword(word: str) -> str | None:
    """The keyword `word` is a near-miss of: `seat`, `seats:`, `totl`, `canvas`, `sigs`."""
    typed = word.lower()
    stripped = typed.rstrip(":")
    if stripped != typed and stripped in KEYWORDS:
        return stripped  # "seats:" is "seats" with a colon
    if stripped in KEYWORDS or len(stripped) < 3:
        return None
    for plural in (f"{stripped}s", f"{stripped[:-1]}ies"):  # the singular: "seat", "county"
        if plural in KEYWORDS:
            return plural
    best: tuple[int, str] | None = None
    for keyword in KEYWORDS:
        if len(keyword) < 4 or keyword[0] != stripped[0] or " " in keyword:
            continue  # "for", "yes", "no": too short to judge a near miss
        if abs(len(keyword) - len(stripped)) > 3:
            continue  # at least that many edits apart: neither close nor shortened
        distance = _osa(stripped, keyword)
        close = distance <= (1 if len(keyword) <= 5 else 2)
        # an abbreviation: the letters in order, at least half of them ("sigs": signers)
        shortened = (
            _is_subsequence(stripped, keyword)
            and 2 * len(stripped) >= len(keyword)
            and distance <= 3
        )
        if (close or shortened) and (best is None or distance < best[0]):
            best = (distance, keyword)
    return None if best is None else best[1]


# "HD22", "SD-7": a legislative district written where the kind goes
_DISTRICT_NUMBER: Final = re.compile(r"(hd|sd)-?\d+")
# Words people put between items that carry nothing: never names, never guessed at.
FILLER_WORDS: Final = frozenset({"votes", "vote", "and", "vs", "vs.", "v", "v.", "to", "of", "&"})


def office_kind(word: str) -> ContestKind | None:
    """The kind an office, kind or district word points to: `sheriff`, `precinct`, `HD22`.
    A word that names several kinds (`judge`: AMBIGUOUS_WORDS) points to none."""
    typed = word.lower()
    if _DISTRICT_NUMBER.fullmatch(typed):
        return ContestKind.LEGISLATURE
    return OFFICE_WORDS.get(typed) or KIND_WORDS.get(typed)


def near_kind(word: str) -> ContestKind | None:
    """The kind a mistyped or office word stands for: `countee`, `sheriff`, `HD`."""
    typed = word.lower()
    if office_kind(typed) is not None:
        return office_kind(typed)
    # A mistyped office ("sherrif", "comissioner") points to its kind as a mistyped kind does.
    words = {**OFFICE_WORDS, **KIND_WORDS}
    close = [(_osa(typed, k), kind) for k, kind in words.items() if len(k) >= 4]
    distance, kind = min(close, key=lambda pair: pair[0])
    return kind if distance <= (1 if len(typed) <= 5 else 2) else None
