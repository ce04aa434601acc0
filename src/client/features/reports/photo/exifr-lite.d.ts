// exifr's light browser build (JPEG and HEIC) ships without its own type file;
// its API is the same as the full build's.
declare module 'exifr/dist/lite.esm.mjs' {
  export { gps } from 'exifr';
}
