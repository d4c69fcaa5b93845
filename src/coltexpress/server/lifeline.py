"""Worker processes that end with the server, however it ends.

The server's workers (bot pool, render workers, replay builders) are forked by
multiprocessing's forkserver, not by the server, and a bot worker waits on a queue whose
writing end it holds itself: when the server was killed (``kill -9``, the OOM killer) it
waited forever, and with it the forkserver (which stays while any of its children hold its
"alive" pipe) and the resource tracker (which stays while any process holds its pipe, and
ignores SIGTERM), all three left under init. ``PR_SET_PDEATHSIG`` would tell a worker of
its parent's death, but a worker's parent is the forkserver, not the server.

So each worker follows the server's process itself: ``follow(pid)``, called as it starts,
opens a pidfd of the server (Linux 5.3; elsewhere it polls) and a daemon thread waits on it
and ends the worker the moment the server is gone. Once the workers are gone the forkserver
reads the end of its alive pipe and exits, and then the resource tracker reads the end of
its own. ``worker_pool`` makes a pool whose workers start so.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import select
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

__all__ = ["follow", "worker_pool"]

POLL = 0.5  # seconds between two checks where there are no pidfds
NICE = 5  # how much lower than the server its workers run


def worker_pool(workers: int, preload: list[str]) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes forked from a forkserver that has ``preload``
    imported, each ending with this process, however it ends (``follow``), and running
    ``NICE`` lower than it."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(preload)
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
    )


def _start_worker(server: int) -> None:
    follow(server)
    # Ctrl-C in a terminal reaches every process of the server: the server stops its
    # workers itself (its pools' ``close``), so a worker ignores it rather than dying with
    # a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(NICE)


def follow(pid: int) -> None:
    """End this process (``os._exit``) as soon as process ``pid`` has ended; returns at
    once (the waiting is a daemon thread's)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:  # already gone
        os._exit(1)
    except (AttributeError, OSError):  # no pidfds here: poll
        threading.Thread(target=_poll, args=(pid,), name="colt-lifeline", daemon=True).start()
        return
    threading.Thread(target=_wait, args=(fd,), name="colt-lifeline", daemon=True).start()


def _wait(fd: int) -> None:
    while True:
        with contextlib.suppress(InterruptedError):
            readable, _, _ = select.select([fd], [], [])
            if readable:  # a pidfd is readable once its process has ended
                os._exit(1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie (ended, not yet reaped) has ended too
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def _poll(pid: int) -> None:
    while _alive(pid):
        time.sleep(POLL)
    os._exit(1)
