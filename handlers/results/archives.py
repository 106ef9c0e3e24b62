"""A .zip of results files (the 56 county workbooks in one file, as Slack takes at most 10
files a message): its members are scanned as a folder's files are. Limits keep a hostile or
broken archive from filling memory; each is said in plain words."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Final, NamedTuple

from handlers.results.tables import MAX_BYTES, RESULTS_SUFFIXES, ResultsFileError, over_the_limit

MAX_MEMBERS: Final = 200  # 56 county workbooks, with room for precinct files
MAX_TOTAL_BYTES: Final = 300 * 1024 * 1024
_ENCRYPTED: Final = 0x1  # a member's general purpose flag bit 0 (the zip format's APPNOTE)


def is_archive(name: str) -> bool:
    # By name only: an .xlsx is itself a zip, and must be read as a workbook.
    return name.lower().endswith(".zip")


class Unpacked(NamedTuple):
    files: list[tuple[str, bytes]]  # the files, each .zip replaced by its results members
    members: set[str]  # the members' names: one that holds no results is skipped, not fatal
    skipped: list[str]  # members left out by their name, one line each (scan.md: "Skipped")


def unpack(named_files: Sequence[tuple[str, bytes]]) -> Unpacked:
    """The files with every .zip replaced by its members (folders inside flattened, hidden
    entries left out): like a folder's files, a member that holds no results is skipped, not
    fatal. A member that is not a results file by its name (a .docx, a zip in the zip, the
    Mac's __MACOSX folder) is never unpacked: it is listed as skipped."""
    out: list[tuple[str, bytes]] = []
    members: set[str] = set()
    skipped: list[str] = []
    for name, data in named_files:
        if not is_archive(name):
            out.append((name, data))
            continue
        for member, content in _members(name, data, skipped):
            out.append((member, content))
            members.add(member)
    return Unpacked(out, members, skipped)


def _skipped_by_name(path: PurePosixPath) -> str | None:
    """Why a member is not read, from its name; None for a results file."""
    if path.suffix.lower() in RESULTS_SUFFIXES:
        return None
    if path.suffix.lower() == ".zip":
        return f"{path.name} (a zip inside the zip: unzip it and give its files)"
    return f"{path.name} (not a .xlsx, .csv or .json file)"


def _members(name: str, data: bytes, skipped: list[str]) -> list[tuple[str, bytes]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError) as error:
        raise ResultsFileError(f"{name}: not a zip file that can be opened ({error})") from None
    with archive:
        listed = [i for i in archive.infolist() if not i.is_dir()]
        if any(PurePosixPath(i.filename).parts[0] == "__MACOSX" for i in listed):
            skipped.append("__MACOSX/ (the Mac's own copies of each file's details)")
        # hidden, the Mac's, an Excel lock file: never a clerk's file
        shown = [
            i
            for i in listed
            if not any(
                p.startswith((".", "__MACOSX", "~$")) for p in PurePosixPath(i.filename).parts
            )
        ]
        if len(shown) > MAX_MEMBERS:
            raise ResultsFileError(
                f"{name}: {len(shown)} files in the zip; a scan takes {MAX_MEMBERS} at the most"
            )
        entries = []
        for i in shown:
            path = PurePosixPath(i.filename)
            why = _skipped_by_name(path)
            if why is None:
                entries.append(i)
            else:
                skipped.append(why)
        if not entries:
            raise ResultsFileError(
                f"{name}: the zip file holds no .xlsx, .csv or .json file"
                + (f" (only {', '.join(s.split(' (')[0] for s in skipped[:5])})" if skipped else "")
            )
        if sum(i.file_size for i in entries) > MAX_TOTAL_BYTES:
            raise ResultsFileError(f"{name}: the zip unpacks to more than 300 MB")
        found: list[tuple[str, bytes]] = []
        seen: set[str] = set()
        for info in entries:
            member = PurePosixPath(info.filename).name
            if info.file_size > MAX_BYTES:
                raise ResultsFileError(f"{name}: {over_the_limit(member, info.file_size)}")
            if member in seen:
                raise ResultsFileError(
                    f"{name}: two files named {member} in the zip; give each file once"
                )
            seen.add(member)
            if info.flag_bits & _ENCRYPTED:
                raise ResultsFileError(
                    f"{name}: {member} is password-protected in the zip; make the zip again "
                    "without a password, or give the file itself"
                )
            try:
                content = archive.read(info)
            except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError):
                raise ResultsFileError(
                    f"{name}: {member} cannot be unpacked (the zip is damaged or uses a kind "
                    "of compression it cannot read); make the zip again, or give the file itself"
                ) from None
            if len(content) > MAX_BYTES:  # the header said less than it holds
                raise ResultsFileError(f"{name}: {over_the_limit(member, len(content))}")
            found.append((member, content))
        return found
