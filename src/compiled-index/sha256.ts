// SHA-256 (FIPS 180-4) in JavaScript, synchronous: what checks an index or a vector table where no native
// digest is passed (a page on plain http has no WebCrypto; kept documents, the vector table, and every
// index written). Loading an index, the page's worker and the command line pass a native one
// (container.ts, ReadOptions), about ten times faster. Checked against node:crypto in
// tests/compiled-index/sha256.test.ts.

const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

const rotate = (word: number, by: number) => (word >>> by) | (word << (32 - by));

/** The SHA-256 digest of `bytes`, 32 bytes. */
export function sha256Bytes(bytes: Uint8Array): Uint8Array {
  const state = Uint32Array.from(INITIAL_STATE);
  const schedule = new Uint32Array(64);
  // The message, a 0x80 byte, zeros, and the length in bits as a big-endian u64, in 64-byte blocks.
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const tail = new Uint8Array(128);
  const fullBlocks = Math.floor(bytes.length / 64);
  const rest = bytes.length - fullBlocks * 64;
  tail.set(bytes.subarray(fullBlocks * 64));
  tail[rest] = 0x80;
  const tailLength = (blocks - fullBlocks) * 64;
  const tailView = new DataView(tail.buffer);
  const bits = bytes.length * 8;
  tailView.setUint32(tailLength - 8, Math.floor(bits / 2 ** 32));
  tailView.setUint32(tailLength - 4, bits >>> 0);

  const k = ROUND_CONSTANTS;
  const w = schedule;
  for (let block = 0; block < blocks; block++) {
    const source = block < fullBlocks ? bytes : tail;
    const at = block < fullBlocks ? block * 64 : (block - fullBlocks) * 64;
    for (let i = 0; i < 16; i++) {
      const byte = at + i * 4;
      w[i] =
        ((source[byte] as number) << 24) |
        ((source[byte + 1] as number) << 16) |
        ((source[byte + 2] as number) << 8) |
        (source[byte + 3] as number);
    }
    for (let i = 16; i < 64; i++) {
      const before15 = w[i - 15] as number;
      const before2 = w[i - 2] as number;
      const sigma0 = rotate(before15, 7) ^ rotate(before15, 18) ^ (before15 >>> 3);
      const sigma1 = rotate(before2, 17) ^ rotate(before2, 19) ^ (before2 >>> 10);
      w[i] = ((w[i - 16] as number) + sigma0 + (w[i - 7] as number) + sigma1) | 0;
    }
    let a = state[0] as number;
    let b = state[1] as number;
    let c = state[2] as number;
    let d = state[3] as number;
    let e = state[4] as number;
    let f = state[5] as number;
    let g = state[6] as number;
    let h = state[7] as number;
    for (let i = 0; i < 64; i++) {
      const sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25);
      const choice = (e & f) ^ (~e & g);
      const temp1 = (h + sum1 + choice + (k[i] as number) + (w[i] as number)) | 0;
      const sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22);
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const temp2 = (sum0 + majority) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + temp1) | 0;
      d = c;
      c = b;
      b = a;
      a = (temp1 + temp2) | 0;
    }
    state[0] = (state[0] as number) + a;
    state[1] = (state[1] as number) + b;
    state[2] = (state[2] as number) + c;
    state[3] = (state[3] as number) + d;
    state[4] = (state[4] as number) + e;
    state[5] = (state[5] as number) + f;
    state[6] = (state[6] as number) + g;
    state[7] = (state[7] as number) + h;
  }
  const digest = new Uint8Array(32);
  const digestView = new DataView(digest.buffer);
  for (const [i, word] of state.entries()) digestView.setUint32(i * 4, word);
  return digest;
}
