#!/usr/bin/python3
"""A person at a terminal, for the tests: runs a program on a real pseudo-terminal (pexpect), waits for each prompt
of a dialogue and types its answer, then waits for the program to end.

    terminal_session.py --dialogue FILE --transcript FILE -- PROGRAM [ARGUMENT ...]

The dialogue is a JSON list of {"expect": REGEX, "send": TEXT}; "send" may be left out (only wait), and "secret":
true marks a password, which the terminal must not echo back: the session fails if it shows up in the transcript.
The transcript is everything the terminal showed; it is written completely before this program exits. The exit
status is the program's, or 90 when a prompt did not come (the transcript then ends where it waited).
"""
import argparse
import json
import sys

import pexpect


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dialogue", required=True)
    parser.add_argument("--transcript", required=True)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    with open(options.dialogue, encoding="utf-8") as file:
        dialogue = json.load(file)

    child = pexpect.spawn(command[0], command[1:], encoding="utf-8", timeout=options.timeout, dimensions=(40, 200))
    shown = []
    status = 0
    secrets = []
    try:
        for step in dialogue:
            try:
                child.expect(step["expect"])
            except (pexpect.TIMEOUT, pexpect.EOF) as error:
                shown.append(child.before or "")
                shown.append("\n[terminal_session: waited in vain for %r: %s]\n" % (step["expect"], type(error).__name__))
                status = 90
                break
            shown.append(child.before + child.after)
            if "send" in step:
                if step.get("secret"):
                    secrets.append(step["send"])
                child.sendline(step["send"])
        if status == 0:
            child.expect(pexpect.EOF)
            shown.append(child.before)
            child.close()
            status = child.exitstatus if child.exitstatus is not None else 128 + (child.signalstatus or 0)
    finally:
        if child.isalive():
            child.terminate(force=True)
        text = "".join(shown)
        if any(secret in text for secret in secrets):
            text += "\n[terminal_session: a secret was echoed]\n"
            status = 91
        with open(options.transcript, "w", encoding="utf-8") as file:
            file.write(text)
    sys.exit(status)


if __name__ == "__main__":
    main()
