// The page's WebSocket to the relay: connects, hands every frame to the session in order,
// sends what the session answers (sealing pushes in the order they were made), pings, and
// reconnects with backoff (1 s doubling to 30 s, with jitter) when the relay goes away.

import { ProtocolError, clientFrames, readRelayFrame } from './messages.js';

const PING_PERIOD = 5000;
const WELCOME_TIMEOUT = 15000;

export class RoomConnection {
  constructor({ url, session, onChange }) {
    this.url = url;
    this.session = session;
    this.onChange = onChange;
    this.socket = null;
    this.state = 'connecting';
    this.attempt = 0;
    this.incoming = Promise.resolve();
    this.outgoing = Promise.resolve();
    this.closedForGood = false;
  }

  start() {
    this.connect();
  }

  connect() {
    if (this.closedForGood) return;
    this.state = this.attempt === 0 ? 'connecting' : 'reconnecting';
    this.onChange();
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.enqueue(() => this.session.connected());
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      this.enqueue(async () => {
        let frame;
        try {
          frame = readRelayFrame(event.data);
        } catch (error) {
          if (error instanceof ProtocolError) this.session.report(error.message);
          return [];
        }
        const answer = await this.session.receive(frame);
        if (frame.type === 'welcome' && this.session.isLive) {
          this.attempt = 0;
          this.state = 'connected';
          clearTimeout(this.welcomeTimer);
        }
        if (frame.type === 'error' && frame.code === 'notMember') this.closedForGood = true;
        return answer;
      });
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      clearTimeout(this.welcomeTimer);
      this.enqueue(() => {
        this.session.disconnected();
        return [];
      });
      this.retry();
    };
    this.pingTimer = setInterval(() => this.sendNow(clientFrames.ping()), PING_PERIOD);
    this.welcomeTimer = setTimeout(() => socket.close(), WELCOME_TIMEOUT);
  }

  retry() {
    if (this.closedForGood) {
      this.state = 'refused';
      this.onChange();
      return;
    }
    this.attempt += 1;
    this.state = 'reconnecting';
    this.onChange();
    const delay = Math.min(30000, 1000 * 2 ** Math.min(this.attempt - 1, 5));
    setTimeout(() => this.connect(), delay * (0.75 + Math.random() * 0.5));
  }

  /** Runs one step of the session after the ones before it; sends what it returns. */
  enqueue(step) {
    this.incoming = this.incoming.then(async () => {
      const answer = await step();
      this.send(answer ?? []);
      this.onChange();
    }).catch((error) => {
      this.session.report(String(error?.message ?? error));
      this.onChange();
    });
  }

  /** Frames (text, or a function making one) and pushes (sealed here, in order) to the relay. */
  send(items) {
    for (const item of items) {
      const socket = this.socket;
      this.outgoing = this.outgoing.then(async () => {
        let text = item;
        if (typeof item === 'function') text = await item();
        else if (typeof item !== 'string') text = await this.session.pushFrame(item);
        if (socket?.readyState === WebSocket.OPEN) socket.send(text);
      }).catch((error) => this.session.report(String(error?.message ?? error)));
    }
  }

  sendNow(text) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(text);
  }

  /** Presence and drag frames: sealed and sent when live, dropped otherwise (they are not stored). */
  sendFrame(makeFrame) {
    if (this.session.isLive) this.send([makeFrame]);
  }
}
