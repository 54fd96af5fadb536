import './setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isZKey, keyAbove } from '../client/zkey.js';
import { allowsText, normalizedRotation, clampSize } from '../client/emoji-rules.js';

test('keys made above the top stay above it, short and valid, across many adds', () => {
  let top = null;
  for (let index = 0; index < 10000; index += 1) {
    const key = keyAbove(top);
    assert.ok(isZKey(key), key);
    if (top !== null) assert.ok(key > top, `${key} > ${top}`);
    top = key;
  }
  assert.ok(top.length <= 6, top);
  assert.ok(keyAbove('zzzzzzzzzzzzzzzzzzzzzzzzzzz') > 'zzzzzzzzzzzzzzzzzzzzzzzzzzz');
});

test('what is not a key is refused as the app refuses it', () => {
  for (const bad of ['', 'a', 'a00', 'A00000000000000000000000000', '!0', 'b0', 'a0/']) assert.equal(isZKey(bad), false, bad);
  for (const good of ['a0', 'a0V', 'Zz', 'b00', 'a1x']) assert.ok(isZKey(good), good);
});

test('an emoji’s values are held to the app’s limits', () => {
  assert.ok(allowsText('🦊') && allowsText('🐻‍❄️') && allowsText('☀️'));
  assert.ok(!allowsText('a') && !allowsText('🦊🦊') && !allowsText('') && !allowsText('1'));
  assert.equal(normalizedRotation(540), 180);
  assert.equal(normalizedRotation(-180), 180);
  assert.ok(Object.is(normalizedRotation(-360), 0));
  assert.equal(clampSize(0), 1);
  assert.equal(clampSize(Infinity), null);
});
