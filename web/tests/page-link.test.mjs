import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPageAddress } from '../client/page-link.js';

const page = (hash) => ({ pathname: '/r/AbCdEfGh12', protocol: 'http:', host: 'relay.example:7447', hash });

test('the key after # is read alone; the document name after it is the page title (C2, C11)', () => {
  const plain = readPageAddress(page('#c2VjcmV0a2V5'));
  assert.equal(plain.key, 'c2VjcmV0a2V5');
  assert.equal(plain.documentName, null);
  const named = readPageAddress(page('#c2VjcmV0a2V5/Sunny%20meadow%20%F0%9F%8C%BB'));
  assert.equal(named.key, 'c2VjcmV0a2V5');
  assert.equal(named.documentName, 'Sunny meadow 🌻');
  assert.equal(named.webSocketURL, 'ws://relay.example:7447/room/AbCdEfGh12');
  assert.equal(readPageAddress(page('#c2VjcmV0a2V5/%20')).documentName, null);
});
