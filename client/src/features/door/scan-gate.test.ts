import { describe, expect, it } from 'vitest';
import { FRAMES_TAKEN_AWAY, ScanGate } from './scan-gate.ts';

/** `count` frames showing `code` (null: none), as new-scan answers. */
const frames = (gate: ScanGate, code: string | null, count: number) =>
  Array.from({ length: count }, () => gate.frame(code));

describe('ScanGate', () => {
  it('counts a ticket held in view for a minute (480 frames) as one scan', () => {
    const gate = new ScanGate();
    const reads = frames(gate, 'ticket-a', 480);
    expect(reads[0]).toBe(true);
    expect(reads.slice(1)).not.toContain(true);
  });

  it('keeps one scan through a few frames the camera could not read', () => {
    const gate = new ScanGate();
    expect(gate.frame('ticket-a')).toBe(true);
    expect(frames(gate, null, FRAMES_TAKEN_AWAY - 1)).not.toContain(true);
    expect(gate.frame('ticket-a')).toBe(false);
  });

  it('reads a ticket again once it was taken away and shown again', () => {
    const gate = new ScanGate();
    frames(gate, 'ticket-a', 16);
    frames(gate, null, FRAMES_TAKEN_AWAY);
    expect(frames(gate, 'ticket-a', 3)).toEqual([true, false, false]);
  });

  it('reads another ticket at once, and the first again after it', () => {
    const gate = new ScanGate();
    expect(gate.frame('ticket-a')).toBe(true);
    expect(frames(gate, 'ticket-b', 2)).toEqual([true, false]);
    expect(gate.frame('ticket-a')).toBe(true);
  });
});
