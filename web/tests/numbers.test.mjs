import './setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { swiftDescription } from '../client/swift-number.js';
import { sha256Now } from '../client/sha256.js';
import { sha256, toHex, utf8, randomBytes } from '../client/bytes.js';

test('numbers are written as Swift’s description writes them', () => {
  // Each pair was printed by Swift 6.3 (`"\(value)"`).
  const cases = [
    [10, '10.0'], [-20.5, '-20.5'], [0, '0.0'], [-0, '-0.0'], [1e-5, '1e-05'], [0.0001, '0.0001'],
    [0.00012345, '0.00012345'], [123456789012345, '123456789012345.0'], [1e15, '1000000000000000.0'], [1e16, '1e+16'],
    [9007199254740992, '9007199254740992.0'], [18014398509481984, '1.8014398509481984e+16'], [1e17, '1e+17'],
    [2.4492935982947064e-16, '2.4492935982947064e-16'], [1e21, '1e+21'], [0.1 + 0.2, '0.30000000000000004'],
    [1000000, '1000000.0'], [5e-324, '5e-324'], [1.7976931348623157e308, '1.7976931348623157e+308'], [123.456, '123.456'],
    [0.001, '0.001'], [12345678.9, '12345678.9'],
  ];
  for (const [value, text] of cases) assert.equal(swiftDescription(value), text, `${value}`);
});

test('the page’s own SHA-256 agrees with WebCrypto’s', async () => {
  for (const length of [0, 1, 55, 56, 63, 64, 65, 1000]) {
    const bytes = randomBytes(length);
    assert.equal(toHex(sha256Now(bytes)), toHex(await sha256(bytes)));
  }
  assert.equal(toHex(sha256Now(utf8('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});
