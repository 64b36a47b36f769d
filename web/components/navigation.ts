import {
  Church,
  Film,
  Home,
  type LucideIcon,
  MessageCircle,
  Settings,
  Sparkles,
  UtensilsCrossed,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The header's nav buttons; the drawer adds Settings. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/faithverse', label: 'FaithVerse', icon: Sparkles },
  { to: '/prayer', label: 'Prayer', icon: Church },
  { to: '/food', label: 'Food', icon: UtensilsCrossed },
  { to: '/comedy', label: 'Comedy', icon: Film },
  { to: '/messages', label: 'Messages', icon: MessageCircle },
];

export const DRAWER_ITEMS: NavItem[] = [...NAV_ITEMS, { to: '/settings', label: 'Settings', icon: Settings }];
