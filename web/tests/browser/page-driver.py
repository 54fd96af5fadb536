#!/usr/bin/env python3
"""Drives one page of the web client for a test or a benchmark written in another language: it
opens URL in headless Chromium, then answers one JSON command per line on stdin with one JSON
line on stdout until stdin ends:

    {"evaluate": EXPRESSION}                  → {"value": …}
    {"waitFor": EXPRESSION, "timeout": S}     → {"value": …} once it is truthy, or {"error": …}
    {"click": [X, Y]}  {"drag": [[X, Y], [X2, Y2]]}  {"screenshot": PATH}   → {"value": null}

Any failure is {"error": SENTENCE}; the browser closes when stdin does."""
import json
import sys

from cdp import Browser


def main():
    browser = Browser()
    try:
        page = browser.open(sys.argv[1])
        print(json.dumps({"value": "ready"}), flush=True)
        for line in sys.stdin:
            command = json.loads(line)
            try:
                if "evaluate" in command:
                    answer = {"value": page.evaluate(command["evaluate"])}
                elif "waitFor" in command:
                    answer = {"value": page.wait_for(command["waitFor"], timeout=command.get("timeout", 20))}
                elif "click" in command:
                    page.click(*command["click"])
                    answer = {"value": None}
                elif "drag" in command:
                    page.drag(*command["drag"])
                    answer = {"value": None}
                elif "screenshot" in command:
                    page.screenshot(command["screenshot"])
                    answer = {"value": None}
                else:
                    answer = {"error": f"unknown command {sorted(command)}"}
            except (RuntimeError, TimeoutError, ConnectionError, OSError) as error:
                answer = {"error": str(error)}
            print(json.dumps(answer), flush=True)
    finally:
        browser.close()


if __name__ == "__main__":
    main()
