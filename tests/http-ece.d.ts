// Types for the part of http_ece (Encrypted Content-Encoding, RFC 8188) the fake push service uses.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface EceParams {
    version: 'aes128gcm' | 'aesgcm';
    privateKey?: ECDH;
    authSecret?: Buffer | string;
    dh?: Buffer | string;
    key?: Buffer | string;
  }
  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
}
