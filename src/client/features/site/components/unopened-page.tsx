// Stands in for a screen whose work is still open in the issue tracker, saying so plainly.
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function UnopenedPage({ title }: { title: string }) {
  useDocumentTitle(`${title} | Clean Up Edinburgh`);
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-5 py-16">
      <h1 className="text-3xl font-bold text-civic-900">{title}</h1>
      <p className="text-slate-700">This part of Clean Up Edinburgh is not open yet. You can already report graffiti.</p>
      <p>
        <Link href="/" className="font-semibold text-civic-800 underline underline-offset-4">
          Report graffiti
        </Link>
      </p>
    </div>
  );
}
