// One set of promises every photo storage keeps, run against the local folder and against a bucket on
// a real S3-protocol server: what is put reads back whole and as a stream, is listed with its size, and
// is gone once removed; a photo that is not there is null, not an error; a name that is not a photo
// name (a path, a dot file, another type) is refused before anything is touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '#tests/s3-server.ts';
import { localPhotoStorage, type PhotoStorage } from './photo-storage.ts';

interface StorageUnderTest {
  storage: PhotoStorage;
  close(): Promise<void>;
}

function photoStorageContract(name: string, open: () => Promise<StorageUnderTest>) {
  describe(`photo storage in ${name}`, () => {
    let subject: StorageUnderTest;
    let storage: PhotoStorage;
    beforeAll(async () => {
      subject = await open();
      storage = subject.storage;
    });
    afterAll(() => subject.close());

    const newName = (suffix = '.jpg') => `${randomBytes(12).toString('base64url')}${suffix}`;
    const listed = async () => {
      const files = new Map<string, number>();
      for await (const file of storage.list()) files.set(file.name, file.size);
      return files;
    };

    it('keeps what is put: it exists, reads back whole and as a stream, and is listed with its size', async () => {
      const web = newName();
      const thumbnail = newName('-thumb.jpg');
      const bytes = randomBytes(3000);
      await storage.put(web, bytes);
      await storage.put(thumbnail, Buffer.from('small'));

      expect(await storage.exists(web)).toBe(true);
      expect((await storage.read(web))?.equals(bytes)).toBe(true);
      const opened = await storage.open(thumbnail);
      expect(opened).toMatchObject({ size: 5, etag: expect.stringMatching(/^".+"$/) as string });
      expect(await text(opened!.body)).toBe('small');
      expect(opened!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

      const files = await listed();
      expect(files.get(web)).toBe(3000);
      expect(files.get(thumbnail)).toBe(5);
    });

    it('a photo that is not there reads and opens as null, does not exist, and removing it is no error', async () => {
      const missing = newName();
      expect(await storage.read(missing)).toBeNull();
      expect(await storage.open(missing)).toBeNull();
      expect(await storage.exists(missing)).toBe(false);
      await expect(storage.remove(missing)).resolves.toBeUndefined();
    });

    it('removes a photo: it no longer exists, reads as null, and is not listed', async () => {
      const doomed = newName('.png');
      const kept = newName('.webp');
      await storage.put(doomed, Buffer.from('doomed'));
      await storage.put(kept, Buffer.from('kept'));
      await storage.remove(doomed);

      expect(await storage.exists(doomed)).toBe(false);
      expect(await storage.read(doomed)).toBeNull();
      const files = await listed();
      expect(files.has(doomed)).toBe(false);
      expect(files.get(kept)).toBe(4);
    });

    it.each(['../app.db', '../photos.jpg', 'a/b.jpg', '.hidden.jpg', 'notes.txt', 'photo.JPG', 'photo.jpg ', ''])(
      'refuses the name %j for every operation',
      async (bad) => {
        const before = await listed();
        await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/Bad photo name/);
        await expect(storage.read(bad)).rejects.toThrow(/Bad photo name/);
        await expect(storage.open(bad)).rejects.toThrow(/Bad photo name/);
        await expect(storage.exists(bad)).rejects.toThrow(/Bad photo name/);
        await expect(storage.remove(bad)).rejects.toThrow(/Bad photo name/);
        expect(await listed()).toEqual(before);
      },
    );
  });
}

photoStorageContract('a local folder', async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-photos-'));
  return {
    storage: localPhotoStorage(directory),
    close: async () => fs.rmSync(directory, { recursive: true, force: true }),
  };
});

photoStorageContract('an S3 bucket', async () => {
  const server: TestS3Server = await startS3Server();
  return { storage: server.storage(await server.newBucket()), close: () => server.close() };
});
