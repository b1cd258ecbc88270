// SHA-256 by node:crypto for the scripts that load an index: native, where the engine's own (which must
// also run in a page without WebCrypto) is JavaScript, about ten times slower on a large index.
import { createHash } from 'node:crypto';

export const nativeSha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();
