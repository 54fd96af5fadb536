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
import threading
import time

from cdp import WebSocket


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Firefox:
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
        self.socket = WebSocket(f"ws://127.0.0.1:{port}/session")
        self.next_id = 0
        self.answers = {}
        self.condition = threading.Condition()
        threading.Thread(target=self._pump, daemon=True).start()
        self.call("session.new", capabilities={})
        self.context = self.call("browsingContext.getTree")["contexts"][0]["context"]

    def _pump(self):
        try:
            while True:
                message = json.loads(self.socket.receive())
                if "id" in message:
                    with self.condition:
                        self.answers[message["id"]] = message
                        self.condition.notify_all()
        except (ConnectionError, OSError):
            with self.condition:
                self.condition.notify_all()

    def call(self, method, timeout=30, **params):
        with self.condition:
            self.next_id += 1
            identifier = self.next_id
        self.socket.send(json.dumps({"id": identifier, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        with self.condition:
            while identifier not in self.answers:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"Firefox did not answer {method} within {timeout} s")
                self.condition.wait(left)
            answer = self.answers.pop(identifier)
        if answer.get("type") == "error":
            raise RuntimeError(f"{method}: {answer.get('error')}: {answer.get('message')}")
        return answer.get("result", {})

    def navigate(self, url):
        self.call("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def evaluate(self, expression):
        """The JSON value of a JavaScript expression (awaited when it is a promise)."""
        result = self.call("script.evaluate", expression=f"Promise.resolve({expression}).then((value) => JSON.stringify(value ?? null))",
                           target={"context": self.context}, awaitPromise=True)
        if result.get("type") != "success":
            raise RuntimeError(f"{expression}: {result.get('exceptionDetails', {}).get('text')}")
        return json.loads(result["result"]["value"])

    def wait_for(self, expression, timeout=20, what=None):
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout} s for {what or expression}")
            time.sleep(0.05)

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
