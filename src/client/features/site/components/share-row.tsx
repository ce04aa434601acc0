// The share row: the site's address on three social sites, and our profile on a fourth. Each link
// opens in a new tab and says so to screen readers; the visible text is the site's name.
import { siteSettings, socialLinks, type SocialSite } from '../site-settings.ts';

// Brand marks drawn in the stroke style of the lucide icons (paths after lucide's and tabler's, MIT).
const marks: Record<SocialSite, string> = {
  Facebook: 'M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z',
  X: 'M4 4l11.73 16H20L8.27 4zM4 20l6.77-6.77M20 4l-6.77 6.77',
  WhatsApp:
    'M3 21l1.65-3.8a9 9 0 1 1 3.4 2.9L3 21M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0v1a5 5 0 0 0 5 5h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1',
  Instagram:
    'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zM16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37zM17.5 6.5h.01',
};

function siteUrl(): string {
  return typeof window === 'undefined' ? '' : `${window.location.origin}/`;
}

export function ShareRow() {
  return (
    <ul className="flex flex-wrap gap-3">
      {socialLinks(siteUrl(), siteSettings.shareText).map((link) => (
        <li key={link.site}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-xl border-2 border-civic-800 bg-white px-4 py-2 font-semibold text-civic-800 hover:bg-civic-50"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={marks[link.site]} />
            </svg>
            <span className="sr-only">{link.action} </span>
            {link.site}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
