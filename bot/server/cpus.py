"""How many CPUs this process may use: its affinity, and a container's CPU quota (cgroup v2
`cpu.max`, what `docker run --cpus 2` sets), never the host's count."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Final

CPU_MAX: Final = Path("/sys/fs/cgroup/cpu.max")


def quota_cpus(cpu_max: Path = CPU_MAX) -> int | None:
    """The cgroup's quota in whole CPUs (rounded up), or None where there is none."""
    try:
        quota, period = cpu_max.read_text().split()[:2]
    except (OSError, ValueError):
        return None
    if quota == "max":
        return None
    try:
        return max(1, math.ceil(int(quota) / int(period)))
    except (ValueError, ZeroDivisionError):
        return None


def usable_cpus(cpu_max: Path = CPU_MAX) -> int:
    try:
        allowed = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        allowed = os.cpu_count() or 1
    quota = quota_cpus(cpu_max)
    return max(1, min(allowed, quota) if quota is not None else allowed)
