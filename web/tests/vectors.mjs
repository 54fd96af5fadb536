// The protocol's shared test vectors (data/protocol/protocol-3-vectors.json), which the app's
// Swift tests write and check too: a change to the protocol changes them, so the two clients
// can never drift apart silently.
import { readFileSync } from 'node:fs';

export const vectors = JSON.parse(readFileSync(new URL('../../data/protocol/protocol-3-vectors.json', import.meta.url), 'utf8'));

/** The vectors write NUL as the two characters `\0` in signed texts. */
export function unescapeNul(text) {
  return text.replaceAll('\\0', '\u0000');
}
