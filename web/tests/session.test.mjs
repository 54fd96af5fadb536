import './setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomCredentials } from '../client/credentials.js';
import { RoomSession } from '../client/session.js';
import { FakeRelay } from './fake-relay.mjs';
import { vectors } from './vectors.mjs';

const ROOM = 'sessionRoom01';

async function room(keys = [vectors.roomKey, vectors.roomKey]) {
  const sessions = [];
  const problems = [];
  for (const key of keys) {
    const session = new RoomSession({ room: ROOM, credentials: await RoomCredentials.fromLinkKey(key) });
    session.onProblem = (sentence) => problems.push(sentence);
    sessions.push(session);
  }
  const relay = new FakeRelay(ROOM, vectors.registration);
  for (const session of sessions) relay.connect(session);
  await relay.settle();
  return { relay, sessions, problems };
}

function visible(session) {
  return session.shown.drawingOrder().map((record) => [record.text.value, record.x.value, record.y.value, record.size.value]);
}

test('two pages join, edit and converge', async () => {
  const { relay, sessions: [a, b], problems } = await room();
  assert.ok(a.isLive && b.isLive);
  const { cid, pushes } = a.addEmoji('🦊', 10, 20, 40);
  relay.send(a, pushes);
  relay.send(b, b.addEmoji('🐶', -5, 0, 60).pushes);
  await relay.settle();
  relay.send(b, b.setFields([[cid, 'x', 100]], 'Move'));
  await relay.settle();
  assert.deepEqual(visible(a), visible(b));
  assert.deepEqual(visible(a).map((row) => row[0]).sort(), ['🐶', '🦊']);
  assert.equal(a.shown.emojis.get(cid).x.value, 100);
  assert.equal(a.pending.length, 0);
  assert.deepEqual(problems, []);
});

test('undo takes back only the page’s own edit, and redo brings it again', async () => {
  const { relay, sessions: [a, b] } = await room();
  const { cid, pushes } = a.addEmoji('🦊', 0, 0, 40);
  relay.send(a, pushes);
  await relay.settle();
  relay.send(a, a.setFields([[cid, 'size', 80]], 'Resize'));
  relay.send(b, b.setFields([[cid, 'x', 50]], 'Move'));
  await relay.settle();
  const undone = a.undo();
  assert.equal(undone.outcome, 'done');
  relay.send(a, undone.pushes);
  await relay.settle();
  assert.equal(b.shown.emojis.get(cid).size.value, 40);
  assert.equal(b.shown.emojis.get(cid).x.value, 50, 'the other page’s move stays');
  relay.send(a, a.redo().pushes);
  await relay.settle();
  assert.equal(b.shown.emojis.get(cid).size.value, 80);
  assert.deepEqual(visible(a), visible(b));
});

test('an undo whose field someone changed since sends nothing', async () => {
  const { relay, sessions: [a, b] } = await room();
  const { cid, pushes } = a.addEmoji('🦊', 0, 0, 40);
  relay.send(a, pushes);
  await relay.settle();
  relay.send(a, a.setFields([[cid, 'x', 10]], 'Move'));
  await relay.settle();
  relay.send(b, b.setFields([[cid, 'x', 20]], 'Move'));
  await relay.settle();
  const outcome = a.undo();
  assert.equal(outcome.outcome, 'nothingLeft');
  assert.equal(a.shown.emojis.get(cid).x.value, 20);
});

test('a view link sees the room live and cannot edit it', async () => {
  const { relay, sessions: [editor, viewer] } = await room([vectors.roomKey, vectors.viewKey]);
  assert.ok(viewer.isLive);
  relay.send(editor, editor.addEmoji('🦊', 0, 0, 40).pushes);
  await relay.settle();
  assert.equal(visible(viewer).length, 1);
  assert.throws(() => viewer.addEmoji('🐶', 0, 0, 40), /view link/);
});

test('an edit the relay replays is ignored and said; one not signed with the edit key is ignored', async () => {
  const { relay, sessions: [a, b], problems } = await room();
  relay.send(a, a.addEmoji('🦊', 0, 0, 40).pushes);
  await relay.settle();
  const member = relay.members.get(b.client);
  const replay = { ...relay.log[0], seq: relay.log.length + 1 };
  relay.log.push(replay);
  member.inbox.push(JSON.stringify(replay));
  await relay.settle();
  assert.ok(problems.some((sentence) => /again/.test(sentence)), problems.join('\n'));
  const forged = { ...relay.log[0], seq: relay.log.length + 1, cseq: 2, signature: relay.log[0].signature };
  relay.log.push(forged);
  member.inbox.push(JSON.stringify(forged));
  await relay.settle();
  assert.ok(problems.some((sentence) => /not signed/.test(sentence)), problems.join('\n'));
  assert.equal(visible(b).length, 1);
});

test('the page compacts the room when its edit lands on a compaction point, and a newcomer starts from that snapshot', async () => {
  const { relay, sessions: [a] } = await room([vectors.roomKey]);
  const { cid, pushes } = a.addEmoji('🦊', 0, 0, 40);
  relay.send(a, pushes);
  relay.send(a, a.perform([{ op: 'set', cid, field: 'group', value: 'g1' }], 'Group'));
  for (let index = 3; index <= 1000; index += 1) relay.send(a, a.setFields([[cid, 'x', index / 3]], 'Move'));
  await relay.settle();
  assert.equal(relay.snapshot?.seq, 1000, 'the snapshot of seq 1000 was taken');
  relay.send(a, a.setFields([[cid, 'y', 7]], 'Move'));
  await relay.settle();
  const newcomer = new RoomSession({ room: ROOM, credentials: await RoomCredentials.fromLinkKey(vectors.viewKey) });
  const problems = [];
  newcomer.onProblem = (sentence) => problems.push(sentence);
  relay.connect(newcomer);
  await relay.settle();
  assert.deepEqual(problems, []);
  assert.equal(newcomer.confirmedSeq, 1001);
  assert.equal(newcomer.shown.digest(), a.shown.digest());
  assert.equal(newcomer.shown.emojis.get(cid).x.value, 1000 / 3);
});
