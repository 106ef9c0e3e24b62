"""A petition draft (issues 25, 33): a cover note for the one who files it, then the petition
itself, laid out to be signed, sworn and filed, only where something can be filed.

The cover note (its own page, never filed) carries what the check says: the day to act word
for word (`Explanation.action`), the deadline, where to file, who pays, what follows. The
petition after it holds only what the petitioner states: who, the contest, the statements
the statute requires, under the section it is filed under in today's numbering
(domain.drafting), then the signature, the verification and a Montana notary's certificate.
An electors' petition is a verified one too ("a petition as set forth in subsection (1)"):
every signature sheet carries the whole petition, the signers' affirmation, a circulator's
affidavit and a notary's certificate, so a sheet circulated apart holds signatures under
the text they sign. A canvass board's petition (before 2025 SB 57) is the board's act,
signed by its members voting, not sworn. Every page is headed with the contest; the cover
note's pages say "Cover note", and the petition's are numbered "Page N of M" from its first.
Where a fact is not known the draft leaves a line to fill by hand."""

from __future__ import annotations

import io
from dataclasses import dataclass
from math import ceil
from typing import Any, Final
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from domain.current_law import Shown
from domain.deadline import long_date
from domain.drafting import (
    BELIEF,
    BOARD_ASKS,
    BOND_BALLOTS_SECTION,
    BOND_POSTED_SECTION,
    ELECTORS_VERIFY,
    OFFICE_RECOUNT,
    QUESTION_RECOUNT,
    addressee,
    beside_the_tie,
    drafted,
    electors_of,
    filed_under,
    jurisdiction_hint,
    names_and,
    who_pays,
    why_no_petition,
)
from domain.explain import Explanation, explain
from domain.inputs import BallotQuestion, CandidateRace
from domain.kinds import Family
from domain.margin import Standing
from domain.subsections import FileWith, Petitioner
from domain.verdict import Outcome, Verdict
from handlers.paper.about import about_lines, about_rows
from handlers.paper.page.fonts import cell_fonts, font_for, set_for, shown, style_for
from handlers.paper.page.numbering import NumberedPages, Packet
from handlers.paper.page.styles import STYLES
from handlers.paper.record import Provenance, on_paper

EXTRA_LINES: Final = 5  # signature lines beyond the minimum: a few are always struck
LINES_PER_SHEET: Final = 12  # signers on one sheet, with its petition, affidavit and jurat
BOARD_MEMBER_LINES: Final = 5  # a county canvass board has three or five members
DRAFT_NOTE: Final = (
    "DRAFT. 13-16-201 prescribes no form for this petition that we know of: check with the "
    "county attorney or the Secretary of State for an official form before it is signed. "
    "Not legal advice."
)
TITLE: Final = "Petition for a recount (draft)"
COVER_TITLE: Final = "Cover note: not part of the petition"
COVER_PACKET: Final = "Cover note"  # its pages' number: apart from the petition's
COVER_KEEP: Final = (
    "For the one who files the petition. Keep this note; do not file it. The petition "
    "follows it, on pages of its own."
)
BLANK: Final = "_" * 28  # a line to fill by hand
SHORT_BLANK: Final = "_" * 14
FILL: Final = "_" * 86  # a whole line to write on, as a line of the body of its own


class NoPetition(Exception):
    """Nothing to draft for this verdict: the message says why, in plain words."""


@dataclass(frozen=True, slots=True)
class Sheet:
    """One page to be signed: its heading lines, its sworn (or board's) text, and what
    follows the text (signature lines, verification, notary)."""

    caption: tuple[str, ...]
    body: tuple[str, ...]  # what the petitioner (the signers, the board) states
    first_line: int = 0  # electors' sheets: the first signature line's number (0: none)
    lines: int = 0  # how many signature lines the sheet has


@dataclass(frozen=True, slots=True)
class Draft:
    """The draft's words: the cover note's sections, then the sheets of the petition."""

    cover: tuple[tuple[str, tuple[str, ...]], ...]
    sheets: tuple[Sheet, ...]
    header: str  # every page's heading: the contest (and the county where known)


def _about(verdict: Verdict) -> tuple[str, str | None, str]:
    """The contest as the papers name it, its county where known (None: a line to fill by
    hand), and its election as the papers' heading says it (handlers.paper.about: a blank for
    what is not known)."""
    about = verdict.about
    if about.contest:
        contest = about.contest
    elif verdict.petitioner is Petitioner.CANVASS_BOARD:
        contest = "the canvass of the returns"  # the error, not a contest: named by hand
    else:
        contest = f"{verdict.info.label[0].upper()}{verdict.info.label[1:]}"
    county = f"{about.county} County" if about.county else None
    return contest, county, dict(about_rows(about))["Election"]


def _nomination(verdict: Verdict) -> str:
    """The party of a primary's nomination, as the candidate states it: named where given, a
    blank where the election may be a primary, nothing where it is said not to be one."""
    about = verdict.about
    if verdict.info.school:
        return ""  # school elections are nonpartisan: no party, no party's nomination
    if about.party is not None:
        return f", for the nomination of the {about.party} party,"
    if about.primary is False:
        return ""
    return f" (for a nomination, of the {SHORT_BLANK} party)"


def _or_blank(value: str | None, blank: str = BLANK) -> str:
    return blank if value is None else value


def petition_draft(verdict: Verdict) -> Draft:
    """The draft's words (the PDF lays them out; tests read the same). Raises NoPetition
    where nothing can be filed."""
    why = why_no_petition(verdict)
    if why is not None:
        raise NoPetition(why)
    tie = verdict if drafted(verdict) is not verdict else None
    verdict = drafted(verdict)  # beside a tie: the petition that may still be filed
    e = explain(verdict)
    contest, county, _ = _about(verdict)
    # A filed page is headed as what it is, not "draft": the cover note says that.
    heading = (
        "Petition of the county canvass board"
        if verdict.petitioner is Petitioner.CANVASS_BOARD
        else "Petition for a recount"
    )
    header = f"{heading} · {contest}" + (f" · {county}" if county else "")
    match verdict.petitioner:
        case Petitioner.ELECTORS:
            sheets = _electors_sheets(verdict)
        case Petitioner.CANVASS_BOARD:
            sheets = (_board_sheet(verdict),)
        case _:
            sheets = (_candidate_sheet(verdict),)
    return Draft(_cover(verdict, e, tie), sheets, header)


def petition_lines(verdict: Verdict) -> list[str]:
    """Every line of the draft, cover note first (a flat list for searching)."""
    draft = petition_draft(verdict)
    lines = [line for _, section in draft.cover for line in section]
    for sheet in draft.sheets:
        lines += [*sheet.caption, *sheet.body]
    return lines


def _cover(
    verdict: Verdict, e: Explanation, tie: Verdict | None = None
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What the one who files needs and the petition must not say: all the check's words.
    `tie`: the tied verdict this petition is filed beside, said first (the tie itself needs
    no petition)."""
    under = filed_under(verdict)
    about = (
        *about_lines(verdict.about),
        f"Kind of contest: {verdict.info.label}",
        e.read_as,
        *_counted(verdict),
    )
    if verdict.petitioner is Petitioner.ELECTORS:
        rule = verdict.rule
        assert rule.min_signers is not None  # every electors' row has a minimum
        needs = f"at least {rule.min_signers.value:,} electors"
        if rule.min_counties is not None:
            needs += f", from at least {rule.min_counties.value} counties"
        signing: tuple[str, ...] = (
            f"This petition needs {needs} ({under.section}). The draft has "
            f"{rule.min_signers.value + EXTRA_LINES:,} lines, a few more than the minimum: "
            "some signatures are always struck.",
            ELECTORS_VERIFY,
        )
    elif verdict.petitioner is Petitioner.CANVASS_BOARD:
        signing = (
            "The board's act, not a sworn statement: signed by the members voting for it at the "
            "board's meeting, with the minutes of that meeting attached.",
        )
    else:
        signing = (
            "The petitioner signs the petition before a notary public, who completes the "
            "certificate under the verification.",
        )
    todays_code = tuple(n.sentence for n in verdict.current_law if n.shown is Shown.PETITION)
    # A paper is read after the day checked: the check's own dated words (the record's
    # `summary_dated` path), no day counted from the day checked, no source markers.
    as_of = long_date(verdict.today)
    # "Day to act" says the day once: its deadline line is left out below.
    said = {*e.relative_lines, e.act_by_line}
    sections: tuple[tuple[str, tuple[str, ...]], ...] = (
        ("What the petition is about", about),
        ("Day to act", (e.action_dated,)),
        ("The deadline", tuple(x for x in e.deadline_lines if x not in said)),
        ("Filing", (*e.petition_lines, *todays_code)),
        ("Who pays", (who_pays(verdict),)),
        ("Signing", signing),
        (
            "The law",
            (f"Filed under {under.caption} [{under.numbering}].", e.edition, *e.current_law),
        ),
    )
    if tie is not None:
        sections = (("Beside the tie", (beside_the_tie(tie, verdict),)), *sections)
    return (
        (COVER_TITLE, (COVER_KEEP, DRAFT_NOTE)),
        *((name, tuple(on_paper(x, as_of) for x in lines)) for name, lines in sections),
    )


def _caption(verdict: Verdict, title: str) -> tuple[str, ...]:
    assert verdict.file_with is not None  # a draft is made only where something is filed
    office, place = addressee(verdict.file_with)
    contest, county, election = _about(verdict)
    if not verdict.about.contest and verdict.petitioner is not Petitioner.CANVASS_BOARD:
        # the tool's kind label ("County office") is no office's name: a line to name it
        what = "question" if verdict.info.family is Family.BALLOT_QUESTION else "office"
        contest = f"{SHORT_BLANK} (the {what})"  # short: the caption stays on two lines
    if place is None:
        before = office
    elif county is not None and verdict.file_with is FileWith.ELECTION_ADMINISTRATOR:
        before = f"{office} of {county}, Montana"
    else:  # a school district, or a county nobody named: by hand
        before = f"{office} of {SHORT_BLANK} {place}"
    return (
        f"Before {before[0].lower()}{before[1:]}",
        f"In the matter of: {contest}; election: {election}",
        title,
        f"under {filed_under(verdict).caption}",
    )


def _canvass(verdict: Verdict) -> str:
    day = verdict.official_canvass
    return f"the official canvass of {long_date(day) if day else SHORT_BLANK}"


def _candidate_sheet(verdict: Verdict) -> Sheet:
    m = verdict.margin
    assert m is not None  # a candidate's petition follows a margin
    office = verdict.inputs.race or f"{BLANK} (the office)"
    bond = verdict.outcome is Outcome.BOND
    title = "Verified petition for a recount" + (" with a bond" if bond else "")
    body = [
        f"1. I, {m.behind.name}, residing at {BLANK}{BLANK}, was a candidate for {office} at "
        f"the election named above{_nomination(verdict)} and am a defeated candidate for that "
        "office or nomination.",
        f"2. According to {_canvass(verdict)}, {_placed_above(verdict)} and I received "
        f"{m.behind.votes:,}, of {_sworn_total(verdict)} votes cast for all "
        f"candidates for the office: a margin of {m.margin:,} "
        f"{'vote' if m.margin == 1 else 'votes'}.",
        f"3. I believe {BELIEF} and {OFFICE_RECOUNT}.",
    ]
    if bond:
        body += [
            f"4. I ask that these ballots be recounted ({BOND_BALLOTS_SECTION}): every ballot "
            f"cast for {office} in [  ] every precinct where the office was voted on, or "
            "[  ] these precincts, with their counties:",
            FILL,
            FILL,
            # the bond is set, and so posted, after the petition is filed (the cover note):
            # what the petitioner can truthfully swear on the day of signing
            f"5. I have posted, or will post when its amount is set, a bond with the election "
            f"administrator of {BLANK} County, Montana, the county where I reside, in the amount "
            f"that office sets (${SHORT_BLANK}), covering all costs of the recount in each "
            f"county in which it is sought ({BOND_POSTED_SECTION}).",
        ]
    return Sheet(_caption(verdict, title), tuple(body))


def _total_given(verdict: Verdict) -> bool:
    """Whether the votes cast for all candidates were given (write-ins or a total): without
    them the check's total is the candidates named, which a petitioner cannot swear is all."""
    inputs = verdict.inputs
    return isinstance(inputs, CandidateRace) and (
        inputs.write_ins is not None or inputs.total is not None
    )


def _sworn_total(verdict: Verdict) -> str:
    assert verdict.margin is not None
    return f"{verdict.margin.total_votes:,}" if _total_given(verdict) else SHORT_BLANK


def _counted(verdict: Verdict) -> tuple[str, ...]:
    """The cover's word on the sworn total left to fill, where write-ins were not given."""
    m = verdict.margin
    if m is None or verdict.info.family is not Family.CANDIDATE_RACE or _total_given(verdict):
        return ()
    return (
        f"The check counted {m.total_votes:,} votes for the candidates named; write-ins were "
        "not given. Paragraph 2 leaves the votes cast for all candidates for the office to "
        "fill in from the official canvass, write-ins included; if they make the total larger, "
        "check the margin again with them (write-ins N).",
    )


def _placed_above(verdict: Verdict) -> str:
    """Everyone the petitioner swears is placed above him from the cut down, with their votes:
    the last winner, anyone tied with him at the cut, anyone standing between. Naming only
    the last winner would mislead by omission under oath ("A received 100 votes and I
    received 92", B's 100 unsaid). "A and B each received 100 votes, D received 95 votes"."""
    m = verdict.margin
    assert m is not None
    me = next(s for s in m.standings if s.name == m.behind.name)
    above = [s for s in m.standings if s.place < me.place and s.votes <= m.ahead.votes]
    groups: list[list[Standing]] = []
    for standing in above:  # the standings go down: equal votes are neighbours
        if groups and groups[-1][0].votes == standing.votes:
            groups[-1].append(standing)
        else:
            groups.append([standing])
    said = []
    for group in groups:
        votes = f"{group[0].votes:,} votes"
        if len(group) > 1:
            said.append(f"{names_and(s.name for s in group)} each received {votes}")
        elif group[0].name == m.ahead.name:
            said.append(f"{group[0].name}{_last_winner(verdict)} received {votes}")
        else:
            said.append(f"{group[0].name} received {votes}")
    return ", ".join(said)


def _last_winner(verdict: Verdict) -> str:
    """Who the margin is measured to where several are elected: the last of the winners."""
    inputs = verdict.inputs
    if not isinstance(inputs, CandidateRace) or inputs.places == 1:
        return ""
    # a nonpartisan primary nominates twice the seats (CandidateRace.places): not "elected"
    done = "nominated" if inputs.nonpartisan_primary else "elected"
    return f", the last of the {inputs.places} {done},"


def _jurisdiction(verdict: Verdict) -> str:
    named = electors_of(verdict)
    return named if named is not None else f"{BLANK} ({jurisdiction_hint(verdict)})"


def _electors_sheets(verdict: Verdict) -> tuple[Sheet, ...]:
    inputs = verdict.inputs
    assert isinstance(inputs, BallotQuestion)  # electors petition on a question
    rule = verdict.rule
    assert rule.min_signers is not None
    total = rule.min_signers.value + EXTRA_LINES
    count = ceil(total / LINES_PER_SHEET)
    per_sheet = ceil(total / count)  # the lines spread evenly: no sheet of two lines
    where = _jurisdiction(verdict)
    question = inputs.race or f"{BLANK} (name the question)"
    votes = f"{inputs.votes_for:,} votes for and {inputs.votes_against:,} against"
    # a tie decided nothing: it "resulted in a tie" (the tied question's own recount is the
    # administrator's; the electors petition for certainty beside it)
    result = (
        f"resulted according to {_canvass(verdict)} in a tie, {votes}"
        if inputs.votes_for == inputs.votes_against
        else f"was decided according to {_canvass(verdict)} by {votes}"
    )
    body = (
        f"We, the undersigned, each an elector of {where}, state: the question {question}, "
        f"submitted to the electors at the election named above, {result}, of "
        f"{inputs.votes_for + inputs.votes_against:,} votes cast for and against the "
        f"question. We believe {BELIEF} and {QUESTION_RECOUNT}, and petition for the recount.",
        "By signing, each signer affirms that he or she is an elector of the jurisdiction "
        "named above and that the statement above is true to the best of his or her "
        "knowledge and belief.",
    )
    sheets = []
    for n in range(count):
        first = n * per_sheet + 1
        caption = (
            *_caption(verdict, "Verified petition of electors for a recount"),
            f"Signature sheet {n + 1} of {count}",
        )
        sheets.append(Sheet(caption, body, first, min(per_sheet, total - first + 1)))
    return tuple(sheets)


def _board_sheet(verdict: Verdict) -> Sheet:
    _, county, _ = _about(verdict)
    canvass = verdict.inputs.canvass
    met = long_date(canvass) if canvass else SHORT_BLANK
    recount, inspection = BOARD_ASKS
    body = (
        f"1. The board of county canvassers of {_or_blank(county, f'{BLANK} County')}, "
        f"canvassing the returns of the election named above at its meeting of {met}, "
        "found an error in the returns of these precincts:",
        FILL,
        FILL,
        "2. The error found, the office or question whose vote totals it affects, and how:",
        FILL,
        FILL,
        FILL,
        f"3. The board petitions the election administrator for [  ] {recount}; [  ] {inspection}.",
        f"4. The board so decided by a vote of {SHORT_BLANK} to {SHORT_BLANK} at its meeting "
        f"of {met}; the minutes of that meeting ({SHORT_BLANK}) are attached.",
    )
    return Sheet(_caption(verdict, "Petition of the board of county canvassers"), body)


# ---- the layout


def _style(name: str, **options: Any) -> ParagraphStyle:
    return ParagraphStyle(name, parent=STYLES["line"], leftIndent=0, **options)


_STYLES: Final = {
    "caption": _style(
        "caption", fontName="Helvetica-Bold", fontSize=10.5, leading=13, alignment=TA_CENTER
    ),
    "title": _style(
        "title",
        fontName="Helvetica-Bold",
        fontSize=13,
        leading=16,
        alignment=TA_CENTER,
        spaceBefore=4,
        spaceAfter=2,
    ),
    "body": _style("body", fontSize=10, leading=13.5, spaceAfter=5),
    "sign": _style("sign", fontSize=9.5, leading=13),
    "head": _style("head", fontName="Helvetica-Bold", fontSize=10, leading=13, spaceBefore=6),
    "small": _style("small", fontSize=8, leading=10),
}


def _para(text: str, style: str) -> Paragraph:
    chosen = _STYLES[style] if style in _STYLES else STYLES[style]
    return Paragraph(escape(shown(text)), style_for(text, chosen))


def _notary(who: str) -> list[Flowable]:
    """A Montana jurat: who swore, and the notary's signature, printed name, residence,
    commission and seal."""
    return [
        _para("Notary's certificate (jurat)", "head"),
        _para(f"State of Montana, County of {BLANK}.", "sign"),
        _para(f"Signed and sworn to (or affirmed) before me on {SHORT_BLANK} by {who}.", "sign"),
        Spacer(1, 12),
        _para(f"{BLANK}{SHORT_BLANK} (signature of notary)        (SEAL)", "sign"),
        _para(f"{BLANK}{SHORT_BLANK} (printed name of notary)", "sign"),
        _para(
            f"Notary Public for the State of Montana, residing at {SHORT_BLANK}, "
            "my commission "
            f"expires {SHORT_BLANK}.",
            "sign",
        ),
    ]


def _candidate_tail(verdict: Verdict) -> list[Flowable]:
    assert verdict.margin is not None
    name = verdict.margin.behind.name
    return [
        Spacer(1, 8),
        _para(f"Dated {SHORT_BLANK}.", "sign"),
        Spacer(1, 14),
        _para(f"{BLANK}{BLANK} (signature)", "sign"),
        _para(f"{name}, petitioner. Telephone or e-mail: {BLANK}", "sign"),
        KeepTogether(
            [
                _para("Verification", "head"),
                _para(f"State of Montana, County of {BLANK}.", "sign"),
                _para(
                    f"I, {name}, being first sworn (or affirming), say that I am the petitioner "
                    "named above, that I have read this petition, and that the statements in "
                    "it are true to the best of my knowledge and belief.",
                    "sign",
                ),
                Spacer(1, 12),
                _para(f"{BLANK}{BLANK} ({name})", "sign"),
                *_notary(name),
            ]
        ),
    ]


def _signers_table(verdict: Verdict, sheet: Sheet) -> Table:
    counties = verdict.rule.min_counties is not None
    head = ["", "Signature", "Printed name", "Residence address (street, city or town)"]
    widths = [0.3, 1.7, 1.5, 2.3 if counties else 3.0]  # 7 inches: the frame's width
    if counties:
        head.append("County")
        widths.append(0.7)
    head.append("Date")
    widths.append(0.5)
    rows = [head] + [
        [str(n)] + [""] * (len(head) - 1)
        for n in range(sheet.first_line, sheet.first_line + sheet.lines)
    ]
    table = Table(
        rows,
        colWidths=[w * inch for w in widths],
        rowHeights=[13] + [20] * (len(rows) - 1),
        hAlign="LEFT",
    )
    table.setStyle(TableStyle(_grid(rows)))
    return table


def _grid(rows: list[list[str]]) -> list[Any]:
    return [
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7.5),
        ("FONT", (0, 1), (-1, -1), "Helvetica", 8),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        *cell_fonts(rows, bold_rows={0}),
    ]


def _electors_tail(verdict: Verdict, sheet: Sheet) -> list[Flowable]:
    where = electors_of(verdict) or "the jurisdiction named above"
    circulator = f"{BLANK} (name of circulator)"
    return [
        _signers_table(verdict, sheet),
        KeepTogether(
            [
                _para("Circulator's affidavit", "head"),
                _para(
                    f"State of Montana, County of {BLANK}. I, {BLANK} (printed name), residing "
                    f"at {BLANK}{SHORT_BLANK}, being first sworn (or affirming), say that I "
                    "circulated this sheet, that each person whose signature appears on it "
                    "signed it in my presence on the date shown, and that I believe each signer "
                    f"is an elector of {where}.",
                    "sign",
                ),
                Spacer(1, 10),
                _para(f"{BLANK}{BLANK} (circulator's signature)", "sign"),
                *_notary(circulator),
            ]
        ),
    ]


def _board_tail() -> list[Flowable]:
    rows = [["", "Signature of the member voting for the petition", "Printed name", "Date"]]
    rows += [[str(n), "", "", ""] for n in range(1, BOARD_MEMBER_LINES + 1)]
    table = Table(
        rows,
        colWidths=[w * inch for w in (0.3, 3.2, 2.4, 1.0)],
        rowHeights=[13] + [22] * BOARD_MEMBER_LINES,
        hAlign="LEFT",
    )
    table.setStyle(TableStyle(_grid(rows)))
    return [
        _para("Members of the board voting for this petition", "head"),
        table,
        Spacer(1, 14),
        _para(f"Attest: {BLANK}{BLANK}, clerk of the board", "sign"),
    ]


def _story(verdict: Verdict, draft: Draft, provenance: Provenance) -> list[Flowable]:
    # the cover note is never filed: its pages are numbered apart, and the petition's first
    # sheet is its "Page 1 of N"
    story: list[Flowable] = [Packet(COVER_PACKET)]
    asked = f", asked in Slack by {provenance.asked_by}" if provenance.asked_by else ""
    for name, lines in draft.cover:
        if name == COVER_TITLE:
            story.append(_para(name, "headline"))
            story += [_para(line, "summary") for line in lines]
            continue
        story.append(_para(name, "section"))
        story += [
            Paragraph(escape(shown(line)), style_for(line, STYLES["line"]), bulletText="\u2022")
            for line in lines
        ]
    story += [
        Spacer(1, 8),
        _para(f"Drafted by recount, {long_date(provenance.produced_at.date())}{asked}.", "small"),
    ]
    for n, sheet in enumerate(draft.sheets):
        story.append(PageBreak())
        if n == 0:
            story.append(Packet(None))
        *caption, title, under = sheet.caption[:4]
        story += [_para(line, "caption") for line in caption]
        story += [_para(title, "title"), _para(under, "caption")]
        story += [_para(line, "caption") for line in sheet.caption[4:]]
        story.append(Spacer(1, 8))
        story += [_para(line, "body") for line in sheet.body]
        if verdict.petitioner is Petitioner.ELECTORS:
            story += _electors_tail(verdict, sheet)
        elif verdict.petitioner is Petitioner.CANVASS_BOARD:
            story += _board_tail()
        else:
            story += _candidate_tail(verdict)
    return story


def petition_pdf(verdict: Verdict, provenance: Provenance) -> bytes:
    """The draft as a PDF. Raises NoPetition where nothing can be filed."""
    draft = petition_draft(verdict)
    verdict = drafted(verdict)
    texts = [draft.header, *petition_lines(verdict)]
    with set_for(texts):
        out = io.BytesIO()
        document = SimpleDocTemplate(
            out,
            pagesize=LETTER,
            leftMargin=0.7 * inch,
            rightMargin=0.7 * inch,
            topMargin=0.75 * inch,
            bottomMargin=0.6 * inch,
            title=shown(f"{TITLE} · {_about(verdict)[0]}"),
            author="recount",
            invariant=1,  # the same bytes for the same input: no creation time, a fixed id
        )
        header = shown(draft.header)

        def numbered(*args: Any, **kwargs: Any) -> Canvas:
            return _NumberedCanvas(header, *args, **kwargs)

        document.build(_story(verdict, draft, provenance), canvasmaker=numbered)
        return out.getvalue()


class _NumberedCanvas(NumberedPages):
    """Every page headed with the contest and "Page N of M" (handlers.paper.page.numbering)."""

    def __init__(self, header: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header = header

    def number(self, page: int, of: int) -> None:
        self._head(page, of)

    def _head(self, number: int, total: int) -> None:
        width, height = LETTER
        font = font_for(self._header, "Helvetica")
        if self.packet == COVER_PACKET:
            page = COVER_PACKET if total == 1 else f"{COVER_PACKET} {number} of {total}"
        else:
            page = f"Page {number} of {total}"
        room = width - 1.4 * inch - stringWidth(page, font, 8) - 12
        size = 8.0
        while size > 5 and stringWidth(self._header, font, size) > room:
            size -= 0.5  # a contest of 100 characters: smaller, never over the page number
        self.setFillColor(colors.black)
        self.setFont(font, size)
        self.drawString(0.7 * inch, height - 0.45 * inch, self._header)
        self.setFont(font, 8)
        self.drawRightString(width - 0.7 * inch, height - 0.45 * inch, page)
        self.setStrokeColor(colors.grey)
        self.setLineWidth(0.4)
        self.line(0.7 * inch, height - 0.5 * inch, width - 0.7 * inch, height - 0.5 * inch)
