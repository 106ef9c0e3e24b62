"""Watching the count (shared/spec/watch.md): sources read round after round, each reading
compared with the last, the changes stored and told. Slack-free: the listeners are in
handlers.slack.watch.watching, the command in handlers.terminal.watch."""
