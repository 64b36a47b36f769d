// A page's offer written by hand, which Janus answers as it would a browser's (server/circles tests).

/** One sendonly media section of a page's offer, ICE and DTLS filled in. */
const section = (kind: 'audio' | 'video', mid: number, rtpmap: string, ssrc: number) => [
  `m=${kind} 9 UDP/TLS/RTP/SAVPF ${rtpmap.split(' ')[0]}`,
  'c=IN IP4 0.0.0.0',
  'a=rtcp:9 IN IP4 0.0.0.0',
  'a=ice-ufrag:abcd',
  'a=ice-pwd:abcdefghijklmnopqrstuvwx',
  'a=ice-options:trickle',
  `a=fingerprint:sha-256 ${Array.from({ length: 32 }, () => 'AB').join(':')}`,
  'a=setup:actpass',
  `a=mid:${mid}`,
  'a=sendonly',
  `a=msid:stream ${kind}0`,
  'a=rtcp-mux',
  `a=rtpmap:${rtpmap}`,
  `a=ssrc:${ssrc} cname:page`,
];
/** An offer as a browser's camera page makes one: audio and video, sendonly. */
export const OFFER = [
  'v=0',
  'o=- 1111111111111111111 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0 1',
  'a=msid-semantic: WMS stream',
  ...section('audio', 0, '111 opus/48000/2', 1001),
  ...section('video', 1, '96 VP8/90000', 2002),
  '',
].join('\r\n');
