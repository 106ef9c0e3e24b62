"""Montana's 56 counties, by name: how results files and titles name them."""

from __future__ import annotations

from difflib import get_close_matches
from typing import Final
from zoneinfo import ZoneInfo

# Every county of Montana keeps Mountain Time: "today" at the edges is today here.
TIME_ZONE: Final = ZoneInfo("America/Denver")

COUNTY_NAMES: Final = (
    "Beaverhead", "Big Horn", "Blaine", "Broadwater", "Carbon", "Carter", "Cascade",
    "Chouteau", "Custer", "Daniels", "Dawson", "Deer Lodge", "Fallon", "Fergus", "Flathead",
    "Gallatin", "Garfield", "Glacier", "Golden Valley", "Granite", "Hill", "Jefferson",
    "Judith Basin", "Lake", "Lewis and Clark", "Liberty", "Lincoln", "Madison", "McCone",
    "Meagher", "Mineral", "Missoula", "Musselshell", "Park", "Petroleum", "Phillips",
    "Pondera", "Powder River", "Powell", "Prairie", "Ravalli", "Richland", "Roosevelt",
    "Rosebud", "Sanders", "Sheridan", "Silver Bow", "Stillwater", "Sweet Grass", "Teton",
    "Toole", "Treasure", "Valley", "Wheatland", "Wibaux", "Yellowstone",
)  # fmt: skip


_BY_FOLDED: Final = {name.casefold(): name for name in COUNTY_NAMES}


def montana_county(words: str) -> str | None:
    """One of the 56 counties as written ("gallatin", "Gallatin County"), in its own spelling;
    None for anything else (never the nearest name: a typo is not a county)."""
    county = " ".join(words.split())
    if county.casefold().endswith(" county"):
        county = county[: -len(" county")].strip()
    return _BY_FOLDED.get(county.casefold())


def counties_like(words: str) -> list[str]:
    """The counties a mistyped name may have meant ("galatin": Gallatin), for an error's hint
    only: the clerk is asked, never answered with one."""
    folded = " ".join(words.split()).casefold().removesuffix(" county")
    found = get_close_matches(folded, list(_BY_FOLDED), n=3, cutoff=0.75)
    return [_BY_FOLDED[name] for name in found]
