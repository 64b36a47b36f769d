// What the app server does to Janus's session descriptions and simulcast layers (server/circles/janus.ts):
// pure functions, tested on their own.

/**
 * The simulcast layer (0: a quarter, 1: half, 2: full size of the 1280-pixel picture) that fits a feed
 * shown this wide, in device pixels.
 */
export function layerForWidth(width: number | undefined): number {
  if (width === undefined) return 2;
  return width <= 400 ? 0 : width <= 800 ? 1 : 2;
}
/** The mid of the video section of an SDP (Janus's offer to a subscriber), if it has one. */
export function videoMid(sdp: string): string | null {
  const video = sdp
    .split(/\r?\nm=/)
    .find((section) => section.startsWith('video') || section.startsWith('m=video'));
  return video ? (/\r?\na=mid:(\S+)/.exec(video)?.[1] ?? null) : null;
}

/**
 * Janus's SDP as a browser may see it: Janus names the session after the room ('s=VideoRoom 1234'),
 * and the room's id is the server's to know.
 */
export function scrubSdp(sdp: string): string {
  return sdp.replace(/^s=.*$/m, 's=-');
}
