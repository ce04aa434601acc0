// The one call of heic-decode the bench uses (the package ships no types): the primary image as RGBA.
declare module 'heic-decode' {
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<{
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }>;
  export default decode;
}
