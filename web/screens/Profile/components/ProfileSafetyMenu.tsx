import type { ProfilePage } from '@common/schemas/profiles.ts';
import { ReportDialog } from '@web/components/ReportDialog.tsx';
import { useMute, useMutedMembers } from '@web/queries/blocks.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { MoreHorizontal } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BlockDialog } from './BlockDialog.tsx';

const itemClass =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/** The '...' menu on another member's profile: Mute / Unmute, Block (which asks first) and Report. */
export function ProfileSafetyMenu({ profile }: { profile: ProfilePage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  const mutes = useMutedMembers();
  const mute = useMute();
  const muted = Boolean(mutes.data?.members.some((m) => m.id === profile.id));
  const name = profile.full_name || profile.username;
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuItems(menu.current)[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close(focusButton = true) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent) {
    const all = menuItems(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(at + step + all.length) % all.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      all[event.key === 'Home' ? 0 : all.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  async function toggleMute() {
    close();
    try {
      await mute.mutateAsync({ userId: profile.id, mute: !muted });
      toast.success(muted ? t('You unmuted {{name}}', { name }) : t('You muted {{name}}', { name }), {
        description: muted ? undefined : t('Their posts no longer show in your feeds. They are not told.'),
      });
    } catch (error) {
      toast.error(t('Error'), { description: (error as Error).message });
    }
  }

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('More options for {{name}}', { name })}
        title={t('More options')}
        className={`${secondaryButtonClass} px-3`}
      >
        <MoreHorizontal aria-hidden="true" className="h-4 w-4" />
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('Options for {{name}}', { name })}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-20 mt-2 w-48 max-w-[calc(100vw-2rem)] overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={mute.isPending}
            onClick={() => void toggleMute()}
            className={itemClass}
          >
            {muted ? t('Unmute') : t('Mute')}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close(false);
              setConfirmingBlock(true);
            }}
            className={`${itemClass} text-red-700`}
          >
            {t('Block')}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              // Focus on the '...' button first: the report dialog gives it back there when it closes.
              close();
              setReporting(true);
            }}
            className={`${itemClass} text-red-700`}
          >
            {t('Report')}
          </button>
        </div>
      ) : null}
      {confirmingBlock ? <BlockDialog profile={profile} onClose={() => setConfirmingBlock(false)} /> : null}
      {reporting ? (
        <ReportDialog
          target={{ type: 'member', id: profile.id }}
          what={name}
          onClose={() => setReporting(false)}
        />
      ) : null}
    </div>
  );
}
