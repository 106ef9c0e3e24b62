"""Checking one race in Slack: `/recount` (a quick check answered in the channel, help, or the
form), the form and its kind select, the "Check recount" message shortcut, and a verdict's
buttons (Adjust & re-check, Show the work, Print record, Petition draft).

Listeners, one a file: command, form_submitted, kind_chosen, shortcut, whatif, show_work,
print_record. Blocks: verdict (the verdict message), form (the form view), help, work (the
working's modal); form_state reads a submitted form. A verdict's Remind button is the remind
feature's; `/recount watch ...` is handed to the watch feature (watch/command.py).
"""
