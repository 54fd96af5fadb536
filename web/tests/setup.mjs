// Node 18 (Debian 12's) keeps WebCrypto at `crypto.webcrypto`; the browser and Node 20 have it
// as the global `crypto` the client's modules use.
import { webcrypto } from 'node:crypto';

globalThis.crypto ??= webcrypto;
