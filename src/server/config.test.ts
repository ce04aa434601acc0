// The S3 settings: S3_BUCKET turns photo storage in a bucket on, the settings beside it are checked at
// start, and a setting given without the bucket stops the start rather than being silently ignored.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('the S3 photo storage settings', () => {
  it('without S3_BUCKET the photos stay in DATA_DIR', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads the bucket, the endpoint (without a trailing slash), the region and the keys', () => {
    const config = loadConfig({
      S3_BUCKET: 'cleanup-photos',
      S3_ENDPOINT: 'https://s3.example.org/',
      S3_REGION: 'eu-west-2',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      bucket: 'cleanup-photos',
      endpoint: 'https://s3.example.org',
      region: 'eu-west-2',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
    });
  });

  it.each([
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'Configuration error: S3_ENDPOINT must be an http(s) URL'],
    [
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      'Configuration error: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ],
    [
      { S3_ENDPOINT: 'https://s3.example.org' },
      'Configuration error: S3_BUCKET must be set to store photos in a bucket (the other S3_ settings are set without it)',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
