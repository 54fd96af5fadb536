// What an emoji may hold (the app's EmojiLimits): every replica clamps an op's values the same
// way before applying it, so replicas stay identical, and refuses values no emoji can hold.

export const MAX_TEXT_BYTES = 256;
export const MAX_COORDINATE = 1_000_000;
export const SIZE_RANGE = [1, 10_000];
const FIRST_DEFAULT_EMOJI = 0x238d;
export const MAX_GROUP_BYTES = 64;
export const MAX_URL_BYTES = 8 * 1024;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const emojiProperty = /^\p{Emoji}$/u;

function utf8Length(text) {
  return new TextEncoder().encode(text).length;
}

/** One character that the original app counts as an emoji. */
export function allowsText(text) {
  if (typeof text !== 'string' || text.length === 0 || utf8Length(text) > MAX_TEXT_BYTES) return false;
  const iterator = graphemes.segment(text)[Symbol.iterator]();
  iterator.next();
  if (!iterator.next().done) return false;
  const scalars = Array.from(text);
  const first = scalars[0];
  if (!emojiProperty.test(first)) return false;
  return first.codePointAt(0) >= FIRST_DEFAULT_EMOJI || scalars.length > 1;
}

export function clampCoordinate(value) {
  return Number.isFinite(value) ? Math.min(Math.max(value, -MAX_COORDINATE), MAX_COORDINATE) : null;
}

export function clampSize(value) {
  return Number.isFinite(value) ? Math.min(Math.max(value, SIZE_RANGE[0]), SIZE_RANGE[1]) : null;
}

/** Degrees in −180 < r ≤ 180, as the app writes them (no −0). */
export function normalizedRotation(value) {
  if (!Number.isFinite(value)) return null;
  let angle = value % 360;
  if (angle <= -180) angle += 360;
  if (angle > 180) angle -= 360;
  return angle === 0 ? 0 : angle;
}

export function isGroupID(text) {
  return typeof text === 'string' && text.length > 0 && utf8Length(text) <= MAX_GROUP_BYTES;
}

/** A field's value clamped; undefined when no emoji can hold it (a group may be null: none). */
export function clampField(field, value) {
  let clamped;
  switch (field) {
    case 'text': clamped = allowsText(value) ? value : null; break;
    case 'x': case 'y': clamped = clampCoordinate(value); break;
    case 'size': clamped = clampSize(value); break;
    case 'rotation': clamped = normalizedRotation(value); break;
    case 'group': return value === null || isGroupID(value) ? value : undefined;
    default: return value;
  }
  return clamped === null ? undefined : clamped;
}

/** A background no op could set is null; an empty address is the blank one. */
export function validBackground(value) {
  if ('blank' in value) return value;
  if (value.url) {
    if (value.url._0 === '') return { blank: {} };
    return utf8Length(value.url._0) <= MAX_URL_BYTES ? value : null;
  }
  return /^[0-9a-f]{64}$/.test(value.image.sha256) ? value : null;
}
