// The room's background on the page: an image background is the relay's blob of that name,
// checked against its name, opened with the room's key and decoded off the drawing path. A web
// address is not fetched (the page asks no other host for anything); it is said instead.

import { openBlob } from './sealing.js';
import { sha256, toHex } from './bytes.js';

const MAX_BLOB_BYTES = 32 * 1024 * 1024 + 64;

export class BackgroundLoader {
  constructor(address, session, onChange) {
    this.address = address;
    this.session = session;
    this.onChange = onChange;
    this.image = null;
    this.current = null;
    this.retryTimer = null;
  }

  /** The room's background is now `value` ({ blank }, { url }, { image: { sha256 } }). */
  follow(value) {
    const key = JSON.stringify(value);
    if (key === this.current) return;
    this.current = key;
    clearTimeout(this.retryTimer);
    this.image = null;
    if (value.url) this.session.report('The background is a picture on another web site, which this page does not load; open the room in EmojiArt to see it.');
    if (value.image) this.load(value.image.sha256, key, 0);
    this.onChange();
  }

  async load(name, key, attempt) {
    try {
      const response = await fetch(this.address.blobURL(name), { cache: 'force-cache' });
      if (response.status === 404 && attempt < 5) {
        // Uploaded just after the edit that names it: asked again shortly.
        this.retryTimer = setTimeout(() => this.load(name, key, attempt + 1), 1000 * (attempt + 1));
        return;
      }
      if (!response.ok) throw new Error(`The background image could not be fetched from the relay (${response.status}).`);
      const declared = Number(response.headers.get('Content-Length') ?? 0);
      if (declared > MAX_BLOB_BYTES) throw new Error('The background image is larger than a room keeps.');
      const blob = new Uint8Array(await response.arrayBuffer());
      if (toHex(await sha256(blob)) !== name) throw new Error('The relay sent another background image than the one the room names; it was ignored.');
      const image = await openBlob(blob, this.session.room, this.session.credentials);
      const bitmap = await createImageBitmap(new Blob([image]));
      if (this.current !== key) return;
      this.image = bitmap;
      this.onChange();
    } catch (error) {
      if (this.current === key) this.session.report(error?.name === 'InvalidStateError' ? 'The background image could not be read.' : String(error?.message ?? error));
    }
  }
}
