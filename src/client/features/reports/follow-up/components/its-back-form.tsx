// The 'It's back' form: a photo of the wall as it is now and its three words (the cleaned site's, to
// change only if the graffiti is a few metres along the same wall). The server applies a report's
// location rules and refuses a place more than 25 m from the cleaned site.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Camera } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { siteMessages as m } from '#shared/domain/site-messages.ts';
import { messages } from '#shared/domain/messages.ts';
import { reportStatusPath } from '#shared/routes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { describeError } from '#client/lib/api-client.ts';
import { reportSitesApi } from '#client/lib/calls/report-sites.ts';
import { preparePhotoForUpload } from '#client/features/reports/photo/load-prepare-photo.ts';
import { FieldError } from '../../components/field-error.tsx';

export function ItsBackForm({
  id,
  reportId,
  what3words,
  focusFirst,
}: {
  id: string;
  reportId: number;
  what3words: string;
  /** Take the focus when opened by its button (the form opened by the e-mail's link leaves the page as it is). */
  focusFirst: boolean;
}) {
  const [words, setWords] = useState(what3words);
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { photo: useId(), words: useId(), error: useId() };
  const photoInput = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (focusFirst) photoInput.current?.focus();
  }, [focusFirst]);

  const send = useMutation({
    mutationFn: async ({ file, typed }: { file: File; typed: string }) => {
      const prepared = await preparePhotoForUpload(file);
      return reportSitesApi.itsBack({
        params: { id: reportId },
        form: { fields: { what3words: typed }, files: { photo: { blob: prepared.blob, name: prepared.name } } },
      });
    },
  });

  // Once the answer is drawn, the focus moves to it: the button it replaces would leave the focus on
  // the page's body. A frame asked for when the call ends may come before the answer is drawn.
  useEffect(() => {
    if (send.isSuccess) done.current?.focus();
  }, [send.isSuccess]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    if (!photo) {
      setError(messages.report.photoHint);
      photoInput.current?.focus();
      return;
    }
    setError(null);
    try {
      await send.mutateAsync({ file: photo, typed: words.trim() });
    } catch (failure) {
      setError(describeError(failure, messages.generic.tryAgain).message);
    }
  }

  if (send.isSuccess) {
    return (
      <div id={id} role="status" className="grid gap-2">
        <p
          ref={done}
          tabIndex={-1}
          className="rounded-xl border-2 border-green-800 bg-green-50 px-4 py-3 font-semibold text-green-950"
        >
          {m.itsBackSent} Reference #{send.data.id}.
        </p>
        {send.data.statusToken && (
          <a
            href={reportStatusPath(send.data.statusToken)}
            className="inline-flex min-h-11 items-center font-semibold text-civic-800 underline underline-offset-4"
          >
            {m.itsBackFollow}
          </a>
        )}
      </div>
    );
  }

  return (
    <form id={id} onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={m.itsBackButton}>
      <div className="grid gap-1">
        <label htmlFor={ids.photo} className="font-semibold text-slate-900">
          Photo of it now
        </label>
        <input
          ref={photoInput}
          id={ids.photo}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          aria-invalid={error && !photo ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          className="min-h-12 w-full rounded-xl border-2 border-slate-500 bg-white px-3 py-2 text-slate-900 file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-civic-800 file:px-3 file:font-semibold file:text-white"
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.words} className="font-semibold text-slate-900">
          Three-word location
        </label>
        <input
          id={ids.words}
          type="text"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={words}
          onChange={(event) => setWords(event.target.value)}
          className="min-h-12 w-full rounded-xl border-2 border-slate-500 bg-white px-3 py-2 text-lg text-slate-900 focus:border-civic-800"
        />
      </div>
      <FieldError id={ids.error} message={error} />
      <Button type="submit" aria-disabled={send.isPending || undefined} className="justify-self-start">
        <Camera aria-hidden="true" className="h-5 w-5" />
        {send.isPending ? m.sendingItsBack : m.sendItsBack}
      </Button>
    </form>
  );
}
