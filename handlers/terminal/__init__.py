"""The command line's surface: what `recount check`, `petition`, `kit`, `scan`, `watch` and
`console` print and the exit status each returns. Slack-free, and adapter-free: bot/cli.py
reads the options (argparse) and hands these modules plain values, the clock, and the watch's
database and fetcher as the ports of handlers.watch.ports."""
