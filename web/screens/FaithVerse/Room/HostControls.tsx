import type { CircleSource } from '@common/schemas/circles.ts';
import { msg } from '@web/i18n/msg.ts';
import { Camera, Eye, EyeOff, Mic, MicOff, MonitorUp, Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostMedia } from './useCircleMedia.ts';

const SOURCES: Array<{ source: CircleSource; label: string; icon: ReactNode }> = [
  { source: 'camera', label: msg('Camera'), icon: <Camera aria-hidden="true" className="h-4 w-4" /> },
  {
    source: 'screen',
    label: msg('Share screen'),
    icon: <MonitorUp aria-hidden="true" className="h-4 w-4" />,
  },
  { source: 'audio', label: msg('Microphone only'), icon: <Mic aria-hidden="true" className="h-4 w-4" /> },
];

const control =
  'inline-flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400';

/** The host's controls: what to send (camera, screen, microphone), mute, hide video. */
export function HostControls({ media, defaultSource }: { media: HostMedia; defaultSource: CircleSource }) {
  const { t } = useTranslation();
  const hasVideo = media.source === 'camera' || media.source === 'screen';
  return (
    <div role="toolbar" aria-label={t('Host controls')} className="flex flex-wrap items-center gap-2">
      {media.stream === null ? (
        <button
          type="button"
          onClick={() => void media.start(defaultSource)}
          className={`${control} border-red-600 bg-red-600 text-white hover:bg-red-700`}
        >
          <Radio aria-hidden="true" className="h-4 w-4" />
          {t('Go live')}
        </button>
      ) : null}
      {SOURCES.map(({ source, label, icon }) => (
        <button
          key={source}
          type="button"
          aria-pressed={media.source === source}
          onClick={() => void (media.source === source ? media.stop() : media.start(source))}
          className={`${control} ${media.source === source ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
        >
          {icon}
          {t(label)}
        </button>
      ))}
      <button
        type="button"
        aria-pressed={media.muted}
        disabled={!media.stream}
        onClick={media.toggleMute}
        className={`${control} border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-50`}
      >
        {media.muted ? (
          <MicOff aria-hidden="true" className="h-4 w-4" />
        ) : (
          <Mic aria-hidden="true" className="h-4 w-4" />
        )}
        {media.muted ? t('Unmute') : t('Mute')}
      </button>
      <button
        type="button"
        aria-pressed={media.videoHidden}
        disabled={!hasVideo}
        onClick={media.toggleVideo}
        className={`${control} border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-50`}
      >
        {media.videoHidden ? (
          <Eye aria-hidden="true" className="h-4 w-4" />
        ) : (
          <EyeOff aria-hidden="true" className="h-4 w-4" />
        )}
        {media.videoHidden ? t('Show video') : t('Hide video')}
      </button>
      {media.stream ? (
        <span role="status" className="text-sm text-slate-600">
          {t('Sending to {{count}} viewers', { count: media.guestsConnected })}
        </span>
      ) : null}
    </div>
  );
}
