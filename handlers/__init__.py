"""Slack-facing code: the quick-syntax parser (shared with the terminal), listeners, views."""
