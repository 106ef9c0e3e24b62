"""The guided form (a modal): choose the kind, then fill in only that kind's fields.

Pure builders: `form_view(...)` returns the view as a dict validated by slack_sdk.models.
Block ids are the domain's field names, so an `InputError`'s problems land on their fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Final

from slack_sdk.models.blocks import (
    Block,
    ContextBlock,
    DatePickerElement,
    InputBlock,
    MarkdownTextObject,
    Option,
    OptionGroup,
    PlainTextInputElement,
    StaticSelectElement,
)
from slack_sdk.models.views import View

from domain import KINDS, ContestKind, Family, Subsection, takes_counties
from domain.related import official_canvass_note

FORM_CALLBACK_ID: Final = "recount_form"
KIND_ACTION_ID: Final = "kind_select"
KIND_BLOCK: Final = "kind"
TITLE: Final = "Recount check"  # Slack allows 24 characters

# (label, subsections) of the option groups, in the order a clerk thinks of them
_GROUPS: Final = (
    ("Candidate races in one county", (Subsection.ONE_COUNTY_OFFICE,)),
    ("Races in more than one county", (Subsection.MULTI_COUNTY_OFFICE,)),
    (
        "Ballot questions",
        (Subsection.LOCAL_QUESTION, Subsection.STATE_QUESTION, Subsection.MULTICOUNTY_QUESTION),
    ),
    ("Canvass board", (Subsection.CANVASS_ERROR,)),
)
OPTION_LABEL_LIMIT: Final = 75


def _option(kind: ContestKind) -> Option:
    info = KINDS[kind]
    label = f"{info.label[0].upper()}{info.label[1:]}"
    return Option(value=kind.value, label=label[:OPTION_LABEL_LIMIT])


def kind_options() -> list[OptionGroup]:
    return [
        OptionGroup(
            label=label,
            options=[_option(k) for k, info in KINDS.items() if info.subsection in subsections],
        )
        for label, subsections in _GROUPS
    ]


def _text_input(
    block_id: str,
    label: str,
    *,
    hint: str | None = None,
    optional: bool = True,
    multiline: bool = False,
    initial: str | None = None,
    placeholder: str | None = None,
) -> InputBlock:
    return InputBlock(
        block_id=block_id,
        label=label,
        hint=hint,
        optional=optional,
        element=PlainTextInputElement(
            action_id="value",
            multiline=multiline,
            initial_value=initial or None,
            placeholder=placeholder,
            max_length=3000,
        ),
    )


def form_view(
    metadata: str,
    kind: ContestKind | None = None,
    values: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The form for `kind` (or just the kind chooser), prefilled with `values` (text by field)."""
    values = values or {}
    blocks: list[Block] = [
        InputBlock(
            block_id=KIND_BLOCK,
            label="Kind of contest",
            dispatch_action=True,  # choosing a kind redraws the form with its fields
            element=StaticSelectElement(
                action_id=KIND_ACTION_ID,
                placeholder="Choose the kind of contest",
                option_groups=kind_options(),
                initial_option=_option(kind) if kind else None,
            ),
        )
    ]
    family = KINDS[kind].family if kind else None
    if family is Family.CANDIDATE_RACE:
        blocks += [
            _text_input(
                "candidates",
                "Candidates and votes",
                hint="One per line, like  Smith: 1204",
                optional=False,
                multiline=True,
                initial=values.get("candidates"),
                placeholder="Smith: 1204\nJones: 1199",
            ),
            _text_input("seats", "Seats to fill", initial=values.get("seats") or "1"),
            _text_input(
                "total",
                "Total votes cast for the position (optional)",
                hint="Only if more than the votes listed, e.g. write-ins",
                initial=values.get("total"),
            ),
            _text_input(
                "candidate",
                "Candidate to check (optional)",
                hint="A defeated candidate; if blank, the best-placed one who did not win",
                initial=values.get("candidate"),
            ),
        ]
    elif family is Family.BALLOT_QUESTION:
        blocks += [
            _text_input("votes_for", "Votes for", optional=False, initial=values.get("votes_for")),
            _text_input(
                "votes_against",
                "Votes against",
                optional=False,
                initial=values.get("votes_against"),
            ),
            _text_input(
                "signers",
                "Electors who signed the petition (optional)",
                initial=values.get("signers"),
            ),
        ]
        if kind is not None and takes_counties(kind):
            blocks.append(
                _text_input(
                    "counties",
                    "Counties the signers represent (optional)",
                    initial=values.get("counties"),
                )
            )
    if kind is not None:
        canvass = values.get("canvass")
        blocks.append(
            InputBlock(
                block_id="canvass",
                label="Date of the official canvass",
                hint=official_canvass_note(KINDS[kind].subsection),
                optional=True,
                element=DatePickerElement(action_id="value", initial_date=canvass or None),
            )
        )
    else:
        blocks.append(
            ContextBlock(
                elements=[MarkdownTextObject(text="Choose the kind of contest to see its fields.")]
            )
        )
    view = View(
        type="modal",
        callback_id=FORM_CALLBACK_ID,
        title=TITLE,
        submit="Check",  # Slack requires a submit button on any modal with input blocks
        close="Cancel",
        private_metadata=metadata,
        blocks=blocks,
    )
    return view.to_dict()


def prefill_values(fields: Mapping[str, Any]) -> dict[str, str]:
    """A check's fields as the form's text values (for the what-if button)."""
    out: dict[str, str] = {}
    for name, value in fields.items():
        if value is None:
            continue
        if name == "candidates":
            out[name] = "\n".join(f"{c['name']}: {c['votes']}" for c in value)
        elif isinstance(value, date):
            out[name] = value.isoformat()
        else:
            out[name] = str(value)
    return out
