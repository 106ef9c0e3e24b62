"""watch.md's change table, change by change, on the text, the JSON and the Slack message:
two readings of a small table, scanned, compared, and said the same way everywhere."""

from __future__ import annotations

import json
from datetime import date

import pytest
from slack_sdk.models.blocks import Block

from domain.changes import Band, ChangeKind, ContestReading, Switching, compare, switching
from handlers.results import Scan, ScanOptions, scan
from handlers.results.compare import change_line, no_change_line, readings_of
from handlers.results.render_text import change_lines
from handlers.slack.watch.messages import changes_message

TODAY = date(2022, 11, 30)
OPTIONS = ScanOptions(today=TODAY, canvass=date(2022, 11, 28))
# A sheriff's race of 8,000 votes: up to 20 qualify under (1) (1/400), up to 40 are in the
# 13-16-211 bond band (1/200); 4005-3995 is 10 (recount), 4015-3985 is 30 (bond), 4100-3900
# is 200 (outside).


def table(*rows: str) -> Scan:
    data = "\n".join(("contest,choice,votes", *rows)).encode()
    return scan([("t.csv", data)], OPTIONS)


def sheriff(a: int, b: int) -> tuple[str, str]:
    return f"Sheriff,A,{a}", f"Sheriff,B,{b}"


# (name, before rows, after rows, change, band before, band after)
CASES = [
    ("leader", sheriff(4005, 3995), sheriff(3995, 4005), ChangeKind.LEADER, "recount", "recount"),
    ("entered", sheriff(4100, 3900), sheriff(4005, 3995), ChangeKind.ENTERED, "none", "recount"),
    ("band", sheriff(4005, 3995), sheriff(4015, 3985), ChangeKind.BAND, "recount", "bond"),
    ("left", sheriff(4015, 3985), sheriff(4100, 3900), ChangeKind.LEFT, "bond", "none"),
    ("margin", sheriff(4005, 3995), sheriff(4004, 3996), ChangeKind.MARGIN, "recount", "recount"),
    ("tied", sheriff(4001, 3999), sheriff(4000, 4000), ChangeKind.TIED, "recount", "recount"),
    ("new", (), sheriff(4005, 3995), ChangeKind.NEW, None, "recount"),
    ("gone", sheriff(4005, 3995), (), ChangeKind.GONE, "recount", None),
]
FILLER = ("Coroner,C,900", "Coroner,D,100")  # far outside the bands, in both readings


@pytest.mark.parametrize(
    ("before_rows", "after_rows", "kind", "band_before", "band_after"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_each_change_on_every_surface(
    before_rows: tuple[str, ...],
    after_rows: tuple[str, ...],
    kind: ChangeKind,
    band_before: str | None,
    band_after: str | None,
) -> None:
    before, after = table(*FILLER, *before_rows), table(*FILLER, *after_rows)
    changes = compare(readings_of(before), readings_of(after))
    (change,) = changes  # the coroner's count did not move: silent
    assert change.kind is kind
    # JSON
    j = change.as_json()
    assert j["change"] == kind.value and j["title"] == "Sheriff"
    assert (j["before"] or {}).get("band") == band_before
    assert (j["after"] or {}).get("band") == band_after
    json.dumps(j)
    # text: the change's line, then (for a contest now in a band) what to do
    line = change_line(change)
    text = "\n".join(change_lines(changes, after, "Nov 29 10:00 UTC"))
    assert text.startswith("1 change since Nov 29 10:00 UTC:")
    assert line in " ".join(text.split())
    if band_after in ("recount", "bond"):
        assert "Check it: recount check" in text
    # Slack: the same line, escaped, and a Check button for a contest with a verdict
    message = changes_message(changes, after, "Nov 29 10:00 UTC")
    for block in message.blocks:
        assert Block.parse(block) is not None
    section = message.blocks[1]["text"]["text"]
    assert section.startswith(f"*{line}*")
    has_buttons = len(message.blocks) > 2 and message.blocks[2]["type"] == "actions"
    assert has_buttons is (band_after is not None)
    if has_buttons:
        assert [e["action_id"] for e in message.blocks[2]["elements"]] == [
            "scan_check",
            "show_work",
        ]


def test_the_words_of_each_change() -> None:
    said = {}
    for name, before_rows, after_rows, *_ in CASES:
        (change,) = compare(
            readings_of(table(*FILLER, *before_rows)), readings_of(table(*FILLER, *after_rows))
        )
        said[name] = change_line(change)
    assert said["leader"] == (
        "Leader changed — Sheriff: B now (A before); margin 10, the recount band"
    )
    assert said["entered"] == (
        "Entered the recount band — Sheriff: margin 10 (margin 200 before, outside the bands)"
    )
    assert said["band"] == (
        "Moved to the 13-16-211 bond band — Sheriff: margin 30 (margin 10 before, the recount band)"
    )
    assert said["left"] == "Left the 13-16-211 bond band — Sheriff: margin 200 (margin 30 before)"
    assert said["margin"] == (
        "Margin moved — Sheriff: margin 8 (margin 10 before), still in the recount band"
    )
    assert said["new"] == "New contest — Sheriff: the recount band, margin 10"
    assert said["gone"] == "No longer in the reading — Sheriff"


def test_changes_are_ranked_in_the_order_of_the_table() -> None:
    before = table(*sheriff(4100, 3900), "Mayor,E,4005", "Mayor,F,3995", "Clerk,G,5", "Clerk,H,4")
    after = table(
        *sheriff(4005, 3995), "Mayor,E,3995", "Mayor,F,4005", "Judge X,I,5", "Judge X,J,4"
    )
    kinds = [c.kind for c in compare(readings_of(before), readings_of(after))]
    assert kinds == [ChangeKind.LEADER, ChangeKind.ENTERED, ChangeKind.NEW, ChangeKind.GONE]


def test_a_move_far_outside_the_bands_is_silent() -> None:
    before, after = table(*sheriff(4100, 3900)), table(*sheriff(4200, 3800))
    assert compare(readings_of(before), readings_of(after)) == []
    assert change_lines([], after, "Nov 29 10:00 UTC") == [no_change_line("Nov 29 10:00 UTC")]
    assert no_change_line("X") == "No contest changed band or leader since X."


def test_bands_come_from_the_margin_whatever_the_date() -> None:
    late = scan(
        [("t.csv", b"contest,choice,votes\nSheriff,A,4005\nSheriff,B,3995")],
        ScanOptions(today=date(2030, 1, 1), canvass=date(2022, 11, 28)),
    )
    (reading,) = readings_of(late).values()
    assert reading.band is Band.RECOUNT and reading.outcome == "deadline_passed"


def test_a_tie_is_a_change_of_its_own_in_a_one_seat_race() -> None:
    before, after = table(*sheriff(2105, 2100)), table(*sheriff(2100, 2100))
    (change,) = compare(readings_of(before), readings_of(after))
    assert change.kind is ChangeKind.TIED
    assert change_line(change) == (
        "Now tied — Sheriff: 2,100 each (A led by 5): recounted as if petitioned"
    )
    assert "last seat" not in " ".join(change_lines([change], after, "then"))


def test_an_outcome_change_inside_one_band_is_a_change() -> None:
    late = ScanOptions(today=date(2022, 12, 30), canvass=date(2022, 11, 28))
    data = "\n".join(("contest,choice,votes", *sheriff(4005, 3995))).encode()
    before = scan([("t.csv", data)], OPTIONS)
    after = scan([("t.csv", data)], late)
    (change,) = compare(readings_of(before), readings_of(after))
    assert change.kind is ChangeKind.OUTCOME
    assert change_line(change).startswith(
        "Outcome changed — Sheriff: deadline passed (recount available before)"
    )


# A change of coverage is not a change of leader (watch.md section 1): readings as the scan
# makes them of a county share (no verdict, so no margin, band or leader) and of the whole.
def share(a: int, b: int) -> ContestReading:
    return ContestReading("k", "US Senate", Band.NONE, None, (), None, (("A", a), ("B", b)))


def whole(a: int, b: int, band: Band, outcome: str) -> ContestReading:
    leader = () if a == b else (("A",) if a > b else ("B",))
    return ContestReading("k", "US Senate", band, abs(a - b), leader, outcome, (("A", a), ("B", b)))


@pytest.mark.parametrize(
    ("before", "after", "kind"),
    [
        pytest.param(
            share(300_000, 100),
            whole(320_000, 250_000, Band.NONE, "margin_too_large"),
            ChangeKind.WHOLE,
            id="share-to-whole-far-apart",
        ),
        pytest.param(
            share(300, 100),
            whole(4005, 3995, Band.RECOUNT, "recount_available"),
            ChangeKind.ENTERED,
            id="share-to-whole-in-the-recount-band",
        ),
        pytest.param(
            share(300, 100),
            whole(4015, 3985, Band.BOND, "bond_recount_possible"),
            ChangeKind.ENTERED,
            id="share-to-whole-in-the-bond-band",
        ),
        pytest.param(
            share(300, 100),
            whole(4000, 4000, Band.RECOUNT, "tie_recount"),
            ChangeKind.TIED,
            id="share-to-a-whole-tie",
        ),
        pytest.param(
            whole(4005, 3995, Band.RECOUNT, "recount_available"),
            share(300, 100),
            ChangeKind.UNDECIDED,
            id="whole-to-share",
        ),
        pytest.param(share(300, 100), share(100, 300), None, id="share-to-share-leader-flips"),
        pytest.param(
            share(0, 0),
            whole(320_000, 250_000, Band.NONE, "margin_too_large"),
            ChangeKind.WHOLE,
            id="no-votes-yet-to-whole",
        ),
    ],
)
def test_a_contest_gaining_its_verdict_never_changes_leader(
    before: ContestReading, after: ContestReading, kind: ChangeKind | None
) -> None:
    changes = compare({"k": before}, {"k": after})
    assert [c.kind for c in changes] == ([] if kind is None else [kind])
    assert all(c.kind is not ChangeKind.LEADER for c in changes)


def test_a_leader_change_between_whole_readings_is_still_one() -> None:
    before = whole(4005, 3995, Band.RECOUNT, "recount_available")
    after = whole(3995, 4005, Band.RECOUNT, "recount_available")
    assert [c.kind for c in compare({"k": before}, {"k": after})] == [ChangeKind.LEADER]


def test_switching_between_two_readings_is_started_once_then_goes_on() -> None:
    a = readings_of(table(*sheriff(4005, 3995)))  # margin 10: the recount band
    b = readings_of(table(*sheriff(4015, 3985)))  # margin 30: the bond band
    c = readings_of(table(*sheriff(4100, 3900)))  # margin 200: outside
    assert switching([a, b], a) is Switching.NO  # one return is a change, told
    assert switching([a, b, a], b) is Switching.STARTED
    assert switching([a, b, a, b], a) is Switching.GOING_ON
    assert switching([b, a, b, a], b) is Switching.GOING_ON
    assert switching([a, b, a, b], c) is Switching.NO  # a reading unlike both
    assert switching([a, b, c], b) is Switching.NO  # three readings, not two in turn
    # a margin outside the bands moving is no change: the same reading for switching
    far = readings_of(table(*sheriff(4101, 3899)))
    assert switching([a, c, a], far) is Switching.STARTED
