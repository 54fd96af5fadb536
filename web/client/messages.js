// The frames between the page and the relay (the app's ClientMessage and RelayMessage): one JSON
// object each, `{"type": …, fields…}`. Everything from the relay is read as hostile: too large,
// not JSON, not a frame, or numbers no honest relay sends are a ProtocolError, never a hang.

import { isClientID } from './ops.js';
import { PROTOCOL_VERSION } from './credentials.js';

export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
export const MAX_SEQUENCE = 2 ** 52;

export class ProtocolError extends Error {}

function isSequence(value) {
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_SEQUENCE;
}

function readPush(frame) {
  if (!Number.isSafeInteger(frame.seq) || !Number.isSafeInteger(frame.cseq) || !isClientID(frame.client)) return null;
  if (frame.payload === null || typeof frame.payload !== 'object') return null;
  if (frame.signature !== undefined && frame.signature !== null && typeof frame.signature !== 'string') return null;
  return { seq: frame.seq, client: frame.client, cseq: frame.cseq, payload: frame.payload, signature: frame.signature ?? null };
}

function readSnapshot(snapshot) {
  if (snapshot === null || typeof snapshot !== 'object' || !isSequence(snapshot.seq)) return null;
  if (snapshot.payload === null || typeof snapshot.payload !== 'object') return null;
  return { seq: snapshot.seq, payload: snapshot.payload, signature: typeof snapshot.signature === 'string' ? snapshot.signature : null };
}

/** A relay frame as a plain object; throws ProtocolError for anything that is not one. */
export function readRelayFrame(text) {
  if (typeof text !== 'string') throw new ProtocolError('The relay sent a frame that is not text.');
  if (text.length > MAX_FRAME_BYTES) throw new ProtocolError('The relay sent a frame larger than 4 MiB.');
  let frame;
  try {
    frame = JSON.parse(text);
  } catch {
    throw new ProtocolError('The relay sent something that is not a message.');
  }
  if (frame === null || typeof frame !== 'object' || Array.isArray(frame)) throw new ProtocolError('The relay sent something that is not a message.');
  const bad = (what) => new ProtocolError(`The relay sent a ${frame.type} message that could not be read (${what}).`);
  switch (frame.type) {
    case 'challenge':
      if (typeof frame.nonce !== 'string' || frame.nonce.length > 1024) throw bad('nonce');
      return { type: 'challenge', nonce: frame.nonce, upgrade: frame.upgrade === true };
    case 'welcome': {
      if (typeof frame.epoch !== 'string' || frame.epoch.length > 256) throw bad('epoch');
      if (!isSequence(frame.seq) || !isSequence(frame.ackedCseq)) throw bad('a number out of range');
      if (!Array.isArray(frame.ops)) throw bad('ops');
      let snapshot = null;
      if (frame.snapshot !== undefined && frame.snapshot !== null) {
        snapshot = readSnapshot(frame.snapshot);
        if (snapshot === null) throw bad('snapshot');
      }
      const ops = [];
      for (const item of frame.ops) {
        const push = item !== null && typeof item === 'object' ? readPush(item) : null;
        if (push === null) throw bad('an edit');
        ops.push(push);
      }
      return { type: 'welcome', epoch: frame.epoch, seq: frame.seq, ackedCseq: frame.ackedCseq, snapshot, ops };
    }
    case 'op': {
      const push = readPush(frame);
      if (push === null || !isSequence(push.seq)) throw bad('an edit');
      return { type: 'op', ...push };
    }
    case 'preview':
    case 'presence':
      if (!isClientID(frame.client) || frame.payload === null || typeof frame.payload !== 'object') throw bad('sender');
      return { type: frame.type, client: frame.client, payload: frame.payload };
    case 'left':
      if (!isClientID(frame.client)) throw bad('client');
      return { type: 'left', client: frame.client };
    case 'error': {
      const limit = frame.limit;
      if (limit !== undefined && limit !== null && !isSequence(limit)) throw bad('a number out of range');
      return {
        type: 'error',
        code: String(frame.code ?? 'unknown').slice(0, 40),
        message: String(frame.message ?? '').slice(0, 500),
        limit: limit ?? null,
      };
    }
    case 'pong':
      return { type: 'pong' };
    default:
      throw new ProtocolError('The relay sent a message of a kind this page does not know.');
  }
}

export const clientFrames = {
  hello: (room, client, lastSeq, epoch) =>
    JSON.stringify({ type: 'hello', version: PROTOCOL_VERSION, room, client, lastSeq, ...(epoch ? { epoch } : {}) }),
  proof: (proof) => JSON.stringify({ type: 'proof', ...proof }),
  push: (cseq, payload, signature) => JSON.stringify({ type: 'push', cseq, payload, ...(signature ? { signature } : {}) }),
  snapshot: (seq, payload, signature) => JSON.stringify({ type: 'snapshot', seq, payload, ...(signature ? { signature } : {}) }),
  preview: (payload) => JSON.stringify({ type: 'preview', payload }),
  presence: (payload) => JSON.stringify({ type: 'presence', payload }),
  ping: () => JSON.stringify({ type: 'ping' }),
};
