import { describe, expect, it } from 'vitest';
import { siteSettings, socialLinks } from './site-settings.ts';

describe('the share row links', () => {
  const links = socialLinks('https://example.org/', 'Clean walls & more #CleanUpEdinburgh');

  it('share the site on Facebook, X and WhatsApp, then link to the Instagram profile', () => {
    expect(links.map((link) => `${link.action} ${link.site}`)).toEqual([
      'Share on Facebook',
      'Share on X',
      'Share on WhatsApp',
      'Follow us on Instagram',
    ]);
    expect(links[3]!.url).toBe(siteSettings.profile.url);
  });

  it('encode the address and the text, hashtags included, so nothing is cut off at & or #', () => {
    expect(links[0]!.url).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.org%2F');
    const x = new URL(links[1]!.url);
    expect(x.searchParams.get('text')).toBe('Clean walls & more #CleanUpEdinburgh');
    expect(x.searchParams.get('url')).toBe('https://example.org/');
    expect(new URL(links[2]!.url).searchParams.get('text')).toBe(
      'Clean walls & more #CleanUpEdinburgh https://example.org/',
    );
  });

  it('the default share text carries the clean-up hashtags, and the contact address is an e-mail address', () => {
    expect(siteSettings.shareText).toMatch(/#CleanUpEdinburgh/);
    expect(siteSettings.contactEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(siteSettings.newsletterUrl).toMatch(new RegExp(`^mailto:${siteSettings.contactEmail}\\?subject=`));
  });
});
