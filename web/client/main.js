// The web client's page: reads the room and key from the address, joins the room through the
// relay that served it, and shows and edits the document live (SPEC C11; C12 for view links).

import { RoomCredentials } from './credentials.js';
import { RoomConnection } from './connection.js';
import { RoomSession } from './session.js';
import { readPageAddress } from './page-link.js';
import { Viewport, documentBounds } from './viewport.js';
import { HANDLE_RADIUS, boxContains, drawRoom, emojiBox, selectionRect } from './drawing.js';
import { attachInput, attachPaletteButton } from './input.js';
import { PALETTES } from './palettes.js';
import { BackgroundLoader } from './background.js';
import { PresenceSender, PreviewSender } from './pacing.js';

// The app's Emoji.defaultSize (D1).
const DEFAULT_EMOJI_SIZE = 40;
const PREVIEW_TIMEOUT = 3000;
const COLOURS = ['#1c71d8', '#c01c28', '#2ec27e', '#e66100', '#813d9c', '#865e3c', '#f5c211', '#0b8a8a'];

const elements = Object.fromEntries(
  ['title', 'role', 'people', 'state', 'name', 'undo', 'redo', 'fit', 'problem', 'stage', 'canvas', 'palette', 'palette-choice']
    .map((id) => [id, document.getElementById(id)]));

class Page {
  constructor(address, credentials) {
    this.address = address;
    this.credentials = credentials;
    this.session = new RoomSession({ room: address.room, credentials });
    this.session.onProblem = (sentence) => this.showProblem(sentence);
    this.connection = new RoomConnection({ url: address.webSocketURL, session: this.session, onChange: () => this.changed() });
    this.viewport = new Viewport();
    this.selection = new Set();
    this.drag = null;
    this.hasFitted = false;
    this.canvas = elements.canvas;
    this.background = new BackgroundLoader(address, this.session, () => this.backgroundChanged());
    const identity = pageIdentity();
    this.presence = new PresenceSender(this.connection, this.session, identity);
    this.previews = new PreviewSender(this.connection, this.session);
    this.size = { width: 1, height: 1 };
    this.drawPending = false;
  }

  start() {
    document.body.classList.toggle('view-only', !this.credentials.canEdit);
    elements.role.hidden = this.credentials.canEdit;
    elements.title.textContent = `EmojiArt · ${this.address.room}`;
    this.resized();
    new ResizeObserver(() => this.resized()).observe(elements.stage);
    window.addEventListener('resize', () => this.resized());
    attachInput(this.canvas, this);
    elements.undo.addEventListener('click', () => this.undo());
    elements.redo.addEventListener('click', () => this.redo());
    elements.fit.addEventListener('click', () => this.fit());
    elements.name.addEventListener('click', () => this.askForName());
    this.buildPalettes();
    setInterval(() => this.expirePreviews(), 1000);
    this.connection.start();
  }

  // MARK: - What is shown

  /** The visible emojis as drawn: the state, with drags in progress (mine and others') over it. */
  displayedEmojis() {
    const now = Date.now();
    return this.session.shown.drawingOrder().map((record) => {
      const emoji = {
        cid: record.cid, text: record.text.value, x: record.x.value, y: record.y.value, size: record.size.value,
        rotation: record.rotation.value, flipped: record.flipped.value, locked: record.locked?.value ?? false,
      };
      const preview = this.session.previews.get(record.cid);
      if (preview && now - preview.received <= PREVIEW_TIMEOUT) Object.assign(emoji, { x: preview.x, y: preview.y, size: preview.size, rotation: preview.rotation });
      const dragged = this.drag?.frames.get(record.cid);
      if (dragged) Object.assign(emoji, dragged);
      return emoji;
    });
  }

  changed() {
    const states = { connecting: 'Connecting…', reconnecting: 'Reconnecting…', connected: 'Connected', refused: 'Not connected' };
    let state = states[this.connection.state];
    const waiting = this.session.pending.length;
    if (this.connection.state === 'reconnecting' && waiting > 0) state = `Offline, ${waiting} edit${waiting === 1 ? '' : 's'} waiting`;
    elements.state.textContent = state;
    document.body.classList.toggle('refused', this.connection.state === 'refused');
    // A refusal (a wrong key) stays said: the page will not try again.
    if (this.connection.state === 'refused') clearTimeout(this.problemTimer);
    // A relay that went away is said while it is away; the page keeps what it shows.
    const away = this.connection.state === 'reconnecting';
    if (away && !this.saidAway) this.showProblem('The relay cannot be reached: this page keeps what it shows and tries again.', { keep: true });
    if (!away && this.saidAway && this.connection.state === 'connected') elements.problem.hidden = true;
    this.saidAway = away;
    elements.undo.disabled = this.session.history.undoSteps.length === 0;
    elements.redo.disabled = this.session.history.redoSteps.length === 0;
    elements.undo.title = this.session.history.undoName ? `Undo ${this.session.history.undoName} (Ctrl+Z)` : 'Undo (Ctrl+Z)';
    for (const cid of this.selection) if (!this.session.shown.emojis.get(cid) || this.session.shown.emojis.get(cid).deleted.value) this.selection.delete(cid);
    this.showPeople();
    this.background.follow(this.session.shown.background.value);
    if (!this.hasFitted && this.session.isLive) {
      this.hasFitted = true;
      this.fit();
    }
    this.requestDraw();
  }

  showPeople() {
    const people = [...this.session.participants.values()];
    elements.people.replaceChildren(...people.map((person) => {
      const badge = document.createElement('span');
      badge.textContent = initials(person.name);
      badge.style.background = person.colour;
      badge.title = person.name;
      badge.setAttribute('role', 'img');
      badge.setAttribute('aria-label', person.name);
      return badge;
    }));
  }

  showProblem(sentence, { keep = false } = {}) {
    elements.problem.textContent = sentence;
    elements.problem.hidden = false;
    clearTimeout(this.problemTimer);
    if (!keep && this.connection.state !== 'refused') this.problemTimer = setTimeout(() => { elements.problem.hidden = true; }, 10000);
  }

  backgroundChanged() {
    if (this.background.image && !this.fittedToBackground) {
      this.fittedToBackground = true;
      if (!this.viewMoved) this.fit();
    }
    this.requestDraw();
  }

  resized() {
    const rect = elements.stage.getBoundingClientRect();
    if (rect.width === this.size.width && rect.height === this.size.height) return;
    this.size = { width: Math.max(rect.width, 1), height: Math.max(rect.height, 1) };
    // Until the person moves the view, it keeps fitting the document as the window changes.
    if (!this.viewMoved && this.hasFitted) this.fit();
    const scale = window.devicePixelRatio || 1;
    this.canvas.width = Math.max(1, Math.round(rect.width * scale));
    this.canvas.height = Math.max(1, Math.round(rect.height * scale));
    this.requestDraw();
  }

  requestDraw() {
    if (this.drawPending) return;
    this.drawPending = true;
    requestAnimationFrame(() => {
      this.drawPending = false;
      const context = this.canvas.getContext('2d');
      const scale = this.canvas.width / Math.max(this.size.width, 1);
      context.setTransform(scale, 0, 0, scale, 0, 0);
      drawRoom(context, {
        size: this.size, viewport: this.viewport, background: this.background.image, emojis: this.displayedEmojis(),
        selection: this.selection, participants: [...this.session.participants.values()], canEdit: this.credentials.canEdit,
      });
      document.body.dataset.drawn = String(Number(document.body.dataset.drawn ?? 0) + 1);
      // When the room was first on screen, in ms since the page began loading (the benchmark's figure).
      if (this.session.isLive && document.body.dataset.firstDrawnAt === undefined) {
        document.body.dataset.firstDrawnAt = performance.now().toFixed(1);
      }
    });
  }

  expirePreviews() {
    const now = Date.now();
    let expired = false;
    for (const [cid, preview] of this.session.previews) {
      if (now - preview.received > PREVIEW_TIMEOUT) {
        this.session.previews.delete(cid);
        expired = true;
      }
    }
    if (expired) this.requestDraw();
  }

  // MARK: - The view

  zoomBy(factor, anchor) {
    this.viewMoved = true;
    this.viewport = this.viewport.zoomed(factor, anchor, this.size);
    this.requestDraw();
  }

  panBy(dx, dy) {
    this.viewMoved = true;
    this.viewport = this.viewport.panned(dx, dy);
    this.requestDraw();
  }

  fit() {
    this.viewMoved = false;
    const image = this.background.image;
    const bounds = documentBounds(this.displayedEmojis(), image ? { width: image.width, height: image.height } : null);
    this.viewport = Viewport.fitting(bounds, this.size);
    this.requestDraw();
  }

  // MARK: - Selection and hit testing

  hitTest(point) {
    const emojis = this.displayedEmojis();
    for (let index = emojis.length - 1; index >= 0; index -= 1) {
      if (boxContains(emojiBox(emojis[index], this.viewport, this.size), point)) return emojis[index].cid;
    }
    return null;
  }

  isOnHandle(point) {
    if (!this.credentials.canEdit) return false;
    const rect = selectionRect(this.displayedEmojis(), this.selection, this.viewport, this.size);
    return rect !== null && Math.hypot(point.x - rect.maxX, point.y - rect.maxY) <= HANDLE_RADIUS + 3;
  }

  hasSelection() {
    return this.selection.size > 0;
  }

  pressEmoji(cid, extend) {
    if (extend) {
      if (this.selection.has(cid)) this.selection.delete(cid);
      else this.selection.add(cid);
    } else if (!this.selection.has(cid)) {
      this.selection = new Set([cid]);
    }
    this.selectionChanged();
  }

  clearSelection() {
    if (this.selection.size === 0) return;
    this.selection = new Set();
    this.selectionChanged();
  }

  selectAll() {
    this.selection = new Set(this.displayedEmojis().map((emoji) => emoji.cid));
    this.selectionChanged();
  }

  selectionChanged() {
    this.presence.selectionChanged([...this.selection]);
    this.requestDraw();
  }

  pointerMoved(point) {
    this.presence.pointerMoved(point === null ? null : this.viewport.toDocument(point, this.size));
  }

  // MARK: - Editing

  /** The selected emojis the page may change (a locked one stays where it is). */
  movableSelection() {
    return this.displayedEmojis().filter((emoji) => this.selection.has(emoji.cid) && !emoji.locked);
  }

  dragSelection(dx, dy) {
    if (!this.credentials.canEdit) return;
    this.beginDrag();
    for (const emoji of this.drag.originals) {
      this.drag.frames.set(emoji.cid, { x: emoji.x + dx / this.viewport.zoom, y: emoji.y + dy / this.viewport.zoom });
    }
    this.dragged();
  }

  resizeSelection(start, point) {
    if (!this.credentials.canEdit) return;
    this.beginDrag();
    const rect = selectionRect(this.drag.originals, this.selection, this.viewport, this.size);
    if (rect === null) return;
    const centre = { x: (rect.minX + rect.maxX) / 2, y: (rect.minY + rect.maxY) / 2 };
    const factor = Math.max(0.05, Math.hypot(point.x - centre.x, point.y - centre.y) / Math.max(Math.hypot(start.x - centre.x, start.y - centre.y), 1));
    const middle = this.viewport.toDocument(centre, this.size);
    for (const emoji of this.drag.originals) {
      this.drag.frames.set(emoji.cid, {
        size: emoji.size * factor, x: middle.x + (emoji.x - middle.x) * factor, y: middle.y + (emoji.y - middle.y) * factor,
      });
    }
    this.dragged();
  }

  beginDrag() {
    if (this.drag === null) this.drag = { originals: this.movableSelection(), frames: new Map(), name: 'Move' };
  }

  dragged() {
    this.previews.moved([...this.drag.frames].map(([cid, values]) => {
      const original = this.drag.originals.find((emoji) => emoji.cid === cid);
      return { cid, x: values.x ?? original.x, y: values.y ?? original.y, size: values.size ?? original.size, rotation: original.rotation };
    }));
    this.requestDraw();
  }

  cancelGesture() {
    this.drag = null;
    this.previews.ended();
    this.requestDraw();
  }

  /** A drag or a resize ended: one edit, one undo step. */
  endDrag(cancelled) {
    const drag = this.drag;
    this.drag = null;
    this.previews.ended();
    if (drag === null || cancelled || drag.frames.size === 0) {
      this.requestDraw();
      return;
    }
    const values = [];
    let resized = false;
    for (const [cid, frame] of drag.frames) {
      for (const field of ['x', 'y', 'size']) if (frame[field] !== undefined) values.push([cid, field, frame[field]]);
      resized ||= frame.size !== undefined;
    }
    this.edit(() => this.session.setFields(values, resized ? 'Resize' : 'Move'));
  }

  scaleSelectionStep(factor) {
    if (!this.credentials.canEdit) return;
    const now = Date.now();
    const joining = now - (this.lastWheelResize ?? 0) < 600;
    this.lastWheelResize = now;
    const values = this.movableSelection().map((emoji) => [emoji.cid, 'size', emoji.size * factor]);
    this.edit(() => this.session.setFields(values, 'Resize', { joining }));
  }

  addEmoji(text, viewPoint) {
    if (!this.credentials.canEdit) return;
    const point = this.viewport.toDocument(viewPoint ?? { x: this.size.width / 2, y: this.size.height / 2 }, this.size);
    // The app's default size in document points, whatever the zoom (P1).
    const size = DEFAULT_EMOJI_SIZE;
    this.edit(() => {
      const { cid, pushes } = this.session.addEmoji(text, point.x, point.y, size);
      this.selection = new Set([cid]);
      this.presence.selectionChanged([cid]);
      return pushes;
    });
  }

  deleteSelection() {
    if (!this.credentials.canEdit || this.selection.size === 0) return;
    const cids = this.movableSelection().map((emoji) => emoji.cid);
    this.edit(() => this.session.delete(cids));
  }

  undo() {
    if (!this.credentials.canEdit) return;
    this.edit(() => {
      const result = this.session.undo();
      if (result.outcome === 'nothingLeft') this.showProblem(`Nothing of “${result.name}” is left to undo: others changed it since.`);
      return result.pushes;
    });
  }

  redo() {
    if (!this.credentials.canEdit) return;
    this.edit(() => this.session.redo().pushes);
  }

  edit(make) {
    try {
      this.connection.send(make());
    } catch (error) {
      this.showProblem(String(error?.message ?? error));
    }
    this.changed();
  }

  /** The name the others see for this page, kept in this browser. */
  askForName() {
    const name = window.prompt('Your name, as the others see it:', this.presence.identity.name)?.trim();
    if (!name) return;
    this.presence.identity.name = name.slice(0, 100);
    try {
      localStorage.setItem('emojiart.name', this.presence.identity.name);
    } catch {
      // Storage can be off (private windows): the name lasts as long as the page.
    }
    this.presence.sendNow();
  }

  // MARK: - Palettes

  buildPalettes() {
    const choice = elements['palette-choice'];
    PALETTES.forEach((palette, index) => choice.add(new Option(palette.name, String(index))));
    const show = () => {
      const palette = PALETTES[Number(choice.value)] ?? PALETTES[0];
      elements.palette.replaceChildren(...palette.emojis.map(([emoji, name]) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = emoji;
        button.setAttribute('aria-label', name);
        button.title = name;
        attachPaletteButton(button, emoji, this.canvas, this);
        return button;
      }));
    };
    choice.addEventListener('change', show);
    show();
  }

  showDropGhost(emoji, x, y) {
    let ghost = document.getElementById('drop-ghost');
    if (emoji === null) {
      ghost?.remove();
      return;
    }
    if (!ghost) {
      ghost = document.createElement('div');
      ghost.id = 'drop-ghost';
      ghost.className = 'drop-ghost';
      ghost.setAttribute('aria-hidden', 'true');
      document.body.append(ghost);
    }
    ghost.textContent = emoji;
    ghost.style.left = `${x}px`;
    ghost.style.top = `${y}px`;
  }
}

function initials(name) {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => Array.from(word)[0].toUpperCase()).join('') || '?';
}

/** Who this page is to the others: a name kept in this browser, and a colour. */
function pageIdentity() {
  let name = null;
  try {
    name = localStorage.getItem('emojiart.name');
  } catch {
    // Storage can be off (private windows): a guest, then.
  }
  const colour = COLOURS[Math.floor(Math.random() * COLOURS.length)];
  return { name: name || 'Guest in a browser', colour };
}

async function main() {
  const address = readPageAddress(window.location);
  const fail = (sentence) => {
    elements.problem.textContent = sentence;
    elements.problem.hidden = false;
    elements.state.textContent = 'Not connected';
    document.body.classList.add('view-only');
  };
  if (address === null) return fail('This address names no room: open the whole link you were sent.');
  if (address.documentName !== null) document.title = `${address.documentName} — EmojiArt`;
  if (address.key === '') return fail('This link has no key (the part after “#”), so the room cannot be opened: copy the whole link again.');
  let credentials = null;
  try {
    credentials = await RoomCredentials.fromLinkKey(address.key);
  } catch {
    return fail('This browser cannot open EmojiArt rooms: it lacks the Ed25519 signatures of WebCrypto. Try a current Chromium or Firefox.');
  }
  if (credentials === null) return fail('The room key (the part of the link after “#”) is not valid; copy the whole link again.');
  const page = new Page(address, credentials);
  window.emojiArtPage = page;
  page.start();
}

main();
