import './setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PALETTES } from '../client/palettes.js';
import { allowsText } from '../client/emoji-rules.js';

test('the page’s palettes are the app’s defaults, each emoji once, each with a name', () => {
  const fixture = readFileSync(new URL('../../Tests/EmojiArtCoreTests/Fixtures/default-palettes.tsv', import.meta.url), 'utf8')
    .trim().split('\n').slice(1).map((line) => line.split('\t'));
  assert.deepEqual(PALETTES.map((palette) => palette.name), fixture.map(([name]) => name));
  PALETTES.forEach((palette, index) => {
    const emojis = palette.emojis.map(([emoji]) => emoji);
    assert.equal(new Set(emojis).size, emojis.length);
    assert.equal(emojis.join(''), [...new Set(segment(fixture[index][1]))].join(''));
    for (const [emoji, name] of palette.emojis) {
      assert.ok(allowsText(emoji), `${emoji} is an emoji every replica takes`);
      assert.notEqual(name, 'emoji', `${emoji} has a name`);
    }
  });
});

function segment(text) {
  return Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), (part) => part.segment);
}
