// A room's document as every replica holds it (the app's CollabState): emoji records by cid,
// tombstones included, each field a last-writer-wins register with its writer, and the
// background. Applying an op never fails and is deterministic, so replicas that applied the same
// ops in the same order are identical.

import { FIELDS, compareCID, parseCID, readBackground, readFieldValue } from './ops.js';
import { clampField, validBackground } from './emoji-rules.js';
import { compareZ, isZKey } from './zkey.js';
import { swiftJSON } from './swift-json.js';
import { sha256Now } from './sha256.js';
import { toHex, utf8 } from './bytes.js';

const BLANK = { blank: {} };

export function sameBackground(left, right) {
  return JSON.stringify(left) === JSON.stringify(right);
}

function stamped(value, writer) {
  return { value, writer };
}

/** The values of an add, clamped; null when one cannot be used. */
function clampValues(values) {
  const result = { ...values };
  for (const field of ['text', 'x', 'y', 'size', 'rotation']) {
    const value = clampField(field, values[field]);
    if (value === undefined) return null;
    result[field] = value;
  }
  if (values.group !== undefined && clampField('group', values.group) === undefined) return null;
  return result;
}

function recordFrom(values, writer) {
  const record = { cid: values.cid };
  for (const field of ['text', 'x', 'y', 'size', 'rotation', 'flipped', 'z', 'deleted']) record[field] = stamped(values[field], writer);
  if (typeof values.group === 'string') record.group = stamped(values.group, writer);
  if (values.locked) record.locked = stamped(true, writer);
  if (parseCID(values.cid).client !== writer) record.addedByOther = writer;
  return record;
}

export function fieldOf(record, field) {
  if (field === 'group') return record.group ?? stamped(null, null);
  if (field === 'locked') return record.locked ?? stamped(false, null);
  return record[field];
}

export class RoomState {
  constructor(emojis = new Map(), background = stamped(BLANK, null)) {
    this.emojis = emojis;
    this.background = background;
  }

  clone() {
    const emojis = new Map();
    for (const [cid, record] of this.emojis) emojis.set(cid, { ...record });
    return new RoomState(emojis, { ...this.background });
  }

  /** Applies one op sent by `client`; returns whether anything changed. */
  apply(op, client) {
    switch (op.op) {
      case 'add': {
        const values = clampValues(op.emoji);
        if (values === null) return false;
        const owner = parseCID(values.cid).client;
        if (owner !== client && !values.restored) return false;
        const existing = this.emojis.get(values.cid);
        if (existing) {
          if (existing.addedByOther !== undefined && client === owner) {
            this.emojis.set(values.cid, recordFrom(values, client));
            return true;
          }
          if (!values.deleted || existing.deleted.value) return false;
          this.emojis.set(values.cid, { ...existing, deleted: stamped(true, client) });
          return true;
        }
        this.emojis.set(values.cid, recordFrom(values, client));
        return true;
      }
      case 'set': {
        const record = this.emojis.get(op.cid);
        if (!record) return false;
        const value = clampField(op.field, op.value);
        if (value === undefined) return false;
        const current = fieldOf(record, op.field);
        if ('expected' in op) {
          const expected = clampField(op.field, op.expected);
          if (current.writer !== client || expected === undefined || current.value !== expected) return false;
        }
        if (current.value === value && current.writer === client) return false;
        this.emojis.set(op.cid, { ...record, [op.field]: stamped(value, client) });
        return true;
      }
      default: {
        const value = validBackground(op.value);
        if (value === null) return false;
        if (op.expected !== undefined) {
          const expected = validBackground(op.expected);
          if (this.background.writer !== client || expected === null || !sameBackground(this.background.value, expected)) return false;
        }
        if (sameBackground(this.background.value, value) && this.background.writer === client) return false;
        this.background = stamped(value, client);
        return true;
      }
    }
  }

  applyAll(ops, client) {
    for (const op of ops) this.apply(op, client);
  }

  /** The visible emojis in drawing order: (z, cid), lowest first. */
  drawingOrder() {
    return [...this.emojis.values()]
      .filter((record) => !record.deleted.value)
      .sort((a, b) => compareZ(a.z.value, b.z.value) || compareCID(a.cid, b.cid));
  }

  /** The highest z key, tombstones included. */
  topZ() {
    let top = null;
    for (const record of this.emojis.values()) if (top === null || record.z.value > top) top = record.z.value;
    return top;
  }

  copyRecord(cid, other) {
    const record = other.emojis.get(cid);
    if (record) this.emojis.set(cid, { ...record });
    else this.emojis.delete(cid);
  }

  copyBackground(other) {
    this.background = { ...other.background };
  }

  /** Every record's values without writers (for republication and tests). */
  values(cid) {
    const record = this.emojis.get(cid);
    if (!record) return null;
    const values = { cid };
    for (const field of FIELDS) values[field] = fieldOf(record, field).value;
    return values;
  }

  /** The state in the app's JSON shape (what a snapshot carries). */
  toJSON() {
    const sorted = [...this.emojis.keys()].sort(compareCID);
    return { emojis: sorted.flatMap((cid) => [cid, recordJSON(this.emojis.get(cid))]), background: stampedJSON(this.background) };
  }

  /** The app's digest of a state: records in cid order, writers included, then the background. */
  digest() {
    const records = [...this.emojis.keys()].sort(compareCID).map((cid) => recordJSON(this.emojis.get(cid)));
    return toHex(sha256Now(utf8(swiftJSON(records) + swiftJSON(stampedJSON(this.background)))));
  }

  /**
   * A state from a snapshot's JSON (the app's shape: `emojis` is [cid, record, cid, record…]).
   * A snapshot is another member's data: records are clamped, unusable ones left out, as the app
   * does; only a shape that is not a state at all gives null.
   */
  static fromJSON(json) {
    if (json === null || typeof json !== 'object' || !Array.isArray(json.emojis) || json.emojis.length % 2 !== 0) return null;
    const emojis = new Map();
    for (let index = 0; index < json.emojis.length; index += 2) {
      const cid = json.emojis[index];
      const record = readRecord(json.emojis[index + 1]);
      if (parseCID(cid) !== null && record !== null && record.cid === cid && !emojis.has(cid)) emojis.set(cid, record);
    }
    let background = stamped(BLANK, null);
    const value = readBackground(json.background?.value);
    const writer = json.background?.writer;
    if (value !== null && validBackground(value) !== null && (writer === undefined || writer === null || typeof writer === 'string')) {
      background = stamped(validBackground(value), writer ?? null);
    }
    return new RoomState(emojis, background);
  }
}

function stampedJSON(stamped) {
  return stamped.writer === null ? { value: stamped.value } : { value: stamped.value, writer: stamped.writer };
}

function recordJSON(record) {
  const json = { cid: record.cid };
  for (const field of ['text', 'x', 'y', 'size', 'rotation', 'flipped', 'z', 'deleted', 'group', 'locked']) {
    if (record[field] !== undefined) json[field] = stampedJSON(record[field]);
  }
  if (record.addedByOther !== undefined) json.addedByOther = record.addedByOther;
  return json;
}

function readStamped(field, json) {
  if (json === null || typeof json !== 'object') return null;
  const value = readFieldValue(field, json.value);
  if (value === undefined && !(field === 'group' && json.value === undefined)) return null;
  const writer = json.writer ?? null;
  if (writer !== null && typeof writer !== 'string') return null;
  const clamped = clampField(field, value ?? null);
  if (clamped === undefined) return null;
  return stamped(clamped, writer);
}

function readRecord(json) {
  if (json === null || typeof json !== 'object' || parseCID(json.cid) === null) return null;
  const record = { cid: json.cid };
  for (const field of ['text', 'x', 'y', 'size', 'rotation', 'flipped', 'z', 'deleted']) {
    const value = readStamped(field, json[field]);
    if (value === null) return null;
    record[field] = value;
  }
  if (!isZKey(record.z.value)) return null;
  for (const field of ['group', 'locked']) {
    if (json[field] === undefined) continue;
    const value = readStamped(field, json[field]);
    if (value === null) return null;
    if (value.writer !== null || value.value !== (field === 'group' ? null : false)) record[field] = value;
  }
  if (typeof json.addedByOther === 'string') record.addedByOther = json.addedByOther;
  return record;
}
