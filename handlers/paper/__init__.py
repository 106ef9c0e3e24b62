"""The papers as PDFs (the record, a petition draft, the recount kit), made from the same fields
as every other surface; page/ is the page kit they are set with."""

from reportlab import rl_config

# Page streams stored compressed, not also spelled out in ASCII85 (reportlab's default, for
# 7-bit mail): the bond-band record 3.7 KB, not 4.3, and the 357-precinct kit about a tenth
# faster (688 to 605 ms), the same pages. Every PDF of this process is ours.
rl_config.useA85 = 0
