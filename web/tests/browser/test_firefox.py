"""The browser client in Debian's Firefox ESR too (SPEC C11 names Chromium and Firefox): it joins
a shared room, draws its emojis, and a palette click and a drag in the page reach `join`."""
import json
import unittest

from bidi import Firefox
from support import Relay, wait_until
from test_web_client import EMOJIS, HILL, LIVE


class FirefoxTests(unittest.TestCase):
    def test_the_page_joins_draws_and_edits_in_firefox(self):
        relay = Relay()
        browser = Firefox()
        try:
            links = relay.share(relay.document("firefox.emojiart", EMOJIS, HILL))
            follower = relay.follow(links["edit"])
            browser.navigate(links["web"])
            browser.wait_for(f"{LIVE} && emojiArtPage.displayedEmojis().length === 3", what="the room in Firefox")
            self.assertEqual(sorted(browser.evaluate("emojiArtPage.displayedEmojis().map((e) => e.text)")), sorted(e["text"] for e in EMOJIS))
            button = browser.evaluate("""(() => { const b = document.querySelector('#palette button');
                const r = b.getBoundingClientRect(); return [b.textContent, r.left + r.width / 2, r.top + r.height / 2]; })()""")
            browser.pointer([("move", button[1], button[2]), ("down",), ("up",)])
            wait_until(lambda: any(e["text"] == button[0] for e in (Relay.emojis(follower) or [])), what="Firefox's palette click in join's file")
            frog = browser.evaluate("""(() => { const p = emojiArtPage, r = p.canvas.getBoundingClientRect();
                const e = p.displayedEmojis().find((e) => e.text === '🐸'), v = p.viewport.toView(e, p.size);
                return [r.left + v.x, r.top + v.y, p.viewport.zoom]; })()""")
            steps = [("move", frog[0], frog[1]), ("down",)] + [("move", frog[0] + 10 * i, frog[1]) for i in range(1, 9)] + [("up",)]
            browser.pointer(steps)
            moved = wait_until(lambda: [e for e in (Relay.emojis(follower) or []) if e["text"] == "🐸" and e["x"] != 40],
                               what="Firefox's drag in join's file")
            self.assertAlmostEqual(moved[0]["x"], 40 + 80 / frog[2], delta=3)
        finally:
            browser.close()
            relay.close()


if __name__ == "__main__":
    unittest.main()
