import type { ComponentType, ReactNode } from 'react';

/** A dialog the shell opens (loaded when first opened: the app passes a lazy component). */
export type ShellDialog = ComponentType<{ onClose: () => void }>;

/**
 * The feature pieces of the header, the three-dot menu and the footer (spec §2 Home), given by the
 * app, which composes features: the shared shell knows none of them.
 */
export interface ShellParts {
  /** The header's festival icon. */
  festivalButton?: ReactNode;
  cartButton: ReactNode;
  userMenu: ReactNode;
  /** The three-dot menu's account entries (`<li>`s); `onChosen` closes the menu. */
  MobileAccountItems: ComponentType<{ onChosen: () => void }>;
  CallCentreDialog: ShellDialog;
  ExchangeRatesDialog: ShellDialog;
}
