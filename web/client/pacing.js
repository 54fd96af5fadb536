// When the page's presence and drags go to the others (the app's PresencePacer and
// DragPreviewPacer): a selection change at once, the pointer at most every 33 ms with a last
// update where it comes to rest; a drag's frames at most every 33 ms, and again every second
// while it is held still so the others keep showing it.

const INTERVAL = 33;
const HEARTBEAT = 1000;

export class PresenceSender {
  constructor(connection, session, identity) {
    this.connection = connection;
    this.session = session;
    this.identity = identity;
    this.pointer = null;
    this.selection = [];
    this.lastSent = 0;
    this.timer = null;
  }

  pointerMoved(point) {
    this.pointer = point;
    this.schedule();
  }

  selectionChanged(cids) {
    this.selection = cids;
    this.sendNow();
  }

  schedule() {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.lastSent + INTERVAL - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sendNow();
    }, wait);
  }

  sendNow() {
    this.lastSent = Date.now();
    const presence = {
      name: this.identity.name, colour: this.identity.colour, selection: this.selection,
      ...(this.pointer ? { pointerX: this.pointer.x, pointerY: this.pointer.y } : {}),
    };
    this.connection.sendFrame(() => this.session.presenceFrame(presence));
  }
}

export class PreviewSender {
  constructor(connection, session) {
    this.connection = connection;
    this.session = session;
    this.frames = [];
    this.lastSent = 0;
    this.timer = null;
  }

  moved(frames) {
    this.frames = frames;
    if (Date.now() - this.lastSent >= INTERVAL) this.send();
    else this.wait(INTERVAL);
  }

  wait(delay) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.send(), delay);
  }

  send() {
    if (this.frames.length === 0) return;
    this.lastSent = Date.now();
    for (const frame of this.frames) this.connection.sendFrame(() => this.session.previewFrame(frame));
    this.wait(HEARTBEAT);
  }

  ended() {
    this.frames = [];
    clearTimeout(this.timer);
  }
}
