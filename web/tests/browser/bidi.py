"""Debian's Firefox ESR, headless, driven over WebDriver BiDi (Firefox speaks no DevTools
protocol): enough to open the web client, evaluate JavaScript in it and send pointer input, so
the same page is tested in the second engine SPEC C11 names."""
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

from cdp import Conversation


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Firefox(Conversation):
    def __init__(self, width=1000, height=700):
        executable = shutil.which("firefox-esr") or shutil.which("firefox")
        if executable is None:
            raise FileNotFoundError("firefox is not installed (apt-get install firefox-esr)")
        self.profile = tempfile.mkdtemp(prefix="emojiart-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as prefs:
            prefs.write('user_pref("browser.shell.checkDefaultBrowser", false);\n'
                        'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n')
        self.errors = tempfile.TemporaryFile()
        port = free_port()
        self.process = subprocess.Popen(
            [executable, "--headless", f"--width={width}", f"--height={height}", "--no-remote", "--profile", self.profile,
             f"--remote-debugging-port={port}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=self.errors, env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"))
        deadline = time.monotonic() + 60
        while True:
            self.errors.seek(0)
            if re.search(rb"WebDriver BiDi listening on ws://", self.errors.read()):
                break
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.errors.seek(0)
                raise RuntimeError("firefox did not start: " + self.errors.read().decode(errors="replace")[-2000:])
            time.sleep(0.1)
        super().__init__(f"ws://127.0.0.1:{port}/session", "Firefox")
        self.call("session.new", capabilities={})
        self.context = self.call("browsingContext.getTree")["contexts"][0]["context"]

    def navigate(self, url):
        self.call("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def evaluate(self, expression):
        """The JSON value of a JavaScript expression (awaited when it is a promise)."""
        result = self.call("script.evaluate", expression=f"Promise.resolve({expression}).then((value) => JSON.stringify(value ?? null))",
                           target={"context": self.context}, awaitPromise=True)
        if result.get("type") != "success":
            raise RuntimeError(f"{expression}: {result.get('exceptionDetails', {}).get('text')}")
        return json.loads(result["result"]["value"])

    def pointer(self, steps):
        """Mouse actions: ("move", x, y), ("down",), ("up",), in CSS pixels of the viewport."""
        actions = []
        for step in steps:
            if step[0] == "move":
                actions.append({"type": "pointerMove", "x": int(step[1]), "y": int(step[2]), "duration": 20})
            else:
                actions.append({"type": "pointerDown" if step[0] == "down" else "pointerUp", "button": 0})
        self.call("input.performActions", context=self.context,
                  actions=[{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}])

    def close(self):
        try:
            self.call("session.end", timeout=5)
        except (RuntimeError, TimeoutError, ConnectionError, OSError):
            pass
        self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.errors.close()
        shutil.rmtree(self.profile, ignore_errors=True)
