"""A petition draft (issue 25): what 13-16-201 asks a petition to say, laid out to be signed,
only where something can be filed. 13-16-201 prescribes no form that we know of: every draft
says so and sends the clerk to the county attorney or the Secretary of State for an official
one. Every fact comes from the Verdict and domain.explain, as on the other surfaces."""

from __future__ import annotations

from typing import Final

from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from domain.deadline import long_date
from domain.drafting import why_no_petition
from domain.explain import explain
from domain.subsections import Petitioner
from domain.verdict import Outcome, Verdict
from handlers.paper.fonts import cell_fonts, set_for
from handlers.paper.record import Provenance, letter_pdf, paragraph

EXTRA_LINES: Final = 5  # signature lines beyond the minimum: a few are always struck
DRAFT_NOTE: Final = (
    "DRAFT. 13-16-201 prescribes no form for this petition that we know of: check with the "
    "county attorney or the Secretary of State for an official form before it is signed. "
    "Not legal advice."
)


class NoPetition(Exception):
    """Nothing to draft for this verdict: the message says why, in plain words."""


def petition_lines(verdict: Verdict) -> list[str]:
    """The draft's words, before its signature part (tests read the same list)."""
    why = why_no_petition(verdict)
    if why is not None:
        raise NoPetition(why)
    e = explain(verdict)
    assert verdict.file_with is not None
    office = verdict.file_with.label
    m = verdict.margin
    lines = [f"To {office}.", e.read_as, e.contest]
    if verdict.petitioner is Petitioner.DEFEATED_CANDIDATE and m is not None:
        lines.append(
            f"I, {m.behind.name}, a defeated candidate, {m.margin:,} votes behind {m.ahead.name} "
            f"out of {m.total_votes:,} votes cast, believe that a recount will change the "
            "result, and petition that the votes for the office or nomination be recounted."
        )
        if verdict.outcome is Outcome.BOND:
            lines.append(
                "I will post a bond covering all costs of the recount (13-16-211), set by the "
                "election administrator of my county of residence."
            )
    elif verdict.petitioner is Petitioner.ELECTORS:
        lines.append(
            "We, the undersigned electors, believe that a recount will change the result of this "
            "question, and petition that its votes be recounted."
        )
        rule = verdict.rule
        needs = f"at least {rule.min_signers.value:,} electors" if rule.min_signers else ""
        if rule.min_counties is not None:
            needs += f", from at least {rule.min_counties.value} counties"
        lines.append(f"This petition needs {needs} ({verdict.subsection.code}).")
    elif verdict.petitioner is Petitioner.CANVASS_BOARD:
        lines.append(
            "The county canvass board, having found an error in the canvass, petitions for a "
            "recount."
        )
    act = (
        f"File with {office} by {long_date(verdict.act_by)}."
        if verdict.act_by is not None
        else e.summary
    )
    lines.append(act)
    return lines


def petition_pdf(verdict: Verdict, provenance: Provenance) -> bytes:
    """The draft as a PDF. Raises NoPetition where nothing can be filed."""
    lines = petition_lines(verdict)
    with set_for(lines):
        story: list[Flowable] = [
            paragraph("Petition for a recount (draft)", "headline"),
            paragraph(DRAFT_NOTE, "summary"),
        ]
        story += [paragraph(line, "line") for line in lines]
        story.append(Spacer(1, 10))
        rule = verdict.rule
        if verdict.petitioner is Petitioner.ELECTORS and rule.min_signers is not None:
            rows = [["", "Printed name", "Residence address", "County", "Signature", "Date"]]
            rows += [
                [str(n), "", "", "", "", ""]
                for n in range(1, rule.min_signers.value + 1 + EXTRA_LINES)
            ]
            table = Table(
                rows,
                colWidths=[0.35 * inch, 1.5 * inch, 2.0 * inch, 0.9 * inch, 1.5 * inch, 0.7 * inch],
                rowHeights=[14] + [22] * (len(rows) - 1),
                repeatRows=1,
            )
            table.setStyle(
                TableStyle(
                    [
                        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8),
                        ("FONT", (0, 1), (-1, -1), "Helvetica", 8),
                        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
                        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                        *cell_fonts(rows, bold_rows={0}),
                    ]
                )
            )
            story.append(table)
        else:
            story += [
                paragraph(
                    "Signature: ______________________________   Date: ______________", "line"
                ),
                Spacer(1, 14),
                paragraph("Verification", "section"),
                paragraph(
                    "State of Montana, County of ______________. Signed and sworn to before me on "
                    "______________ by the petitioner named above.",
                    "line",
                ),
                paragraph("Notary public: ______________________________   (seal)", "line"),
            ]
        story += [
            Spacer(1, 8),
            paragraph(f"Drafted by recount, {provenance.produced_at:%b %d, %Y}.", "small"),
        ]
        return letter_pdf(story, "Petition for a recount (draft)", side_margin=0.7 * inch)
