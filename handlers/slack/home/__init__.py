"""The Home tab: published afresh when opened (opened) and after a reminder is scheduled or
cancelled (home.refresh_home: reminders from Slack, watches from the database), its New check
button opening the form for the user's DM (new_check). Blocks: view.
"""
