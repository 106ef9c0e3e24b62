"""The page kit every paper is set with, and nothing of what a paper says: the fonts
(fonts.py), the type (styles.py), pages numbered within their packet (numbering.py) and the
Letter document (letter.py). The record, the petition and the recount kit (handlers.paper)
say what goes on the page."""
