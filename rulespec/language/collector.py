"""The cyclic garbage collector, paused while a stage of the compiler runs.

Parsing, checking and generating make many small objects that live until the stage ends (the parse
tree, the AST, the checked model) and few reference cycles. With the collector running, each batch of
700 new objects set off a collection that walked all of them again, and the ones that lived on were
walked again in the older generations: about a sixth of a warm pass over the bundled games (see
benchmarks/bench_compile.py). Paused, they are freed by reference counting as usual; the few cycles
(bound methods kept by the object they are bound to, closures of the checker's deferred checks) are
collected by the first collection after the stage.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """Run the body with the cyclic collector off, then put it back as it was (on, unless the caller
    had turned it off itself)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
