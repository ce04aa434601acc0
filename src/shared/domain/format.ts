// Formatting shared by every screen: en-GB dates (day/month/year), counts, hours from minutes, distances.
import { cityTime, ukDateText } from './city-clock.ts';

/** '21/11/2026' for an ISO timestamp, in the city's own time zone; null when there is none. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : ukDateText(cityTime(date));
}

/** '21/11/2026' for a timestamp the report carries (always set), in the city's own time zone. */
export function formatUkDate(iso: string): string {
  return ukDateText(cityTime(iso));
}

/** '21/11/2026, 18:05' for an ISO timestamp, in the city's own time zone. */
export function formatDateTime(iso: string | Date): string {
  return ukDateText(cityTime(iso), { withTime: true });
}

/**
 * A number as en-GB writes it, worked out without Intl (see city-clock.ts): '12,408', '1.5'. Whole numbers and numbers of up to three decimals
 * (counts, metres, kilometres from metres), which need no rounding; any other falls back to Intl.
 */
export function formatCount(n: number): string {
  const thousandths = Math.round(Math.abs(n) * 1000);
  const exact = Number.isFinite(n) && thousandths < 1e15 && Math.abs(Math.abs(n) * 1000 - thousandths) < 1e-6;
  if (!exact) return n.toLocaleString('en-GB');
  const whole = String(Math.floor(thousandths / 1000)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  const sign = n < 0 && thousandths > 0 ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Hours are shown from minutes as 'Xh Ym'. */
export function formatMinutes(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/**
 * A distance as a person reads it, wherever one is shown: whole metres below a kilometre ('1 metre',
 * '850 metres'), then kilometres to one decimal ('1.2 km', '16.2 km', '5 km').
 */
export function distanceText(metres: number): string {
  const whole = Math.round(metres);
  if (whole < 1000) return `${whole} ${whole === 1 ? 'metre' : 'metres'}`;
  return `${formatCount(Math.round(whole / 100) / 10)} km`;
}

/** How the management screens show an attendee: the local part of the e-mail. */
export function attendeeLabel(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
