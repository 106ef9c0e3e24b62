"""A scan's summary as a Slack message: counts, each contest to act on with a Check button,
and what needs a person. Pure: a Scan in, blocks out; words from domain.explain."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from domain import Outcome
from domain.citations import BOND_RECOUNT_SHARE, percent_phrase
from domain.explain import explain
from domain.plain_text import visible
from domain.titles import county_label
from handlers.results import Scan
from handlers.results.compare import change_line, told
from handlers.results.facts import (
    SECTIONS,
    HowToAdd,
    close_retentions,
    close_shares,
    county_of,
    county_share,
    opening_lines,
    partial_close,
    partial_line,
    plural,
    recount_facts,
    recount_results,
    retention_facts,
    share_line,
    share_so_far,
)
from handlers.results.scan import ScannedContest
from handlers.results.tables import ElectionContradicted
from handlers.slack.check.verdict import BUTTON_VALUE_LIMIT, verdict_facts
from handlers.slack.check.work import WORK_ACTION_ID, WORK_RETENTION_ACTION_ID
from handlers.slack.message import SlackMessage
from handlers.slack.saved_check import saved_inputs
from handlers.slack.text import (
    BUTTON_TEXT_LIMIT,
    HEADER_LIMIT,
    SECTION_LIMIT,
    clip,
    escape,
    escape_mrkdwn,
    mrkdwn,
    plain,
)
from handlers.syntax.scan_words import ANSWERS, BARE_WORDS
from handlers.watch.records import Remembered, montana_time

CHECK_ACTION_ID: Final = "scan_check"
KIT_ACTION_ID: Final = "recount_kit"  # the recount board's kit of a listed contest
# A retention contest's Check: the verdict it posts carries the scan's retention reading.
CHECK_RETENTION_ACTION_ID: Final = "scan_check_retention"
# Contests in the table, each with its buttons (an actions block); the rest are counted and
# are in the CSV. 20 rows' actions blocks, the table, its notes and at most 11 others (header,
# context, since, more, shares, retentions, recounts, attention, footer) stay under 50.
MAX_LISTED: Final = 20
MAX_FILES_NAMED: Final = 5  # more files are counted by format in the summary's first line
_LISTED: Final = tuple(outcome for outcome, _ in SECTIONS)
CSV_NAME: Final = "recount-scan.csv"
ELECTION_ACTION_ID: Final = "scan_election"


TABLE_HEAD: Final = ("#", "Contest", "County or file", "Margin", "Outcome", "Day to act")
CELL_LIMIT: Final = 200  # a table cell's text: kept short, the detail is one click away


def _cell(text: str) -> dict[str, Any]:
    # raw_text is shown as written: no markup to escape, nothing a name can turn into a link;
    # only its visible characters, as on every surface
    return {"type": "raw_text", "text": clip(visible(text), CELL_LIMIT)}


def where_from(scanned: ScannedContest) -> str:
    """The county of a one-county contest, else the file it was read from (or how many)."""
    county = county_of(scanned)
    if county:
        return county
    files = sorted(scanned.contest.files)
    return files[0] if len(files) == 1 else f"{len(files)} files"


def row_facts(scanned: ScannedContest) -> tuple[str, str, str]:
    """A listed contest's margin, outcome and day to act: the verdict's own facts
    (domain.explain), never re-derived; the scan's table and the watch's root show them."""
    assert scanned.verdict is not None
    e = explain(scanned.verdict)
    facts = dict(e.facts)
    day = facts.get("Day to act") or (
        f"last day was {facts['Last day was']}" if "Last day was" in facts else "—"
    )
    return facts.get("Margin", "—"), e.outcome, day


def table_row(number: int, scanned: ScannedContest) -> list[dict[str, Any]]:
    """A listed contest as one row."""
    margin, outcome, day = row_facts(scanned)
    return [
        _cell(str(number)),
        _cell(scanned.contest.shown_as),
        _cell(where_from(scanned)),
        _cell(margin),
        _cell(outcome),
        _cell(day),
    ]


def contest_table(listed: list[ScannedContest]) -> dict[str, Any]:
    """The listed contests at a glance: Block Kit's table (one a message, at most 100 rows)."""
    return {
        "type": "table",
        "column_settings": [{"is_wrapped": True}] * len(TABLE_HEAD),
        "rows": [
            [_cell(head) for head in TABLE_HEAD],
            *(table_row(n, c) for n, c in enumerate(listed, start=1)),
        ],
    }


def contest_buttons(number: int, scanned: ScannedContest, kit: str | None) -> dict[str, Any] | None:
    """A listed contest's work, one click away: Check (its verdict, posted in the thread),
    Show the work (a modal), and the recount board's kit where its file has precincts."""
    elements: list[dict[str, Any]] = []
    # the label, not the row's "— county not named in FILE": the number points at the row
    check = check_button(scanned, f"{number}. Check {scanned.contest.label}")
    if check is not None:
        elements.append(check)
        elements.append(work_button(scanned, check))
    if kit is not None and len(kit) <= BUTTON_VALUE_LIMIT:
        elements.append(
            {
                "type": "button",
                "action_id": KIT_ACTION_ID,
                "text": label("Recount kit"),
                "value": kit,
            }
        )
    if not elements:  # inputs too long for any button: the row and the CSV still hold it
        return None
    return {"type": "actions", "block_id": f"contest_{number}", "elements": elements}


def work_button(scanned: ScannedContest, check: dict[str, Any]) -> dict[str, Any]:
    """Show the work for a contest whose Check is `check` (the same inputs); a retention's
    carries the scan's reading, as its Check does."""
    retention = scanned.contest.retention is not None
    action = WORK_RETENTION_ACTION_ID if retention else WORK_ACTION_ID
    return {**check, "action_id": action, "text": label("Show the work")}


def label(text: str) -> dict[str, Any]:
    return plain(text, BUTTON_TEXT_LIMIT)


NOT_REMEMBERED: Final = (
    "Not remembered: the bot's database cannot be opened, so this scan was not kept and the "
    "next scan of this election will not be compared with it."
)


def _since_text(memory: Remembered) -> str:
    assert memory.since is not None
    when = montana_time(memory.since)
    said = told(memory.changes)
    coverage = [said_in_slack(line) for line in said.lines]
    if not said.each:
        return "\n".join(
            [f"*Since your last scan ({when})*: no contest changed band or leader.", *coverage]
        )
    lines = [f"• {escape_mrkdwn(change_line(c))}" for c in said.each[:MAX_LISTED]]
    more = len(said.each) - MAX_LISTED
    if more > 0:
        lines.append(f"… and {more} more")
    head = f"*Since your last scan ({when}): {plural(len(said.each), 'change')}*"
    return "\n".join([head, *lines, *coverage])


def check_button(scanned: ScannedContest, text: str = "Check") -> dict[str, Any] | None:
    """The Check button that posts a listed contest's full verdict (None when its inputs are
    too long for a button); a retention contest's carries the scan's reading."""
    assert scanned.verdict is not None
    value = saved_inputs(scanned.verdict)
    if len(value) > BUTTON_VALUE_LIMIT:
        return None
    retention = scanned.contest.retention is not None
    return {
        "type": "button",
        "action_id": CHECK_RETENTION_ACTION_ID if retention else CHECK_ACTION_ID,
        "text": label(text),
        "value": value,
    }


# How a Slack message gives the canvass dates (the scan's words in a DM or the shortcut's).
IN_A_MESSAGE: Final = HowToAdd(
    canvass="add canvass DATE to your message", state_canvass="add state canvass DATE"
)


def scan_summary(
    result: Scan,
    memory: Remembered | None = None,
    kit_value: Callable[[ScannedContest], str | None] | None = None,
) -> SlackMessage:
    """The summary; with `memory` (a scan in a DM), it starts with what changed since the last
    scan of the same election there. `kit_value`: a listed contest's signed "Recount kit"
    value, where its file has precincts (None: no button)."""
    headline = scan_headline(result)
    files = ", ".join(f"{f.name} ({f.format})" for f in result.files)
    if len(result.files) > MAX_FILES_NAMED:  # 56 county workbooks: counted, not listed
        formats = ", ".join(sorted({f.format for f in result.files}))
        files = f"{len(result.files)} files ({formats})"
    # The report's opening lines after its first (which the headline says), in Slack's words.
    said = " ".join(opening_lines(result, IN_A_MESSAGE)[1:])
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": plain(headline, HEADER_LIMIT)},
        {"type": "context", "elements": [mrkdwn(said_in_slack(f"{files}. {said}"))]},
    ]
    if memory is not None and memory.since is not None:
        blocks.append({"type": "section", "text": mrkdwn(_since_text(memory))})
    if memory is not None and not memory.kept:
        blocks.append({"type": "context", "elements": [mrkdwn(NOT_REMEMBERED)]})
    listed = listed_contests(result)
    shown = listed[:MAX_LISTED]
    # The table goes where Slack documents it, in an attachment (shown under the blocks); the
    # buttons keep the row's number, so "3. Check ..." still points at row 3.
    attachments = [{"blocks": [contest_table(shown)]}] if shown else None
    if shown:
        # A reading the verdict rests on (a retention read as a race, a nonpartisan primary's
        # two who advance) stays in sight, under the row's number, not only behind a click.
        notes = [
            f"{number}. {said_in_slack('; '.join(c.contest.notes))}"
            for number, c in enumerate(shown, start=1)
            if c.contest.notes
        ]
        if notes:
            blocks.append(
                {"type": "context", "elements": [mrkdwn(clip("\n".join(notes), SECTION_LIMIT))]}
            )
        for number, c in enumerate(shown, start=1):
            buttons = contest_buttons(number, c, None if kit_value is None else kit_value(c))
            if buttons is not None:
                blocks.append(buttons)
    if len(listed) > MAX_LISTED:
        blocks.append(
            {
                "type": "context",
                "elements": [
                    mrkdwn(
                        f"… and {len(listed) - MAX_LISTED} more to act on, in the attached "
                        f"{CSV_NAME} (every contest, with its verdict)."
                    )
                ],
            }
        )
    shares = sum(county_share(c) for c in result.contests)
    if shares:
        blocks.append({"type": "context", "elements": [mrkdwn(said_in_slack(share_line(shares)))]})
    retentions = close_retentions(result)
    if retentions:
        lines = [
            f"• {escape_mrkdwn(c.contest.shown_as)}: " + said_in_slack(" ".join(retention_facts(c)))
            for c in retentions[:MAX_LISTED]
        ]
        head = f"*Retention votes within {escape_mrkdwn(percent_phrase(BOND_RECOUNT_SHARE))}*"
        blocks.append(
            {"type": "section", "text": mrkdwn(clip(f"{head}\n" + "\n".join(lines), 3000))}
        )
    for close, head, line in (
        (partial_close(result), "Partial readings", partial_line),
        (close_shares(result), "County shares", share_so_far),
    ):
        if not close:  # decided by nothing yet, but a close one is never missed
            continue
        lines = [
            f"• {escape_mrkdwn(c.contest.shown_as)}: {said_in_slack(line(c.contest))}"
            for c in close[:MAX_LISTED]
        ]
        said = (
            f"*{head} within {escape_mrkdwn(percent_phrase(BOND_RECOUNT_SHARE))}, close "
            f"({len(close)})*"
        )
        blocks.append(
            {"type": "section", "text": mrkdwn(clip(f"{said}\n" + "\n".join(lines), 3000))}
        )
    recounts = recount_results(result)
    if recounts:
        lines = [
            f"• {escape_mrkdwn(c.contest.shown_as)}: "
            + said_in_slack(" ".join(recount_facts(c, result)))
            for c in recounts[:MAX_LISTED]
        ]
        blocks.append(
            {
                "type": "section",
                "text": mrkdwn(
                    clip(f"*Recount results ({len(recounts)})*\n" + "\n".join(lines), 3000)
                ),
            }
        )
    person = need_a_person(result)
    if person is not None:
        blocks.append(person)
    blocks.append(
        {
            "type": "context",
            "elements": [mrkdwn(f"Every contest is in the attached {CSV_NAME} · not legal advice")],
        }
    )
    return SlackMessage(
        text=escape(headline),
        blocks=blocks,
        metadata=scan_metadata(result, shown),
        attachments=attachments,
    )


# The header's counts: each outcome the table lists, by its words in the scan's summary
# (Scan.summary). "Recount available" is always said, the rest where there are any, so the
# counts add up to the table's rows (and its "more to act on").
_COUNTED: Final = (
    (Outcome.AVAILABLE, "recount_available", "recount available", "recount available"),
    (Outcome.TIE, "ties", "tie", "ties"),
    (Outcome.BOND, "bond_band", "in the bond band", "in the bond band"),
    (Outcome.PETITION_SHORT, "petition_short", "petition short", "petition short"),
    (Outcome.DEADLINE_PASSED, "deadline_passed", "deadline passed", "deadline passed"),
)
assert tuple(outcome for outcome, *_ in _COUNTED) == _LISTED  # every row in some count


def scan_headline(result: Scan, what: str = "Scan") -> str:
    """ "Scan: 613 contests, 0 recount available, 2 deadline passed, 7 need a person"."""
    s = result.summary()
    counts = [
        f"{s[key]:,} {one if s[key] == 1 else many}"
        for outcome, key, one, many in _COUNTED
        if s[key] or outcome is Outcome.AVAILABLE
    ]
    if s["attention"]:
        counts.append(f"{plural(s['attention'], 'needs', 'need')} a person")
    return f"{what}: {plural(s['contests'], 'contest')}, " + ", ".join(counts)


# A flag of the command line in the scan's advice ('give --seats "TITLE=N"', "--complete"),
# never a part of a word or a title: lower case, after a space, a quote or a bracket.
_FLAG: Final = re.compile(r"(?<![\w-])--([a-z][a-z-]*)\b")


def slack_words(text: str) -> str:
    """The scan's words as a clerk says them in Slack: the command line's options are the
    words of the message sent with the file (handlers.syntax.scan_words: seats "TITLE=N",
    kind "TITLE=KIND", "complete", state canvass DATE)."""

    def word(flag: re.Match[str]) -> str:
        said = flag.group(1).replace("-", " ")
        return f'"{said}"' if said in BARE_WORDS else said

    return _FLAG.sub(word, text)


def said_in_slack(text: str) -> str:
    """The scan's own words (handlers.results) in a Slack message: its words, escaped."""
    return escape_mrkdwn(slack_words(text))


# "Need a person": each doubt once, for every contest and file it is in, on one line; the
# first few, then how many more (every one is in the CSV's attention column).
MAX_PERSON: Final = 4
PERSON_LINE_LIMIT: Final = 600  # 4 lines and the section's head stay within its 3,000
NOTHING_TO_ASK: Final = "margin too large"  # _what_it_gives: an answer that changes nothing
ANSWER_WITH: Final = (
    "To answer, drop the file in a DM with me again, with the words in the same message "
    f"(as seats {ANSWERS['seats']}, kind {ANSWERS['kind']}, {', '.join(BARE_WORDS)})."
)
# A line that tells the clerk a word to answer with: an answer's word and its quoted value,
# "election" with its type, or a bare word quoted (slack_words)
_ANSWER_WORDS: Final = re.compile(
    rf'\b(?:{"|".join([*ANSWERS, "election"])}) "|' + "|".join(f'"{w}"' for w in BARE_WORDS)
)


def first_answer(scanned: ScannedContest, line: str) -> str:
    """An attention line, with a weighed doubt (each answer it could take, checked: "how
    many seats? ... (with 1 seat: margin too large; ...; with 5 seats: X may petition)")
    cut to the first answer that matters; every answer stays in the CSV."""
    doubt = scanned.contest.open_doubt
    if doubt is None or not (line.startswith(f"{doubt.reason} (") and line.endswith(")")):
        return line
    said = [f"as {kind.value}" for kind in doubt.kinds] + [
        f"with {n} seat{'s' if n != 1 else ''}" for n in doubt.seats
    ]
    body = line[len(doubt.reason) + 2 : -1]
    starts = []
    at = 0
    for answer in said:  # in the order the scan wrote them, each "ANSWER: WHAT"
        at = body.find(f"{answer}: ", at)
        if at < 0:
            return line  # not the shape the scan writes: shown as it is
        starts.append(at)
    ends = [*(s - 2 for s in starts[1:]), len(body)]  # each answer ends at the next's "; "
    gives = [
        (answer, body[start + len(answer) + 2 : end])
        for answer, start, end in zip(said, starts, ends, strict=True)
    ]
    mattering = [(answer, what) for answer, what in gives if what != NOTHING_TO_ASK]
    if not mattering:
        return line
    answer, what = mattering[0]
    return f"{doubt.reason}: {answer}, {what}"


def _common_name(contests: list[ScannedContest]) -> str:
    """What the contests of one doubt are called together: their title (without a county
    label), or the words their titles begin with ("ARLEE SCHOOL DISTRICT JT&8")."""
    titles = [county_label(c.contest.title)[1] for c in contests]
    if len(set(titles)) == 1:
        return titles[0]
    words = [t.split() for t in titles]
    common = []
    for column in zip(*words, strict=False):
        if len(set(column)) != 1:
            break
        common.append(column[0])
    if len(common) >= 2:
        return " ".join(common)
    return f"{titles[0]} and others"


def person_lines(result: Scan) -> tuple[list[tuple[str, list[ScannedContest]]], int]:
    """Each doubt once with the contests it is in (in the report's order), and how many
    contests need a person."""
    doubts: dict[str, list[ScannedContest]] = {}
    for c in result.contests:
        for line in c.contest.attention:
            doubts.setdefault(slack_words(first_answer(c, line)), []).append(c)
    attention = sum(bool(c.contest.attention) for c in result.contests)
    return list(doubts.items()), attention


def person_line(doubt: str, contests: list[ScannedContest]) -> str:
    files = {f for c in contests for f in c.contest.files}
    if len(contests) == 1:
        where = f" — in {len(files):,} files" if len(files) > 1 else ""
        name = f"{contests[0].contest.shown_as}{where}"
    else:
        name = (
            f"{_common_name(contests)} — {plural(len(contests), 'contest')} in "
            f"{plural(len(files), 'file')}"
        )
    return clip(f"• {escape_mrkdwn(name)}: {escape_mrkdwn(doubt)}", PERSON_LINE_LIMIT)


def need_a_person(result: Scan) -> dict[str, Any] | None:
    """The "Need a person" section: the first MAX_PERSON doubts, each on one line, and how
    many contests more are in the CSV."""
    doubts, count = person_lines(result)
    if not doubts:
        return None
    shown = doubts[:MAX_PERSON]
    lines = [f"*Need a person ({count:,})*", *(person_line(d, cs) for d, cs in shown)]
    told = {id(c) for _, cs in shown for c in cs}
    more = sum(bool(c.contest.attention) and id(c) not in told for c in result.contests)
    if more:
        lines.append(f"… and {more:,} more in {CSV_NAME} (its attention column)")
    if any(_ANSWER_WORDS.search(d) for d, _ in shown):
        lines.append(ANSWER_WITH)
    return {"type": "section", "text": mrkdwn(clip("\n".join(lines), SECTION_LIMIT))}


SCAN_EVENT: Final = "recount_scan"


def listed_contests(result: Scan) -> list[ScannedContest]:
    """The contests a summary lists: those to act on (scan.md's sections)."""
    return [c for c in result.contests if c.outcome in _LISTED]


def scan_metadata(result: Scan, listed: list[ScannedContest]) -> dict[str, Any]:
    """The scan as message metadata: its counts, and each listed contest (the table's rows)
    with its verdict's facts, from the same fields as the verdict's own metadata."""
    rows = []
    for number, c in enumerate(listed, start=1):
        assert c.verdict is not None
        row: dict[str, Any] = {"row": number, "contest": c.contest.shown_as}
        county = county_of(c)
        if county:
            row["county"] = county
        rows.append({**row, **verdict_facts(c.verdict)})
    return {
        "event_type": SCAN_EVENT,
        "event_payload": {**result.summary(), "files": len(result.files), "listed": rows},
    }


def scan_error(reason: str) -> SlackMessage:
    text = f":warning: {said_in_slack(reason)}"
    return SlackMessage(text=text, blocks=[{"type": "section", "text": mrkdwn(text)}])


def election_question(name: str, values: dict[str, str]) -> SlackMessage:
    """A file that does not say whether it is a primary or a general election: the question,
    with a button for each answer (`values`: election -> signed value), or, without them, the
    words to add to the message."""
    said = (
        f"{escape_mrkdwn(name)} does not say whether it is a primary or a general election, "
        "and reading a primary as a general merges the parties. Which is it?"
    )
    buttons = [
        {
            "type": "button",
            "action_id": f"{ELECTION_ACTION_ID}_{election}",
            "text": {"type": "plain_text", "text": election.capitalize()},
            "value": value,
        }
        for election, value in values.items()
        if len(value) <= BUTTON_VALUE_LIMIT
    ]
    if len(buttons) < len(values) or not buttons:
        said += " Scan again with `election primary` or `election general` in your message."
        buttons = []
    blocks: list[dict[str, Any]] = [{"type": "section", "text": mrkdwn(f":question: {said}")}]
    if buttons:
        blocks.append({"type": "actions", "elements": buttons})
    return SlackMessage(text=escape(f"{name}: primary or general election?"), blocks=blocks)


def told_against_the_file(told: ElectionContradicted, value: str | None) -> SlackMessage:
    """An election chosen (the form, the message's words) that the file contradicts: a told
    election never overrides the file (scan.md). The question names both, with a button that
    scans it as the file says (`value`: signed), or, without one, the words to leave out."""
    said = (
        f"{escape_mrkdwn(told.name)}: {escape_mrkdwn(told.where)}; you said {told.told}. A "
        f"told election never overrides the file. Scan it as a {told.said} election?"
    )
    blocks: list[dict[str, Any]] = [{"type": "section", "text": mrkdwn(f":question: {said}")}]
    if value is not None and len(value) <= BUTTON_VALUE_LIMIT:
        button = {
            "type": "button",
            "action_id": f"{ELECTION_ACTION_ID}_{told.said}",
            "text": {"type": "plain_text", "text": f"Scan as {told.said}"},
            "value": value,
        }
        blocks.append({"type": "actions", "elements": [button]})
    else:
        blocks[0]["text"] = mrkdwn(
            f":question: {said} Scan again without `election {told.told}` in your message."
        )
    return SlackMessage(
        text=escape(f"{told.name}: a {told.said} election, not {told.told}?"), blocks=blocks
    )
