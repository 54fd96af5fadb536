import './setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomCredentials, hmacSHA256, signedBytes } from '../client/credentials.js';
import { canonicalOp, linkHash, readOps } from '../client/ops.js';
import { fromBase64, sha256, toBase64URL, toHex } from '../client/bytes.js';
import { open, openBlob } from '../client/sealing.js';
import { RoomState } from '../client/room-state.js';
import { SenderChains } from '../client/sender-chains.js';
import { vectors } from './vectors.mjs';

test('each link of the vectors’ chain has the app’s canonical text and hash', () => {
  let previous = null;
  for (const link of vectors.chain) {
    const ops = readOps(link.ops);
    assert.notEqual(ops, null, `the ops of push ${link.cseq} read`);
    assert.equal(ops.map(canonicalOp).join(''), link.canonical, `the canonical text of push ${link.cseq}`);
    assert.equal(link.previous ?? null, previous);
    assert.equal(linkHash(previous, link.cseq, ops), link.hash, `the hash of push ${link.cseq}`);
    previous = link.hash;
  }
  const chains = new SenderChains();
  for (const link of vectors.chain) assert.equal(chains.take('vectorClnt01', link.cseq, link.previous ?? null, readOps(link.ops)), 'next');
});

test('the upgrade proof of a room made before protocol 3 is the app’s HMAC', async () => {
  const credentials = await RoomCredentials.fromLinkKey(vectors.roomKey);
  const { hello } = vectors;
  const proof = await credentials.proof({ nonce: hello.nonce, upgrade: true }, hello.room, hello.client, 'secret');
  assert.equal(proof.upgrade.proof, vectors.legacyProof);
  assert.equal(proof.upgrade.editor, vectors.editorPublicKey);
  const direct = await hmacSHA256(credentials.legacyAccess, signedBytes('emojiart-hello-2', hello.nonce, hello.room, hello.client));
  assert.equal(toBase64URL(direct), vectors.legacyProof);
});

test('the vectors’ sealed blob is named by its hash and opens in its room', async () => {
  const credentials = await RoomCredentials.fromLinkKey(vectors.viewKey);
  const sealed = fromBase64(vectors.blob.sealed);
  assert.equal(toHex(await sha256(sealed)), vectors.blob.name);
  assert.deepEqual(await openBlob(sealed, vectors.blob.room, credentials), fromBase64(vectors.blob.image));
});

test('the vectors’ snapshot is signed, opens, and its state has the digest the app computed', async () => {
  const credentials = await RoomCredentials.fromLinkKey(vectors.viewKey);
  const { snapshot } = vectors;
  assert.ok(await credentials.isEdit(signedBytes('emojiart-snapshot-3', snapshot.room, String(snapshot.seq), snapshot.sealed), snapshot.signature));
  const content = await open({ sealed: { _0: snapshot.sealed } }, { room: snapshot.room, epoch: snapshot.epoch, kind: 'snapshot', sender: null, counter: snapshot.seq }, credentials);
  assert.deepEqual(content, snapshot.content);
  const room = content.roomSnapshot._0;
  const state = RoomState.fromJSON(room.state);
  assert.equal(state.digest(), snapshot.digest);
  assert.equal(room.digest, snapshot.digest);
  // The same records and background as the app wrote (its dictionary comes out in any order).
  const pairs = (json) => new Map(json.emojis.flatMap((value, index, all) => (index % 2 === 0 ? [[value, all[index + 1]]] : [])));
  assert.deepEqual(pairs(state.toJSON()), pairs(room.state), 'the page writes the records as the app does');
  assert.deepEqual(state.toJSON().background, room.state.background);
  const chains = SenderChains.fromJSON(room.senders);
  assert.equal(chains.marks.get('vectorClnt01')?.hash, vectors.chain.at(-1).hash);
});
