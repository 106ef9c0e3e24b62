"""Exit statuses of the `recount` command."""

EXIT_OK = 0  # a verdict, help, or a server that stopped cleanly
EXIT_INTERNAL = 1  # a fault of ours; the user sees one line, never a traceback
EXIT_USAGE = 2  # bad input, bad options or missing settings: the message says what to fix
