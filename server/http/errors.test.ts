import { profileDetailsSchema } from '@common/schemas/profiles.ts';
import { pushSubscriptionSchema } from '@common/schemas/push.ts';
import { assertWithinQuota } from '@server/media/uploadQuota.ts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest, registerErrorHandler, tooManyRequests } from './errors.ts';
import { parseInput } from './validate.ts';

// Every error the server sends has a stable code, the params its words are made of, and the English
// message rendered from common/errors.ts (the web translates the code, not the message).
describe('errors by code', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandler(app);
    app.get('/video', async () => {
      throw badRequest('video_too_long', { max: 10, seconds: '12.5' });
    });
    app.get('/quota', async () => {
      assertWithinQuota(
        { files: 200, bytes: 0, freesAt: Date.now() + 90_000 },
        { files: 200, bytes: 1e9 },
        0,
      );
    });
    app.get('/quota-bytes', async () => {
      const mb = 1024 * 1024;
      assertWithinQuota(
        { files: 3, bytes: 49 * mb, freesAt: null },
        { files: 200, bytes: 50 * mb },
        3.5 * mb,
      );
    });
    app.get('/limited', async () => {
      throw tooManyRequests(7);
    });
    app.post('/profile', async (request) => parseInput(profileDetailsSchema, request.body));
    app.post('/push', async (request) => parseInput(pushSubscriptionSchema, request.body));
    await app.ready();
  });
  afterAll(() => app.close());

  it('carry their code and params beside the English message', async () => {
    const video = await app.inject({ url: '/video' });
    expect(video.statusCode).toBe(400);
    expect(video.json()).toEqual({
      error: {
        code: 'video_too_long',
        message: 'Videos can be at most 10 seconds long. This one is 12.5 seconds.',
        params: { max: 10, seconds: '12.5' },
      },
    });
    const quota = await app.inject({ url: '/quota' });
    expect([quota.statusCode, quota.headers['retry-after']]).toEqual([429, '90']);
    expect(quota.json()).toEqual({
      error: {
        code: 'upload_quota_files',
        message: 'You have uploaded 200 files today; the limit is 200 files a day. Please try again later.',
        params: { uploaded: 200, limit: 200 },
      },
    });
    expect((await app.inject({ url: '/quota-bytes' })).json()).toEqual({
      error: {
        code: 'upload_quota_bytes_file',
        message:
          'You have uploaded 49 MB today and this file is 3.5 MB; the limit is 50 MB a day. Please try again later.',
        params: { uploaded: '49 MB', file: '3.5 MB', limit: '50 MB' },
      },
    });
    const limited = await app.inject({ url: '/limited' });
    expect([limited.statusCode, limited.headers['retry-after']]).toEqual([429, '7']);
    expect(limited.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many attempts. Please wait 7 seconds and try again.',
        params: { count: 7 },
      },
    });
  });

  it('name the field of a failed check and the check’s own code', async () => {
    const website = await app.inject({ method: 'POST', url: '/profile', body: { website: 'ftp://x.y' } });
    expect(website.json()).toEqual({
      error: {
        code: 'website_invalid',
        message: 'The website must be a link starting with http:// or https://',
        field: 'website',
      },
    });
    const hobbies = await app.inject({ method: 'POST', url: '/profile', body: { hobbies: 'x'.repeat(201) } });
    expect(hobbies.json()).toEqual({
      error: {
        code: 'text_too_long',
        message: 'Hobbies must be at most 200 characters.',
        params: { label: 'Hobbies', max: 200 },
        field: 'hobbies',
      },
    });
    const key = await app.inject({
      method: 'POST',
      url: '/push',
      body: { endpoint: 'https://push.example/1', keys: { p256dh: 'a b', auth: 'c' } },
    });
    expect(key.json()).toEqual({
      error: {
        code: 'push_key_not_base64url',
        message: 'The p256dh key must be base64url.',
        params: { label: 'The p256dh key' },
        field: 'keys.p256dh',
      },
    });
    const unknown = await app.inject({ method: 'POST', url: '/profile', body: { bio: '', age: 3 } });
    expect(unknown.json()).toEqual({
      error: {
        code: 'unknown_field',
        message: 'Unknown fields: bio, age.',
        params: { count: 2, fields: 'bio, age' },
      },
    });
  });

  it('word the body parser’s refusals by code too', async () => {
    const deep = await app.inject({
      method: 'POST',
      url: '/profile',
      headers: { 'content-type': 'application/json' },
      body: `${'['.repeat(40)}${']'.repeat(40)}`,
    });
    expect(deep.json()).toEqual({
      error: {
        code: 'too_deeply_nested',
        message: 'The request body is too deeply nested (at most 32 levels).',
        params: { levels: 32 },
      },
    });
    const list = await app.inject({ method: 'POST', url: '/profile', body: [] as unknown as object });
    expect(list.json()).toEqual({
      error: { code: 'body_not_object', message: 'The request body must be a JSON object.' },
    });
  });
});
