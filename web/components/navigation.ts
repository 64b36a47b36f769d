import { msg } from '@web/i18n/msg.ts';
import {
  BookmarkIcon,
  BookOpen,
  CalendarDays,
  Church,
  Film,
  Home,
  ListChecks,
  type LucideIcon,
  MessageCircle,
  Settings,
  Sparkles,
  Users,
  UtensilsCrossed,
} from 'lucide-react';

export interface NavItem {
  to: string;
  /** A catalogue key: shown as t(label). */
  label: string;
  icon: LucideIcon;
}

/** The header's nav buttons; the drawer adds 'My prayer list', 'My recipes' and Settings. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: msg('Home'), icon: Home },
  // The brand: the same in every language (t() gives it back unchanged).
  { to: '/faithverse', label: 'FaithVerse', icon: Sparkles },
  { to: '/prayer', label: msg('Prayer'), icon: Church },
  { to: '/food', label: msg('Food'), icon: UtensilsCrossed },
  { to: '/comedy', label: msg('Comedy'), icon: Film },
  { to: '/groups', label: msg('Groups'), icon: Users },
  { to: '/events', label: msg('Events'), icon: CalendarDays },
  { to: '/messages', label: msg('Messages'), icon: MessageCircle },
  { to: '/bookmarks', label: msg('Bookmarks'), icon: BookmarkIcon },
];

/** The drawer's links: the header's, with 'My prayer list' under Prayer, 'My recipes' under Food, and Settings. */
export const DRAWER_ITEMS: NavItem[] = [
  ...NAV_ITEMS.flatMap((item) =>
    item.to === '/prayer'
      ? [item, { to: '/prayer/list', label: msg('My prayer list'), icon: ListChecks }]
      : item.to === '/food'
        ? [item, { to: '/recipes', label: msg('My recipes'), icon: BookOpen }]
        : [item],
  ),
  { to: '/settings', label: msg('Settings'), icon: Settings },
];
