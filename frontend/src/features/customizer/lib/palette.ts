import type { MenuColor, NavbarColor } from './settings';

/** Component-library color palette of each menu color; shades 700+ keep white text readable. */
export const PALETTE: Record<MenuColor, string> = {
  primary: 'blue',
  success: 'green',
  danger: 'red',
  info: 'cyan',
  warning: 'orange',
  dark: 'gray',
};

export function navbarPalette(color: NavbarColor): string | undefined {
  return color === 'default' ? undefined : PALETTE[color];
}
