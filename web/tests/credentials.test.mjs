import './setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomCredentials, isValidSignature, signedBytes } from '../client/credentials.js';
import { fromBase64URL, toBase64URL, utf8 } from '../client/bytes.js';
import { vectors, unescapeNul } from './vectors.mjs';

test('an edit link derives the keys the app derives', async () => {
  const credentials = await RoomCredentials.fromLinkKey(vectors.roomKey);
  assert.equal(credentials.role, 'edit');
  assert.equal(toBase64URL(credentials.sealingKey), vectors.sealingKey);
  assert.equal(toBase64URL(credentials.legacyAccess), vectors.legacyAccessKey);
  assert.equal(toBase64URL(credentials.editorKey), vectors.editorPublicKey);
  assert.equal(toBase64URL(credentials.viewerKey), vectors.viewerPublicKey);
  assert.equal(credentials.viewLinkKey, vectors.viewKey);
  assert.deepEqual(credentials.registration, vectors.registration);
});

test('a view link reads the room and admits a viewer, but signs no edit', async () => {
  const credentials = await RoomCredentials.fromLinkKey(vectors.viewKey);
  assert.equal(credentials.role, 'view');
  assert.equal(credentials.canEdit, false);
  assert.equal(toBase64URL(credentials.sealingKey), vectors.sealingKey);
  assert.equal(toBase64URL(credentials.viewerKey), vectors.viewerPublicKey);
  assert.equal(await credentials.signEdit(utf8('anything')), null);
  const proof = await credentials.proof({ nonce: vectors.hello.nonce, upgrade: true }, vectors.hello.room, vectors.hello.client, 'secret');
  assert.equal(proof.role, 'view');
  assert.equal(proof.signature, vectors.hello.viewerSignature);
  assert.equal(proof.upgrade, undefined);
});

test('the proof answering a challenge is the vectors’ signature over the vectors’ text', async () => {
  const credentials = await RoomCredentials.fromLinkKey(vectors.roomKey);
  const { hello } = vectors;
  const proof = await credentials.proof({ nonce: hello.nonce, upgrade: false }, hello.room, hello.client, 'secret');
  assert.equal(proof.signature, hello.signature);
  assert.deepEqual(signedBytes('emojiart-hello-3', hello.nonce, hello.room, hello.client, '3', 'edit'), utf8(unescapeNul(hello.signedText)));
  assert.ok(await isValidSignature(hello.signature, utf8(unescapeNul(hello.signedText)), fromBase64URL(vectors.editorPublicKey)));
  assert.equal(await isValidSignature(hello.viewerSignature, utf8(unescapeNul(hello.signedText)), fromBase64URL(vectors.editorPublicKey)), false);
});

test('keys that are not a room’s are refused', async () => {
  assert.equal(await RoomCredentials.fromLinkKey(''), null);
  assert.equal(await RoomCredentials.fromLinkKey('AAECAwQFBgcICQoLDA0O'), null);
  assert.equal(await RoomCredentials.fromLinkKey('not base64!'), null);
});
