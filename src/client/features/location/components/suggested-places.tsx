// The real locations offered for words that name no place, nearest first: each one's words, the area it
// lies in and how far it is, from the person (or where their photo was taken) or, when neither is known,
// from the city centre, so the one meant stands out from those spelt alike across the city.
import { useId } from 'react';
import { MapPin } from 'lucide-react';
import type { SuggestionDetails } from '#shared/contracts/location.ts';
import { distanceText } from '#shared/domain/format.ts';
import { suggestionsLead } from '#shared/domain/location-messages.ts';
import { Button } from '#client/components/ui/button.tsx';

const measuredFrom: Record<SuggestionDetails['from'], string> = {
  device: 'away',
  photo: 'from where the photo was taken',
  report: "from the report's place",
  'city-centre': 'from the city centre',
};

export function SuggestedPlaces({ details, onChoose }: { details: SuggestionDetails; onChoose(words: string): void }) {
  const lead = useId();
  return (
    <div role="group" aria-labelledby={lead} className="grid gap-2">
      <p id={lead} className="text-sm font-semibold text-slate-900">
        {suggestionsLead}
      </p>
      <ul className="grid gap-2">
        {details.places.map(({ words, area, distanceMetres }) => {
          const where = [
            area,
            distanceMetres === null ? null : `${distanceText(distanceMetres)} ${measuredFrom[details.from]}`,
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <li key={words} className="grid">
              <Button variant="outline" onClick={() => onChoose(words)} className="justify-start px-3 text-left">
                <MapPin aria-hidden="true" className="h-5 w-5 shrink-0" />
                <span className="grid">
                  <span className="break-all">{words}</span>
                  {where && <span className="text-sm font-normal text-slate-700">{where}</span>}
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
