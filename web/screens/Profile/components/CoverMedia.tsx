import { useMediaPreferences } from '@web/queries/settings.ts';
/** Spec: a URL (query string ignored) ending in .mp4, .mov or .webm is a video. */
export function isVideoUrl(url: string): boolean {
  return /\.(mp4|mov|webm)$/i.test(url.split(/[?#]/)[0]!);
}

/**
 * The cover photo or video, shown at its vertical position (0 = top edge, 100 = bottom edge).
 * `src` overrides the URL for a local preview whose type `video` tells.
 */
export function CoverMedia({
  url,
  position,
  name,
  video,
  className = 'h-40 sm:h-64',
}: {
  url: string | null;
  position: number;
  name: string;
  video?: boolean;
  className?: string;
}) {
  const { autoplay, dataSaver } = useMediaPreferences();
  const style = { objectPosition: `center ${position}%` };
  const frame = `block w-full object-cover ${className}`;
  if (!url) {
    return (
      <div
        aria-hidden="true"
        className={`w-full bg-gradient-to-r from-brand-500 via-violet-500 to-fuchsia-500 ${className}`}
      />
    );
  }
  if (video ?? isVideoUrl(url)) {
    return (
      <video
        key={autoplay ? 'autoplay' : 'still'}
        src={url}
        autoPlay={autoplay}
        controls={!autoplay}
        preload={dataSaver ? 'none' : 'metadata'}
        muted
        loop
        playsInline
        aria-label={`Cover video of ${name}`}
        className={`${frame} bg-black`}
        style={style}
      />
    );
  }
  return <img src={url} alt={`Cover of ${name}`} draggable={false} className={frame} style={style} />;
}
