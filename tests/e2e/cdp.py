"""A headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe).

Only the standard library: the protocol's messages are JSON, each ended by a NUL byte, written to
Chromium's fd 3 and read from its fd 4. Used by the e2e cases that look at the judge's pages and
by scripts/screenshots.sh. Browser.start() raises Unavailable (with the reason) when Chromium is
missing or cannot start, so that a test can skip with that reason.
"""
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time


class Unavailable(Exception):
    pass


class Browser:
    def __init__(self, proc, w, r, profile):
        self.proc, self.w, self.r, self.profile = proc, w, r, profile
        self.next_id = 0
        self.buf = b""
        self.events = []
        self.session = None

    @staticmethod
    def start(width=1000, height=800, timeout=60):
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        if not exe:
            raise Unavailable("no chromium on PATH (apt-get install chromium)")
        cmd_in, chrome_in = os.pipe()    # chromium reads its commands on fd 3
        chrome_out, reply_out = os.pipe()  # and writes its replies on fd 4
        hi_in = fcntl.fcntl(cmd_in, fcntl.F_DUPFD, 10)
        hi_out = fcntl.fcntl(reply_out, fcntl.F_DUPFD, 10)

        def child():
            os.dup2(hi_in, 3)
            os.dup2(hi_out, 4)

        profile = tempfile.mkdtemp(prefix="judge-chromium-")
        args = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                "--disable-extensions", "--disable-background-networking", "--mute-audio", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--remote-debugging-pipe", f"--user-data-dir={profile}",
                "about:blank"]
        log = open(os.path.join(profile, "stderr.log"), "wb")
        proc = subprocess.Popen(args, preexec_fn=child, close_fds=False, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=log)
        for fd in (cmd_in, reply_out, hi_in, hi_out):
            os.close(fd)
        b = Browser(proc, os.fdopen(chrome_in, "wb"), os.fdopen(chrome_out, "rb"), profile)
        b.timeout = timeout
        try:
            b.send("Browser.getVersion")
        except Exception as e:  # noqa: BLE001 - any failure to start is the reason to skip
            b.close()
            tail = open(os.path.join(profile, "stderr.log"), "rb").read().decode(errors="replace").strip()
            last = tail.splitlines()[-1] if tail else ""
            raise Unavailable(f"chromium did not start: {e}; {last}")
        return b

    def _read(self):
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.r], [], [], left)[0]:
                raise TimeoutError("chromium did not answer")
            chunk = os.read(self.r.fileno(), 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=True):
        self.next_id += 1
        m = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            m["sessionId"] = self.session
        self.w.write(json.dumps(m).encode() + b"\0")
        self.w.flush()
        while True:
            msg = self._read()
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg["result"]
            self.events.append(msg)

    def wait_event(self, method):
        while True:
            for i, e in enumerate(self.events):
                if e.get("method") == method:
                    return self.events.pop(i)
            self.events.append(self._read())

    def open(self, url, width=1000, height=800):
        """Loads `url` in a fresh tab; returns the console errors and exceptions it logged."""
        if self.session:
            self.send("Target.closeTarget", {"targetId": self.target}, session=False)
        self.target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": self.target, "flatten": True},
                                 session=False)["sessionId"]
        self.events.clear()
        for domain in ("Page", "Runtime", "Log"):
            self.send(domain + ".enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")
        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        return self.console_errors()

    def console_errors(self):
        out = []
        for e in self.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console." + p["type"] + ": " + " ".join(str(a.get("value")) for a in p.get("args", [])))
            elif m == "Runtime.exceptionThrown":
                out.append("exception: " + p["exceptionDetails"].get("text", ""))
            elif m == "Log.entryAdded" and p["entry"].get("level") == "error":
                out.append("log: " + p["entry"].get("text", ""))
        return out

    def evaluate(self, expression):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def screenshot(self, clip=None, full_page=False):
        """PNG bytes of the page, or of `clip` ({x, y, width, height} in page pixels)."""
        params = {"format": "png", "captureBeyondViewport": True}
        if clip:
            params["clip"] = dict(clip, scale=1)
        elif full_page:
            m = self.send("Page.getLayoutMetrics")["cssContentSize"]
            params["clip"] = {"x": 0, "y": 0, "width": m["width"], "height": m["height"], "scale": 1}
        return base64.b64decode(self.send("Page.captureScreenshot", params)["data"])

    def close(self):
        try:
            self.session = None
            self.send("Browser.close", session=False)
        except Exception:  # noqa: BLE001 - closing a browser that is already gone
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def start_or_skip(**kwargs):
    """Browser.start(), or exit 77 (ctest's skip) printing why Chromium cannot start."""
    try:
        return Browser.start(**kwargs)
    except Unavailable as e:
        print("skip:", e)
        sys.exit(77)


def png_pixels(data):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG, decoded with zlib."""
    import struct
    import zlib
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"PNG depth {depth} colour type {colour}"
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows
