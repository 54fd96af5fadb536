"""What the browser client's tests share: the built programs, a relay on a free port with a data
folder of its own, documents shared with `emojiart share`, and `emojiart join --follow` files."""
import json
import os
import pathlib
import re
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[3]
BUILD = pathlib.Path(os.environ.get("EMOJIART_BUILD_DIR", ROOT / ".build" / "debug"))


def wait_until(condition, timeout=20, what="a condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout} s for {what}")
        time.sleep(0.05)


class Relay:
    def __init__(self):
        self.folder = tempfile.TemporaryDirectory(prefix="emojiart-web-")
        self.home = pathlib.Path(self.folder.name)
        self.environment = dict(os.environ, LANG="C.UTF-8", LANGUAGE="", XDG_STATE_HOME=str(self.home / "state"),
                                XDG_DATA_HOME=str(self.home / "data"), XDG_CONFIG_HOME=str(self.home / "config"))
        self.log = open(self.home / "relay.log", "w+")
        self.port = 0
        self.followers = []
        self.start()
        self.address = f"ws://127.0.0.1:{self.port}"

    def start(self):
        """Starts the relay (again on the same port and folder, once it had one)."""
        self.log.truncate(0)
        self.log.seek(0)
        self.process = subprocess.Popen([str(BUILD / "emojiart-relay"), "--port", str(self.port), "--data", str(self.home / "relay")],
                                        stdout=self.log, stderr=subprocess.STDOUT, env=self.environment)
        match = wait_until(lambda: re.search(r"ws://127\.0\.0\.1:(\d+)", (self.home / "relay.log").read_text()), what="the relay to listen")
        self.port = int(match.group(1))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def document(self, name, emojis, background=None):
        path = self.home / name
        model = {"formatVersion": 1, "emojis": [dict(emoji, id=index + 1) for index, emoji in enumerate(emojis)],
                 "uniqueEmojiId": len(emojis) + 1, "background": background or {}}
        path.write_text(json.dumps(model, ensure_ascii=False))
        return path

    def share(self, path):
        """The room's links: {'edit', 'view', 'web', 'webView'}."""
        result = subprocess.run([str(BUILD / "emojiart"), "share", str(path), "--relay", self.address, "--view-link"],
                                capture_output=True, text=True, env=self.environment, timeout=60)
        if result.returncode != 0:
            raise RuntimeError(f"share failed: {result.stderr}")
        edit, view = result.stdout.split()[:2]
        return {"edit": edit, "view": view, "web": self.web_link(edit), "webView": self.web_link(view)}

    @staticmethod
    def web_link(link):
        """emojiart://HOST:PORT/ROOM#KEY as the page's address, http://HOST:PORT/r/ROOM#KEY."""
        address, _, key = link.partition("#")
        relay, _, room = address.removeprefix("emojiart://").rpartition("/")
        return f"http://{relay}/r/{room}#{key}"

    def follow(self, link):
        """A `join --follow` of the room; returns the file it keeps rewriting."""
        output = self.home / f"follow-{len(self.followers)}.emojiart"
        process = subprocess.Popen([str(BUILD / "emojiart"), "join", link, "-o", str(output), "--follow"],
                                   stdout=subprocess.DEVNULL, stderr=self.log, env=self.environment)
        self.followers.append(process)
        wait_until(output.exists, what="join --follow to write its file")
        return output

    @staticmethod
    def emojis(path):
        try:
            return json.loads(path.read_text())["emojis"]
        except (OSError, ValueError, KeyError):
            return None

    def close(self):
        for process in self.followers + [self.process]:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.log.close()
        self.folder.cleanup()
