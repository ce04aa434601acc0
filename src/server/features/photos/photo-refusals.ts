// What the server says when it cannot take a photo for reasons of its own or of the file's encoding:
// said by the server only (the page shows the server's words), so kept off the pages' bundles.

export const photoRefusals = {
  /** A JPEG sent in more scans than any camera or phone writes (or whose decoding runs over its time). */
  unusualEncoding: "This photo's encoding is not one a camera or phone writes. Please send the photo as it was taken.",
  /** The server's photo storage has no room left; nothing the person did. */
  storageFull: 'Photos cannot be stored just now: the server has run out of room. Please try again later.',
  /** The photo storage (a disk, a bucket) did not answer in time or refused the photo. */
  storageUnavailable: 'Photos cannot be stored just now. Please try again in a moment.',
} as const;
