"""Wiring: settings, the Bolt app, run modes and the command line."""
