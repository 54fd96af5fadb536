// Each sender's pushes, chained (the app's SenderChains): a push names the hash of its sender's
// previous one and numbers follow one another, so a relay that replays, reorders, withholds or
// rolls back pushes is caught.

import { linkHash } from './ops.js';

export class SenderChains {
  constructor(marks = new Map()) {
    this.marks = marks;
  }

  /** What a push is: 'next', 'replayed', { gap: [first, last] } or 'forked'; all but a replay move the mark. */
  take(sender, cseq, previous, ops) {
    const mark = this.marks.get(sender);
    const lastCseq = mark?.cseq ?? 0;
    if (cseq <= lastCseq) return 'replayed';
    this.marks.set(sender, { cseq, hash: linkHash(previous, cseq, ops) });
    if (mark === undefined) return 'next';
    if (cseq > lastCseq + 1) return { gap: [lastCseq + 1, cseq - 1] };
    return previous === mark.hash ? 'next' : 'forked';
  }

  takeUnchained(sender, cseq) {
    const mark = this.marks.get(sender);
    if (cseq <= (mark?.cseq ?? 0)) return 'replayed';
    this.marks.set(sender, { cseq, hash: mark?.hash ?? '' });
    return 'next';
  }

  /** Takes a snapshot's marks where they are ahead of mine. */
  merge(other) {
    for (const [sender, mark] of other.marks) {
      if (mark.cseq > (this.marks.get(sender)?.cseq ?? 0)) this.marks.set(sender, mark);
    }
  }

  /** From a snapshot's JSON (`{"marks": [sender, mark, …]}` or an object keyed by sender). */
  static fromJSON(json) {
    const marks = new Map();
    const entries = Array.isArray(json?.marks) ? pairs(json.marks) : Object.entries(json?.marks ?? {});
    for (const [sender, mark] of entries) {
      if (typeof sender === 'string' && Number.isSafeInteger(mark?.cseq) && mark.cseq > 0 && typeof mark.hash === 'string') {
        marks.set(sender, { cseq: mark.cseq, hash: mark.hash });
      }
    }
    return new SenderChains(marks);
  }
}

function pairs(list) {
  const result = [];
  for (let index = 0; index + 1 < list.length; index += 2) result.push([list[index], list[index + 1]]);
  return result;
}
