"""Ctrl-C on ``colt serve``: after a game with bots (so that its bot and render workers
run), an interrupt sent to the whole process group, as a terminal sends it, stops the
server quietly: a short line, no traceback from the server or its workers, exit code 130
within a bound, and no process of the server left behind."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from .conftest import free_port

STOP_WITHIN = 30.0  # seconds


def _call(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def _session(sid: int) -> list[int]:
    """The processes still in session ``sid``."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[3]) == sid and fields[0] != "Z":
            pids.append(int(entry.name))
    return pids


async def _watch(base: str, table: str, moves: int) -> None:
    """Watch a table until ``moves`` moves were played (bots move while someone watches)."""
    async with connect(f"{base.replace('http', 'ws', 1)}/ws/{table}") as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message.get("version", 0) >= moves or message.get("status") == "over":
                return


def test_ctrl_c_stops_the_server_quietly(tmp_path: Path) -> None:
    port = free_port()
    colt = Path(sys.executable).with_name("colt")
    cmd = [str(colt), "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'c.db'}"]
    cmd += ["--bot-delay", "0"]
    out = (tmp_path / "out.log").open("w+")
    # a session of its own: the interrupt goes to the server and every worker, as Ctrl-C does
    server = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                _call(base, "/healthz")
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.1)
        bots = {str(s): "easy" for s in range(3)}
        made = _call(base, "/api/tables", {"players": 3, "bots": bots})
        _call(base, f"/api/tables/{made['table']}/start", {}, token=made["host_token"])
        asyncio.run(_watch(base, made["table"], 20))
        assert len(_session(server.pid)) > 2  # the server and its workers
        os.killpg(server.pid, signal.SIGINT)
        code = server.wait(STOP_WITHIN)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    out.seek(0)
    said = out.read()
    out.close()
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said
    first = said.splitlines()[0]  # the address and the database on one line, not cut
    assert first.startswith(f"Colt Express server on {base} (database sqlite:///"), said
    assert first.endswith("c.db)"), said
    assert said.rstrip().endswith("Server stopped."), said
    assert code == 130
    deadline = time.monotonic() + STOP_WITHIN
    while _session(server.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _session(server.pid), "workers left running"
