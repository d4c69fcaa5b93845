"""``kill -9`` of ``colt serve`` leaves no process behind: after a game with bots (the bot
pool's workers), its updates built (a render worker) and a replay read, every process the
server started (its workers, multiprocessing's forkserver and resource tracker) has ended
within seconds of the server's death (``server/lifeline.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from .procs import ServeProcess

GONE_WITHIN = 15.0  # seconds after the kill


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state first), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def _descendants(root: int) -> set[tuple[int, str]]:
    """The processes under ``root``, each as (pid, start time): a pid used again by
    another process later is not taken for one of them."""
    children: dict[int, list[int]] = {}
    starts: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
            starts[int(entry.name)] = fields[19]
    found: set[tuple[int, str]] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add((child, starts[child]))
            todo.append(child)
    return found


def _alive(processes: set[tuple[int, str]]) -> list[str]:
    """Those still running (a zombie has ended), with their command lines."""
    out = []
    for pid, start in processes:
        fields = _stat(pid)
        if fields is not None and fields[19] == start and fields[0] != "Z":
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            out.append(f"{pid}: {command.decode(errors='replace')[:120]}")
    return out


async def _watch_to_the_end(ws_base: str, table: str) -> None:
    async with connect(f"{ws_base}/ws/{table}") as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if message.get("status") == "over":
                return


def test_kill_9_leaves_no_process_behind(tmp_path: Path) -> None:
    proc = ServeProcess(
        "--db", f"sqlite:///{tmp_path / 'c.db'}", "--bot-delay", "0", log=tmp_path / "log"
    )
    server = proc.start()
    children: set[tuple[int, str]] = set()
    try:
        assert proc.process is not None
        body: dict[str, Any] = {"players": 3, "bots": {str(s): "easy" for s in range(3)}}
        created = server.create(**body)
        server.start(created)
        asyncio.run(_watch_to_the_end(server.ws_base, created.table))
        with server.http() as http:  # a replay and a record are built too
            assert http.get(f"/api/tables/{created.table}/replay").status_code == 200
            assert http.get(f"/api/tables/{created.table}/replay/5").status_code == 200
            assert http.get(f"/api/tables/{created.table}/record").status_code == 200
        children = _descendants(proc.process.pid)
        assert len(children) >= 3, children  # workers, forkserver, resource tracker
        proc.kill9()
        deadline = time.monotonic() + GONE_WITHIN
        while _alive(children) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _alive(children), _alive(children)
    finally:
        proc.stop()
        for pid, start in children:  # none is left to the tests that follow
            fields = _stat(pid)
            if fields is not None and fields[19] == start:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
