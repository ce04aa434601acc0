// Step 3, 'Almost done!': the e-mail, pre-filled with the signed-in volunteer's, links the clean-up to them;
// 'Skip' stores it without a volunteer.
import { useId, type FormEvent, type RefObject } from 'react';
import { CircleCheck } from 'lucide-react';
import { findMessages as m } from '#shared/domain/volunteer-messages.ts';
import { Button } from '#client/components/ui/button.tsx';

interface EmailStepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  email: string;
  onEmailChange(email: string): void;
  completing: boolean;
  onComplete(): void;
  onSkip(): void;
  onBack(): void;
}

export function EmailStep({
  headingRef,
  email,
  onEmailChange,
  completing,
  onComplete,
  onSkip,
  onBack,
}: EmailStepProps) {
  const ids = { email: useId(), help: useId() };
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (email.trim()) onComplete();
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Complete the clean-up">
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-civic-900 outline-none">
        {m.emailHeading}
      </h2>
      <div className="grid gap-2">
        <label htmlFor={ids.email} className="font-semibold text-slate-900">
          Your e-mail address
        </label>
        <input
          id={ids.email}
          name="volunteerEmail"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={ids.help}
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          className="min-h-12 w-full rounded-xl border-2 border-slate-500 bg-white px-3 text-lg text-slate-900 focus:border-civic-800"
        />
        <p id={ids.help} className="text-sm text-slate-700">
          The clean-up goes on your dashboard and counts towards your achievements. Skip to record it without your name.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button type="submit" disabled={completing || !email.trim()} className="min-h-14 text-lg">
          <CircleCheck aria-hidden="true" className="h-5 w-5" />
          {completing ? m.completing : m.complete}
        </Button>
        <Button variant="outline" onClick={onSkip} disabled={completing} className="min-h-14 text-lg">
          {m.skip}
        </Button>
      </div>
      <Button
        variant="ghost"
        onClick={onBack}
        disabled={completing}
        className="justify-self-start text-civic-800 underline underline-offset-4"
      >
        Back to photos
      </Button>
    </form>
  );
}
