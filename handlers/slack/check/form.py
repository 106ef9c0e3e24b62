"""The guided form (a modal): choose the kind, then fill in only that kind's fields.

Pure builders: `form_view(...)` returns the view as a dict validated by slack_sdk.models.
Each input comes from the field's declaration in the domain (label, help, optional or not,
default): its block id is the field's key, so an `InputError`'s problems land on their fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Final

from slack_sdk.models.blocks import (
    Block,
    CheckboxesElement,
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

from domain import FIELDS, KINDS, ContestKind, InputField, Subsection, ValueType, fields_for
from domain.citations import FIRST_YEAR, LAST_YEAR
from domain.inputs import KIND_TERM
from domain.related import COUNTY_CANVASS_HINT
from domain.routes import official_canvass_note
from handlers.slack.text import BUTTON_TEXT_LIMIT, clip, escape_mrkdwn

FORM_CALLBACK_ID: Final = "recount_form"
KIND_ACTION_ID: Final = "kind_select"
KIND_BLOCK: Final = "kind"
VALUE_ACTION_ID: Final = "value"  # every field's element: state.values[key]["value"]
TITLE: Final = "Recount check"  # Slack allows 24 characters
CANDIDATES_PLACEHOLDER: Final = "Smith: 1204\nJones: 1199"
TEXT_LIMIT: Final = 3000

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


def _option(kind: ContestKind) -> Option:
    return Option(value=kind.value, label=clip(KINDS[kind].choice, BUTTON_TEXT_LIMIT))


def kind_options() -> list[OptionGroup]:
    return [
        OptionGroup(
            label=label,
            options=[_option(k) for k, info in KINDS.items() if info.subsection in subsections],
        )
        for label, subsections in _GROUPS
    ]


def _date_hint(field: InputField, kind: ContestKind) -> str | None:
    """Which canvass a date is, for this kind: where the window runs from the state canvass,
    the county canvass says so, and the state canvass says why it opens the window."""
    info = KINDS[kind]
    if field.key == "canvass" and info.counts_from_state_canvass:
        return COUNTY_CANVASS_HINT
    if field.key == "canvass" or field.key == "state_canvass":
        return official_canvass_note(info) or field.term.help
    return field.term.help


def _field_block(field: InputField, kind: ContestKind, initial: str | None) -> InputBlock:
    term = field.term
    if field.value_type is ValueType.DATE:
        return InputBlock(
            block_id=field.key,
            label=term.label,
            hint=_date_hint(field, kind),
            optional=not field.required,
            element=DatePickerElement(
                action_id=VALUE_ACTION_ID, initial_date=_picker_date(initial)
            ),
        )
    if field.value_type is ValueType.FLAG:
        option = Option(value="true", label=term.label, description=term.help)
        return InputBlock(
            block_id=field.key,
            label=term.label,
            optional=True,
            element=CheckboxesElement(
                action_id=VALUE_ACTION_ID,
                options=[option],
                initial_options=[option] if initial == "true" else None,
            ),
        )
    many = field.value_type is ValueType.CANDIDATES  # one candidate per line
    default = None if field.default is None else str(field.default)
    return InputBlock(
        block_id=field.key,
        label=term.label,
        hint=term.help,
        optional=not field.required,
        element=PlainTextInputElement(
            action_id=VALUE_ACTION_ID,
            multiline=many,
            initial_value=(initial if initial and len(initial) <= TEXT_LIMIT else None) or default,
            placeholder=CANDIDATES_PLACEHOLDER if many else None,
            max_length=TEXT_LIMIT,
        ),
    )


def _picker_date(value: str | None) -> str | None:
    """A date the picker can show: ISO and within the years a check takes; else none."""
    if value is None:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        return None
    return value if FIRST_YEAR.value <= day.year <= LAST_YEAR.value else None


def form_view(
    metadata: str,
    kind: ContestKind | None = None,
    values: Mapping[str, str] | None = None,
    note: str | None = None,
) -> dict[str, Any]:
    """The form for `kind` (or just the kind chooser), prefilled with `values` (text by field);
    `note` (plain text, e.g. "Read as: ...") is shown above the fields."""
    values = values or {}
    blocks: list[Block] = []
    if note:
        blocks.append(
            ContextBlock(elements=[MarkdownTextObject(text=clip(escape_mrkdwn(note), TEXT_LIMIT))])
        )
    blocks += [
        InputBlock(
            block_id=KIND_BLOCK,
            label=KIND_TERM.label,
            dispatch_action=True,  # choosing a kind redraws the form with its fields
            element=StaticSelectElement(
                action_id=KIND_ACTION_ID,
                placeholder=f"Choose the {KIND_TERM.name}",
                option_groups=kind_options(),
                initial_option=_option(kind) if kind else None,
            ),
        )
    ]
    if kind is not None:
        blocks += [_field_block(f, kind, values.get(f.key)) for f in fields_for(kind)]
    else:
        blocks.append(
            ContextBlock(
                elements=[
                    MarkdownTextObject(text=f"Choose the {KIND_TERM.name} to see its fields.")
                ]
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
    """A check's saved fields as the form's text values (for the what-if button)."""
    out: dict[str, str] = {}
    for key, value in fields.items():
        if value is None:
            continue
        declared = FIELDS.get(key)
        if declared is not None and declared.value_type is ValueType.CANDIDATES:
            if isinstance(value, list):
                out[key] = "\n".join(
                    f"{c.get('name')}: {c.get('votes')}" for c in value if isinstance(c, dict)
                )
        elif isinstance(value, date):
            out[key] = value.isoformat()
        elif isinstance(value, bool):
            if value:
                out[key] = "true"  # a flag left off is not a value
        else:
            out[key] = str(value)
    return out
