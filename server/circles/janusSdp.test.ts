import { OFFER } from '@server/test/janusOffer.ts';
import { describe, expect, it } from 'vitest';
import { layerForWidth, scrubSdp, videoMid } from './janusSdp.ts';

describe('layerForWidth', () => {
  it('forwards a quarter-size layer to a small tile, half to a phone-wide picture, full beyond', () => {
    expect([200, 400, 401, 800, 801, 2560].map(layerForWidth)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(layerForWidth(undefined)).toBe(2);
  });
});

describe('videoMid', () => {
  it("finds the video section's mid in Janus's offer, and none without video", () => {
    expect(videoMid(OFFER)).toBe('1');
    expect(videoMid(OFFER.split('m=video')[0]!)).toBeNull();
  });
});

describe('scrubSdp', () => {
  it("takes the room's id out of Janus's session name and leaves the rest", () => {
    const sdp = 'v=0\r\no=- 1 2 IN IP4 1.2.3.4\r\ns=VideoRoom 269381420413311\r\nt=0 0\r\na=mid:0\r\n';
    expect(scrubSdp(sdp)).toBe('v=0\r\no=- 1 2 IN IP4 1.2.3.4\r\ns=-\r\nt=0 0\r\na=mid:0\r\n');
  });
});
