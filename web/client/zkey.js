// Fractional z keys (the app's ZKey): drawing order is (z, cid); a key's bytes sort as its
// numbers. The page only needs to check keys and to make one above all others.

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const MAX_LENGTH = 256;
const JITTER_DIGITS = 2;

function digitValue(character) {
  const index = DIGITS.indexOf(character);
  return index < 0 || character === '' ? null : index;
}

function integerLength(head) {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 97 + 2;
  if (head >= 'A' && head <= 'Z') return 90 - head.charCodeAt(0) + 2;
  return null;
}

export function isZKey(text) {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_LENGTH) return false;
  const length = integerLength(text[0]);
  if (length === null || text.length < length) return false;
  for (const character of text.slice(1)) if (digitValue(character) === null) return false;
  if (text.length !== length && text.endsWith('0')) return false;
  if (text.length === length && text[0] === 'A' && /^A0*$/.test(text)) return false;
  return true;
}

export function compareZ(left, right) {
  return left < right ? -1 : left > right ? 1 : 0;
}

function jitter(random) {
  let text = '';
  for (let index = 0; index < JITTER_DIGITS; index += 1) text += DIGITS[1 + Math.floor(random() * 61)];
  return text;
}

function increment(integer) {
  const head = integer[0];
  const body = integer.slice(1).split('');
  for (let index = body.length - 1; index >= 0; index -= 1) {
    const digit = digitValue(body[index]);
    if (digit < 61) {
      body[index] = DIGITS[digit + 1];
      return head + body.join('');
    }
    body[index] = '0';
  }
  if (head === 'Z') return 'a0';
  if (head === 'z') return null;
  const next = String.fromCharCode(head.charCodeAt(0) + 1);
  if (head >= 'a' && head <= 'y') return next + body.join('') + '0';
  return next + body.slice(0, -1).join('');
}

/** Fraction digits above `low`, never ending in 0 once jitter follows. */
function above(fraction, random) {
  const low = fraction.length > 0 ? digitValue(fraction[0]) : 0;
  if (62 - low > 1) return DIGITS[low + 1 + Math.floor(random() * (61 - low))];
  return DIGITS[low] + above(fraction.slice(1), random);
}

/** A key above `top` (null: the first key of a room). */
export function keyAbove(top, random = Math.random) {
  if (top === null || top === undefined) return 'a0' + jitter(random);
  const length = integerLength(top[0]);
  const integer = top.slice(0, length);
  const next = increment(integer);
  if (next !== null) return next + jitter(random);
  return integer + above(top.slice(length), random) + jitter(random);
}
