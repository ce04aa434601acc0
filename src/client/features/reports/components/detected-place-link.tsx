// 'Check this location on a map', under the location once the phone's position has given the words:
// shown only after a detection, so the report form loads it on demand.
import { ExternalLink } from 'lucide-react';

export function DetectedPlaceLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-1 self-start font-semibold text-civic-800 underline underline-offset-4"
    >
      Check this location on a map <ExternalLink aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
