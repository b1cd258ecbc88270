/** Bytes as lower-case hex, two digits a byte: how a SHA-256 is written in a header or a file name. */
export const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
