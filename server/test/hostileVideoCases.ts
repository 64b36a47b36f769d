import { MEDIA_MESSAGES } from '@common/schemas/media.ts';
import {
  AAC,
  AUDIO_IN,
  allEnding,
  ascii,
  box,
  clip,
  ffmpeg,
  findBox,
  GPS_EXIF,
  H264,
  type HostileCase,
  HTML,
  insertBox,
  jpeg,
  jpegClaimingSize,
  LOCATION,
  type Part,
  patchBox,
  png,
  pngOfSize,
  pngWithChunk,
  SCRIPT,
  SVG,
  solid,
  tableOf,
  VIDEO_IN,
  webmOfBlocks,
  xmpUuidBox,
  xyzBox,
  zipOf,
} from '@server/test/hostileFiles.ts';
import { makeVideo, withLocation } from '@server/test/media.ts';
import sharp from 'sharp';

// Hostile videos and posters, run by hostileUploads.test.ts: a phone's or camera's location in every
// place MP4, MOV and WebM keep one (movie, track, XMP, cover art, subtitles), other containers, files
// cut short or broken, indexes promising millions of samples, and posters that are no stills.

const MB = 1024 * 1024;
const located = ['-metadata', `location=${LOCATION}`];
const slowMotion = '-f lavfi -i testsrc2=size=64x48:rate=240 -f lavfi -i sine=sample_rate=48000'.split(' ');
const appleLocation =
  `-movflags use_metadata_tags -metadata com.apple.quicktime.location.ISO6709=${LOCATION}`.split(' ');

const coverArt = ['-c:v:1', 'copy', '-disposition:v:1', 'attached_pic', ...located];

const one =
  (make: () => Promise<Buffer>, filename = 'clip.mp4', type = 'video/mp4') =>
  async (): Promise<Part[]> => [{ filename, type, data: await make() }];
const cut = (make: () => Promise<Buffer>, fraction: number) => async () => {
  const whole = await make();
  return whole.subarray(0, Math.floor(whole.length * fraction));
};
/** Made once per argument list: most cases start from the same clip (ffmpeg takes ~0.1 s a run). */
const made = new Map<string, Promise<Buffer>>();
const madeOnce = (key: string, make: () => Promise<Buffer>) => {
  if (!made.has(key)) made.set(key, make());
  return made.get(key)!;
};
const mp4 = (args: string[] = []) => madeOnce(`mp4 ${args}`, () => clip('mp4', 1, args));
const webm = (seconds: number) =>
  madeOnce(`webm ${seconds}`, () => ffmpeg('webm', [...VIDEO_IN, '-t', String(seconds), '-c:v', 'libvpx']));

/** A fast-start clip whose moov box claims another size. */
const moovSized = (size: number) => async () => {
  const file = Buffer.from(await mp4(['-movflags', '+faststart']));
  file.writeUInt32BE(size, findBox(file, ['moov'])[0]!);
  return file;
};
/** A clip whose first track's tables say [box, offset after its version and flags, value]. */
const promising =
  (...tables: Array<[string, number, number]>) =>
  async () =>
    tables.reduce<Buffer>(
      (file, [type, at, value]) => patchBox(file, tableOf(type), at + 4, value),
      await madeOnce('mp4 silent', () => clip('mp4', 1, [], false)),
    );

const clipPart = async (): Promise<Part> => ({
  filename: 'clip.mp4',
  type: 'video/mp4',
  data: await makeVideo('mp4', 1),
});
const posterPart = async (data: Buffer | Promise<Buffer>, filename = 'poster.jpg'): Promise<Part> => ({
  ...{ field: 'poster', filename, type: 'image/jpeg' },
  data: await data,
});
/** The 320 x 240 clip and its poster, in that order or the other. */
const withPoster =
  (poster: () => Promise<Buffer> | Buffer, name = 'poster.jpg', posterFirst = false) =>
  async (): Promise<Part[]> => {
    const parts = [await clipPart(), await posterPart(poster(), name)];
    return posterFirst ? parts.reverse() : parts;
  };
const still = (width = 320, height = 240) => solid(width, height);

export const VIDEO_CASES: HostileCase[] = [
  ...allEnding(
    { accepted: 'video' },
    {
      // Where the clip was taken, in every place the containers keep it.
      'MP4, location (3GPP loci)': one(() => mp4(located)),
      'MP4 fast start, location': one(() => mp4([...located, '-movflags', '+faststart'])),
      'MOV, location (©xyz)': one(() => clip('mov', 1, located), 'clip.mov'),
      'MOV, Apple location key': one(() => clip('mov', 1, appleLocation), 'clip.mov'),
      'MP4, Apple location key': one(() => mp4(appleLocation)),
      'MP4, ©xyz in the movie’s udta': one(async () =>
        insertBox(await mp4(), ['moov'], box('udta', xyzBox())),
      ),
      'MP4, ©xyz in a track’s udta': one(async () =>
        insertBox(await mp4(), ['moov', 'trak'], box('udta', xyzBox())),
      ),
      'MOV of synthetic frames, ©xyz': one(async () =>
        withLocation(await makeVideo('mov', 1, { indexLast: true })),
      ),
      'MP4, XMP GPS in a top-level uuid box': one(async () => Buffer.concat([await mp4(), xmpUuidBox()])),
      'MP4, XMP GPS in the moov': one(async () => insertBox(await mp4(), ['moov'], xmpUuidBox())),
      'MP4, cover art with EXIF GPS': one(async () =>
        ffmpeg(
          'mp4',
          [...VIDEO_IN, '-i', 'cover.jpg', '-t', '1', '-map', '0', '-map', '1', ...H264, ...coverArt],
          {
            'cover.jpg': await still(32, 32).withExif(GPS_EXIF).jpeg().toBuffer(),
          },
        ),
      ),
      'MP4, GPS subtitles (a dashcam’s)': one(() =>
        ffmpeg(
          'mp4',
          [...VIDEO_IN, ...AUDIO_IN, '-i', 'gps.srt', '-t', '1', ...H264, ...AAC, '-c:s', 'mov_text'],
          {
            'gps.srt': ascii(`1\n00:00:00,000 --> 00:00:01,000\nGPS ${LOCATION} ${SCRIPT}\n\n`),
          },
        ),
      ),
      'fragmented MP4, location': one(() => mp4([...located, '-movflags', 'frag_keyframe+empty_moov'])),
      'MOV, timecode track and location': one(() => clip('mov', 1, [...located, '-timecode', '00:00:00:00'])),
      'WebM, location tags (segment and tracks)': one(
        () =>
          ffmpeg('webm', [
            ...VIDEO_IN,
            ...AUDIO_IN,
            '-t',
            '1',
            '-c:v',
            'libvpx',
            '-c:a',
            'libopus',
            ...located,
            '-metadata:s',
            `location=${LOCATION}`,
          ]),
        'clip.webm',
        'video/webm',
      ),
      'HEVC MP4, location': one(() =>
        ffmpeg('mp4', [
          ...VIDEO_IN,
          '-t',
          '1',
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-tag:v',
          'hvc1',
          ...located,
        ]),
      ),
      'two video tracks, location': one(() =>
        ffmpeg('mp4', [...VIDEO_IN, ...VIDEO_IN, '-t', '1', '-map', '0', '-map', '1', ...H264, ...located]),
      ),
      'MP4 + HTML after the moov': one(async () => Buffer.concat([await mp4(located), ascii(HTML)])),
      'MP4 + ZIP': one(async () => Buffer.concat([await mp4(located), zipOf('index.html', HTML)])),
      // A large real index passes: 144,000 PCM samples (read a chunk at a time) and 720 frames.
      'MOV, 3 s of 240 fps slow motion with 48 kHz PCM': one(() =>
        ffmpeg('mov', [...slowMotion, '-t', '3', ...H264, '-c:a', 'pcm_s16le', ...located]),
      ),
    },
  ),
  ...allEnding(
    { status: 415, message: MEDIA_MESSAGES.unsupported },
    {
      // Other containers and codecs.
      Matroska: one(() => clip('mkv', 1), 'clip.webm', 'video/webm'),
      AVI: one(() => clip('avi', 1)),
      'MPEG-TS': one(() => clip('ts', 1)),
      FLV: one(() => clip('flv', 1)),
      'Ogg Theora': one(() => ffmpeg('ogg', [...VIDEO_IN, '-t', '1', '-c:v', 'libtheora'])),
      MP3: one(() => ffmpeg('mp3', [...AUDIO_IN, '-t', '1'])),
      WAV: one(() => ffmpeg('wav', [...AUDIO_IN, '-t', '1'])),
      'audio-only MP4': one(() => ffmpeg('mp4', [...AUDIO_IN, '-t', '1', ...AAC])),
      'Motion JPEG MOV, location': one(() =>
        ffmpeg('mov', [...VIDEO_IN, '-t', '1', '-c:v', 'mjpeg', ...located]),
      ),
      'an ftyp box only': one(async () => (await mp4()).subarray(0, 32)),
      'an ftyp box, then HTML': one(async () => Buffer.concat([(await mp4()).subarray(0, 32), ascii(HTML)])),
      // Cut short, or broken boxes.
      'fast-start MP4 cut at 60 %': one(cut(() => clip('mp4', 3, ['-movflags', '+faststart']), 0.6)),
      'MP4 cut before its moov': one(cut(() => clip('mp4', 3), 0.9)),
      'WebM cut at 50 %': one(
        cut(() => webm(3), 0.5),
        'clip.webm',
      ),
      'moov of size 0': one(moovSized(0)),
      'moov of 8 bytes': one(moovSized(8)),
      'moov larger than the file': one(moovSized(0x7fffffff)),
      // Indexes that promise millions of samples in a few bytes: minutes of work, or an empty video.
      'stsc: a billion samples a chunk': one(promising(['stsc', 8, 1e9])),
      'stsz: a million one-byte samples': one(
        promising(
          ['stsz', 0, 1],
          ['stsz', 4, 1e6],
          ['stts', 0, 1],
          ['stts', 4, 1e6],
          ['stts', 8, 1],
          ['mdhd', 8, 1e9],
        ),
      ),
      'WebM: one cluster of a million blocks': one(async () => webmOfBlocks(await webm(1), 1e6), 'clip.webm'),
    },
  ),
  ...allEnding(
    { status: 400, message: 'Videos can be at most 10 seconds long. This one is 12.0 seconds.' },
    {
      '12 seconds': one(() => clip('mp4', 12, [], false)),
    },
  ),
  ...allEnding(
    { status: 413, message: MEDIA_MESSAGES.videoTooLarge },
    {
      'MP4 of 50 MB and a byte': async () => [
        { filename: 'big.mp4', data: (await makeVideo('mp4', 1)).subarray(0, 64), size: 50 * MB + 1 },
      ],
    },
  ),
  // Posters: the still a browser sends beside a clip.
  ...allEnding(
    { accepted: 'video', poster: true },
    {
      'poster, EXIF GPS': withPoster(() => still().withExif(GPS_EXIF).jpeg().toBuffer()),
      'poster first, JPEG + HTML': withPoster(
        async () => Buffer.concat([await jpeg(320, 240), ascii(HTML)]),
        'p.jpg',
        true,
      ),
      'poster, a script in PNG tEXt': withPoster(async () =>
        pngWithChunk(await png(320, 240), 'tEXt', ascii(`Comment\0${SCRIPT}`)),
      ),
    },
  ),
  ...allEnding(
    { status: 415, message: MEDIA_MESSAGES.posterUnsupported },
    {
      'poster, SVG named .jpg': withPoster(() => ascii(SVG)),
      'poster, HTML': withPoster(() => ascii(HTML), 'poster.html'),
      'poster, PNG claiming 60000 x 45000': withPoster(() => pngOfSize(60_000, 45_000)),
      'poster, JPEG claiming 40000 x 30000': withPoster(async () =>
        jpegClaimingSize(await jpeg(320, 240), 40_000, 30_000),
      ),
      'poster, JPEG cut at 50 %': withPoster(cut(() => jpeg(320, 240), 0.5)),
      'poster, GIF': withPoster(() => still().gif().toBuffer()),
      'poster, animated WebP': withPoster(async () =>
        sharp([await still().png().toBuffer(), await solid(320, 240, '#16a085').png().toBuffer()], {
          join: { animated: true },
        })
          .webp()
          .toBuffer(),
      ),
    },
  ),
  ...allEnding(
    { status: 413, message: MEDIA_MESSAGES.posterTooLarge },
    {
      'poster of 2 MB and a byte': async () => [
        await clipPart(),
        { ...(await posterPart(jpeg(320, 240))), size: 2 * MB + 1 },
      ],
    },
  ),
  ...allEnding(
    { status: 400, message: MEDIA_MESSAGES.posterWithoutVideo },
    {
      'poster beside a photo': async () => [
        { filename: 'p.png', data: await png(320, 240) },
        await posterPart(jpeg(320, 240)),
      ],
    },
  ),
  ...allEnding(
    { status: 400, message: 'Upload one file at a time.' },
    {
      'two posters': async () => [
        ...(await withPoster(() => jpeg(320, 240))()),
        await posterPart(jpeg(320, 240)),
      ],
    },
  ),
  ...allEnding(
    { status: 400, message: MEDIA_MESSAGES.missingFile },
    {
      'a poster and no video': async () => [await posterPart(jpeg(320, 240))],
    },
  ),
];
