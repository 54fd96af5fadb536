import './setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RoomCredentials } from '../client/credentials.js';
import { RoomSession } from '../client/session.js';
import { ProtocolError, readRelayFrame } from '../client/messages.js';
import { FakeRelay } from './fake-relay.mjs';
import { vectors } from './vectors.mjs';

async function liveSession() {
  const session = new RoomSession({ room: 'hostileRoom01', credentials: await RoomCredentials.fromLinkKey(vectors.roomKey) });
  const problems = [];
  session.onProblem = (sentence) => problems.push(sentence);
  const relay = new FakeRelay('hostileRoom01', vectors.registration);
  relay.connect(session);
  await relay.settle();
  relay.send(session, session.addEmoji('🦊', 1, 2, 40).pushes);
  await relay.settle();
  return { session, relay, problems };
}

function snapshotOf(session) {
  return JSON.stringify([...session.shown.emojis.entries()]) + JSON.stringify(session.shown.background) + session.confirmedSeq;
}

test('frames that are not the protocol’s are refused with a sentence, before anything reads them', () => {
  const bad = [
    'not json', '[]', 'null', '{"type":"nothing"}', '{"type":"op","seq":-1,"client":"a","cseq":1,"payload":{}}',
    '{"type":"op","seq":1e300,"client":"a","cseq":1,"payload":{}}', '{"type":"welcome","epoch":"e","seq":9007199254740993,"ackedCseq":0,"ops":[]}',
    '{"type":"welcome","epoch":"e","seq":1,"ackedCseq":0,"ops":[null]}', '{"type":"left","client":"no spaces allowed"}',
    '{"type":"error","code":"x","limit":-5}', `{"type":"challenge","nonce":"${'n'.repeat(2000)}"}`, ' '.repeat(4 * 1024 * 1024 + 1),
  ];
  for (const text of bad) assert.throws(() => readRelayFrame(text), ProtocolError, text.slice(0, 60));
});

test('garbage, replays, forged and absurd edits from the relay change nothing and are said', async () => {
  const { session, relay, problems } = await liveSession();
  const before = snapshotOf(session);
  const mine = relay.log[0];
  const frames = [
    // A replay of an edit already applied, under a new number.
    { ...mine, seq: 2 },
    // An edit whose payload is garbage, signed by nobody.
    { type: 'op', seq: 3, client: 'intruder01', cseq: 1, payload: { sealed: { _0: 'v3.AAAA' } }, signature: 'AAAA' },
    // An edit number no room reaches.
    { type: 'op', seq: 4, client: 'intruder01', cseq: 2 ** 52 + 1, payload: mine.payload, signature: mine.signature },
    // Presence and previews that do not open.
    { type: 'presence', client: 'intruder01', payload: { sealed: { _0: 'v3.garbage' } } },
    { type: 'preview', client: 'intruder01', payload: { plain: { preview: {} } } },
  ];
  for (const frame of frames) {
    try {
      await session.receive(readRelayFrame(JSON.stringify(frame)));
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      problems.push(error.message);
    }
  }
  assert.equal(snapshotOf(session).replace(/\d+$/, ''), before.replace(/\d+$/, ''));
  assert.equal(session.participants.size, 0);
  assert.equal(session.previews.size, 0);
  assert.ok(problems.length >= 4, problems.join('\n'));
  assert.ok(problems.some((sentence) => /again/.test(sentence)));
  assert.ok(problems.some((sentence) => /not signed/.test(sentence)));
  assert.ok(problems.some((sentence) => /no room reaches/.test(sentence)));
});

test('a welcome acknowledging edits the page never made is refused and drops nothing', async () => {
  const { session, problems } = await liveSession();
  relayNothing(session);
  const pendingBefore = session.pending.length;
  const answer = await session.receive(readRelayFrame(JSON.stringify({ type: 'welcome', epoch: 'epoch-1', seq: 1, ackedCseq: 99, ops: [] })));
  assert.deepEqual(answer, []);
  assert.equal(session.pending.length, pendingBefore);
  assert.ok(problems.some((sentence) => /acknowledges edit 99/.test(sentence)));
});

function relayNothing(session) {
  session.disconnected();
  session.perform([{ op: 'set', cid: [...session.shown.emojis.keys()][0], field: 'x', value: 5 }], 'Move');
}
