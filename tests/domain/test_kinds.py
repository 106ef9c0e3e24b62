"""The kinds of contest (recount-rules.md section 1, and the two school kinds of today's code):
codes, aliases, subsections."""

from __future__ import annotations

import pytest

from domain import KINDS, ContestKind, Family, InputError, Subsection, resolve_kind, takes_counties


def test_the_kind_table() -> None:
    by_subsection = {
        s: [k.value for k, info in KINDS.items() if info.subsection is s] for s in Subsection
    }
    assert by_subsection == {
        Subsection(1): ["county", "municipal", "district", "school", "precinct"],
        Subsection(2): [
            "congressional",
            "state",
            "multicounty-district",
            "legislature",
            "district-judge",
        ],
        Subsection(3): ["question", "school-question"],
        Subsection(4): ["state-question"],
        Subsection(5): ["multicounty-question"],
        Subsection(6): [],
        Subsection(7): ["canvass-error"],
    }


@pytest.mark.parametrize(
    ("alias", "kind"),
    [
        ("city", "municipal"),
        ("TOWN", "municipal"),
        ("school", "school"),
        ("trustee", "school"),
        ("Trustees", "school"),
        ("school-board", "school"),
        ("school-levy", "school-question"),
        ("school-bond", "school-question"),
        ("congress", "congressional"),
        ("us-house", "congressional"),
        ("us-senate", "congressional"),
        ("statewide", "state"),
        ("psc", "multicounty-district"),
        ("house", "legislature"),
        ("senate", "legislature"),
        ("legislative", "legislature"),
        ("local-question", "question"),
        ("levy", "question"),
        (" County ", "county"),
    ],
)
def test_aliases_resolve(alias: str, kind: str) -> None:
    assert resolve_kind(alias) is ContestKind(kind)


def test_an_unknown_kind_lists_the_kinds() -> None:
    with pytest.raises(InputError) as caught:
        resolve_kind("countee")
    (problem,) = caught.value.problems
    assert problem.field == "kind"
    assert (
        '"countee" is not a kind of contest' in problem.message
        and "canvass-error" in problem.message
    )


def test_families_and_counties() -> None:
    assert {info.family for info in KINDS.values()} == set(Family)
    assert [k.value for k in KINDS if takes_counties(k)] == [
        "state-question",
        "multicounty-question",
    ]
    assert KINDS[ContestKind.LEGISLATURE].rule.subsection is Subsection.MULTI_COUNTY_OFFICE


def test_a_label_takes_the_article_its_first_sound_needs() -> None:
    assert KINDS[ContestKind.COUNTY].a_label == "a county office"
    assert KINDS[ContestKind.CANVASS_ERROR].a_label == (
        "an error found by the county canvass board"
    )


@pytest.mark.parametrize(
    ("word", "kinds"),
    [
        ("judge", ["district-judge", "county", "municipal"]),
        ("Justice", ["state", "county"]),
        ("initiative", ["state-question", "question"]),
        ("referendum", ["state-question", "question"]),
    ],
)
def test_words_that_name_several_kinds_are_refused_with_each_kind(
    word: str, kinds: list[str]
) -> None:
    from domain import InputError
    from domain.kinds import AMBIGUOUS_WORDS

    assert [k.value for k, _ in AMBIGUOUS_WORDS[word.lower()]] == kinds
    with pytest.raises(InputError) as raised:
        resolve_kind(word)
    message = raised.value.message
    assert "more than one kind" in message
    assert all(f"{kind} for " in message for kind in kinds)
