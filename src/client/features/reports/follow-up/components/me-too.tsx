// 'Me too': confirms an open report instead of making another, once per device, optionally with a
// photo (where no other photo is at hand: the report form has 'Add my photo to it' for its own). The
// outcome is said in the page, beside the button, so a screen reader hears it where the focus is.
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Check, ThumbsUp } from 'lucide-react';
import { meTooMessages as m } from '#shared/domain/me-too-messages.ts';
import { photoChoiceProblem } from '#shared/domain/photo-choice.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError, describeError } from '#client/lib/api-client.ts';
import { meTooApi } from '#client/lib/calls/me-too.ts';
import { deviceId, hasSaidMeToo, rememberMeToo } from '../me-too-device.ts';

export function MeToo({ reportId, withPhoto = false }: { reportId: number; withPhoto?: boolean }) {
  const ids = { help: useId(), photo: useId() };
  const [said, setSaid] = useState(() => hasSaidMeToo(reportId));
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The button goes once it has worked: the focus moves to what it did, not to the top of the page.
  const done = useRef<HTMLParagraphElement>(null);
  const send = useMutation({
    mutationFn: () =>
      meTooApi.confirm({
        params: { id: reportId },
        form: { fields: { device: deviceId() }, files: photo ? { photo: { blob: photo, name: photo.name } } : {} },
      }),
    onSuccess: () => {
      rememberMeToo(reportId);
      setSaid(true);
      setProblem(null);
    },
    onError: (error) => {
      // Said already from this device: the same as having said it now.
      if (error instanceof ApiError && error.status === 409 && error.body?.code === 'AlreadySaid') {
        rememberMeToo(reportId);
        setSaid(true);
        return;
      }
      setProblem(describeError(error).message);
    },
  });

  useEffect(() => {
    if (send.isSuccess || send.isError) done.current?.focus();
  }, [send.isSuccess, send.isError, said]);

  return (
    <div className="grid gap-2">
      {said ? (
        <p ref={done} tabIndex={-1} className="flex items-center gap-2 font-semibold text-emerald-900">
          <Check aria-hidden="true" className="h-5 w-5 shrink-0" />
          {send.isSuccess ? m.thanks : m.already}
        </p>
      ) : (
        <>
          <p id={ids.help} className="text-sm">
            {m.help}
          </p>
          {withPhoto && (
            <div className="grid gap-1">
              <label htmlFor={ids.photo} className="text-sm font-semibold">
                {m.photoLabel}
              </label>
              <input
                id={ids.photo}
                type="file"
                accept="image/*"
                className="min-h-11 text-sm file:mr-3 file:min-h-11 file:rounded-xl file:border-2 file:border-civic-800 file:bg-white file:px-3 file:font-semibold file:text-civic-800"
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  const refused = file ? photoChoiceProblem(file) : null;
                  setProblem(refused ? refused.description : null);
                  setPhoto(refused ? null : file);
                  if (refused) event.target.value = '';
                }}
              />
            </div>
          )}
          <Button
            variant="outline"
            aria-describedby={ids.help}
            className="justify-self-start"
            aria-disabled={send.isPending || undefined}
            onClick={() => {
              if (!send.isPending) send.mutate();
            }}
          >
            <ThumbsUp aria-hidden="true" className="h-5 w-5" />
            {send.isPending ? m.sending : m.button}
          </Button>
        </>
      )}
      {/* Always in the page, so a refusal is announced when it appears. */}
      <p role="status" className="text-sm font-semibold text-red-800 empty:hidden">
        {problem && `${m.failed}: ${problem}`}
      </p>
    </div>
  );
}

/** 'Me too' standing alone under its own heading, with the optional photo (the status page, the map). */
export function MeTooSection({ reportId, level, className }: { reportId: number; level: 2 | 3; className: string }) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={level === 2 ? 'text-xl font-bold text-slate-900' : 'font-bold text-civic-900'}>
        {m.heading}
      </Heading>
      <MeToo key={reportId} reportId={reportId} withPhoto />
    </section>
  );
}
