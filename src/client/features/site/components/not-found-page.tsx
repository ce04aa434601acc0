import { Link } from 'wouter';
import { messages } from '#shared/domain/messages.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { routes } from '#shared/routes.ts';

export default function NotFoundPage() {
  useDocumentTitle(messages.notFound.title);
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-5 py-16 text-center">
      <h1 className="text-3xl font-bold text-civic-900">{messages.notFound.title}</h1>
      <p className="text-slate-700">
        We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <p>
        <Link
          href={routes.home}
          className="inline-flex min-h-11 items-center rounded-xl bg-civic-800 px-5 py-2.5 font-semibold text-white hover:bg-civic-900"
        >
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
