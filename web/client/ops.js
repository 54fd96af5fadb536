// A room's edits (the app's CollabOp) in their wire shape, read defensively, and as the
// canonical text a sender chain hashes (the app's `writeCanonical`).
//
//   { op: 'add', emoji: { cid, text, x, y, size, rotation, flipped, z, deleted, group?, locked?, restored? } }
//   { op: 'set', cid, field, value, expected? }
//   { op: 'background', value: { blank: {} } | { url: { _0: URL } } | { image: { sha256: NAME } }, expected? }

import { toHex, utf8 } from './bytes.js';
import { sha256Now } from './sha256.js';
import { swiftDescription } from './swift-number.js';
import { isZKey } from './zkey.js';

export const FIELDS = ['text', 'x', 'y', 'size', 'rotation', 'flipped', 'z', 'deleted', 'group', 'locked'];
const NUMBER_FIELDS = new Set(['x', 'y', 'size', 'rotation']);
const FLAG_FIELDS = new Set(['flipped', 'deleted', 'locked']);

export function isClientID(text) {
  return typeof text === 'string' && /^[0-9A-Za-z_-]{1,32}$/.test(text);
}

/** `<client>.<counter>` with a counter from 1: the parts, or null. */
export function parseCID(text) {
  if (typeof text !== 'string') return null;
  const dot = text.lastIndexOf('.');
  if (dot < 0) return null;
  const client = text.slice(0, dot);
  const counterText = text.slice(dot + 1);
  if (!isClientID(client) || !/^\+?[0-9]{1,18}$/.test(counterText)) return null;
  const counter = Number(counterText);
  return counter >= 1 && Number.isSafeInteger(counter) ? { client, counter } : null;
}

/** The order of cids every replica agrees on: client (bytes), then counter. */
export function compareCID(left, right) {
  const a = parseCID(left);
  const b = parseCID(right);
  if (a.client !== b.client) return a.client < b.client ? -1 : 1;
  return a.counter - b.counter;
}

function isNumber(value) {
  return typeof value === 'number';
}

/** A field's value as the app decodes it; undefined when it is not one. */
export function readFieldValue(field, value) {
  if (field === 'text' || field === 'z') {
    if (typeof value !== 'string') return undefined;
    return field === 'z' && !isZKey(value) ? undefined : value;
  }
  if (NUMBER_FIELDS.has(field)) return isNumber(value) ? value : undefined;
  if (FLAG_FIELDS.has(field)) return typeof value === 'boolean' ? value : undefined;
  if (field === 'group') return value === null || typeof value === 'string' ? value : undefined;
  return undefined;
}

/** A background value; null when it is not one. */
export function readBackground(value) {
  if (value === null || typeof value !== 'object') return null;
  if ('blank' in value) return { blank: {} };
  if (typeof value.url?._0 === 'string') return { url: { _0: value.url._0 } };
  if (typeof value.image?.sha256 === 'string') return { image: { sha256: value.image.sha256 } };
  return null;
}

function readValues(emoji) {
  if (emoji === null || typeof emoji !== 'object' || parseCID(emoji.cid) === null) return null;
  const values = { cid: emoji.cid };
  for (const field of ['text', 'x', 'y', 'size', 'rotation', 'flipped', 'z', 'deleted']) {
    const value = readFieldValue(field, emoji[field]);
    if (value === undefined) return null;
    values[field] = value;
  }
  if (emoji.group !== undefined && emoji.group !== null) {
    if (typeof emoji.group !== 'string') return null;
    values.group = emoji.group;
  }
  for (const flag of ['locked', 'restored']) {
    if (emoji[flag] === undefined || emoji[flag] === null) continue;
    if (typeof emoji[flag] !== 'boolean') return null;
    if (emoji[flag]) values[flag] = true;
  }
  return values;
}

/** One op from the wire; null when it is not one (then, as in the app, its push opens as nothing). */
export function readOp(op) {
  if (op === null || typeof op !== 'object') return null;
  switch (op.op) {
    case 'add': {
      const emoji = readValues(op.emoji);
      return emoji && { op: 'add', emoji };
    }
    case 'set': {
      if (!FIELDS.includes(op.field) || parseCID(op.cid) === null) return null;
      const value = readFieldValue(op.field, op.value);
      if (value === undefined) return null;
      const result = { op: 'set', cid: op.cid, field: op.field, value };
      if ('expected' in op) {
        const expected = readFieldValue(op.field, op.expected);
        if (expected === undefined) return null;
        result.expected = expected;
      }
      return result;
    }
    case 'background': {
      const value = readBackground(op.value);
      if (value === null) return null;
      const result = { op: 'background', value };
      if (op.expected !== undefined && op.expected !== null) {
        const expected = readBackground(op.expected);
        if (expected === null) return null;
        result.expected = expected;
      }
      return result;
    }
    default:
      return null;
  }
}

/** Every op of a list, or null when one is not an op. */
export function readOps(list) {
  if (!Array.isArray(list)) return null;
  const ops = [];
  for (const item of list) {
    const op = readOp(item);
    if (op === null) return null;
    ops.push(op);
  }
  return ops;
}

function fieldText(field, value) {
  if (field === 'text' || field === 'z') return `${field}=${value}`;
  if (NUMBER_FIELDS.has(field)) return `${field}=${swiftDescription(value)}`;
  if (FLAG_FIELDS.has(field)) return `${field}=${value}`;
  return value === null ? 'group' : `group=${value}`;
}

function backgroundText(value) {
  if (value === undefined || value === null) return '-';
  if ('blank' in value) return 'blank';
  if (value.url) return `url=${value.url._0}`;
  return `image=${value.image.sha256}`;
}

/** One op as the text a chain link hashes: fields in a fixed order, separated by U+0001. */
export function canonicalOp(op) {
  let parts;
  switch (op.op) {
    case 'add': {
      const e = op.emoji;
      parts = ['\u0000add', e.cid, e.text, swiftDescription(e.x), swiftDescription(e.y), swiftDescription(e.size),
        swiftDescription(e.rotation), String(e.flipped), e.z, String(e.deleted)];
      if (typeof e.group === 'string') parts.push(`group=${e.group}`);
      if (e.locked) parts.push('locked=true');
      if (e.restored) parts.push('restored=true');
      break;
    }
    case 'set':
      parts = ['\u0000set', op.cid, fieldText(op.field, op.value), 'expected' in op ? fieldText(op.field, op.expected) : '-'];
      break;
    default:
      parts = ['\u0000background', backgroundText(op.value), backgroundText(op.expected)];
  }
  return parts.join('\u0001');
}

/** The hash of one link of a sender's chain: what its next push names as `previous`. */
export function linkHash(previous, cseq, ops) {
  let text = `link-2\u0000${previous ?? '-'}\u0000${cseq}`;
  for (const op of ops) text += canonicalOp(op);
  return toHex(sha256Now(utf8(text)));
}
