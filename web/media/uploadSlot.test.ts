import type { MediaUpload } from '@common/schemas/media.ts';
import { ApiError } from '@web/api/client.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SendMedia, UploadSlot, type UploadSteps } from './uploadSlot.ts';

const photo = (name = 'a.png') => new File([new Uint8Array(10)], name, { type: 'image/png' });
const video = (name = 'a.mp4') => new File([new Uint8Array(10)], name, { type: 'video/mp4' });

/** A fake POST /api/media: each call waits until the test answers it. */
function fakeServer() {
  const calls: Array<{
    file: File;
    signal: AbortSignal;
    progress: (percent: number) => void;
    answer: (media: Partial<MediaUpload>) => void;
    fail: (error: Error) => void;
  }> = [];
  const send: SendMedia = (file, progress, signal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      calls.push({
        file,
        signal,
        progress,
        answer: (media) =>
          resolve({ id: `m${calls.length}`, media_type: 'photo', url: '/media/x', ...media } as MediaUpload),
        fail: reject,
      });
    });
  return { calls, send };
}

function slotWith(steps: UploadSteps = {}) {
  const server = fakeServer();
  return { slot: new UploadSlot(() => steps, server.send), server };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('UploadSlot', () => {
  it('keeps a refused file out and says why; the previous choice stays', async () => {
    const { slot } = slotWith({ check: (file) => (file.name.endsWith('.txt') ? 'Not a photo.' : null) });
    const first = photo();
    expect(await slot.choose(first)).toBeNull();
    expect(await slot.choose(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe('Not a photo.');
    expect(slot.getState()).toMatchObject({ file: first, kind: 'photo', checking: false });
  });

  it('takes the prepared file, and keeps the previous one when the member cancels the preparing', async () => {
    const trimmed = video('a-clip.mp4');
    let cancel = false;
    const { slot } = slotWith({
      prepare: async (file) => {
        if (cancel) throw new DOMException('closed', 'AbortError');
        return file.name === 'long.mp4' ? trimmed : file;
      },
    });
    expect(await slot.choose(video('long.mp4'))).toBeNull();
    expect(slot.getState()).toMatchObject({ file: trimmed, checking: false });
    cancel = true;
    expect(await slot.choose(video('other.mp4'))).toBeNull();
    expect(slot.getState()).toMatchObject({ file: trimmed, checking: false });
  });

  it('previews the chosen file and revokes the preview of the file it replaces', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { slot } = slotWith();
    await slot.choose(photo());
    const firstUrl = slot.getState().previewUrl;
    expect(firstUrl).toMatch(/^blob:/);
    await slot.choose(video());
    expect(revoke).toHaveBeenCalledWith(firstUrl);
    expect(slot.getState()).toMatchObject({ kind: 'video', progress: null, uploaded: null });
    slot.clear();
    expect(slot.getState().file).toBeNull();
    expect(revoke).toHaveBeenCalledTimes(2);
  });

  it('uploads a file once, with progress, and hands the kept answer to a retry', async () => {
    const { slot, server } = slotWith();
    await slot.choose(photo());
    const pending = slot.upload();
    expect(slot.getState()).toMatchObject({ uploading: true, progress: 0 });
    server.calls[0]!.progress(40);
    expect(slot.getState().progress).toBe(40);
    server.calls[0]!.answer({ id: 'up1', media_type: 'video' });
    expect((await pending).id).toBe('up1');
    expect(slot.getState()).toMatchObject({ uploading: false, kind: 'video' });
    expect((await slot.upload()).id).toBe('up1');
    expect(server.calls).toHaveLength(1);
  });

  it('forgets the answer when the server says the upload is no longer valid, and only then', async () => {
    const { slot, server } = slotWith();
    await slot.choose(photo());
    const first = slot.upload();
    server.calls[0]!.answer({ id: 'up1' });
    await first;
    slot.forgetIfInvalid(new ApiError(500, 'http_error', 'Something went wrong.'));
    expect(slot.getState().uploaded?.id).toBe('up1');
    slot.forgetIfInvalid(new ApiError(400, 'invalid_media', 'That upload was not found.'));
    expect(slot.getState().uploaded).toBeNull();
    const again = slot.upload();
    expect(server.calls).toHaveLength(2);
    server.calls[1]!.answer({ id: 'up2' });
    expect((await again).id).toBe('up2');
  });

  it('uploads again after a failure its caller saw', async () => {
    const { slot, server } = slotWith();
    await slot.choose(photo());
    const first = slot.upload();
    server.calls[0]!.fail(new ApiError(0, 'network_error', 'offline'));
    await expect(first).rejects.toThrow('offline');
    void slot.upload();
    expect(server.calls).toHaveLength(2);
  });

  it('starts on choice when asked, and reports a failure nobody awaited at the next upload() only', async () => {
    const { slot, server } = slotWith({ uploadOnChoose: true });
    await slot.choose(video());
    expect(server.calls).toHaveLength(1);
    server.calls[0]!.fail(new ApiError(413, 'too_large', 'Videos can be at most 50 MB.'));
    await tick();
    await expect(slot.upload()).rejects.toThrow('Videos can be at most 50 MB.');
    void slot.upload();
    expect(server.calls).toHaveLength(2);
  });

  it('cancels the upload on its way when the file is replaced or forgotten', async () => {
    const { slot, server } = slotWith({ uploadOnChoose: true });
    await slot.choose(video());
    const first = slot.upload();
    await slot.choose(photo());
    expect(server.calls[0]!.signal.aborted).toBe(true);
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const second = slot.upload();
    slot.clear();
    expect(server.calls[1]!.signal.aborted).toBe(true);
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(slot.getState()).toMatchObject({ file: null, uploading: false });
  });

  it('ignores a check that finishes after a later choice or after clear()', async () => {
    let release: (problem: string | null) => void = () => undefined;
    const { slot } = slotWith({ check: () => new Promise((resolve) => (release = resolve)) });
    const slow = slot.choose(video('slow.mp4'));
    expect(slot.getState().checking).toBe(true);
    slot.clear();
    release(null);
    expect(await slow).toBeNull();
    expect(slot.getState().file).toBeNull();
  });

  it('previews and uploads what prepare() makes of the checked file', async () => {
    const trimmed = video('trimmed.mp4');
    const { slot, server } = slotWith({ prepare: async () => trimmed });
    await slot.choose(video('long.mp4'));
    expect(slot.getState().file).toBe(trimmed);
    void slot.upload();
    expect(server.calls[0]!.file).toBe(trimmed);
  });

  it('keeps a clip prepare() uploaded itself as the answer, without sending it again', async () => {
    const clip = video('clip.mp4');
    const answer = { id: 'm9', media_type: 'video', url: '/media/c.mp4' } as MediaUpload;
    const { slot, server } = slotWith({
      prepare: async () => ({ file: clip, uploaded: answer }),
      uploadOnChoose: true,
    });
    await slot.choose(video('long.mp4'));
    expect(slot.getState()).toMatchObject({
      file: clip,
      kind: 'video',
      uploaded: answer,
      uploading: false,
      progress: 100,
    });
    expect(await slot.upload()).toBe(answer);
    expect(server.calls).toHaveLength(0);
    // Once the server no longer takes it, the clip is sent again.
    slot.forgetIfInvalid(new ApiError(400, 'invalid_media', 'gone'));
    void slot.upload();
    expect(server.calls[0]!.file).toBe(clip);
  });
});
