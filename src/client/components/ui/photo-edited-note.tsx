// Under a photo an administrator blurred part of: 'Photo edited to protect privacy', wherever the
// report is shown to the public or to a volunteer. (The administrators' cards draw the same line with
// their sprite's icon.)
import { EyeOff } from 'lucide-react';
import { redactionMessages } from '#shared/domain/privacy-messages.ts';

export function PhotoEditedNote({ className = '' }: { className?: string }) {
  return (
    <p className={`flex items-center gap-1.5 text-sm font-semibold text-slate-700 ${className}`}>
      <EyeOff aria-hidden="true" className="h-4 w-4 shrink-0" />
      {redactionMessages.edited}
    </p>
  );
}
