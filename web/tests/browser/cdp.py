"""A headless Chromium driven over its DevTools protocol, with the standard library only: the
browser client's tests open pages in it, evaluate JavaScript, send pointer input and watch every
request the page makes. The WebSocket client is RFC 6455's client side, as much as DevTools needs."""
import base64
import json
import os
import pathlib
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time
import urllib.request


class WebSocket:
    def __init__(self, url, timeout=30):
        assert url.startswith("ws://")
        host_port, _, path = url[5:].partition("/")
        host, _, port = host_port.partition(":")
        self.sock = socket.create_connection((host, int(port or 80)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the DevTools socket closed during the handshake")
            response += chunk
        head, _, self.buffer = response.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))
        self.sock.settimeout(None)
        self.lock = threading.Lock()

    def send(self, text):
        payload = text.encode()
        header = bytes([0x81])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", length)
        mask = os.urandom(4)
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        with self.lock:
            self.sock.sendall(header + mask + masked)

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the DevTools socket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        """The next text message (fragments joined; pings answered)."""
        message = b""
        while True:
            first, second = self._read(2)
            opcode, final = first & 0x0F, first & 0x80
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            if opcode == 0x8:
                raise ConnectionError("the DevTools socket was closed")
            if opcode == 0x9:
                continue
            message += payload
            if final and opcode in (0x0, 0x1, 0x2):
                return message.decode()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Conversation:
    """Commands with ids over a WebSocket, as DevTools and WebDriver BiDi both speak: `call`
    sends one and waits for its answer; messages without an id (events) are kept in order.
    Subclasses give `evaluate`, which `wait_for` polls."""

    def __init__(self, url, peer):
        self.peer = peer
        self.socket = WebSocket(url)
        self.next_id = 0
        self.answers = {}
        self.events = []
        self.condition = threading.Condition()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        try:
            while True:
                message = json.loads(self.socket.receive())
                with self.condition:
                    if "id" in message:
                        self.answers[message["id"]] = message
                    else:
                        self.events.append(message)
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
                    raise TimeoutError(f"{self.peer} did not answer {method} within {timeout} s")
                self.condition.wait(left)
            answer = self.answers.pop(identifier)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']} {answer.get('message', '')}".strip())
        return answer.get("result", {})

    def evaluate(self, expression):
        raise NotImplementedError

    def wait_for(self, expression, timeout=20, what=None):
        """Polls until the expression is truthy; its value, or TimeoutError naming `what`."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except RuntimeError:
                value = None  # the page is not there yet
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout} s for {what or expression}")
            time.sleep(0.05)


class Page(Conversation):
    """One tab over the DevTools protocol."""

    def __init__(self, url):
        super().__init__(url, "DevTools")

    def evaluate(self, expression, timeout=30):
        """The value of a JavaScript expression (awaited when it is a promise)."""
        result = self.call("Runtime.evaluate", timeout=timeout, expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def mouse(self, kind, x, y, buttons=1, modifiers=0):
        event = {"mousePressed": "mousePressed", "mouseReleased": "mouseReleased", "mouseMoved": "mouseMoved"}[kind]
        self.call("Input.dispatchMouseEvent", type=event, x=x, y=y, button="left", buttons=buttons, clickCount=1, modifiers=modifiers)

    def click(self, x, y):
        self.call("Page.bringToFront")
        self.mouse("mouseMoved", x, y, buttons=0)
        self.mouse("mousePressed", x, y)
        self.mouse("mouseReleased", x, y, buttons=0)

    def drag(self, start, end, steps=12):
        self.call("Page.bringToFront")
        self.mouse("mouseMoved", *start, buttons=0)
        self.mouse("mousePressed", *start)
        for step in range(1, steps + 1):
            fraction = step / steps
            self.mouse("mouseMoved", start[0] + (end[0] - start[0]) * fraction, start[1] + (end[1] - start[1]) * fraction)
            time.sleep(0.01)
        self.mouse("mouseReleased", *end, buttons=0)

    def touch(self, kind, points):
        """touchStart, touchMove or touchEnd with the fingers at `points` [(x, y), …]."""
        touch_points = [{"x": x, "y": y, "id": index} for index, (x, y) in enumerate(points)]
        self.call("Input.dispatchTouchEvent", type=kind, touchPoints=touch_points)

    def swipe(self, starts, ends, steps=10):
        """Fingers put down at `starts`, moved together to `ends`, lifted."""
        self.call("Page.bringToFront")
        self.touch("touchStart", starts)
        for step in range(1, steps + 1):
            fraction = step / steps
            self.touch("touchMove", [(a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction) for a, b in zip(starts, ends)])
            time.sleep(0.01)
        self.touch("touchEnd", [])

    def key(self, key, code, modifiers=0, windows_code=0):
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, modifiers=modifiers, windowsVirtualKeyCode=windows_code)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        self.socket.close()


class Browser:
    """Debian's chromium, headless, with a profile of its own that is removed afterwards."""

    def __init__(self, width=1000, height=700):
        executable = shutil.which("chromium")
        if executable is None:
            raise FileNotFoundError("chromium is not installed (apt-get install chromium)")
        self.profile = tempfile.mkdtemp(prefix="emojiart-chromium-")
        arguments = [executable, "--headless=new", "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
                     "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     f"--window-size={width},{height}", "about:blank"]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")
        self.errors = tempfile.TemporaryFile()
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=self.errors)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 30
        while not (os.path.exists(port_file) and pathlib.Path(port_file).read_text().count("\n") >= 1):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.errors.seek(0)
                raise RuntimeError("chromium did not start: " + self.errors.read().decode(errors="replace")[-2000:])
            time.sleep(0.05)
        self.port = int(pathlib.Path(port_file).read_text().split("\n")[0])

    def open(self, url, phone=False):
        """A new tab at `url`, with requests recorded from its first one; with `phone`, the size
        and touch screen of a phone (390 × 844 CSS pixels)."""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/json/new?about:blank", method="PUT")
        target = json.load(urllib.request.urlopen(request, timeout=30))
        page = Page(target["webSocketDebuggerUrl"])
        page.call("Network.enable")
        page.call("Page.enable")
        page.call("Runtime.enable")
        if phone:
            page.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2, mobile=True)
            page.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        page.call("Page.navigate", url=url)
        return page

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.errors.close()
        shutil.rmtree(self.profile, ignore_errors=True)
