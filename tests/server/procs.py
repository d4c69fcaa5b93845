"""``colt serve`` as a real subprocess."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .client import Server
from .conftest import free_port


class ServeProcess:
    def __init__(self, *args: str, log: Path) -> None:
        self.port = free_port()
        self.args = args
        self.log_path = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        command = [
            sys.executable,
            "-c",
            "from coltexpress.cli import main; main()",
            "serve",
            "--port",
            str(self.port),
            "--chosen-seeds",  # the tests replay known deals (see conftest.make_server)
            "any",
            *self.args,
        ]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    return Server(base)
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"colt serve did not start: {self.log_path.read_text()}")
            time.sleep(0.1)

    def kill9(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
