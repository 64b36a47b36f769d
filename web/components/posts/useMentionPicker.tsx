import { USERNAME_MAX_LENGTH } from '@common/limits.ts';
import type { ProfileSummary } from '@common/schemas/profiles.ts';
import { MemberOption } from '@web/components/MemberOption.tsx';
import { useDebounced } from '@web/components/useDebounced.ts';
import { useProfileSearch } from '@web/queries/profiles.ts';
import { type KeyboardEvent, type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Members the list offers at most (issue 51). */
export const MENTION_CHOICES = 8;

/** '@' and the first letters of a username just before the caret, as a mention starts (common/text/postText.ts). */
const TYPING = new RegExp(`(^|[^\\p{L}\\p{N}_&/#@.+-])@([A-Za-z0-9_]{1,${USERNAME_MAX_LENGTH}})$`, 'u');

type Field = HTMLTextAreaElement | HTMLInputElement;

/** Where the caret's '@word' starts and what it says so far, or null when the caret is in none. */
export function mentionAt(value: string, caret: number): { start: number; query: string } | null {
  const match = TYPING.exec(value.slice(0, caret));
  if (!match) return null;
  const typed = match[2]!;
  return { start: caret - typed.length - 1, query: typed.toLowerCase() };
}

/**
 * The list of members to mention under a composer's text field (posts, comments, walls): typing '@'
 * and a first letter opens up to 8 members (a listbox: arrows move, Enter or Tab picks, Escape closes,
 * a click picks), and picking puts '@username ' in place of what was typed. The field keeps focus
 * throughout; screen readers follow the chosen option through aria-activedescendant.
 */
export function useMentionPicker<E extends Field>({
  value,
  onChange,
  fieldRef,
  multiline,
}: {
  value: string;
  onChange: (next: string) => void;
  fieldRef: RefObject<E | null>;
  /**
   * A <textarea>: it stays a textbox (ARIA allows it no other role, nor aria-expanded), its list tied
   * to it by aria-controls and aria-activedescendant; a one-line field is a combobox.
   */
  multiline: E extends HTMLTextAreaElement ? true : false;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const query = useDebounced(typing?.query ?? '', 120);
  const search = useProfileSearch(typing ? query : '');
  const choices: ProfileSummary[] =
    typing && query ? (search.data?.profiles ?? []).slice(0, MENTION_CHOICES) : [];
  const open = choices.length > 0;

  /** Reads the caret after each change, click or arrow outside the list. */
  function follow(field: Field) {
    const next = mentionAt(field.value, field.selectionStart ?? field.value.length);
    setTyping((current) =>
      current?.start === next?.start && current?.query === next?.query ? current : next,
    );
    if (next?.start !== typing?.start) setActive(0);
  }

  function pick(profile: ProfileSummary) {
    const field = fieldRef.current;
    if (!typing || !field) return;
    const end = field.selectionStart ?? value.length;
    const inserted = `@${profile.username} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(end).replace(/^[A-Za-z0-9_]*/, '');
    onChange(next);
    setTyping(null);
    const caret = typing.start + inserted.length;
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(caret, caret);
    });
  }

  /** The field's keys while the list is open; true when the list used the key. */
  function onKeyDown(event: KeyboardEvent<E>): boolean {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + choices.length) % choices.length);
      return true;
    }
    if (
      (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey) ||
      event.key === 'Tab'
    ) {
      event.preventDefault();
      const chosen = choices[Math.min(active, choices.length - 1)];
      if (chosen) pick(chosen);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setTyping(null);
      return true;
    }
    return false;
  }

  const fieldProps = {
    ...(multiline ? {} : { role: 'combobox' as const, 'aria-expanded': open }),
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? `${listId}-${Math.min(active, choices.length - 1)}` : undefined,
    onSelect: (event: { currentTarget: E }) => follow(event.currentTarget),
    onBlur: () => setTyping(null),
  };

  const list = open ? (
    <div
      id={listId}
      role="listbox"
      aria-label={t('Members to mention')}
      className="z-20 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
    >
      {choices.map((profile, index) => (
        <MemberOption
          key={profile.id}
          id={`${listId}-${index}`}
          profile={profile}
          active={index === active}
          onPick={pick}
          className="px-3 py-2"
        />
      ))}
    </div>
  ) : null;

  return { fieldProps, onKeyDown, list };
}
