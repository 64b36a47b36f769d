import { useMediaPreferences } from '@web/queries/settings.ts';
import { useTranslation } from 'react-i18next';

/**
 * The cover photo or video, shown at its vertical position (0 = top edge, 100 = bottom edge).
 * `video` comes from what was uploaded (the profile's cover_media_type, or the chosen file for a
 * local preview), never from the URL.
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
  video: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
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
  if (video) {
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
        aria-label={t('Cover video of {{name}}', { name })}
        className={`${frame} bg-black`}
        style={style}
      />
    );
  }
  return (
    <img src={url} alt={t('Cover of {{name}}', { name })} draggable={false} className={frame} style={style} />
  );
}
