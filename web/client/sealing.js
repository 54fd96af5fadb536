// End-to-end sealing of everything a room stores or forwards (the app's AESGCMSealer): AES-GCM
// under the room's sealing key, each payload bound by its associated data to the room, the
// epoch, its kind, its sender and its number. What travels is `v3.` and the standard base64 of
// nonce ‖ ciphertext ‖ tag. Payloads of protocol 2 (no epoch in the associated data) still open.

import { concat, fromBase64, fromUTF8, randomBytes, toBase64, utf8 } from './bytes.js';

const PREFIX = 'v3.';
const PREFIX_2 = 'v2.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const BLOB_MAGIC = utf8('emojiart-blob-2\n');

export class SealError extends Error {
  constructor(kind, sender) {
    super(sender ? `Something from ${sender} (${kindName(kind)}) could not be opened: it was changed on the way or sealed with another key, and was ignored.`
      : `Something in the room (${kindName(kind)}) could not be opened: it was changed on the way or sealed with another key, and was ignored.`);
    this.kind = kind;
  }
}

export function kindName(kind) {
  return { push: 'an edit', snapshot: 'a snapshot', preview: 'a drag preview', presence: 'a presence update', blob: 'a background image' }[kind] ?? kind;
}

/** The associated data of a payload: `context` is { room, epoch, kind, sender, counter }. */
export function associatedData(context, version) {
  const fields = [`emojiart-collab-${version}`, context.room];
  if (version >= 3) fields.push(context.epoch);
  fields.push(context.kind, context.sender ?? '', String(context.counter));
  return utf8(fields.join('\u0000'));
}

/** Seals a payload's content (its JSON in the app's shape) into the payload that travels. */
export async function seal(content, context, credentials) {
  const nonce = randomBytes(NONCE_BYTES);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: associatedData(context, 3) }, credentials.aesKey, utf8(JSON.stringify(content)));
  return { sealed: { _0: PREFIX + toBase64(concat(nonce, new Uint8Array(sealed))) } };
}

/** The text a payload's signature covers: its sealed text (the page never sends plain ones). */
export function sealedText(payload) {
  return typeof payload?.sealed?._0 === 'string' ? payload.sealed._0 : null;
}

/** A payload's content; throws SealError when it does not open with this room's key here. */
export async function open(payload, context, credentials) {
  const text = sealedText(payload);
  let version;
  if (text?.startsWith(PREFIX)) version = 3;
  else if (text?.startsWith(PREFIX_2)) version = 2;
  else throw new SealError(context.kind, context.sender);
  const combined = fromBase64(text.slice(PREFIX.length));
  if (combined === null || combined.length < NONCE_BYTES + TAG_BYTES) throw new SealError(context.kind, context.sender);
  try {
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: combined.subarray(0, NONCE_BYTES), additionalData: associatedData(context, version) },
      credentials.aesKey, combined.subarray(NONCE_BYTES));
    return JSON.parse(fromUTF8(new Uint8Array(plaintext)));
  } catch {
    throw new SealError(context.kind, context.sender);
  }
}

function blobAssociatedData(room) {
  return utf8(['emojiart-blob-2', room].join('\u0000'));
}

export async function sealBlob(image, room, credentials) {
  const nonce = randomBytes(NONCE_BYTES);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: blobAssociatedData(room) }, credentials.aesKey, image);
  return concat(BLOB_MAGIC, nonce, new Uint8Array(sealed));
}

/** A blob's image; a blob without the magic is an image from before protocol 2 (its name, the
 * hash of its bytes, is checked by the caller). */
export async function openBlob(blob, room, credentials) {
  const head = blob.subarray(0, BLOB_MAGIC.length);
  if (head.length !== BLOB_MAGIC.length || head.some((byte, index) => byte !== BLOB_MAGIC[index])) return blob;
  const combined = blob.subarray(BLOB_MAGIC.length);
  if (combined.length < NONCE_BYTES + TAG_BYTES) throw new SealError('blob', null);
  try {
    return new Uint8Array(await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: combined.subarray(0, NONCE_BYTES), additionalData: blobAssociatedData(room) },
      credentials.aesKey, combined.subarray(NONCE_BYTES)));
  } catch {
    throw new SealError('blob', null);
  }
}
