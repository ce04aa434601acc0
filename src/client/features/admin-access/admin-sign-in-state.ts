// Why someone was sent to the sign-in page's Administrator tab, and where to take them back to. It
// travels in the history entry's state rather than the address, so a reload or a shared link of the
// sign-in page does not repeat "your session has ended".
import { pagePaths, routes } from '#shared/routes.ts';
import { adminAccessMessages } from '#shared/domain/messages.ts';

/** 'ended': the administrator session lapsed mid-use. 'needed': an administrator screen was opened without it. */
export type AdminNotice = 'ended' | 'needed';

export interface AdminSignInState {
  adminNotice: AdminNotice;
  /** The administrator screen to reopen once the code is accepted; any other path reads as the dashboard. */
  returnTo: string;
}

const ADMIN_SCREENS: readonly string[] = [routes.adminDashboard, pagePaths.management];

/** The state of the current history entry, if an administrator screen put it there. */
export function readAdminSignInState(state: unknown): AdminSignInState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { adminNotice, returnTo } = state as Partial<AdminSignInState>;
  if (adminNotice !== 'ended' && adminNotice !== 'needed') return null;
  return {
    adminNotice,
    returnTo: typeof returnTo === 'string' && ADMIN_SCREENS.includes(returnTo) ? returnTo : routes.adminDashboard,
  };
}

export function adminNoticeText(notice: AdminNotice): string {
  return notice === 'ended' ? adminAccessMessages.sessionEnded : adminAccessMessages.codeNeeded;
}
