"""The address a client's limits are counted by: X-Forwarded-For only from the proxies
named by ``colt serve --trusted-proxies``, a real ``colt serve`` on 127.0.0.1."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx

from .procs import ServeProcess

BODY = {"players": 3, "bots": {"1": "easy", "2": "easy"}}


def _create(base: str, forwarded: str) -> int:
    answer = httpx.post(
        f"{base}/api/tables", json=BODY, headers={"X-Forwarded-For": forwarded}, timeout=30
    )
    return answer.status_code


def test_a_forged_forwarded_address_does_not_get_past_the_creation_limit(
    tmp_path: Path,
) -> None:
    proc = ServeProcess(
        "--db", f"sqlite:///{tmp_path / 'colt.db'}", "--create-limit", "2",
        log=tmp_path / "serve.log",
    )
    server = proc.start()
    try:
        # every request from 127.0.0.1 claims another address: all are 127.0.0.1's
        codes = [_create(server.base, f"203.0.113.{n}") for n in range(1, 4)]
        assert codes == [201, 201, 429]
    finally:
        proc.stop()


def test_a_trusted_proxys_forwarded_address_is_the_clients(tmp_path: Path) -> None:
    proc = ServeProcess(
        "--db", f"sqlite:///{tmp_path / 'colt.db'}", "--create-limit", "2",
        "--trusted-proxies", "127.0.0.1,10.0.0.0/8",
        log=tmp_path / "serve.log",
    )
    server = proc.start()
    try:
        # the proxy (127.0.0.1) forwards three clients: each has its own count
        assert [_create(server.base, f"203.0.113.{n}") for n in range(1, 4)] == [201] * 3
        # one client through the proxy: its own limit
        assert [_create(server.base, "198.51.100.7") for _ in range(3)] == [201, 201, 429]
        # what a client put before the proxy's own entry is not believed: the address the
        # proxy saw (the last untrusted one) counts
        assert _create(server.base, "198.51.100.99, 198.51.100.7") == 429
    finally:
        proc.stop()


def test_trusted_proxies_must_be_addresses_or_networks() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from coltexpress.cli import main; main()", "serve",
         "--trusted-proxies", "10.0.0.1,proxy.example"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert "'proxy.example' is not an address or a network" in done.stdout + done.stderr
