"""Remind this channel: a verdict's Remind button schedules two reminders of the day to act in
its thread (remind_clicked), and their Cancel button deletes them (cancel_clicked); both
redraw the clicker's Home tab. reminding holds the schedule and its messages.
"""
