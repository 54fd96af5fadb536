// An in-memory relay for the page's session tests: it admits by the room's public keys, orders
// pushes, refuses a viewer's, and broadcasts, as the real relay does (without storage).
import { isValidSignature, signedBytes } from '../client/credentials.js';
import { readRelayFrame } from '../client/messages.js';
import { fromBase64URL } from '../client/bytes.js';

export class FakeRelay {
  constructor(room, registration) {
    this.room = room;
    this.editor = fromBase64URL(registration.editor);
    this.viewer = fromBase64URL(registration.viewer);
    this.epoch = 'epoch-1';
    this.log = [];
    this.members = new Map();
  }

  /** Connects a session: returns a function that delivers everything queued, in order. */
  connect(session) {
    const member = { session, inbox: [], role: null, nonce: `nonce-${Math.random()}` };
    this.members.set(session.client, member);
    member.outbox = [...session.connected()];
    return member;
  }

  async answer(member, item) {
    const text = typeof item === 'string' ? item : typeof item === 'function' ? await item() : await member.session.pushFrame(item);
    const frame = JSON.parse(text);
    const send = (target, message) => target.inbox.push(JSON.stringify(message));
    switch (frame.type) {
      case 'hello':
        member.client = frame.client;
        member.lastSeq = frame.lastSeq;
        send(member, { type: 'challenge', nonce: member.nonce, upgrade: false });
        break;
      case 'proof': {
        const key = frame.role === 'edit' ? this.editor : this.viewer;
        const message = signedBytes('emojiart-hello-3', member.nonce, this.room, member.client, '3', frame.role);
        if (!(await isValidSignature(frame.signature, message, key))) {
          send(member, { type: 'error', code: 'notMember', message: 'not a member' });
          break;
        }
        member.role = frame.role;
        const acked = Math.max(0, ...this.log.filter((push) => push.client === member.client).map((push) => push.cseq));
        const snapshot = this.snapshot && member.lastSeq < this.snapshot.seq ? this.snapshot : null;
        const from = snapshot ? snapshot.seq : member.lastSeq;
        send(member, { type: 'welcome', epoch: this.epoch, seq: this.log.length, ackedCseq: acked, snapshot, ops: this.log.slice(from) });
        break;
      }
      case 'push': {
        if (member.role !== 'edit') {
          send(member, { type: 'error', code: 'viewOnly', message: 'view only' });
          break;
        }
        if (this.log.some((push) => push.client === member.client && push.cseq >= frame.cseq)) break;
        const push = { type: 'op', seq: this.log.length + 1, client: member.client, cseq: frame.cseq, payload: frame.payload, signature: frame.signature };
        this.log.push(push);
        for (const other of this.members.values()) if (other.role) send(other, push);
        break;
      }
      case 'snapshot': {
        // Taken only from the sender of the push at a compaction point, signed with the edit key.
        const sender = this.log[frame.seq - 1]?.client;
        const text = frame.payload?.sealed?._0;
        const signed = await isValidSignature(frame.signature, signedBytes('emojiart-snapshot-3', this.room, String(frame.seq), text), this.editor);
        if (frame.seq % 1000 === 0 && sender === member.client && signed) this.snapshot = { seq: frame.seq, ackedCseqs: {}, payload: frame.payload, signature: frame.signature };
        break;
      }
      case 'presence':
      case 'preview':
        for (const other of this.members.values()) if (other !== member && other.role) send(other, { type: frame.type, client: member.client, payload: frame.payload });
        break;
      default:
        break;
    }
  }

  /** Delivers frames both ways until nothing moves. */
  async settle() {
    for (let moved = true; moved;) {
      moved = false;
      for (const member of this.members.values()) {
        while (member.outbox.length > 0) {
          moved = true;
          await this.answer(member, member.outbox.shift());
        }
        while (member.inbox.length > 0) {
          moved = true;
          member.outbox.push(...(await member.session.receive(readRelayFrame(member.inbox.shift()))));
        }
      }
    }
  }

  /** The session's own pushes (from perform, undo…) go out. */
  send(session, items) {
    this.members.get(session.client).outbox.push(...items);
  }
}
