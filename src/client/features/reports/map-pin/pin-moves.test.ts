import { describe, expect, it } from 'vitest';
import { PIN_LONG_STEP_PX, PIN_STEP_PX, panToKeep, pinStep, roundedPlace } from './pin-moves.ts';

describe('moving the pin from the keyboard', () => {
  it('each arrow key steps the pin its way, further with Shift', () => {
    expect(pinStep('ArrowLeft', false)).toEqual([-PIN_STEP_PX, 0]);
    expect(pinStep('ArrowRight', false)).toEqual([PIN_STEP_PX, 0]);
    expect(pinStep('ArrowUp', false)).toEqual([0, -PIN_STEP_PX]);
    expect(pinStep('ArrowDown', true)).toEqual([0, PIN_LONG_STEP_PX]);
  });

  it('other keys leave the pin alone (Tab still leaves the map)', () => {
    for (const key of ['Tab', 'Enter', 'Escape', 'a', '+']) expect(pinStep(key, false)).toBeNull();
  });

  it('the map pans only when the pin comes near an edge, by as much as it overshot', () => {
    expect(panToKeep([200, 150], 400, 300, 40)).toEqual([0, 0]);
    expect(panToKeep([10, 150], 400, 300, 40)).toEqual([-30, 0]);
    expect(panToKeep([395, 290], 400, 300, 40)).toEqual([35, 30]);
  });

  it('a map smaller than twice the margin keeps the pin in its middle', () => {
    expect(panToKeep([10, 10], 60, 60, 40)).toEqual([-20, -20]);
  });

  it('coordinates go to the server to six decimals', () => {
    expect(roundedPlace(55.95212345678, -3.18934567)).toEqual({ lat: 55.952123, lng: -3.189346 });
  });
});
