"""The browser client in Debian's Chromium against a real relay and `emojiart join` (SPEC C11,
C12): it draws a shared document, its edits reach the app's side and back, its undo is its own,
and a wrong key or a view link cannot change anything. Screenshots go to
$EMOJIART_WEB_SCREENSHOTS when it is set."""
import json
import os
import pathlib
import unittest
from urllib.parse import urlparse

from cdp import Browser
from support import ROOT, Relay, wait_until

HILL = json.loads((ROOT / "examples" / "embedded-hill.emojiart").read_text())["background"]
EMOJIS = [{"text": "🍎", "x": -80, "y": -30, "size": 60}, {"text": "🐸", "x": 40, "y": 20, "size": 50},
          {"text": "🌻", "x": 110, "y": -60, "size": 40}]
# Live, and the background drawn (it changes the fitted view, so points are taken after it).
LIVE = "window.emojiArtPage && emojiArtPage.session.isLive && emojiArtPage.background.image !== null"


class WebClientTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.relay = Relay()
        cls.browser = Browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.relay.close()

    def setUp(self):
        self.pages = []

    def tearDown(self):
        for page in self.pages:
            page.close()

    def open(self, url):
        page = self.browser.open(url)
        self.pages.append(page)
        return page

    def shared(self, name):
        return self.relay.share(self.relay.document(f"{name}.emojiart", EMOJIS, HILL))

    def screenshot(self, page, name):
        folder = os.environ.get("EMOJIART_WEB_SCREENSHOTS")
        if folder:
            pathlib.Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(os.path.join(folder, f"{name}.png"))

    def view_point(self, page, text):
        """Where the emoji of `text` is on the page (CSS pixels in the viewport)."""
        return page.evaluate(f"""(() => {{
            const page = emojiArtPage, rect = page.canvas.getBoundingClientRect();
            const emoji = page.displayedEmojis().find((e) => e.text === {json.dumps(text)});
            const point = page.viewport.toView(emoji, page.size);
            return [rect.left + point.x, rect.top + point.y];
        }})()""")

    def test_draws_the_shared_document_with_nothing_from_another_host(self):
        links = self.shared("draw")
        page = self.open(links["web"])
        page.wait_for(f"{LIVE} && emojiArtPage.displayedEmojis().length === 3 && emojiArtPage.background.image !== null",
                      what="the document and its background")
        page.wait_for("Number(document.body.dataset.drawn) > 0 && new Promise((done) => requestAnimationFrame(() => done(true)))")
        drawn = page.evaluate("emojiArtPage.displayedEmojis().map((e) => [e.text, e.x, e.y, e.size])")
        self.assertEqual(sorted(drawn), sorted([[e["text"], e["x"], e["y"], e["size"]] for e in EMOJIS]))
        # Each emoji is drawn where it is: the canvas there differs from the background alone.
        differences = page.evaluate("""(() => {
            const page = emojiArtPage, scale = page.canvas.width / page.size.width;
            const drawn = page.canvas.getContext('2d');
            const plain = new OffscreenCanvas(page.canvas.width, page.canvas.height).getContext('2d');
            plain.setTransform(scale, 0, 0, scale, 0, 0);
            const origin = page.viewport.origin(page.size), image = page.background.image, zoom = page.viewport.zoom;
            plain.drawImage(image, origin.x - image.width * zoom / 2, origin.y - image.height * zoom / 2, image.width * zoom, image.height * zoom);
            return page.displayedEmojis().map((emoji) => {
                const point = page.viewport.toView(emoji, page.size);
                const x = Math.round(point.x * scale), y = Math.round(point.y * scale);
                const a = drawn.getImageData(x - 2, y - 2, 5, 5).data, b = plain.getImageData(x - 2, y - 2, 5, 5).data;
                let most = 0;
                for (let i = 0; i < a.length; i += 1) most = Math.max(most, Math.abs(a[i] - b[i]));
                return [emoji.text, most];
            });
        })()""")
        for text, difference in differences:
            self.assertGreater(difference, 40, f"{text} is not drawn where it is")
        self.screenshot(page, "web-client-document")
        hosts = set()
        with page.condition:
            events = list(page.events)
        for event in events:
            if event["method"] == "Network.requestWillBeSent":
                hosts.add(urlparse(event["params"]["request"]["url"]).netloc)
            elif event["method"] == "Network.webSocketCreated":
                hosts.add(urlparse(event["params"]["url"]).netloc)
        self.assertEqual(hosts, {f"127.0.0.1:{self.relay.port}"})

    def test_a_palette_click_and_a_drag_in_the_page_reach_join(self):
        links = self.shared("edit")
        follower = self.relay.follow(links["edit"])
        page = self.open(links["web"])
        page.wait_for(f"{LIVE} && emojiArtPage.displayedEmojis().length === 3")
        button = page.evaluate("""(() => { const b = document.querySelector('#palette button');
            const r = b.getBoundingClientRect(); return [b.textContent, r.left + r.width / 2, r.top + r.height / 2]; })()""")
        page.click(button[1], button[2])
        wait_until(lambda: any(e["text"] == button[0] for e in (Relay.emojis(follower) or [])), what="the palette's emoji in join's file")
        zoom = page.evaluate("emojiArtPage.viewport.zoom")
        start = self.view_point(page, "🐸")
        page.drag(start, (start[0] + 120, start[1] + 60))
        moved = wait_until(lambda: [e for e in (Relay.emojis(follower) or []) if e["text"] == "🐸" and e["x"] != 40],
                           what="the dragged frog in join's file")
        self.assertAlmostEqual(moved[0]["x"], 40 + 120 / zoom, delta=2)
        self.assertAlmostEqual(moved[0]["y"], 20 + 60 / zoom, delta=2)
        self.screenshot(page, "web-client-edited")

    def test_undo_takes_back_only_the_pages_own_edit(self):
        links = self.shared("undo")
        follower = self.relay.follow(links["edit"])
        mine, theirs = self.open(links["web"]), self.open(links["web"])
        for page in (mine, theirs):
            page.wait_for(f"{LIVE} && emojiArtPage.displayedEmojis().length === 3")
        start = self.view_point(theirs, "🌻")
        theirs.drag(start, (start[0] - 50, start[1] + 40))
        wait_until(lambda: [e for e in (Relay.emojis(follower) or []) if e["text"] == "🌻" and e["x"] != 110], what="their move")
        start = self.view_point(mine, "🍎")
        mine.drag(start, (start[0] + 30, start[1] + 30))
        wait_until(lambda: [e for e in (Relay.emojis(follower) or []) if e["text"] == "🍎" and e["x"] != -80], what="my move")
        mine.call("Page.bringToFront")
        mine.evaluate("emojiArtPage.canvas.focus()")
        mine.key("z", "KeyZ", modifiers=2, windows_code=90)
        wait_until(lambda: [e for e in (Relay.emojis(follower) or []) if e["text"] == "🍎" and e["x"] == -80], what="my move undone")
        sunflower = [e for e in Relay.emojis(follower) if e["text"] == "🌻"][0]
        self.assertNotEqual(sunflower["x"], 110, "their move stays")

    def test_a_wrong_key_says_so_and_sends_nothing(self):
        links = self.shared("wrong")
        other = self.shared("other")
        wrong = links["web"].split("#")[0] + "#" + other["web"].split("#")[1]
        page = self.open(wrong)
        page.wait_for("!document.getElementById('problem').hidden && document.getElementById('problem').textContent",
                      what="the sentence")
        self.assertIn("does not open the room", page.evaluate("document.getElementById('problem').textContent"))
        with page.condition:
            sent = [json.loads(e["params"]["response"]["payloadData"])["type"] for e in page.events
                    if e["method"] == "Network.webSocketFrameSent"]
        self.assertTrue(set(sent) <= {"hello", "proof", "ping"}, sent)
        self.screenshot(page, "web-client-wrong-key")

    def test_a_phone_sized_page_moves_with_one_finger_and_pinches_with_two(self):
        links = self.shared("touch")
        follower = self.relay.follow(links["edit"])
        page = self.browser.open(links["web"], phone=True)
        self.pages.append(page)
        page.wait_for(f"{LIVE} && emojiArtPage.displayedEmojis().length === 3")
        self.assertEqual(page.evaluate("window.innerWidth"), 390)
        start = self.view_point(page, "🐸")
        page.swipe([start], [(start[0], start[1] + 40)])
        zoom = page.evaluate("emojiArtPage.viewport.zoom")
        moved = wait_until(lambda: [e for e in (Relay.emojis(follower) or []) if e["text"] == "🐸" and e["y"] != 20],
                           what="the frog moved by a finger in join's file")
        self.assertAlmostEqual(moved[0]["y"], 20 + 40 / zoom, delta=2)
        self.assertEqual(moved[0]["x"], 40)
        centre = (195, 300)
        page.swipe([(centre[0] - 40, centre[1]), (centre[0] + 40, centre[1])], [(centre[0] - 120, centre[1]), (centre[0] + 120, centre[1])])
        self.assertGreater(page.evaluate("emojiArtPage.viewport.zoom"), zoom * 2)
        self.screenshot(page, "web-client-phone")

    def test_a_name_given_in_one_page_shows_in_the_others(self):
        links = self.shared("name")
        mine, theirs = self.open(links["web"]), self.open(links["web"])
        for page in (mine, theirs):
            page.wait_for(f"{LIVE} && emojiArtPage.displayedEmojis().length === 3")
        mine.evaluate("window.prompt = () => 'Ada Lovelace'; document.getElementById('name').click(); true")
        theirs.wait_for("[...emojiArtPage.session.participants.values()].some((p) => p.name === 'Ada Lovelace')",
                        what="the other page to show the name")
        theirs.wait_for("document.getElementById('people').textContent.includes('AL')", what="the initials in the header")
        self.assertEqual(mine.evaluate("localStorage.getItem('emojiart.name')"), "Ada Lovelace")

    def test_a_relay_that_goes_away_is_said_and_the_page_comes_back_with_it(self):
        links = self.shared("away")
        page = self.open(links["web"])
        page.wait_for(f"{LIVE} && emojiArtPage.displayedEmojis().length === 3")
        self.relay.stop()
        try:
            page.wait_for("!document.getElementById('problem').hidden && /cannot be reached/.test(document.getElementById('problem').textContent)",
                          what="the sentence that the relay went away")
            self.assertEqual(page.evaluate("emojiArtPage.displayedEmojis().length"), 3, "the page keeps what it shows")
            page.evaluate("emojiArtPage.addEmoji('🦊', null)")
            self.assertEqual(page.evaluate("document.getElementById('state').textContent"), "Offline, 1 edit waiting")
        finally:
            self.relay.start()
        page.wait_for("emojiArtPage.session.isLive && emojiArtPage.session.pending.length === 0 && document.getElementById('problem').hidden",
                      timeout=40, what="the page back with its edit sent")

    def test_a_view_link_shows_the_room_live_and_edits_nothing(self):
        links = self.shared("view")
        follower = self.relay.follow(links["edit"])
        viewer = self.open(links["webView"])
        editor = self.open(links["web"])
        viewer.wait_for(f"{LIVE} && emojiArtPage.displayedEmojis().length === 3")
        editor.wait_for(f"{LIVE} && emojiArtPage.displayedEmojis().length === 3")
        self.assertTrue(viewer.evaluate("document.body.classList.contains('view-only') && !document.getElementById('role').hidden"))
        self.assertEqual(viewer.evaluate("getComputedStyle(document.getElementById('palettes')).display"), "none")
        start = self.view_point(viewer, "🍎")
        viewer.drag(start, (start[0] + 80, start[1]))
        viewer.evaluate("emojiArtPage.addEmoji('🐙', null)")
        editor.evaluate("emojiArtPage.addEmoji('🦊', null)")
        viewer.wait_for("emojiArtPage.displayedEmojis().some((e) => e.text === '🦊')", what="the editor's fox in the viewer")
        wait_until(lambda: any(e["text"] == "🦊" for e in (Relay.emojis(follower) or [])), what="the fox in join's file")
        emojis = Relay.emojis(follower)
        self.assertFalse(any(e["text"] == "🐙" for e in emojis))
        self.assertEqual([e["x"] for e in emojis if e["text"] == "🍎"], [-80])
        self.screenshot(viewer, "web-client-view-only")


if __name__ == "__main__":
    unittest.main()
