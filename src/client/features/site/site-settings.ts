// The addresses the public pages link to, in one place: the share links for three social sites, the
// profile on a fourth, the donation page and the contact e-mail. Each default can be replaced at
// build time with a VITE_* variable, so a deployment changes them without touching code.

const env = import.meta.env;

function setting(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

const contactEmail = setting(env.VITE_CONTACT_EMAIL, 'hello@cleanupedinburgh.org');

export const siteSettings = {
  /** The text shared with the site's address; the hashtags are the community clean-up's. */
  shareText: setting(
    env.VITE_SHARE_TEXT,
    'Spotted graffiti in Edinburgh? Report it with a photo and a three-word location, and volunteers will clean it up. #CleanUpEdinburgh #MeetUpCleanUp',
  ),
  profile: { url: setting(env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/cleanupedinburgh') },
  donationUrl: setting(env.VITE_DONATION_URL, 'https://cleanupedinburgh.org/donate'),
  contactEmail,
  /** Sign-up to the newsletter: by default an e-mail to the contact address asking to be added. */
  newsletterUrl: setting(
    env.VITE_NEWSLETTER_URL,
    `mailto:${contactEmail}?subject=${encodeURIComponent('Please add me to the Clean Up Edinburgh newsletter')}`,
  ),
} as const;

export type SocialSite = 'Facebook' | 'X' | 'WhatsApp' | 'Instagram';

interface SocialLink {
  site: SocialSite;
  /** What the link does, said before the site's name to screen readers ("Share on", "Follow us on"). */
  action: string;
  url: string;
}

/** Share links for the site's address on three social sites, then the profile on a fourth. */
export function socialLinks(siteUrl: string, text: string = siteSettings.shareText): SocialLink[] {
  const url = encodeURIComponent(siteUrl);
  const message = encodeURIComponent(text);
  return [
    { site: 'Facebook', action: 'Share on', url: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { site: 'X', action: 'Share on', url: `https://x.com/intent/post?text=${message}&url=${url}` },
    { site: 'WhatsApp', action: 'Share on', url: `https://wa.me/?text=${encodeURIComponent(`${text} ${siteUrl}`)}` },
    { site: 'Instagram', action: 'Follow us on', url: siteSettings.profile.url },
  ];
}
