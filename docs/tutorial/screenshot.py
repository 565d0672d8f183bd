#!/usr/bin/env python3
"""Takes the books' screenshot of `npuzzle serve`'s page: chapter 4's hardest 8-puzzle,
slid there from the goal as a person would (arrow keys), compared with every search, so
the bars shown are the board's own. Drives headless Chromium over its DevTools protocol
(a small WebSocket client of the standard library's: nothing to install but chromium).

    npuzzle serve --bind 127.0.0.1:18777 &
    python3 docs/tutorial/screenshot.py en docs/tutorial/en/src/page.png
    python3 docs/tutorial/screenshot.py zh docs/tutorial/zh/src/page.png
"""

import base64
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

PAGE = "http://127.0.0.1:18777/"
DEBUG_PORT = 18778
WIDTH, HEIGHT = 1100, 620
# Chapter 4's board, and the blank's moves that solve it (the book's BFS answer): the page
# is slid from the goal by the inverse moves, last first.
BOARD = "8 6 7/2 5 4/3 0 1"
SOLUTION = "lurdrulurdlldrrululddruulddrurd"
# A key slides the tile on that side of the gap into it: the blank moves the other way.
KEY_FOR_BLANK = {"u": "ArrowDown", "d": "ArrowUp", "l": "ArrowRight", "r": "ArrowLeft"}
INVERSE = {"u": "d", "d": "u", "l": "r", "r": "l"}


class DevTools:
    """One page's DevTools WebSocket: masked text frames out, unmasked frames in."""

    def __init__(self, url):
        host_port, path = url[len("ws://"):].split("/", 1)
        host, port = host_port.split(":")
        self.sock = socket.create_connection((host, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
             "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += self.sock.recv(1)
        if b" 101 " not in reply.split(b"\r\n")[0]:
            raise RuntimeError(reply.decode(errors="replace"))
        self.next_id = 0

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise RuntimeError("the browser closed the connection")
            data += chunk
        return data

    def _frame(self):
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            message += self._read(length)
            if first & 0x80:
                return message

    def call(self, method, **params):
        self.next_id += 1
        payload = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)
        while True:
            reply = json.loads(self._frame())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def evaluate(self, script):
        result = self.call("Runtime.evaluate", expression=script, awaitPromise=True,
                           returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"]))
        return result["result"].get("value")


def wait_for(what, test, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if test():
            return
        time.sleep(0.1)
    raise RuntimeError(f"timed out waiting for {what}")


def main():
    lang, out = sys.argv[1], sys.argv[2]
    profile = tempfile.mkdtemp()
    browser = subprocess.Popen(
        ["chromium", "--headless", "--no-sandbox", "--hide-scrollbars", "--disable-gpu",
         f"--window-size={WIDTH},{HEIGHT}", f"--remote-debugging-port={DEBUG_PORT}",
         f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        targets = []

        def page_target():
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{DEBUG_PORT}/json") as r:
                    targets[:] = [t for t in json.load(r) if t["type"] == "page"]
            except OSError:
                return False
            return bool(targets)

        wait_for("the browser", page_target)
        tab = DevTools(targets[0]["webSocketDebuggerUrl"])
        tab.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
                 deviceScaleFactor=1, mobile=False)
        tab.call("Page.navigate", url=f"{PAGE}?lang={lang}")
        wait_for("the page", lambda: tab.evaluate(
            "document.readyState === 'complete' && !!document.querySelector('#board .tile')"))
        keys = [KEY_FOR_BLANK[INVERSE[m]] for m in reversed(SOLUTION)]
        tab.evaluate("""(async (keys) => {
            for (const key of keys) {
              document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
              await new Promise((done) => setTimeout(done, 30));
            }
          })(%s)""" % json.dumps(keys))
        shown = tab.evaluate("""[...document.getElementById('board').children]
            .map((e) => e.classList.contains('blank') ? '0' : e.textContent.trim()).join(' ')""")
        wanted = BOARD.replace("/", " ")
        if shown != wanted:
            raise RuntimeError(f"the page shows {shown}, not {wanted}")
        tab.evaluate("document.getElementById('compare').click()")
        wait_for("the comparison", lambda: tab.evaluate(
            "!document.getElementById('compare-table').hidden"), seconds=120)
        time.sleep(1)  # the charts' last frame
        tab.evaluate("window.scrollTo(0, 0)")
        shot = tab.call("Page.captureScreenshot", format="png")
        with open(out, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        print(f"{out}: {shown}")
    finally:
        browser.terminate()
        browser.wait()


if __name__ == "__main__":
    main()
