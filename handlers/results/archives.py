"""A .zip of results files (the 56 county workbooks in one file, as Slack takes at most 10
files a message): its members are scanned as a folder's files are. Limits keep a hostile or
broken archive from filling memory; each is said in plain words."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Final

from handlers.results.tables import MAX_BYTES, ResultsFileError, over_the_limit

MAX_MEMBERS: Final = 200  # 56 county workbooks, with room for precinct files
MAX_TOTAL_BYTES: Final = 300 * 1024 * 1024


def is_archive(name: str) -> bool:
    # By name only: an .xlsx is itself a zip, and must be read as a workbook.
    return name.lower().endswith(".zip")


def unpack(named_files: Sequence[tuple[str, bytes]]) -> tuple[list[tuple[str, bytes]], set[str]]:
    """The files with every .zip replaced by its members (folders inside flattened, hidden and
    system entries left out), and the members' names: like a folder's files, a member that
    holds no results is skipped, not fatal."""
    out: list[tuple[str, bytes]] = []
    members: set[str] = set()
    for name, data in named_files:
        if not is_archive(name):
            out.append((name, data))
            continue
        for member, content in _members(name, data):
            out.append((member, content))
            members.add(member)
    return out, members


def _members(name: str, data: bytes) -> list[tuple[str, bytes]]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError) as error:
        raise ResultsFileError(f"{name}: not a zip file that can be opened ({error})") from None
    with archive:
        entries = [
            i
            for i in archive.infolist()
            if not i.is_dir()
            and not any(p.startswith((".", "__MACOSX")) for p in PurePosixPath(i.filename).parts)
        ]
        if not entries:
            raise ResultsFileError(f"{name}: the zip file holds no files")
        if len(entries) > MAX_MEMBERS:
            raise ResultsFileError(
                f"{name}: {len(entries)} files in the zip; a scan takes {MAX_MEMBERS} at the most"
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
            try:
                content = archive.read(info)
            except (zipfile.BadZipFile, NotImplementedError, RuntimeError) as error:
                raise ResultsFileError(f"{name}: {member} cannot be unpacked ({error})") from None
            if len(content) > MAX_BYTES:  # the header said less than it holds
                raise ResultsFileError(f"{name}: {over_the_limit(member, len(content))}")
            found.append((member, content))
        return found
