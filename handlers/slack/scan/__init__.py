"""Scanning results files in Slack: a file dropped in a DM with the bot, the "Scan for
recounts" shortcut and its form, and the summary's buttons (Primary or General when the file
does not say, a contest's Check, its Recount kit).

Listeners, one a file: file_in_dm, shortcut, form_submitted, election_chosen, check_clicked,
recount_kit. The job they share: scanning (download, scan, post; a DM's scans remembered).
Blocks: summary (the scan's summary and questions), form (the scan form). A listed
contest's Show the work is the check feature's (check/show_work.py).
"""
