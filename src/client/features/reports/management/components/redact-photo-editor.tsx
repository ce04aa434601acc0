// Blurring parts of a photo to protect privacy (faces, number plates): draw one or more areas on the
// photo with a mouse or a finger, or add an area and move and size it from the keyboard (arrow keys
// move the chosen area, Shift with the arrows resizes it, or type its position in per cent). Saving
// replaces the stored photo; the original is kept nowhere.
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { RedactionArea } from '#shared/contracts/reports.ts';
import { redactionMessages } from '#shared/domain/privacy-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogActions } from '#client/components/ui/dialog.tsx';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useRedactPhoto } from '../api/use-redact-photo.ts';

const MIN = 0.02;
const STEP = 0.01;
const BIG_STEP = 0.05;
/** The arrow keys: the axis each moves the chosen area along, and which way. */
const ARROWS: Record<string, [axis: 'x' | 'y', sign: 1 | -1]> = {
  ArrowRight: ['x', 1],
  ArrowLeft: ['x', -1],
  ArrowDown: ['y', 1],
  ArrowUp: ['y', -1],
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round = (value: number) => Math.round(value * 1000) / 1000;

/** Keeps an area inside the photo and at least 2% across. */
function fit(area: RedactionArea): RedactionArea {
  const width = clamp(area.width, MIN, 1);
  const height = clamp(area.height, MIN, 1);
  return {
    x: round(clamp(area.x, 0, 1 - width)),
    y: round(clamp(area.y, 0, 1 - height)),
    width: round(width),
    height: round(height),
  };
}

const percent = (value: number) => Math.round(value * 100);

interface RedactPhotoEditorProps {
  photoUrl: string;
  alt: string;
  onDone(result: { photoUrl: string; thumbnailUrl: string }): void;
  onCancel(): void;
}

export function RedactPhotoEditor({ photoUrl, alt, onDone, onCancel }: RedactPhotoEditorProps) {
  const [areas, setAreas] = useState<RedactionArea[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [drawing, setDrawing] = useState<{ startX: number; startY: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const redact = useRedactPhoto();
  const helpId = useId();
  const problemId = useId();

  function pointAt(event: PointerEvent): { x: number; y: number } {
    const box = frame.current!.getBoundingClientRect();
    return {
      x: clamp((event.clientX - box.left) / box.width, 0, 1),
      y: clamp((event.clientY - box.top) / box.height, 0, 1),
    };
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return; // pressing an area selects it instead
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = pointAt(event);
    setDrawing({ startX: x, startY: y });
    setAreas((list) => [...list, { x, y, width: 0, height: 0 }]);
    setSelected(areas.length);
    setProblem(null);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drawing) return;
    const { x, y } = pointAt(event);
    setAreas((list) =>
      list.map((area, i) =>
        i === list.length - 1
          ? {
              x: Math.min(drawing.startX, x),
              y: Math.min(drawing.startY, y),
              width: Math.abs(x - drawing.startX),
              height: Math.abs(y - drawing.startY),
            }
          : area,
      ),
    );
  }

  function onPointerUp() {
    if (!drawing) return;
    setDrawing(null);
    setAreas((list) => {
      const last = list[list.length - 1]!;
      // A tap rather than a drag draws nothing.
      if (last.width < MIN / 2 && last.height < MIN / 2) {
        setSelected(list.length > 1 ? list.length - 2 : null);
        return list.slice(0, -1);
      }
      return [...list.slice(0, -1), fit(last)];
    });
  }

  function change(index: number, next: Partial<RedactionArea>) {
    setAreas((list) => list.map((area, i) => (i === index ? fit({ ...area, ...next }) : area)));
  }

  function addArea() {
    setAreas((list) => [...list, { x: 0.3, y: 0.3, width: 0.4, height: 0.4 }]);
    setSelected(areas.length);
    setProblem(null);
  }

  function removeArea(index: number) {
    setAreas((list) => list.filter((_, i) => i !== index));
    setSelected(null);
  }

  function onAreaKey(event: KeyboardEvent, index: number) {
    const arrow = ARROWS[event.key];
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      removeArea(index);
    } else if (arrow) {
      event.preventDefault();
      const [axis, sign] = arrow;
      // Shift sizes the area along that axis rather than moving it.
      const field = event.shiftKey ? ({ x: 'width', y: 'height' } as const)[axis] : axis;
      change(index, { [field]: areas[index]![field] + sign * (event.altKey ? STEP : BIG_STEP) });
    }
  }

  async function onSave() {
    if (areas.length === 0) {
      setProblem(redactionMessages.noArea);
      return;
    }
    try {
      const result = await redact.mutateAsync({ photoUrl, areas });
      toastSuccess(redactionMessages.edited, 'The original photo has been deleted.');
      onDone(result);
    } catch (error) {
      errorToast('The photo could not be edited', error);
    }
  }

  return (
    <div className="grid gap-4">
      <p id={helpId} className="text-sm text-slate-700">
        Drag across the photo to cover each face, number plate or other personal detail. Or choose Add area, then move
        the area with the arrow keys and size it with Shift and the arrow keys (add Alt for small steps), or type its
        position below.
      </p>
      <div className="mx-auto w-fit max-w-full">
        <div
          ref={frame}
          className="relative touch-none select-none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          data-testid="redaction-canvas"
        >
          <img
            src={photoUrl}
            alt={alt}
            draggable={false}
            className="pointer-events-none block max-h-[55dvh] w-auto max-w-full rounded-xl"
          />
          {areas.map((area, index) => (
            <div
              key={index}
              role="button"
              tabIndex={0}
              aria-pressed={selected === index}
              aria-label={`Area ${index + 1} to blur: ${percent(area.x)}% from the left, ${percent(area.y)}% from the top, ${percent(area.width)}% wide, ${percent(area.height)}% high`}
              aria-describedby={helpId}
              onFocus={() => setSelected(index)}
              onPointerDown={() => setSelected(index)}
              onKeyDown={(event) => onAreaKey(event, index)}
              className={`absolute border-2 bg-black/45 outline-none focus-visible:ring-4 focus-visible:ring-accent-600 ${
                selected === index ? 'border-accent-600' : 'border-white'
              }`}
              style={{
                left: `${area.x * 100}%`,
                top: `${area.y * 100}%`,
                width: `${area.width * 100}%`,
                height: `${area.height * 100}%`,
              }}
            >
              <span aria-hidden="true" className="absolute left-1 top-0.5 text-xs font-bold text-white">
                {index + 1}
              </span>
            </div>
          ))}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={addArea}>
          <Plus aria-hidden="true" className="h-5 w-5" />
          Add area
        </Button>
        <span className="text-sm text-slate-700" role="status">
          {areas.length === 0
            ? 'No areas yet'
            : areas.length === 1
              ? '1 area to blur'
              : `${areas.length} areas to blur`}
        </span>
      </div>

      {selected !== null && areas[selected] && (
        <fieldset className="grid gap-3 rounded-xl border-2 border-stone-300 p-3">
          <legend className="px-1 font-semibold text-slate-900">Area {selected + 1}, in per cent of the photo</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ['x', 'From the left'],
                ['y', 'From the top'],
                ['width', 'Width'],
                ['height', 'Height'],
              ] as const
            ).map(([field, label]) => (
              <label key={field} className="grid gap-1 text-sm font-semibold text-slate-900">
                {label}
                <input
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  value={percent(areas[selected]![field])}
                  onChange={(event) => {
                    const value = Number(event.target.value);
                    if (Number.isFinite(value)) change(selected, { [field]: value / 100 });
                  }}
                  className="min-h-11 rounded-xl border-2 border-slate-400 px-3 text-base font-normal"
                />
              </label>
            ))}
          </div>
          <Button variant="ghost" className="justify-self-start text-red-800" onClick={() => removeArea(selected)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Remove area {selected + 1}
          </Button>
        </fieldset>
      )}

      {problem && (
        <p id={problemId} role="alert" className="font-semibold text-red-800">
          {problem}
        </p>
      )}
      <p className="text-sm text-slate-700">
        Saving replaces the photo for good: the original is deleted and cannot be brought back.
      </p>
      <DialogActions
        onCancel={onCancel}
        onConfirm={() => void onSave()}
        label="Blur and save"
        pendingLabel="Blurring..."
        pending={redact.isPending}
      />
    </div>
  );
}
