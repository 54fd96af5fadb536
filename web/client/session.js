// One replica of a room in the page (the app's SyncSession), with no I/O of its own: the
// connection hands it relay frames and sends the frames it returns. What it shows is the
// confirmed state (the relay's log as far as known) with the page's pending pushes applied
// again after every incoming op. Frames from the relay are opened and checked first (WebCrypto
// waits), then applied in one turn, so the page's own edits never interleave with half of one.

import { clientFrames } from './messages.js';
import { signedBytes } from './credentials.js';
import { linkHash, parseCID, readOps } from './ops.js';
import { RoomState, fieldOf, sameBackground } from './room-state.js';
import { SenderChains } from './sender-chains.js';
import { open, seal, sealedText, SealError } from './sealing.js';
import { UndoHistory, sameValue, targetKey } from './undo-history.js';
import { keyAbove } from './zkey.js';
import { randomBytes, toBase64URL } from './bytes.js';

export const COMPACTION_INTERVAL = 1000;
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomClientID() {
  return Array.from(randomBytes(12), (byte) => DIGITS[byte % 62]).join('');
}

export class RoomSession {
  constructor({ room, credentials, client = randomClientID(), random = Math.random }) {
    this.room = room;
    this.credentials = credentials;
    this.client = client;
    this.random = random;
    this.secret = toBase64URL(randomBytes(32));
    this.epoch = null;
    this.confirmed = new RoomState();
    this.confirmedSeq = 0;
    this.pending = [];
    this.shown = new RoomState();
    this.history = new UndoHistory();
    this.chains = new SenderChains();
    this.chainHead = null;
    this.nextCseq = 1;
    this.nextCounter = 1;
    this.isLive = false;
    this.isUpgrading = false;
    this.unsignedThrough = 0;
    this.participants = new Map();
    this.previews = new Map();
    this.frameTimes = { presence: new Map(), preview: new Map() };
    this.lastFrameSent = 0;
    /** Called with each sentence about what went wrong (a refusal, a replay, a gap…). */
    this.onProblem = () => {};
  }

  report(sentence) {
    this.onProblem(sentence);
  }

  context(kind, sender, counter) {
    return { room: this.room, epoch: this.epoch ?? '', kind, sender, counter };
  }

  newCID() {
    const cid = `${this.client}.${this.nextCounter}`;
    this.nextCounter += 1;
    return cid;
  }

  // MARK: - My edits

  /**
   * Applies one action of the page's: shown at once, one undo step (joined to the last with
   * `joining`). Returns the pushes to send (sealed and signed by `outgoing`), none while offline.
   */
  perform(ops, name, { joining = false } = {}) {
    if (ops.length === 0) return [];
    if (!this.credentials.canEdit) throw new Error('This room is open with a view link: it cannot be edited here.');
    const changes = [];
    const push = this.submit(ops, (state, op) => {
      const before = undoValue(op, state);
      state.apply(op, this.client);
      const after = undoValue(op, state);
      const target = undoTarget(op);
      if (before !== undefined && after !== undefined && !sameValue(before, after)) {
        const existing = changes.find((change) => targetKey(change.target) === targetKey(target));
        if (existing) existing.after = after;
        else changes.push({ target, before, after });
      }
    });
    this.history.record({ name, changes: changes.filter((change) => !sameValue(change.before, change.after)) }, joining);
    return push;
  }

  addEmoji(text, x, y, size) {
    const cid = this.newCID();
    const z = keyAbove(this.shown.topZ(), this.random);
    const pushes = this.perform([{ op: 'add', emoji: { cid, text, x, y, size, rotation: 0, flipped: false, z, deleted: false } }], `Add ${text}`);
    return { cid, pushes };
  }

  setFields(values, name, options) {
    return this.perform(values.map(([cid, field, value]) => ({ op: 'set', cid, field, value })), name, options);
  }

  delete(cids) {
    return this.perform(cids.map((cid) => ({ op: 'set', cid, field: 'deleted', value: true })), 'Delete');
  }

  /** Undoes the page's last step where it still can: only fields it wrote last and that still hold its value. */
  undo() {
    return this.reverse(this.history.undoSteps, this.history.redoSteps, 'after', 'before', true);
  }

  redo() {
    return this.reverse(this.history.redoSteps, this.history.undoSteps, 'before', 'after', false);
  }

  reverse(from, to, current, goal, reversed) {
    const step = from.at(-1);
    if (step === undefined) return { outcome: 'empty', pushes: [] };
    const ordered = reversed ? [...step.changes].reverse() : step.changes;
    const ops = [];
    const made = [];
    for (const change of ordered) {
      if (!this.holdsMine(change.target, change[current])) continue;
      ops.push(change.target.background
        ? { op: 'background', value: change[goal], expected: change[current] }
        : { op: 'set', cid: change.target.cid, field: change.target.field, value: change[goal], expected: change[current] });
      made.push(change);
    }
    from.pop();
    if (ops.length === 0) return { outcome: 'nothingLeft', name: step.name, pushes: [] };
    const pushes = this.submit(ops, (state, op) => state.apply(op, this.client));
    to.push({ name: step.name, changes: reversed ? made.reverse() : made });
    return { outcome: 'done', name: step.name, partially: made.length < step.changes.length, pushes };
  }

  holdsMine(target, value) {
    if (target.background) return this.shown.background.writer === this.client && sameBackground(this.shown.background.value, value);
    const record = this.shown.emojis.get(target.cid);
    if (!record) return false;
    const field = fieldOf(record, target.field);
    return field.writer === this.client && field.value === value;
  }

  submit(ops, apply) {
    const push = { cseq: this.nextCseq, ops, previous: this.chainHead };
    this.chainHead = linkHash(push.previous, push.cseq, ops);
    this.nextCseq += 1;
    this.pending.push(push);
    for (const op of ops) apply(this.shown, op);
    return this.isLive ? [push] : [];
  }

  /** A push as the frame that travels: sealed, then signed over its sealed text. */
  async pushFrame(push) {
    const content = { push: { _0: { ops: push.ops, ...(push.previous ? { previous: push.previous } : {}) } } };
    const payload = await seal(content, this.context('push', this.client, push.cseq), this.credentials);
    const signature = await this.credentials.signEdit(signedBytes('emojiart-push-3', this.room, this.client, String(push.cseq), sealedText(payload)));
    return clientFrames.push(push.cseq, payload, signature);
  }

  /**
   * The room's snapshot as it stands now (confirmed state, seq, each sender's chain), to seal
   * and sign when its turn to be sent comes.
   */
  snapshotMaker() {
    const seq = this.confirmedSeq;
    const content = {
      roomSnapshot: {
        _0: {
          epoch: this.epoch ?? '', seq, state: this.confirmed.toJSON(), digest: this.confirmed.digest(),
          senders: { marks: [...this.chains.marks].sort(([a], [b]) => (a < b ? -1 : 1)).flatMap(([sender, mark]) => [sender, { ...mark }]) },
        },
      },
    };
    const context = this.context('snapshot', null, seq);
    return async () => {
      const payload = await seal(content, context, this.credentials);
      const signature = await this.credentials.signEdit(signedBytes('emojiart-snapshot-3', this.room, String(seq), sealedText(payload)));
      return clientFrames.snapshot(seq, payload, signature);
    };
  }

  /** Numbered frames (presence, drag previews): each one later than the last sent. */
  nextFrameSeq() {
    this.lastFrameSent = Math.max(this.lastFrameSent + 1, Date.now());
    return this.lastFrameSent;
  }

  async presenceFrame(presence) {
    const payload = await seal({ presence: { _0: { ...presence, seq: this.nextFrameSeq() } } }, this.context('presence', this.client, 0), this.credentials);
    return clientFrames.presence(payload);
  }

  async previewFrame(frame) {
    const payload = await seal({ preview: { _0: { ...frame, seq: this.nextFrameSeq() } } }, this.context('preview', this.client, 0), this.credentials);
    return clientFrames.preview(payload);
  }

  // MARK: - The connection

  connected() {
    this.isLive = false;
    this.isUpgrading = false;
    return [clientFrames.hello(this.room, this.client, this.confirmedSeq, this.epoch)];
  }

  disconnected() {
    this.isLive = false;
    this.participants.clear();
    this.previews.clear();
  }

  /** One relay frame (already read by `readRelayFrame`): returns frames to send, or pushes (objects) to seal. */
  async receive(frame) {
    switch (frame.type) {
      case 'challenge':
        this.isUpgrading = frame.upgrade && this.credentials.canEdit;
        if (frame.upgrade && !this.credentials.canEdit) {
          this.report('This room was made by an older EmojiArt: open it once with its edit link before using a view link.');
        }
        return [clientFrames.proof(await this.credentials.proof(frame, this.room, this.client, this.secret))];
      case 'welcome':
        return this.welcome(frame);
      case 'op': {
        const taken = await this.prepare(frame, this.epoch);
        if (!this.isLive || frame.seq <= this.confirmedSeq) return [];
        if (frame.seq !== this.confirmedSeq + 1) return this.connected();
        this.applyConfirmed(frame, this.take(taken));
        // Compaction: the sender of every thousandth push snapshots the room there.
        if (frame.client === this.client && frame.seq % COMPACTION_INTERVAL === 0 && this.credentials.canEdit) {
          return [this.snapshotMaker()];
        }
        return [];
      }
      case 'presence': {
        const content = await this.openFrame(frame, 'presence');
        const presence = content?.presence?._0;
        if (presence && typeof presence.name === 'string' && this.isFresh('presence', frame.client, presence.seq)) {
          this.participants.set(frame.client, readPresence(presence));
        }
        return [];
      }
      case 'preview': {
        const content = await this.openFrame(frame, 'preview');
        const preview = readPreview(content?.preview?._0);
        if (preview && this.isFresh('preview', frame.client, preview.seq)) this.previews.set(preview.cid, { ...preview, client: frame.client, received: Date.now() });
        return [];
      }
      case 'left':
        this.participants.delete(frame.client);
        for (const [cid, preview] of this.previews) if (preview.client === frame.client) this.previews.delete(cid);
        return [];
      case 'error':
        this.report(relaySentence(frame));
        return [];
      default:
        return [];
    }
  }

  isFresh(kind, sender, seq) {
    if (!Number.isSafeInteger(seq) || seq < (this.frameTimes[kind].get(sender) ?? 0)) return false;
    this.frameTimes[kind].set(sender, seq);
    return true;
  }

  async openFrame(frame, kind) {
    try {
      return await open(frame.payload, this.context(kind, frame.client, 0), this.credentials);
    } catch (error) {
      if (error instanceof SealError) this.report(error.message);
      return null;
    }
  }

  /**
   * The checks of a confirmed push that wait (signature, opening): its content, or a sentence.
   * `take` then runs it through the sender's chain in the same turn it is applied.
   */
  async prepare(push, epoch, unsignedThrough = 0) {
    if (!Number.isSafeInteger(push.cseq) || push.cseq < 1 || push.cseq > 2 ** 52) {
      return { problem: `The relay sent edit number ${push.cseq} from ${push.client}, which no room reaches; it was skipped.` };
    }
    const text = sealedText(push.payload);
    const signed = (push.signature === null && push.seq <= unsignedThrough)
      || (text !== null && await this.credentials.isEdit(signedBytes('emojiart-push-3', this.room, push.client, String(push.cseq), text), push.signature));
    if (!signed) return { problem: `An edit from ${push.client} is not signed with the room’s edit key and was ignored.` };
    let content;
    try {
      content = await open(push.payload, { room: this.room, epoch: epoch ?? '', kind: 'push', sender: push.client, counter: push.cseq }, this.credentials);
    } catch (error) {
      return { problem: error.message };
    }
    if (content?.push?._0 !== undefined) {
      const body = content.push._0;
      const ops = readOps(body?.ops);
      const previous = body?.previous ?? null;
      if (ops === null || (previous !== null && typeof previous !== 'string')) return { problem: `An edit from ${push.client} could not be read and was ignored.` };
      return { push, ops, previous, chained: true };
    }
    if (content?.ops?._0 !== undefined) {
      const ops = readOps(content.ops._0);
      return ops === null ? { problem: `An edit from ${push.client} could not be read and was ignored.` } : { push, ops, chained: false };
    }
    return { problem: `An edit from ${push.client} could not be read and was ignored.` };
  }

  /** The ops of a prepared push to apply, through its sender's chain. */
  take(taken) {
    if (taken.problem) {
      this.report(taken.problem);
      return [];
    }
    const { push, ops } = taken;
    const verdict = taken.chained ? this.chains.take(push.client, push.cseq, taken.previous, ops) : this.chains.takeUnchained(push.client, push.cseq);
    if (verdict === 'next') return ops;
    if (verdict === 'replayed') {
      this.report(`The relay sent edit ${push.cseq} from ${push.client} again; it was ignored.`);
      return [];
    }
    if (verdict === 'forked') {
      this.report(`Edit ${push.cseq} from ${push.client} does not follow their previous edit: the relay changed their history.`);
      return ops;
    }
    const [first, last] = verdict.gap;
    this.report(first === last ? `Edit ${first} from ${push.client} never arrived.` : `Edits ${first}–${last} from ${push.client} never arrived.`);
    return ops;
  }

  applyConfirmed(push, ops) {
    this.confirmed.applyAll(ops, push.client);
    this.confirmedSeq = push.seq;
    if (push.client === this.client && this.pending[0]?.cseq === push.cseq) {
      this.pending.shift();
      return;
    }
    if (push.client === this.client) this.pending = this.pending.filter((pending) => pending.cseq > push.cseq);
    const cids = new Set(ops.filter((op) => op.op !== 'background').map((op) => (op.op === 'add' ? op.emoji.cid : op.cid)));
    const background = ops.some((op) => op.op === 'background');
    for (const cid of cids) this.shown.copyRecord(cid, this.confirmed);
    if (background) this.shown.copyBackground(this.confirmed);
    for (const pending of this.pending) {
      for (const op of pending.ops) {
        const cid = op.op === 'add' ? op.emoji.cid : op.cid;
        if (op.op === 'background' ? background : cids.has(cid)) this.shown.apply(op, this.client);
      }
    }
  }

  async openSnapshot(snapshot, epoch, unsignedThrough) {
    const text = sealedText(snapshot.payload);
    const signed = (snapshot.signature === null && snapshot.seq <= unsignedThrough)
      || (text !== null && await this.credentials.isEdit(signedBytes('emojiart-snapshot-3', this.room, String(snapshot.seq), text), snapshot.signature));
    if (!signed) {
      this.report('A snapshot of the room is not signed with the room’s edit key and was ignored.');
      return null;
    }
    let content;
    try {
      content = await open(snapshot.payload, { room: this.room, epoch, kind: 'snapshot', sender: null, counter: snapshot.seq }, this.credentials);
    } catch (error) {
      this.report(error.message);
      return null;
    }
    const room = content?.roomSnapshot?._0;
    if (room !== undefined) {
      const state = RoomState.fromJSON(room?.state);
      if (state === null || room.epoch !== epoch || room.seq !== snapshot.seq || state.digest() !== room.digest) {
        this.report('A snapshot of the room is not the one it says it is and was ignored.');
        return null;
      }
      return { state, chains: SenderChains.fromJSON(room.senders) };
    }
    const legacy = content?.snapshot?._0;
    const state = legacy === undefined ? null : RoomState.fromJSON(legacy);
    return state === null ? null : { state, chains: new SenderChains() };
  }

  async welcome(frame) {
    if (frame.ackedCseq >= this.nextCseq) {
      this.report(`The relay’s welcome acknowledges edit ${frame.ackedCseq}, but this page made ${this.nextCseq - 1}.`);
      return [];
    }
    const unsignedThrough = this.isUpgrading ? frame.seq : 0;
    const snapshot = frame.snapshot === null ? null : await this.openSnapshot(frame.snapshot, frame.epoch, unsignedThrough);
    const prepared = [];
    for (const push of frame.ops) prepared.push(await this.prepare(push, frame.epoch, unsignedThrough));
    // Everything checked: now applied in one turn.
    const isNewEpoch = this.epoch !== null && frame.epoch !== this.epoch;
    let ackedCseq = frame.ackedCseq;
    if (isNewEpoch && ackedCseq !== 0) {
      this.report('The relay acknowledged edits of this page in a room it started afresh; they are sent again.');
      ackedCseq = 0;
    }
    const rolledBack = !isNewEpoch && this.epoch !== null && frame.seq < this.confirmedSeq;
    const lostData = isNewEpoch || rolledBack;
    if (rolledBack) this.report('The relay went back to an earlier state of the room; this page’s edits are sent again.');
    else if (isNewEpoch) this.report('The relay started the room afresh; what this page shows is sent again.');
    const republished = lostData && this.credentials.canEdit ? republication(this.shown) : [];
    if (lostData) {
      this.confirmed = new RoomState();
      this.confirmedSeq = 0;
    }
    this.epoch = frame.epoch;
    if (frame.snapshot !== null) {
      if (snapshot !== null) {
        this.confirmed = snapshot.state;
        this.chains.merge(snapshot.chains);
      }
      this.confirmedSeq = frame.snapshot.seq;
    }
    frame.ops.forEach((push, index) => {
      if (push.seq !== this.confirmedSeq + 1) return;
      this.confirmed.applyAll(this.take(prepared[index]), push.client);
      this.confirmedSeq = push.seq;
    });
    if (!isNewEpoch) this.pending = this.pending.filter((push) => push.cseq > ackedCseq);
    if (lostData) {
      const batches = this.pending.map((push) => push.ops);
      if (republished.length > 0) batches.push(republished);
      this.pending = batches.map((ops) => {
        const push = { cseq: this.nextCseq, ops, previous: this.chainHead };
        this.chainHead = linkHash(push.previous, push.cseq, ops);
        this.nextCseq += 1;
        return push;
      });
    }
    this.shown = this.confirmed.clone();
    for (const push of this.pending) this.shown.applyAll(push.ops, this.client);
    this.isLive = true;
    this.isUpgrading = false;
    return [...this.pending];
  }
}

function undoTarget(op) {
  if (op.op === 'add') return { cid: op.emoji.cid, field: 'deleted' };
  if (op.op === 'set') return { cid: op.cid, field: op.field };
  return { background: true };
}

/** The target's value in `state`; an emoji that does not exist yet counts as deleted. */
function undoValue(op, state) {
  const target = undoTarget(op);
  if (target.background) return state.background.value;
  const record = state.emojis.get(target.cid);
  if (!record) return target.field === 'deleted' ? true : undefined;
  return fieldOf(record, target.field).value;
}

function republication(state) {
  const ops = [...state.emojis.keys()].sort().map((cid) => ({ op: 'add', emoji: { ...state.values(cid), restored: true } }))
    .map((op) => {
      if (op.emoji.group === null) delete op.emoji.group;
      if (!op.emoji.locked) delete op.emoji.locked;
      return op;
    });
  if (!('blank' in state.background.value)) ops.push({ op: 'background', value: state.background.value });
  return ops;
}

function readPresence(presence) {
  const number = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    name: presence.name.slice(0, 100),
    colour: /^#[0-9a-fA-F]{6}$/.test(presence.colour) ? presence.colour : '#777777',
    pointerX: number(presence.pointerX),
    pointerY: number(presence.pointerY),
    selection: Array.isArray(presence.selection) ? presence.selection.filter((cid) => parseCID(cid) !== null).slice(0, 10000) : [],
  };
}

function readPreview(frame) {
  if (frame === null || typeof frame !== 'object' || parseCID(frame.cid) === null) return null;
  for (const field of ['x', 'y', 'size', 'rotation']) if (typeof frame[field] !== 'number' || !Number.isFinite(frame[field])) return null;
  return { cid: frame.cid, x: frame.x, y: frame.y, size: frame.size, rotation: frame.rotation, seq: frame.seq };
}

const RELAY_SENTENCES = {
  notMember: 'This link’s key does not open the room: copy the whole link again.',
  badRoom: 'The relay has no such room: it may have been deleted.',
  roomFull: 'The room is full: too many people are in it at once.',
  viewOnly: 'This room is open with a view link: the relay refused an edit.',
  badVersion: 'The relay speaks another version of EmojiArt’s protocol.',
  tooLarge: 'Something was too large for the relay.',
  roomLogFull: 'The room has reached the relay’s limit for edits.',
  storageFailed: 'The relay could not store the room’s edits.',
  clientTaken: 'Another member already uses this page’s id; reload the page.',
  badSignature: 'The relay refused an edit that was not signed with the room’s edit key.',
};

export function relaySentence(error) {
  return RELAY_SENTENCES[error.code] ?? `The relay refused: ${error.message}`;
}
