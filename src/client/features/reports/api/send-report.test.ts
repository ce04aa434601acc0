import { describe, expect, it } from 'vitest';
import { createReportFieldsSchema } from '#shared/contracts/reports.ts';
import { coordinatesFor, newIdempotencyKey, toReportFormData } from './send-report.ts';

const device = { latitude: 55.95196, longitude: -3.18937, accuracy: 8 };
const photoGps = { latitude: 55.95333, longitude: -3.18833 };

describe('the coordinates sent with a report', () => {
  it('the location button reading wins over the photo GPS', () => {
    expect(coordinatesFor(device, photoGps)).toEqual({ ...device, locationSource: 'device' });
  });

  it("without a reading, the photo's GPS is sent, labelled as from the photo and without an accuracy", () => {
    expect(coordinatesFor(null, photoGps)).toEqual({ ...photoGps, locationSource: 'photo' });
  });

  it('with neither, none are sent and the server uses the words', () => {
    expect(coordinatesFor(null, null)).toEqual({});
  });

  it('a reading for other words than those sent goes only as where the person is, to rank suggestions', () => {
    expect(coordinatesFor(null, null, device)).toEqual({
      nearLatitude: device.latitude,
      nearLongitude: device.longitude,
    });
    expect(coordinatesFor(null, photoGps, device)).toEqual({ ...photoGps, locationSource: 'photo' });
  });
});

describe('the multipart form of a report', () => {
  it('carries the fields the server schema accepts, and the photo', async () => {
    const form = toReportFormData({
      photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      photoName: 'wall.jpg',
      what3words: 'index.home.raft',
      ...coordinatesFor(null, photoGps),
      idempotencyKey: newIdempotencyKey(),
    });
    const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
    expect(createReportFieldsSchema.parse(fields)).toMatchObject({
      what3words: 'index.home.raft',
      locationSource: 'photo',
    });
    const near = toReportFormData({
      photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      photoName: 'wall.jpg',
      what3words: 'index.home.raft',
      ...coordinatesFor(null, null, device),
      idempotencyKey: newIdempotencyKey(),
    });
    const parsed = createReportFieldsSchema.parse(Object.fromEntries(near.entries()));
    expect(parsed).toMatchObject({ nearLatitude: device.latitude, nearLongitude: device.longitude });
    expect(parsed.latitude).toBeUndefined();
    const photo = form.get('photo') as File;
    expect(photo.name).toBe('wall.jpg');
    expect(photo.size).toBe(3);
  });
});

describe('the idempotency key of a report', () => {
  const accepted = /^[A-Za-z0-9_-]{32,100}$/;

  it('is a random UUID where the browser offers one', () => {
    expect(newIdempotencyKey()).toMatch(accepted);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('is still random and accepted by the server on plain http, where randomUUID does not exist', () => {
    const key = newIdempotencyKey({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(key).toMatch(accepted);
    expect(key).toHaveLength(32);
  });
});
