import './setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomCredentials, signedBytes } from '../client/credentials.js';
import { open, openBlob, seal, sealBlob, associatedData } from '../client/sealing.js';
import { readOps, linkHash } from '../client/ops.js';
import { fromUTF8, utf8 } from '../client/bytes.js';
import { vectors } from './vectors.mjs';

const { push } = vectors;
const context = { room: push.room, epoch: push.epoch, kind: 'push', sender: push.client, counter: push.cseq };

test('the app’s sealed push opens with the edit link and with the view link, and its signature is the edit key’s', async () => {
  for (const key of [vectors.roomKey, vectors.viewKey]) {
    const credentials = await RoomCredentials.fromLinkKey(key);
    const content = await open({ sealed: { _0: push.sealed } }, context, credentials);
    assert.deepEqual(content, push.content);
    assert.ok(await credentials.isEdit(signedBytes('emojiart-push-3', push.room, push.client, String(push.cseq), push.sealed), push.signature));
    assert.equal(await credentials.isEdit(signedBytes('emojiart-push-3', push.room, push.client, '2', push.sealed), push.signature), false);
  }
});

test('a payload opens only in its room, epoch, kind, sender and number', async () => {
  const credentials = await RoomCredentials.fromLinkKey(vectors.roomKey);
  const payload = { sealed: { _0: push.sealed } };
  for (const change of [{ room: 'otherRoom01' }, { epoch: 'epoch-2' }, { kind: 'snapshot' }, { sender: 'someoneElse' }, { counter: 2 }]) {
    await assert.rejects(open(payload, { ...context, ...change }, credentials), /could not be opened/);
  }
  const tampered = push.sealed.slice(0, 20) + (push.sealed[20] === 'A' ? 'B' : 'A') + push.sealed.slice(21);
  await assert.rejects(open({ sealed: { _0: tampered } }, context, credentials), /could not be opened/);
  await assert.rejects(open({ plain: {} }, context, credentials), /could not be opened/);
});

test('what the page seals opens again, and only under its associated data', async () => {
  const credentials = await RoomCredentials.fromLinkKey(vectors.roomKey);
  const sealed = await seal(push.content, context, credentials);
  assert.match(sealed.sealed._0, /^v3\./);
  assert.deepEqual(await open(sealed, context, credentials), push.content);
  assert.equal(fromUTF8(associatedData(context, 3)), ['emojiart-collab-3', push.room, push.epoch, 'push', push.client, '1'].join('\u0000'));
});

test('blobs open in their room only; a blob from before protocol 2 is the image itself', async () => {
  const credentials = await RoomCredentials.fromLinkKey(vectors.roomKey);
  const image = utf8('not really a PNG');
  const blob = await sealBlob(image, 'vectorRoom01', credentials);
  assert.deepEqual(await openBlob(blob, 'vectorRoom01', credentials), image);
  await assert.rejects(openBlob(blob, 'otherRoom01', credentials));
  assert.deepEqual(await openBlob(image, 'vectorRoom01', credentials), image);
});

test('the vectors’ push reads as ops, and its link hash is computed from its canonical text', () => {
  const ops = readOps(push.content.push._0.ops);
  assert.equal(ops.length, 1);
  assert.match(linkHash(null, 1, ops), /^[0-9a-f]{64}$/);
});
