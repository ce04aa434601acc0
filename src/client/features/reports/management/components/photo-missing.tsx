// The spec's 'Photo Missing' state, with its data-recovery explanation: shown in place of a stored photo
// that cannot be loaded.
import { ImageOff } from 'lucide-react';
import { reportEditMessages } from '#shared/domain/report-edit-messages.ts';

/**
 * The 'Photo Missing' state. `inline` renders spans only (phrasing content), for use inside a button
 * or wherever an <img> could stand.
 */
export function PhotoMissing({ small = false, inline = false }: { small?: boolean; inline?: boolean }) {
  const Box = inline ? 'span' : 'div';
  const Text = inline ? 'span' : 'p';
  return (
    <Box
      className={`grid h-full w-full place-items-center bg-stone-200 text-center text-slate-800 ${small ? 'p-2 text-xs' : 'p-3'}`}
    >
      <Box className="grid justify-items-center gap-1">
        <ImageOff aria-hidden="true" className="h-6 w-6 text-slate-600" />
        <Text className="block font-semibold">{reportEditMessages.photoMissingTitle}</Text>
        <Text className={`block ${small ? '' : 'text-sm'}`}>{reportEditMessages.photoMissing}</Text>
      </Box>
    </Box>
  );
}
