// The one link to the privacy notice that forms and pages show beside what they ask for.
import { Link } from 'wouter';
import { routes } from '#shared/routes.ts';

export function PrivacyLink({ children = 'How we use your data' }: { children?: string }) {
  return (
    <Link href={routes.privacy} className="font-semibold text-civic-800 underline underline-offset-4">
      {children}
    </Link>
  );
}
