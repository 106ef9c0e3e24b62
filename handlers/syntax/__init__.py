"""The quick syntax, Slack-free: the terminal and the Slack listeners both read text here."""

from handlers.syntax.dates import parse_date
from handlers.syntax.examples import (
    AMBIGUOUS_SUMMARY,
    COMMAND,
    EXAMPLES,
    GENERAL_EXAMPLE,
    ITEMS_SUMMARY,
    example_for,
)
from handlers.syntax.grammar import (
    MAX_TEXT_LENGTH,
    FormRequest,
    HelpRequest,
    ParsedCommand,
    QuickSyntaxError,
    parse,
)
from handlers.syntax.items import read_candidate_line
from handlers.syntax.numbers import parse_number
from handlers.syntax.render import quick_syntax
from handlers.syntax.tokens import KEYWORDS

__all__ = [
    "AMBIGUOUS_SUMMARY",
    "COMMAND",
    "EXAMPLES",
    "GENERAL_EXAMPLE",
    "ITEMS_SUMMARY",
    "KEYWORDS",
    "MAX_TEXT_LENGTH",
    "FormRequest",
    "HelpRequest",
    "ParsedCommand",
    "QuickSyntaxError",
    "example_for",
    "parse",
    "parse_date",
    "parse_number",
    "quick_syntax",
    "read_candidate_line",
]
