// What a room's link gives its holder (the app's RoomCredentials; docs/sharing.md, "Keys"). An
// edit link carries the 16-byte room key and everything is derived from it with HKDF-SHA256; a
// view link carries the sealing key, the view secret and the edit key's public half (64 bytes),
// so it reads the room and checks every edit's signature but cannot sign one.

import { concat, fromBase64URL, toBase64URL, utf8 } from './bytes.js';

export const PROTOCOL_VERSION = 3;
export const VIEW_KEY_LENGTH = 64;
const SALT_2 = utf8('emojiart room 2');
const SALT_3 = utf8('emojiart room 3');
// PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410): WebCrypto imports private keys only so.
const PKCS8_ED25519 = new Uint8Array([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

export async function hkdf(inputKey, salt, info, length) {
  const key = await crypto.subtle.importKey('raw', inputKey, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info: utf8(info) }, key, length * 8);
  return new Uint8Array(bits);
}

export async function hmacSHA256(key, message) {
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, message));
}

/** An Ed25519 signing key from a 32-byte seed, and its public half. */
async function signingKey(seed) {
  const privateKey = await crypto.subtle.importKey('pkcs8', concat(PKCS8_ED25519, seed), { name: 'Ed25519' }, true, ['sign']);
  const jwk = await crypto.subtle.exportKey('jwk', privateKey);
  return { privateKey, publicKey: fromBase64URL(jwk.x) };
}

export async function sign(privateKey, message) {
  return toBase64URL(new Uint8Array(await crypto.subtle.sign('Ed25519', privateKey, message)));
}

/** The fields a signature covers, joined by NUL (`Signed` in the app). */
export function signedBytes(...fields) {
  return utf8(fields.join('\u0000'));
}

/** Whether `signature` (base64url) is `publicKey`'s over `message`. */
export async function isValidSignature(signature, message, publicKey) {
  const bytes = fromBase64URL(signature);
  if (bytes === null || bytes.length !== 64) return false;
  try {
    const key = await crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
    return await crypto.subtle.verify('Ed25519', key, bytes, message);
  } catch {
    return false;
  }
}

export class RoomCredentials {
  /** From the text after `#`; null when it is neither an edit nor a view link's key. */
  static async fromLinkKey(text) {
    const bytes = fromBase64URL(text);
    if (bytes === null) return null;
    if (bytes.length === 16) return RoomCredentials.fromRoomKey(bytes);
    if (bytes.length === VIEW_KEY_LENGTH) return RoomCredentials.fromViewKey(bytes);
    return null;
  }

  static async fromRoomKey(roomKey) {
    const editSeed = await hkdf(roomKey, SALT_3, 'edit', 32);
    const edit = await signingKey(editSeed);
    return RoomCredentials.make({
      role: 'edit',
      sealingKey: await hkdf(roomKey, SALT_2, 'seal', 16),
      viewSecret: await hkdf(roomKey, SALT_3, 'view', 16),
      editorKey: edit.publicKey,
      editSigner: edit.privateKey,
      legacyAccess: await hkdf(roomKey, SALT_2, 'access', 32),
    });
  }

  static async fromViewKey(bytes) {
    return RoomCredentials.make({
      role: 'view',
      sealingKey: bytes.slice(0, 16),
      viewSecret: bytes.slice(16, 32),
      editorKey: bytes.slice(32, 64),
      editSigner: null,
      legacyAccess: null,
    });
  }

  static async make(parts) {
    const viewSeed = await hkdf(parts.viewSecret, SALT_3, 'view admission', 32);
    const view = await signingKey(viewSeed);
    const aesKey = await crypto.subtle.importKey('raw', parts.sealingKey, 'AES-GCM', false, ['encrypt', 'decrypt']);
    return new RoomCredentials({ ...parts, viewerKey: view.publicKey, viewSigner: view.privateKey, aesKey });
  }

  constructor(parts) {
    Object.assign(this, parts);
    Object.freeze(this);
  }

  get canEdit() {
    return this.editSigner !== null;
  }

  /** What a view link carries: sealing key ‖ view secret ‖ edit public key; null for a view link. */
  get viewLinkKey() {
    return this.canEdit ? toBase64URL(concat(this.sealingKey, this.viewSecret, this.editorKey)) : null;
  }

  /** The public keys a room's creator registers (`PUT /room`). */
  get registration() {
    return { editor: toBase64URL(this.editorKey), viewer: toBase64URL(this.viewerKey) };
  }

  /** The answer to the relay's challenge (the `proof` frame's fields). */
  async proof(challenge, room, client, secret) {
    const signer = this.editSigner ?? this.viewSigner;
    const message = signedBytes('emojiart-hello-3', challenge.nonce, room, client, String(PROTOCOL_VERSION), this.role);
    const answer = { role: this.role, signature: await sign(signer, message), secret };
    if (challenge.upgrade && this.legacyAccess !== null) {
      const legacy = await hmacSHA256(this.legacyAccess, signedBytes('emojiart-hello-2', challenge.nonce, room, client));
      answer.upgrade = { proof: toBase64URL(legacy), ...this.registration };
    }
    return answer;
  }

  /** The edit key's signature over `message`; null for a view link. */
  async signEdit(message) {
    return this.editSigner === null ? null : sign(this.editSigner, message);
  }

  async isEdit(message, signature) {
    return typeof signature === 'string' && isValidSignature(signature, message, this.editorKey);
  }
}
