"""Watching results URLs in Slack (watch.md section 5): `/recount watch URL...`, `watch list`,
`watch stop` (command), a watch's Stop button (stop_clicked), and the rounds the poller runs,
each posting its changes in the channel (watching). Blocks: messages (the watch's root
message, its changes, a source's line).
"""
