import { Crosshair, LoaderCircle, MapPinCheck, RefreshCw } from 'lucide-react';
import { locationButtonLabels } from '#shared/domain/location-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import type { DetectionState } from '../use-location-detection.ts';

const icons = {
  idle: Crosshair,
  detecting: LoaderCircle,
  detected: MapPinCheck,
  stale: RefreshCw,
} as const;

const labels: Record<DetectionState, string> = {
  idle: locationButtonLabels.idle,
  detecting: locationButtonLabels.detecting,
  detected: locationButtonLabels.fresh,
  stale: locationButtonLabels.stale,
};

export function LocationButton({ state, onClick }: { state: DetectionState; onClick: () => void }) {
  const Icon = icons[state];
  return (
    <Button
      variant={state === 'stale' ? 'secondary' : 'outline'}
      onClick={onClick}
      disabled={state === 'detecting'}
      className="w-full"
    >
      <Icon aria-hidden="true" className={`h-5 w-5 ${state === 'detecting' ? 'animate-spin' : ''}`} />
      {labels[state]}
    </Button>
  );
}
