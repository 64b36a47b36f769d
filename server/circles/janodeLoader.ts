// janode (Meetecho's Janus client) for server/circles/janus.ts: loaded once, on first use.

/** janode, loaded on first use: a server without JANUS_URL never loads it (nor its native addon). */
type Janode = typeof import('janode')['default'];
type VideoRoom = typeof import('janode/plugins/videoroom')['default'];
let loaded: Promise<{ Janode: Janode; VideoRoomPlugin: VideoRoom }> | undefined;
export function loadJanode() {
  loaded ??= Promise.all([import('janode'), import('janode/plugins/videoroom')]).then(
    ([janode, videoroom]) => {
      janode.default.Logger.setLevel('none');
      return { Janode: janode.default, VideoRoomPlugin: videoroom.default };
    },
  );
  return loaded;
}

/** A promise that fails with `what` when it takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
