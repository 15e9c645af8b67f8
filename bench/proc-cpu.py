#!/usr/bin/env python3
"""CPU seconds (user + sys) a process has used so far, from /proc: one figure per argument, space separated.

An argument PID is that process alone (its threads included); tree:PID adds the children it has reaped and its live
children, as a PostgreSQL server's postmaster and its backends. A process that is gone counts 0.

    bench/proc-cpu.py 1234 tree:5678      -> "12.34 56.78"
"""
import os
import sys


def stat(pid):
    try:
        text = open(f"/proc/{pid}/stat").read()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def ticks(pid, reaped=False):
    fields = stat(pid)
    if fields is None:
        return 0
    return int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if reaped else 0)


def seconds(argument):
    if not argument.startswith("tree:"):
        return ticks(int(argument)) / 100
    parent = argument[len("tree:"):]
    children = (p for p in os.listdir("/proc") if p.isdigit() and (stat(p) or [0, ""])[1] == parent)
    return (ticks(int(parent), reaped=True) + sum(ticks(p) for p in children)) / 100


print(" ".join(str(seconds(argument)) for argument in sys.argv[1:]))
