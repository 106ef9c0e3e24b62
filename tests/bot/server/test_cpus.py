"""gunicorn's workers follow the CPUs this process may use, not the host's count."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.server.cpus import quota_cpus, usable_cpus


@pytest.mark.parametrize(
    ("cpu_max", "cpus"),
    [("max 100000", None), ("200000 100000", 2), ("150000 100000", 2), ("50000 100000", 1)],
)
def test_a_containers_quota(tmp_path: Path, cpu_max: str, cpus: int | None) -> None:
    (tmp_path / "cpu.max").write_text(cpu_max + "\n")
    assert quota_cpus(tmp_path / "cpu.max") == cpus


def test_no_quota_file_means_the_affinity(tmp_path: Path) -> None:
    assert quota_cpus(tmp_path / "missing") is None
    assert usable_cpus(tmp_path / "missing") >= 1


def test_a_quota_below_the_affinity_wins(tmp_path: Path) -> None:
    (tmp_path / "cpu.max").write_text("100000 100000\n")
    assert usable_cpus(tmp_path / "cpu.max") == 1
