"""Between the law and the wiring: the surfaces and the services, each in a room named for it.

syntax/ the one grammar (checks, scans, watches, durations); results/ the scan of results
files and its facts, the renderers apart; watch/ the watch service behind its ports; paper/
the printed record, petition and kit, on a page kit of their own. Above them the surfaces:
slack/ (the only room that imports Slack) and terminal/ (the command line's commands).
Nothing here reads the environment, a database or the network (bot/ does).
"""
